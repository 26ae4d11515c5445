#if canImport(Glibc)
    import Glibc

    /// `SOCK_STREAM` as `socket(2)` takes it here: Glibc imports it as an enum, the others as a number.
    public let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Musl)
    import Musl

    /// `SOCK_STREAM` as `socket(2)` takes it here.
    public let streamSocket = Int32(SOCK_STREAM)
#elseif canImport(Darwin)
    import Darwin

    /// `SOCK_STREAM` as `socket(2)` takes it here.
    public let streamSocket = SOCK_STREAM
#endif
