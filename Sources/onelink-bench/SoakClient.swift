import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
#endif

/// A minimal blocking HTTP/1.1 client over one loopback socket, fast enough to drive a million requests.
final class SoakConnection {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Connects to `127.0.0.1:port`, blocking, with a receive timeout.
    init(port: UInt16, timeoutSeconds: Int = 30) throws {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = SoakConnection.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
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

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "write failed: errno \(errno)") }
            offset += count
        }
    }

    /// Reads one response and returns its status, skipping its body by `Content-Length`.
    func readStatus() throws -> Int {
        var headEnd: Int?
        var searched = 0
        while headEnd == nil {
            if pending.count >= 4 {
                var index = max(0, searched - 3)
                while index + 3 < pending.count {
                    if pending[index] == 13, pending[index + 1] == 10, pending[index + 2] == 13,
                        pending[index + 3] == 10
                    {
                        headEnd = index
                        break
                    }
                    index += 1
                }
                searched = pending.count
            }
            if headEnd == nil { try fill() }
        }
        let end = headEnd ?? 0
        let head = String(decoding: pending[0..<end], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 "), let status = Int(head.dropFirst(9).prefix(3)) else {
            throw Failure(description: "bad status line: \(head.prefix(40))")
        }
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        while pending.count < end + 4 + length { try fill() }
        pending.removeFirst(end + 4 + length)
        return status
    }

    private func fill() throws {
        let count = read(fd, &buffer, buffer.count)
        if count < 0 { throw Failure(description: "read failed or timed out: errno \(errno)") }
        if count == 0 { throw Failure(description: "closed by the server") }
        pending += buffer[0..<count]
    }
}

/// Non-blocking sockets for the burst and slow-client phases, driven by `poll(2)`.
enum SoakSockets {
    /// Opens a non-blocking connection to `127.0.0.1:port`; the connect may still be in progress.
    static func openNonBlocking(port: UInt16) -> Int32? {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
        var address = SoakConnection.loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sends `request` on every socket once it is connected and reads until the server closes;
    /// returns how many sockets received an `HTTP/1.1 200` status line, within `limit`.
    ///
    /// Each socket is closed when it is done; the ones still open at `limit` are closed too.
    static func exchangeAll(_ fds: [Int32], request: [UInt8], limit: Duration) -> Int {
        var sent = [Int](repeating: 0, count: fds.count)
        var received = [[UInt8]](repeating: [], count: fds.count)
        var done = [Bool](repeating: false, count: fds.count)
        let deadline = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 4096)
        var remaining = fds.count
        while remaining > 0, ContinuousClock.now < deadline {
            var descriptors: [pollfd] = []
            var indices: [Int] = []
            for index in fds.indices where !done[index] {
                let events = sent[index] < request.count ? Int16(POLLOUT) : Int16(POLLIN)
                descriptors.append(pollfd(fd: fds[index], events: events, revents: 0))
                indices.append(index)
            }
            guard poll(&descriptors, nfds_t(descriptors.count), 100) >= 0 else { break }
            for (position, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let index = indices[position]
                if sent[index] < request.count {
                    let count = request[sent[index]...].withUnsafeBytes {
                        write(fds[index], $0.baseAddress, $0.count)
                    }
                    if count > 0 {
                        sent[index] += count
                    } else if errno != EAGAIN && errno != EINPROGRESS {
                        close(fds[index])
                        done[index] = true
                        remaining -= 1
                    }
                    continue
                }
                let count = read(fds[index], &buffer, buffer.count)
                if count > 0 {
                    received[index] += buffer[0..<count]
                } else if count == 0 || errno != EAGAIN {
                    // Closing at once, as a real client does, frees the server's slot for the next one.
                    close(fds[index])
                    done[index] = true
                    remaining -= 1
                }
            }
        }
        for index in fds.indices where !done[index] { close(fds[index]) }
        let ok = Array("HTTP/1.1 200".utf8)
        return received.filter { $0.starts(with: ok) }.count
    }
}
