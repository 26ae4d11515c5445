import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking loopback TCP connection for sending exact bytes, with send and receive timeouts.
///
/// Used from one thread at a time; `@unchecked Sendable` only so a test can hand it to a thread.
public final class RawHTTPConnection: @unchecked Sendable {
    /// A socket call that failed, or an answer that is not HTTP.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What failed.
        public var description: String

        /// A failure saying `description`.
        public init(description: String) { self.description = description }
    }

    /// One response as read off the wire.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The header fields, by lowercased name.
        public var headers: [String: String]
        /// The body as text.
        public var body: String
        /// The status line's reason phrase, such as `Unauthorized` (empty when the line has none).
        public var reasonPhrase = ""

        /// The value of the header field `name`, in any case.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// The connected socket.
    public let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to `port` on 127.0.0.1 (or ::1), with `timeoutSeconds` for each send and receive.
    public init(port: UInt16, timeoutSeconds: Int = 5, ipv6: Bool = false) throws {
        // `fd` is assigned only after connecting, so a throw never runs deinit's close as well.
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, "::1", &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect failed: errno \(code)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends `bytes`, all of them.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "write failed: errno \(errno)") }
            offset += count
        }
    }

    /// Reads more bytes into the pending buffer; returns false at end of stream.
    private func fill() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(fd, &buffer, buffer.count)
        if count < 0 { throw Failure(description: "read failed or timed out: errno \(errno)") }
        pending += buffer[0..<count]
        return count > 0
    }

    /// Reads one response, using its Content-Length; `bodyless` (the answer to a `HEAD`) reads the head only.
    public func readResponse(bodyless: Bool = false) throws -> Response {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if pending.count >= 4 {
                headEnd = (0...(pending.count - 4)).first { Array(pending[$0..<($0 + 4)]) == terminator }
            }
            if headEnd == nil {
                guard try fill() else { throw Failure(description: "closed before the head ended") }
            }
        }
        let end = headEnd ?? 0
        let headText = String(decoding: pending[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(headText)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let length = bodyless ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        pending.removeFirst(end + 4)
        while pending.count < length {
            guard try fill() else { throw Failure(description: "closed mid-body") }
        }
        let body = String(decoding: pending[0..<length], as: UTF8.self)
        pending.removeFirst(length)
        let reason = statusLine.dropFirst(2).joined(separator: " ")
        return Response(status: status, headers: headers, body: body, reasonPhrase: reason)
    }

    /// Whether the server closed the connection (end of stream) with nothing more to read.
    public func readsEndOfStream() throws -> Bool {
        guard pending.isEmpty else { return false }
        return try !fill()
    }

    /// One request on a new connection; the answer is read by Content-Length.
    public static func exchange(_ request: String, port: UInt16) throws -> Response {
        let connection = try RawHTTPConnection(port: port)
        try connection.send(request)
        return try connection.readResponse()
    }
}
