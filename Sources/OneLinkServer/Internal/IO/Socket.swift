import Foundation
import OneLinkEmulator
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
    let streamSocketType = Int32(SOCK_STREAM.rawValue)
    let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Musl)
    import Musl
    let streamSocketType = Int32(SOCK_STREAM)
    let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
    import Darwin
    let streamSocketType = SOCK_STREAM
    let sendFlags: Int32 = 0
#endif

/// Thin wrappers over the POSIX socket calls the server makes.
enum Socket {
    /// A parsed numeric bind address.
    enum Address {
        case ipv4(in_addr)
        case ipv6(in6_addr)

        var isLoopback: Bool {
            switch self {
            case .ipv4(let address):
                return UInt32(bigEndian: address.s_addr) >> 24 == 127
            case .ipv6(var address):
                let bytes = withUnsafeBytes(of: &address) { Array($0) }
                if bytes == [UInt8](repeating: 0, count: 15) + [1] { return true }
                return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                    && bytes[12] == 127
            }
        }
    }

    static func text(of buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }

    static func parse(host: String) -> Address? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return .ipv4(v4) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return .ipv6(v6) }
        return nil
    }

    /// Creates a non-blocking listening socket bound to `address:port`; returns it and the bound port.
    static func listen(
        on address: Address, port: UInt16, backlog: Int32
    ) throws(ServerError) -> (Int32, UInt16) {
        let family = if case .ipv4 = address { AF_INET } else { AF_INET6 }
        let fd = socket(family, streamSocketType, 0)
        guard fd >= 0 else { throw .socketFailed(call: "socket", reason: errorText()) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        let length: socklen_t
        switch address {
        case .ipv4(let ip):
            var v4 = sockaddr_in()
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            v4.sin_addr = ip
            withUnsafeBytes(of: &v4) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        case .ipv6(let ip):
            var v6 = sockaddr_in6()
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            v6.sin6_addr = ip
            withUnsafeBytes(of: &v6) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let reason = errorText()
            close(fd)
            throw .socketFailed(call: "bind", reason: reason)
        }
        guard systemListen(fd, backlog) == 0 else {
            let reason = errorText()
            close(fd)
            throw .socketFailed(call: "listen", reason: reason)
        }
        setNonBlocking(fd)
        return (fd, localPort(of: fd))
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static func localPort(of fd: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return describe(storage).port
    }

    /// The numeric address and port in `storage`.
    static func describe(_ storage: sockaddr_storage) -> (ip: String, port: UInt16, text: String) {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var address = pointer.pointee.sin6_addr
                    inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
                    let ip = text(of: buffer)
                    let port = UInt16(bigEndian: pointer.pointee.sin6_port)
                    return (ip, port, "[\(ip)]:\(port)")
                }
            }
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var address = pointer.pointee.sin_addr
                inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
                let ip = text(of: buffer)
                let port = UInt16(bigEndian: pointer.pointee.sin_port)
                return (ip, port, "\(ip):\(port)")
            }
        }
    }

    /// Closes with a reset instead of an orderly shutdown.
    static func reset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
    }
}

#if canImport(Darwin)
    private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
#elseif canImport(Musl)
    private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Musl.listen(fd, backlog) }
#else
    private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
#endif

extension Socket {
    static func closeDescriptor(_ fd: Int32) {
        close(fd)
    }
}
