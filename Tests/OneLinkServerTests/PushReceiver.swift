import Foundation
import OneLinkTestThreads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback HTTP receiver for Push API postbacks: each ``next(status:)`` accepts one connection
/// (waiting at most 5 seconds), reads one request and answers it with the given status.
///
/// `@unchecked Sendable`: its only state is the listening descriptor, fixed at init and closed once in ``close()``.
final class PushReceiver: @unchecked Sendable {
    /// One request as received.
    struct Received: Sendable {
        var method: String
        var target: String
        var headers: [String: String]
        var body: String

        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    let fd: Int32
    let port: UInt16
    /// The IPv4 address it listens on.
    let host: String

    /// A receiver listening on `host`, a numeric IPv4 loopback address (`127.0.0.2` on Linux, which
    /// routes all of `127.0.0.0/8`, stands for a host on a network).
    init(host: String = "127.0.0.1") throws {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw RawHTTPConnection.Failure(description: "socket failed") }
        // 30 s: a postback comes within milliseconds on a quiet machine, but took over 5 s beside a
        // CPU hog (issue 53); the wait ends with the postback, so only a failure waits this long.
        var timeout = timeval(tv_sec: Self.waitSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr(host)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0
                    && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            _ = close(fd)
            throw RawHTTPConnection.Failure(description: "bind failed")
        }
        self.fd = fd
        self.host = host
        port = UInt16(bigEndian: address.sin_port)
    }

    /// How long a wait for a postback, or for its bytes, may take on a loaded machine.
    static let waitSeconds = 30

    var url: String { "http://\(host):\(port)/postbacks" }

    /// Closes the listening socket.
    func shutDown() { _ = close(fd) }

    /// Accepts the next request and answers `status`.
    func next(status: Int = 200) async throws -> Received {
        try await onThread { [fd] in
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else {
                throw RawHTTPConnection.Failure(description: "no postback within \(Self.waitSeconds) s")
            }
            defer { _ = close(connection) }
            var timeout = timeval(tv_sec: Self.waitSeconds, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            var received: Received?
            while received == nil {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { throw RawHTTPConnection.Failure(description: "postback cut short") }
                bytes += buffer[0..<count]
                received = Self.parse(bytes)
            }
            let reply = "HTTP/1.1 \(status) Status\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = Array(reply.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            return received!
        }
    }

    private static func parse(_ bytes: [UInt8]) -> Received? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let body = String(text[end.upperBound...])
        guard body.utf8.count >= Int(headers["content-length"] ?? "0") ?? 0 else { return nil }
        return Received(
            method: parts.first.map(String.init) ?? "", target: parts.count > 1 ? String(parts[1]) : "",
            headers: headers, body: body)
    }
}
