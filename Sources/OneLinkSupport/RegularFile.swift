package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole regular file, and says precisely why it cannot when it cannot.
///
/// `Data(contentsOf:)` blocks forever on a FIFO, reads `/dev/zero` until memory runs out, and
/// reports a folder or a symbolic-link loop as "NSCocoaErrorDomain error 256" or as a
/// permission problem. The command-line tools read their input files through this instead.
package enum RegularFile {
    /// The largest file read by default: 64 MiB.
    package static let defaultLimit = 64 << 20

    /// Why a file could not be read, as one phrase such as `is a folder, not a file`.
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The phrase, to follow the file name.
        package var description: String
    }

    /// The contents of the regular file at `path`.
    ///
    /// - Throws: ``Problem`` naming what the path is instead (a folder, a device, a FIFO, a socket),
    ///   a symbolic-link loop, a missing file, a permission problem, or a file over `limit` bytes.
    package static func contents(of path: String, limit: Int = defaultLimit) throws(Problem) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(description: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Problem(description: "is a folder, not a file")
        case S_IFCHR: throw Problem(description: "is a character device, not a regular file")
        case S_IFBLK: throw Problem(description: "is a block device, not a regular file")
        case S_IFIFO: throw Problem(description: "is a FIFO (named pipe), not a regular file")
        case S_IFSOCK: throw Problem(description: "is a socket, not a regular file")
        default: throw Problem(description: "is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw Problem(description: "is \(info.st_size) bytes, more than the limit of \(limit) bytes")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Problem(description: reason(errno)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while true {
            if total == bytes.count {
                guard total <= limit else {
                    throw Problem(description: "grew past the limit of \(limit) bytes while being read")
                }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - total)))
            }
            let count = bytes[total...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(description: reason(errno))
            }
            if count == 0 { break }
            total += count
        }
        return Data(bytes[0..<total])
    }

    /// Why `path` cannot be looked at (`stat(2)` fails), such as a symbolic-link loop, or `nil` when it can.
    package static func statProblem(_ path: String) -> Problem? {
        var info = stat()
        return stat(path, &info) == 0 ? nil : Problem(description: reason(errno))
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "does not exist"
        case ENOTDIR: return "has a path component that is not a folder"
        case ELOOP: return "is a symbolic-link loop (too many levels of symbolic links)"
        case EACCES, EPERM: return "cannot be read: permission denied"
        case ENAMETOOLONG: return "is a path that is too long"
        case EISDIR: return "is a folder, not a file"
        default: return "cannot be read: \(String(cString: strerror(code)))"
        }
    }
}
