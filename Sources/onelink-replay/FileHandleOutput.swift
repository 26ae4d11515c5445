import Foundation

/// Writes text to standard output or standard error without buffering surprises.
struct FileHandleOutput {
    static let standardOutput = FileHandleOutput(handle: .standardOutput)
    static let standardError = FileHandleOutput(handle: .standardError)

    let handle: FileHandle

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}
