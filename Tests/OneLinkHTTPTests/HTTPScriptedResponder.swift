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
/// A `nil` reply holds the connection open until the client gives up. It runs
/// on its own thread so blocking `accept`/`read` never occupy the cooperative pool.
final class HTTPScriptedResponder: Sendable {
    let port: UInt16
    /// Each request (head and body) as it arrives.
    let requests: AsyncStream<String>

    /// Binds 127.0.0.1 on a free port and starts answering `replies.count` connections in order.
    init(replies: [String?]) throws {
        let listener = try Self.bindLoopback()
        guard listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = try Self.port(of: listener)
        let (requests, received) = AsyncStream.makeStream(of: String.self)
        self.requests = requests
        Thread {
            for reply in replies {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                var buffer = [UInt8](repeating: 0, count: 4096)
                received.yield(Self.readRequest(connection, &buffer))
                if let reply {
                    _ = Array(reply.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                } else {
                    while read(connection, &buffer, buffer.count) > 0 {}
                }
                close(connection)
            }
            close(listener)
            received.finish()
        }.start()
    }

    /// Runs `body` with a loopback port that refuses connections: bound, never listening, and
    /// held until `body` returns, so no other test's server can be given it meanwhile.
    static func withRefusingPort<T>(_ body: (UInt16) async throws -> T) async throws -> T {
        let socket = try bindLoopback()
        defer { close(socket) }
        return try await body(try port(of: socket))
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

    /// Reads the request head and as many body bytes as its `Content-Length` announces.
    private static func readRequest(_ fd: Int32, _ buffer: inout [UInt8]) -> String {
        var bytes: [UInt8] = []
        var bodyLength: Int?
        while bodyLength.map({ bytes.count < $0 }) ?? true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if bodyLength == nil, let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
                bodyLength = end.upperBound + (length ?? 0)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
