import Foundation
import OneLinkSupport

/// Creates short OneLinks for user invites, as AppsFlyer's OneLink API does for `generateInviteUrl`.
///
/// Contract:
/// - ``createShortLink(_:)`` stores the request's parameters under a new
///   short ID of the request's template and returns the short link,
///   `https://{domain}/{template}/{shortID}`.
/// - A short link it returned must then resolve, through the
///   ``ShortLinkResolver`` that opens links (`template/shortID`), to exactly
///   the request's parameters, so that another install opening it receives them.
/// - Failures are thrown as ``AttributionError``; the SDK then hands the app
///   the long link instead, as the real SDK does when short-link creation fails.
/// - It may suspend; the SDK bounds the call with `deepLinkTimeout`.
public protocol ShortLinkCreator: Sendable {
    /// Creates one short link and returns its URL text.
    ///
    /// - Throws: ``AttributionError``.
    func createShortLink(_ request: ShortLinkCreationRequest) async throws -> String
}

/// What a short link is created from.
public struct ShortLinkCreationRequest: Sendable, Hashable {
    /// The OneLink template ID (`appInviteOneLinkID`).
    public var template: String
    /// The host of the link: the generator's `brandDomain`, or the default invite domain.
    public var domain: String
    /// The link's parameters, all strings (`pid`, `af_channel`, `af_referrer_uid`, …).
    public var parameters: [String: String]
    /// The app's Apple ID.
    public var appID: String
    /// The AppsFlyer dev key.
    public var devKey: String
    /// The host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    ///
    /// HTTP backends send the request there instead of to their base URL.
    public var host: String?

    /// Creates a request.
    public init(
        template: String, domain: String, parameters: [String: String], appID: String = "",
        devKey: String = "", host: String? = nil
    ) {
        self.host = host
        self.template = template
        self.domain = domain
        self.parameters = parameters
        self.appID = appID
        self.devKey = devKey
    }

    /// The parameters as the payload a resolver answers with.
    public var payload: AttributionPayload {
        AttributionPayload(parameters.mapValues { .string($0) })
    }
}

/// A short-link creator that stores each link in an ``InMemoryShortLinkResolver``, which then resolves it.
///
/// Give the same resolver to the SDK (or `OneLinkServer`) that opens the
/// links. Short IDs are 8 lowercase hexadecimal digits, unique per creator.
public final class InMemoryShortLinkCreator: ShortLinkCreator, InMemoryBackend {

    /// The resolver the created links are stored in.
    public let resolver: InMemoryShortLinkResolver
    private let issued = Locked(Set<String>())
    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<ShortLinkCreationRequest>

    /// Creates a creator that stores links in `resolver`.
    ///
    /// - Parameters:
    ///   - resolver: Where created links are stored, keyed `template/shortID`.
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` makes creation fail.
    ///   - clock: The clock that measures delays.
    public init(
        resolver: InMemoryShortLinkResolver, behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) {
        self.resolver = resolver
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// Stores the parameters under a new short ID and returns `https://{domain}/{template}/{shortID}`.
    ///
    /// - Throws: ``AttributionError/developerError(_:)`` for an empty template or domain, the
    ///   error of a failing behaviour, or `CancellationError` when cancelled while delayed.
    public func createShortLink(_ request: ShortLinkCreationRequest) async throws -> String {
        try await core.receive(request)
        guard !request.template.isEmpty, !request.domain.isEmpty else {
            throw AttributionError.developerError("a short link needs a template and a domain")
        }
        let shortID = issued.withLock { issued -> String in
            while true {
                let candidate = String(UInt32.random(in: 0...UInt32.max), radix: 16)
                let id = String(repeating: "0", count: 8 - candidate.count) + candidate
                if issued.insert(id).inserted { return id }
            }
        }
        resolver[template: request.template, shortID: shortID] = request.payload
        return "https://\(request.domain)/\(request.template)/\(shortID)"
    }
}

extension ShortLinkCreator where Self == InMemoryShortLinkCreator {
    /// A creator that stores links in `resolver`, which then resolves them.
    public static func inMemory(
        storingIn resolver: InMemoryShortLinkResolver, behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryShortLinkCreator {
        InMemoryShortLinkCreator(resolver: resolver, behavior: behavior, clock: clock)
    }
}
