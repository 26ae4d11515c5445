public import Foundation
public import OneLinkEmulator

/// The fixed data every backend conformance check runs against.
///
/// A backend under test must be seeded with exactly this data. The easiest way
/// is to serve the in-memory backends the fixture builds
/// (``makeShortLinkResolver(clock:)``, ``makeConversionDataSource(clock:)``,
/// ``makeDeferredDeepLinkSource(clock:)``): an HTTP server that wraps them and
/// speaks the wire format of `Docs/http.md` passes when its client does.
///
/// Wrapped-link URLs live under ``wrapperBase``. For an HTTP backend, bind the
/// server first, then create the fixture with `wrapperBase` set to the
/// server's base URL, so the wrapper URLs point at the server; the server
/// looks a `GET` up as `wrapperBase + request target` in the resolver's
/// redirects and answers 200 for a URL that has no redirect (``landingURL``).
///
/// Expected answers are written out as literals in the conformance types, not
/// computed by the in-memory backends, so the in-memory backends are checked too.
public struct BackendFixture: Sendable {
    /// One short link the resolver knows.
    public struct ShortLink: Sendable, Hashable {
        /// The OneLink host, such as `onelink-basic-app.onelink.me`.
        public var host: String
        /// The OneLink template ID.
        public var template: String
        /// The short link ID.
        public var shortID: String
        /// The stored parameters, without `link`.
        public var parameters: AttributionPayload
        /// The wall-clock budget of the request for this link: the fixture's ``BackendFixture/timeout``.
        public var timeout: Duration = BackendFixture.defaultTimeout

        /// The resolution request the SDK would make for this link, with ``timeout`` as its budget.
        public var request: ShortLinkRequest {
            ShortLinkRequest(
                host: host, template: template, shortID: shortID,
                link: "https://\(host)/\(template)/\(shortID)", headers: ["X-Fixture": "conformance"],
                timeout: timeout)
        }
    }

    /// Thirty seconds: the default wall-clock budget of one request or hop in the conformance checks.
    ///
    /// Not the SDK's 3 s: conformance runs on loaded CI machines and under
    /// ThreadSanitizer, and no check here is about timing. A loopback request
    /// took over 3 s at a load of 8 on 2 cores (issue 53); 30 s holds there with
    /// a wide margin, and a check that fails still ends.
    public static let defaultTimeout: Duration = .seconds(30)

    /// The wall-clock budget of one request in the checks; give an HTTP resolver the same as its `redirectTimeout`.
    public let timeout: Duration

    /// The app's Apple ID every request uses.
    public let appID = "1234567890"
    /// The dev key every request uses.
    public let devKey = "fixture-dev-key"
    /// The install time every request uses: `2020-08-12 15:08:33.500` UTC.
    public let installTime = Date(timeIntervalSince1970: 1_597_244_913.5)
    /// Where the wrapped-link URLs live, without a trailing slash.
    public let wrapperBase: String

    /// Creates the fixture.
    ///
    /// - Parameters:
    ///   - wrapperBase: The base of the wrapped-link URLs; an HTTP test passes its server's base URL.
    ///   - timeout: The wall-clock budget of one request in the checks.
    public init(
        wrapperBase: String = "https://click.fixture.example", timeout: Duration = Self.defaultTimeout
    ) {
        var base = wrapperBase
        while base.hasSuffix("/") { base.removeLast() }
        self.wrapperBase = base
        self.timeout = timeout
        for link in [\Self.basicLink, \.encodedLink, \.missingLink] { self[keyPath: link].timeout = timeout }
    }

    /// Creates the fixture with the wrapped-link URLs under `wrapperBase`, such as a server's `baseURL`.
    public init(wrapperBase: URL, timeout: Duration = Self.defaultTimeout) {
        self.init(wrapperBase: wrapperBase.absoluteString, timeout: timeout)
    }

    // MARK: Short links

    /// The basic short link: typed values (int, double, bool, null, nested) and text.
    public private(set) var basicLink = ShortLink(
        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
        parameters: [
            "pid": "Email",
            "c": "fruit_of_the_month",
            "deep_link_value": "peaches",
            "deep_link_sub1": "10",
            "fruit_amount": 26,
            "af_cost_value": 6.0,
            "is_retargeting": true,
            "adgroup": .null,
            "af_dp": "afbasicapp://mainactivity",
            "basket": ["items": ["peach", 2, 2.5, false], "note": "café ☕ 🍑"],
        ])

    /// A short link whose ID needs percent-encoding (`+`, space, non-ASCII).
    public private(set) var encodedLink = ShortLink(
        host: "onelink-basic-app.onelink.me", template: "Zx9q", shortID: "promo+2024 été",
        parameters: ["deep_link_value": "summer sale", "deep_link_sub1": "été", "af_sub2": "a&b=c/d?e"])

    /// A short link nobody stored: resolving it fails with 404 `short link H5hv/xyz not found`.
    public private(set) var missingLink = ShortLink(
        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "xyz", parameters: [:])

    /// The first hop of a wrapped link (an email click tracker).
    public var emailClickURL: String { wrapperBase + "/wrap/email-click" }
    /// The second hop, with a query.
    public var trackerURL: String { wrapperBase + "/wrap/tracker?id=42" }
    /// Where the chain ends: the basic short link.
    public var chainTarget: String { "https://onelink-basic-app.onelink.me/H5hv/6d66214a" }
    /// One member of a two-URL redirect loop.
    public var loopA: String { wrapperBase + "/wrap/loop-a" }
    /// The other member of the loop.
    public var loopB: String { wrapperBase + "/wrap/loop-b" }
    /// A URL under ``wrapperBase`` that does not redirect (an HTTP server answers it with 200).
    public var landingURL: String { wrapperBase + "/landing" }

    /// The wrapped-link hops, from URL to target.
    public var redirects: [String: String] {
        [emailClickURL: trackerURL, trackerURL: chainTarget, loopA: loopB, loopB: loopA]
    }

    /// An in-memory resolver holding the short links and redirects.
    public func makeShortLinkResolver(clock: any EmulatorClock = SystemClock()) -> InMemoryShortLinkResolver {
        let links = [basicLink, encodedLink].reduce(into: [String: AttributionPayload]()) {
            $0["\($1.template)/\($1.shortID)"] = $1.parameters
        }
        return InMemoryShortLinkResolver(links: links, redirects: redirects, clock: clock)
    }

    // MARK: Conversion data

    /// The device of an organic install.
    public let organicDevice = "device-organic"
    /// The device of a non-organic install, with ``nonOrganicClick``.
    public let nonOrganicDevice = "device-non-organic"
    /// The device whose conversion data fails with 503 `attribution service unavailable`.
    public let failingDevice = "device-failing"
    /// A device the source has no entry for: it gets the default, organic.
    public let unknownDevice = "device-unknown"
    /// The error ``failingDevice`` gets.
    public let failingError = AttributionError.httpStatus(
        code: 503, reason: "attribution service unavailable")

    /// The click parameters of the non-organic install, without `af_status` and `install_time`.
    public let nonOrganicClick: AttributionPayload = [
        "media_source": "Email",
        "campaign": "fruit_of_the_month",
        "af_sub1": "my_sub1",
        "deep_link_value": "peaches",
        "fruit_amount": 26,
        "af_cost_value": 6.0,
        "is_retargeting": false,
        "adgroup": .null,
        "click_time": "2020-08-12 15:03:33.500",
    ]

    /// The device information of a request; only the non-organic device has an advertising ID.
    public func device(for deviceID: String) -> DeviceInfo {
        deviceID == nonOrganicDevice
            ? DeviceInfo(advertisingID: "00000000-1111-2222-3333-444444444444") : DeviceInfo()
    }

    /// The install-attribution request of `deviceID` at ``installTime``, for conversion data or a deferred lookup.
    public func installRequest(deviceID: String) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: appID, devKey: devKey, deviceID: deviceID, installTime: installTime,
            device: device(for: deviceID))
    }

    /// An in-memory conversion-data source: organic by default, plus the non-organic and failing devices.
    public func makeConversionDataSource(
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryConversionDataSource {
        let source = InMemoryConversionDataSource(attribution: .organic, clock: clock)
        source[deviceID: organicDevice] = .organic
        source[deviceID: nonOrganicDevice] = .nonOrganic(nonOrganicClick)
        source[deviceID: failingDevice] = .failure(failingError)
        return source
    }

    // MARK: Deferred deep links

    /// A device with two clicks inside the window (5 and 10 minutes before the install); the later one wins.
    public let deferredDevice = "device-deferred"
    /// A device whose only click is exactly 15 minutes before the install: inside the window.
    public let boundaryDevice = "device-boundary"
    /// A device whose only click is 15 minutes and 1 ms before the install: outside the window.
    public let staleDevice = "device-stale"
    /// A device whose only click is 1 minute after the install: it cannot have caused it.
    public let lateDevice = "device-late"

    /// The clicks the deferred source matches against; each belongs to one device.
    public var clicks: [DeferredClick] {
        [
            DeferredClick(
                time: installTime.addingTimeInterval(-600),
                parameters: ["deep_link_value": "apples", "pid": "Email"], deviceID: deferredDevice),
            DeferredClick(
                time: installTime.addingTimeInterval(-300),
                parameters: [
                    "deep_link_value": "peaches", "deep_link_sub1": "10", "deep_link_sub2": "spring",
                    "pid": "Email", "c": "fruit_of_the_month", "af_sub1": "my_sub1",
                ],
                matchType: .probabilistic, deviceID: deferredDevice),
            DeferredClick(
                time: installTime.addingTimeInterval(-900),
                parameters: ["deep_link_value": "boundary", "deep_link_sub10": "edge", "pid": "Email"],
                matchType: .idMatching, deviceID: boundaryDevice),
            DeferredClick(
                time: installTime.addingTimeInterval(-900.001),
                parameters: ["deep_link_value": "stale"], deviceID: staleDevice),
            DeferredClick(
                time: installTime.addingTimeInterval(60),
                parameters: ["deep_link_value": "late"], deviceID: lateDevice),
        ]
    }

    /// An in-memory deferred source holding ``clicks`` with the 15-minute window.
    public func makeDeferredDeepLinkSource(
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryDeferredDeepLinkSource {
        InMemoryDeferredDeepLinkSource(clicks: clicks, clock: clock)
    }
}
