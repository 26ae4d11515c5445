import OneLinkEmulator
import OneLinkSupport

/// Why the server could not be created or started.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host is not a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// The host is not a loopback address and ``OneLinkServer/Configuration/allowsNonLoopbackHost`` is off.
    case nonLoopbackHost(String)
    /// The host is not a loopback address and the configuration lacks keys for APIs that check
    /// them (``OneLinkServer/Configuration/missingNetworkCredentials``): on a network, those APIs
    /// would accept any key.
    case missingCredentials(host: String, missing: [ServerCredential])
    /// ``OneLinkServer/Configuration/pushAllowedHosts`` names hosts but
    /// ``OneLinkServer/Configuration/allowsNonLoopbackHost`` is off.
    case pushHostsNeedNetworkAccess([String])
    /// A Push API endpoint's host is neither loopback nor one of
    /// ``OneLinkServer/Configuration/pushAllowedHosts``.
    case pushHostNotAllowed(String)
    /// A socket call failed: the call's name and `errno`'s text.
    case socketFailed(call: String, reason: String)
    /// ``OneLinkServer/start()`` was called on a server that is running or was stopped.
    case alreadyStarted

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidHost(let host): return "host \(host) is not a numeric IPv4 or IPv6 address"
        case .nonLoopbackHost(let host):
            return
                "host \(host) is not a loopback address; the server serves only 127.0.0.0/8 and ::1 "
                + "unless allowsNonLoopbackHost is set"
        case .missingCredentials(let host, let missing):
            return "host \(host) is reachable from the network, where every API that checks keys needs some; "
                + "missing: " + missing.map(\.description).joined(separator: "; ")
        case .pushHostsNeedNetworkAccess(let hosts):
            return "pushAllowedHosts (\(hosts.joined(separator: ", "))) needs allowsNonLoopbackHost"
        case .pushHostNotAllowed(let host):
            return
                "push URL host \"\(QuotedInput.prefix(host))\" is neither loopback nor one of pushAllowedHosts"
        case .socketFailed(let call, let reason): return "\(call) failed: \(reason)"
        case .alreadyStarted: return "the server was already started"
        }
    }
}
