public import Foundation
import OneLinkSupport

/// One Push API receiver: a loopback URL (or one on an allowed host) and how messages reach it.
public struct PushAPIEndpoint: Sendable, Hashable {
    /// How a message travels, as the Push API documents: fields in the query, or a JSON body.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// `GET` with the message's fields appended to the URL's query.
        case get = "GET"
        /// `POST` with the message's fields as a JSON object.
        case post = "POST"
    }

    /// The receiver's URL.
    public let url: URL
    /// `GET` or `POST`.
    public let method: Method

    /// The hosts every endpoint may name: `127.0.0.1`, `::1` and `localhost`.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

    /// Creates an endpoint after checking that `url` is an `http` URL on a loopback host or one of
    /// `allowedHosts`.
    ///
    /// - Parameter allowedHosts: Hosts besides ``loopbackHosts`` the URL may name (compared without
    ///   case or IPv6 brackets), for a server on a network; give the server the same ones in
    ///   ``OneLinkServer/Configuration/pushAllowedHosts``. Empty (the default) keeps postbacks on
    ///   this machine.
    /// - Throws: ``PushAPIError`` for any other URL.
    public init(url text: String, method: Method = .post, allowedHosts: Set<String> = []) throws(PushAPIError)
    {
        guard text.count <= 2048 else { throw .urlTooLong(text.count) }
        guard let url = URL(string: text), url.scheme?.lowercased() == "http", let host = url.host else {
            throw .invalidURL(text)
        }
        let bare = Self.bareHost(host)
        guard Self.loopbackHosts.contains(bare) || allowedHosts.map(Self.bareHost).contains(bare) else {
            throw .notLoopback(host)
        }
        self.url = url
        self.method = method
    }

    /// `host` lowercased, without the brackets of an IPv6 literal.
    static func bareHost(_ host: String) -> String {
        host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    }
}
