import Foundation
import OneLinkTestThreads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends exact bytes to a loopback port and reads one HTTP response; every wait is bounded.
enum LoopbackClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The status code and body of one response.
    struct Response: Sendable {
        var status: Int
        var body: String
    }

    /// Sends `request` to `127.0.0.1:port` on a thread of its own and reads the first response.
    static func exchange(_ request: [UInt8], port: UInt16, timeoutSeconds: Int = 5) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try blockingExchange(request, port: port, timeout: timeoutSeconds) })
            }.start()
        }
    }

    private static func blockingExchange(_ request: [UInt8], port: UInt16, timeout: Int) throws -> Response {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect failed") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            // The server may answer and close before reading everything (a 413 or 431); that is fine.
            if count <= 0 { break }
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let response = parse(received) { return response }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                if let response = parse(received, atEnd: true) { return response }
                throw Failure(description: "no complete response (\(received.count) bytes received)")
            }
            received.append(contentsOf: chunk[..<count])
        }
    }

    /// A complete response in `bytes`: the head, then `Content-Length` bytes (or everything at the end).
    private static func parse(_ bytes: [UInt8], atEnd: Bool = false) -> Response? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            return nil
        }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let bodyStart = headEnd + 4
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        if let length {
            guard bytes.count >= bodyStart + length else { return nil }
            return Response(
                status: status, body: String(decoding: bytes[bodyStart..<bodyStart + length], as: UTF8.self))
        }
        guard atEnd else { return nil }
        return Response(status: status, body: String(decoding: bytes[bodyStart...], as: UTF8.self))
    }
}
