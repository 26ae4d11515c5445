import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Musl)
    import Musl
    private let streamSocket = Int32(SOCK_STREAM)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
#endif

/// A loopback TCP responder that answers each connection with the next scripted raw reply, then closes it.
///
/// It runs on its own thread so blocking `accept`/`read` never occupy the test's cooperative pool.
final class HTTPScriptedResponder: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var received: [String] = []

    /// Binds 127.0.0.1 on a free port and starts answering `replies.count` connections in order.
    init(replies: [String]) throws {
        listener = try Self.bindLoopback()
        guard listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = try Self.port(of: listener)
        let thread = Thread { [listener] in
            for reply in replies {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                self.record(Self.readHead(connection))
                _ = reply.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) }
                close(connection)
            }
            close(listener)
        }
        thread.start()
    }

    /// The request heads received so far, in order.
    var requests: [String] { lock.withLock { received } }

    private func record(_ head: String) { lock.withLock { received.append(head) } }

    /// Returns a port on 127.0.0.1 that nothing listens on: bound, read and closed again.
    static func closedPort() throws -> UInt16 {
        let socket = try bindLoopback()
        defer { close(socket) }
        return try port(of: socket)
    }

    private static func bindLoopback() throws -> Int32 {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return fd
    }

    private static func port(of fd: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw POSIXError(.EBADF) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Reads until the blank line that ends the request head.
    private static func readHead(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !bytes.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
