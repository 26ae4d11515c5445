public import Foundation
import OneLinkSupport

/// One Push API receiver: a loopback URL and how messages reach it.
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

    /// Creates an endpoint after checking that `url` is an `http` URL on a loopback host.
    ///
    /// - Throws: ``PushAPIError`` for any other URL.
    public init(url text: String, method: Method = .post) throws(PushAPIError) {
        guard text.count <= 2048 else { throw .urlTooLong(text.count) }
        guard let url = URL(string: text), url.scheme?.lowercased() == "http", let host = url.host else {
            throw .invalidURL(text)
        }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        guard ["127.0.0.1", "::1", "localhost"].contains(bare) else { throw .notLoopback(host) }
        self.url = url
        self.method = method
    }
}
