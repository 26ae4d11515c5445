import Foundation
import OneLinkSupport

extension OneLinkServer.Configuration {
    /// Whether the server would be reachable from other machines: ``host`` is a numeric address
    /// outside `127.0.0.0/8` and `::1` (`0.0.0.0` and `::` included).
    ///
    /// `false` for a host that is not a numeric address, which the server refuses anyway.
    public var isReachableFromNetwork: Bool {
        guard let address = Socket.parse(host: host) else { return false }
        return !address.isLoopback
    }

    /// The credentials a server reachable from the network needs and this configuration lacks, in
    /// the order of ``ServerCredential/allCases``; empty when every API that checks keys has some.
    public var missingNetworkCredentials: [ServerCredential] {
        ServerCredential.allCases.filter { credential in
            switch credential {
            case .devKeys: devKeys.isEmpty
            case .s2sKeys: s2sKeys.isEmpty
            case .apiTokens: oneLinkAPI?.tokens.isEmpty ?? true
            }
        }
    }

    /// Checks the network rules: a host outside loopback needs ``allowsNonLoopbackHost`` and every
    /// credential, and Push API receivers must be on loopback or one of ``pushAllowedHosts``, which
    /// in turn need ``allowsNonLoopbackHost``.
    func checkNetworkAccess(_ address: Socket.Address) throws(ServerError) {
        if !address.isLoopback {
            guard allowsNonLoopbackHost else { throw .nonLoopbackHost(host) }
            let missing = missingNetworkCredentials
            guard missing.isEmpty else { throw .missingCredentials(host: host, missing: missing) }
        }
        if !pushAllowedHosts.isEmpty, !allowsNonLoopbackHost {
            throw .pushHostsNeedNetworkAccess(pushAllowedHosts.sorted())
        }
        let allowed = Set(pushAllowedHosts.map(PushAPIEndpoint.bareHost))
        for endpoint in pushAPI?.endpoints ?? [] {
            let host = PushAPIEndpoint.bareHost(endpoint.url.host ?? "")
            guard PushAPIEndpoint.loopbackHosts.contains(host) || allowed.contains(host) else {
                throw .pushHostNotAllowed(endpoint.url.host ?? "")
            }
        }
    }
}
