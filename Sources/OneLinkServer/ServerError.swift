import OneLinkEmulator
import OneLinkSupport

/// Why the server could not be created or started.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host is not a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// The host is not a loopback address and ``OneLinkServer/Configuration/allowsNonLoopbackHost`` is off.
    case nonLoopbackHost(String)
    /// A socket call failed: the call's name and `errno`'s text.
    case socketFailed(call: String, reason: String)
    /// ``OneLinkServer/start()`` was called on a server that is running or was stopped.
    case alreadyStarted

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidHost(let host): return "host \(host) is not a numeric IPv4 or IPv6 address"
        case .nonLoopbackHost(let host):
            return "host \(host) is not a loopback address; the server serves only 127.0.0.0/8 and ::1"
        case .socketFailed(let call, let reason): return "\(call) failed: \(reason)"
        case .alreadyStarted: return "the server was already started"
        }
    }
}
