package import Foundation

/// The built `onelink-replay` executable, for the tests that run the tool as a child process (the browser and signal tests).
package enum ReplayExecutable {
    /// The package's root folder, the child's working directory.
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `onelink-replay` executable next to the test bundle (`swift build --build-tests` builds it
    /// with the tests), or in `.build/debug`.
    package static func url() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("onelink-replay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/onelink-replay")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }
}
