import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP port that refuses every connection for as long as the value lives.
///
/// The socket is bound but never listens, so a connection attempt is refused at once. Unlike the
/// port of a server that was stopped, it stays taken: no other test's server can be given it
/// while a test expects a refusal there.
public final class RefusingPort: Sendable {
    /// The refusing port on 127.0.0.1.
    public let port: UInt16
    private let descriptor: Int32

    /// Binds a socket to a free port on 127.0.0.1 without listening on it.
    public init() throws {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw RawHTTPConnection.Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw RawHTTPConnection.Failure(description: "bind to 127.0.0.1:0: errno \(errno)")
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
