/// A short-link table that can be written: the capability the OneLink API and short-link loading of
/// `OneLinkServer` need, stated as a type rather than found by casting a resolver.
///
/// Contract for conforming types:
/// - The subscript reads and writes the stored parameters of the link `template/shortID`; setting
///   `nil` removes the link.
/// - A link written here is answered by the resolver the table belongs to (so a created link
///   resolves), and writes are safe from many tasks at once.
public protocol ShortLinkStore: AnyObject, Sendable {
    /// The stored parameters of one short link; `nil` when the link is unknown.
    subscript(template template: String, shortID shortID: String) -> AttributionPayload? { get set }
}

extension InMemoryShortLinkResolver: ShortLinkStore {}
