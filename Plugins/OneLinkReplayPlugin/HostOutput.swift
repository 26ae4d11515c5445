import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift package`'s own standard output and error, for the tool to write to directly.
///
/// SwiftPM reads a plugin's output from a pipe and prints it with `print`, which a C library
/// buffers fully when standard output is not a terminal: `serve`'s `listening on` line would then
/// show only when the server ends. On Linux, where plugins run without a sandbox, the plugin opens
/// its parent's descriptors again through `/proc` and gives them to the tool, so the tool's lines
/// reach the terminal, pipe or file as it writes them, standard error staying standard error.
enum HostOutput {
    /// A handle on the same pipe, terminal or file as `swift package`'s descriptor `descriptor`
    /// (1 or 2), or `nil` to leave the tool's output going through SwiftPM.
    ///
    /// `nil` off Linux, when the parent is not `swift-package`, for a socket (which `/proc` cannot
    /// open), and for a regular file SwiftPM may still write to at its own offset, which would
    /// overwrite what the tool appended: standard error redirected to a file (`2> file`, where
    /// SwiftPM writes a failing plugin's error after the tool's lines), and standard output
    /// redirected to the same file (`> log 2>&1`). A file open for appending (`>> log 2>&1`) is
    /// always safe; standard output alone in a file (`> log`) is too, since SwiftPM writes nothing
    /// there but the plugin's output, which is now the tool's own.
    static func handle(for descriptor: Int32) -> FileHandle? {
        #if os(Linux)
            let parent = getppid()
            let command = try? String(contentsOfFile: "/proc/\(parent)/comm", encoding: .utf8)
            guard command?.trimmingCharacters(in: .whitespacesAndNewlines) == "swift-package" else {
                return nil
            }
            let path = "/proc/\(parent)/fd/\(descriptor)"
            var information = stat()
            guard stat(path, &information) == 0 else { return nil }
            var flags = O_WRONLY | O_CLOEXEC
            switch information.st_mode & S_IFMT {
            case S_IFIFO, S_IFCHR:
                break
            case S_IFREG:
                guard
                    appends(parent: parent, descriptor: descriptor)
                        || (descriptor == 1 && !sameFile(information, parent: parent, descriptor: 2))
                else { return nil }
                flags |= O_APPEND
            default:
                return nil
            }
            let opened = open(path, flags)
            guard opened >= 0 else { return nil }
            return FileHandle(fileDescriptor: opened, closeOnDealloc: true)
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// Whether the parent's `descriptor` is the file `information` describes.
        private static func sameFile(_ information: stat, parent: pid_t, descriptor: Int32) -> Bool {
            var other = stat()
            guard stat("/proc/\(parent)/fd/\(descriptor)", &other) == 0 else { return false }
            return other.st_dev == information.st_dev && other.st_ino == information.st_ino
        }

        /// Whether the parent's descriptor was opened with `O_APPEND`, from `/proc/PID/fdinfo`.
        private static func appends(parent: pid_t, descriptor: Int32) -> Bool {
            guard
                let text = try? String(
                    contentsOfFile: "/proc/\(parent)/fdinfo/\(descriptor)", encoding: .utf8)
            else { return false }
            for line in text.split(separator: "\n") where line.hasPrefix("flags:") {
                let octal = line.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces)
                return (Int32(octal, radix: 8) ?? 0) & O_APPEND != 0
            }
            return false
        }
    #endif
}
