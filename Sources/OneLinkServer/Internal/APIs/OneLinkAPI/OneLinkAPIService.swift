import Foundation
import OneLinkEmulator
import OneLinkSupport

/// The OneLink API's state and rules: tokens, rate limit, monthly quota, TTLs, custom IDs and the
/// links it created, stored in the settings' resolver.
final class OneLinkAPIService: Sendable {
    /// Which API a call came through; each has its own rate limit, monthly quota and TTL ceiling.
    enum Version: Sendable, Hashable {
        case v1, v2
    }

    /// The per-second window a call counts in: v2.0's QR code call has its own, apart from v2.0's.
    private enum Window: Sendable, Hashable {
        case v1, v2, qr
    }

    /// What the API knows about a link beyond its parameters.
    struct Record: Sendable, Hashable {
        var expiry: Date
        /// The TTL in force: the one sent, or ``renewalSeconds`` once a click has renewed the link.
        var ttlSeconds: Int
        /// Whether a click extends the expiry; `false` when `data` said `renew_ttl: false`.
        var renews = true
        /// The API that created the link; `v2` once a v2.0 update has migrated a v1 link.
        var createdBy: Version
        var domain: String
        /// Whether a v1 link became a v2.0 link through a v2.0 update.
        var migratedFromV1 = false
    }

    /// A link as the get call answers it.
    struct Link: Sendable {
        var payload: AttributionPayload
        var record: Record?
    }

    private struct State {
        var records: [String: Record] = [:]
        var quotaMonth = -1
        var quotaUsed: [Version: Int] = [:]
        var windows: [Window: (second: Int64, count: Int)] = [:]
        /// No kept link expires before this; an update, a renewal or a purge may have moved it later.
        var earliestExpiry = Date.distantFuture
    }

    static let defaultTTLSeconds = 31 * 86_400
    /// How far a click pushes the expiry: 31 days from the click, the help center's figure for
    /// OneLink API links (https://support.appsflyer.com/hc/en-us/articles/4667188714001).
    static let renewalSeconds = 31 * 86_400
    /// The `data` key that turns the renewal off; a control parameter, never one of the link's.
    static let renewParameter = "renew_ttl"
    static let maximumQueryCharacters = 2048
    static let maximumIDCharacters = 50

    let settings: OneLinkAPISettings
    private let clock: any EmulatorClock
    private let state = Locked(State())

    init(settings: OneLinkAPISettings, clock: any EmulatorClock) {
        self.settings = settings
        self.clock = clock
    }

    // MARK: Admission

    /// Checks the `authorization` token, then the rate limit (the QR window for a QR code call), then
    /// (for writes) the version's monthly quota.
    func admit(token: String?, version: Version, isWrite: Bool, isQR: Bool = false) throws(OneLinkAPIError) {
        guard let token, !token.isEmpty, settings.tokens.isEmpty || settings.tokens.contains(token) else {
            throw .authenticationFailure
        }
        let now = clock.now
        let second = Int64(now.timeIntervalSince1970.rounded(.down))
        let key: Window = isQR ? .qr : version == .v1 ? .v1 : .v2
        let limit: Int
        switch key {
        case .v1: limit = settings.v1RequestsPerSecond
        case .v2: limit = settings.requestsPerSecond
        case .qr: limit = settings.qrRequestsPerSecond
        }
        let month = Self.monthNumber(of: now)
        let refusal: OneLinkAPIError? = state.withLock { state in
            var window = state.windows[key] ?? (second, 0)
            if window.second != second { window = (second, 0) }
            guard window.count < limit else { return .rateLimitExceeded }
            window.count += 1
            state.windows[key] = window
            guard isWrite else { return nil }
            if state.quotaMonth != month {
                state.quotaMonth = month
                state.quotaUsed = [:]
            }
            let used = state.quotaUsed[version, default: 0]
            guard used < settings.monthlyQuota else { return .quotaExceeded }
            state.quotaUsed[version] = used + 1
            return nil
        }
        if let refusal { throw refusal }
    }

    /// Create, update and delete calls through `version` left this calendar month (UTC).
    func remainingQuota(of version: Version) -> Int {
        let month = Self.monthNumber(of: clock.now)
        return state.withLock { state in
            max(
                0,
                settings.monthlyQuota - (state.quotaMonth == month ? state.quotaUsed[version, default: 0] : 0)
            )
        }
    }

    private static func monthNumber(of date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        return (parts.year ?? 0) * 12 + (parts.month ?? 0)
    }

    /// The time on the server's clock.
    var now: Date { clock.now }

    // MARK: Links

    /// Creates a link and returns its URL.
    func create(
        version: Version, template: String, shortID requested: String?, ttl: AttributionValue?,
        brandDomain: AttributionValue?, data: AttributionValue?
    ) throws(OneLinkAPIError) -> String {
        let domain = try self.domain(brandDomain)
        let (payload, renews) = try Self.payload(from: data, version: version)
        let ttlSeconds = Self.ttlSeconds(ttl, version: version)
        if let requested {
            guard Self.isValidID(requested) else {
                throw .invalidParameter(
                    name: version == .v1 ? "id" : "shortlink_id", value: requested,
                    reason: "value should be 1 to \(Self.maximumIDCharacters) letters, digits, - or _")
            }
        }
        let record = Record(
            expiry: clock.now.addingTimeInterval(TimeInterval(ttlSeconds)), ttlSeconds: ttlSeconds,
            renews: renews, createdBy: version, domain: domain)
        let links = settings.links
        let maximum = settings.maximumLinks
        let now = clock.now
        let stored: Result<String, OneLinkAPIError> = state.withLock { state in
            // Under the lock, so two creates with the same ID cannot both succeed.
            if let requested, links[template: template, shortID: requested] != nil {
                return .failure(.shortLinkIDExists)
            }
            if state.records.count >= maximum {
                Self.purgeExpired(&state, links: links, now: now)
                guard state.records.count < maximum else {
                    return .failure(
                        .creationFailed(
                            "the server keeps at most \(maximum) links (OneLinkAPISettings.maximumLinks, "
                                + "serve --max-links); delete some or wait for their TTL"))
                }
            }
            var shortID = requested ?? Self.randomID()
            while requested == nil, links[template: template, shortID: shortID] != nil {
                shortID = Self.randomID()
            }
            links[template: template, shortID: shortID] = payload
            state.records["\(template)/\(shortID)"] = record
            state.earliestExpiry = min(state.earliestExpiry, record.expiry)
            return .success(shortID)
        }
        let shortID = try stored.get()
        return "https://\(domain)/\(template)/\(shortID)"
    }

    /// Drops every link whose TTL has run out, when one may have: a scan happens at most once per
    /// expiry instant, so creates at the bound do not each walk every link.
    private static func purgeExpired(_ state: inout State, links: any ShortLinkStore, now: Date) {
        guard state.earliestExpiry <= now else { return }
        var earliest = Date.distantFuture
        for (key, record) in state.records {
            guard record.expiry <= now else {
                earliest = min(earliest, record.expiry)
                continue
            }
            state.records[key] = nil
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 2 { links[template: parts[0], shortID: parts[1]] = nil }
        }
        state.earliestExpiry = earliest
    }

    /// The stored link, or 404 (an expired link is removed first).
    func link(template: String, shortID: String) throws(OneLinkAPIError) -> Link {
        purgeIfExpired(template: template, shortID: shortID)
        guard let payload = settings.links[template: template, shortID: shortID] else {
            throw .shortLinkNotFound
        }
        return Link(payload: payload, record: state.withLock { $0.records["\(template)/\(shortID)"] })
    }

    /// Replaces a link's parameters, TTL and domain and returns its URL.
    ///
    /// v2.0 refuses a link no API created (`400 invalid_source`); a v2.0 update of a v1 link migrates
    /// it: from then on it is a v2.0 link (QR codes allowed).
    func update(
        version: Version, template: String, shortID: String, ttl: AttributionValue?,
        brandDomain: AttributionValue?, data: AttributionValue?
    ) throws(OneLinkAPIError) -> String {
        let existing = try link(template: template, shortID: shortID)
        if version == .v2, existing.record == nil { throw .invalidSource }
        let domain = try self.domain(brandDomain)
        let (payload, renews) = try Self.payload(from: data, version: version)
        let ttlSeconds = Self.ttlSeconds(ttl, version: version)
        let record = Record(
            expiry: clock.now.addingTimeInterval(TimeInterval(ttlSeconds)), ttlSeconds: ttlSeconds,
            renews: renews, createdBy: version == .v2 ? .v2 : existing.record?.createdBy ?? version,
            domain: domain,
            migratedFromV1: existing.record.map {
                $0.migratedFromV1 || ($0.createdBy == .v1 && version == .v2)
            }
                ?? false)
        let links = settings.links
        state.withLock { state in
            links[template: template, shortID: shortID] = payload
            state.records["\(template)/\(shortID)"] = record
            state.earliestExpiry = min(state.earliestExpiry, record.expiry)
        }
        return "https://\(domain)/\(template)/\(shortID)"
    }

    /// Removes a link; v2.0 refuses one no API created (`400 invalid_source`).
    func delete(version: Version, template: String, shortID: String) throws(OneLinkAPIError) {
        let existing = try link(template: template, shortID: shortID)
        if version == .v2, existing.record == nil { throw .invalidSource }
        let links = settings.links
        state.withLock { state in
            links[template: template, shortID: shortID] = nil
            state.records["\(template)/\(shortID)"] = nil
        }
    }

    /// The links the API created, by `template/shortID`, for the dashboard.
    func createdLinks() -> [(key: String, record: Record)] {
        state.withLock { state in state.records.map { (key: $0.key, record: $0.value) } }
            .sorted { $0.key < $1.key }
    }

    /// Removes the link when the API created it and its TTL has run out, so nothing resolves it.
    func purgeIfExpired(template: String, shortID: String) {
        let now = clock.now
        let links = settings.links
        state.withLock { state in
            let key = "\(template)/\(shortID)"
            guard let record = state.records[key], record.expiry <= now else { return }
            state.records[key] = nil
            links[template: template, shortID: shortID] = nil
        }
    }

    /// Renews the link's TTL for a click on it (or the SDK resolving it).
    ///
    /// The expiry becomes 31 days after the click unless it is already later, so a click never
    /// shortens a link's life and clicks in a row do not add up. A link created with
    /// `renew_ttl: false`, one the API did not create, and one already expired (`expiry <= now`)
    /// are left as they are.
    func renewOnClick(template: String, shortID: String) {
        let now = clock.now
        let renewed = now.addingTimeInterval(TimeInterval(Self.renewalSeconds))
        state.withLock { state in
            let key = "\(template)/\(shortID)"
            guard var record = state.records[key], record.renews, record.expiry > now,
                renewed > record.expiry
            else { return }
            record.expiry = renewed
            record.ttlSeconds = Self.renewalSeconds
            state.records[key] = record
        }
    }

    // MARK: Body rules

    private func domain(_ value: AttributionValue?) throws(OneLinkAPIError) -> String {
        switch value {
        case nil, .null?: return settings.linkDomain
        case .string(let text)? where text.isEmpty: return settings.linkDomain
        case .string(let text)?:
            guard settings.brandDomains.contains(text.lowercased()) else { throw .wrongBrandDomain }
            return text.lowercased()
        case let other?:
            throw .invalidParameter(
                name: "brand_domain", value: other.jsonText(), reason: "value should be a string")
        }
    }

    /// The link's parameters from `data` (an object, or a string holding one); values become strings.
    ///
    /// The 2,048-character limit: on v2.0 the characters (Unicode scalars) of `data`'s value as
    /// sent, the string itself or the object as compact JSON ("The link parameters payload ("data"
    /// body parameter) value must not exceed 2048 characters", and "OneLink handles encoding
    /// automatically"); on v1 the percent-encoded query string ("Query string from the payload
    /// can't exceed 2,048 characters"). v1 also blanks its special characters (``v1Value(_:)``).
    ///
    /// `renew_ttl` (`true`, the default, or `false`; a boolean or its string) is taken out: it says
    /// whether clicks renew the TTL and, per the help center, never shows on the link.
    static func payload(
        from data: AttributionValue?, version: Version
    ) throws(OneLinkAPIError) -> (parameters: AttributionPayload, renewsTTL: Bool) {
        var object: [String: AttributionValue]
        let dataCharacters: Int
        switch data {
        case .object(let value)?:
            object = value
            dataCharacters = AttributionValue.object(value).jsonText().unicodeScalars.count
        case .string(let text)?:
            guard let parsed = try? AttributionPayload(jsonString: text) else {
                throw .invalidRequestBody("data is a string that does not hold a JSON object")
            }
            object = parsed.values
            dataCharacters = text.unicodeScalars.count
        case nil, .null?: throw .invalidRequestBody("the body has no data")
        case let other?: throw .invalidRequestBody("data is a JSON \(other.typeName), not an object")
        }
        var renews = true
        switch object.removeValue(forKey: renewParameter) {
        case nil, .null?: break
        case .bool(let flag)?: renews = flag
        case .string(let text)? where ["true", "false"].contains(text.lowercased()):
            renews = text.lowercased() == "true"
        case let other?:
            throw .invalidParameter(
                name: renewParameter, value: other.jsonText(), reason: "value should be true or false")
        }
        var parameters: [String: AttributionValue] = [:]
        for (key, value) in object {
            switch value {
            case .object, .array:
                throw .invalidParameter(
                    name: key, value: value.jsonText(), reason: "value should be a string, number or boolean")
            case .null: continue
            default:
                parameters[key] = .string(version == .v1 ? v1Value(value.textValue) : value.textValue)
            }
        }
        if version == .v2 {
            for name in urlParameters.sorted() {
                guard let value = parameters[name]?.stringValue, !value.isEmpty, !isWebURL(value) else {
                    continue
                }
                throw .invalidParameter(name: name, value: value, reason: "value should be a valid URL")
            }
        }
        if version == .v2, (parameters["pid"]?.stringValue ?? "").isEmpty {
            throw .invalidParameter(
                name: "pid", value: parameters["pid"]?.stringValue ?? "",
                reason: "the media source (pid) is mandatory")
        }
        switch version {
        case .v2:
            guard dataCharacters <= maximumQueryCharacters else { throw .limitExceeded }
        case .v1:
            let query = parameters.sorted { $0.key < $1.key }.map {
                PercentEncoding.encode($0.key) + "=" + PercentEncoding.encode($0.value.textValue)
            }.joined(separator: "&")
            guard query.count <= maximumQueryCharacters else { throw .limitExceeded }
        }
        return (AttributionPayload(parameters), renews)
    }

    /// The `data` parameters v2.0 checks as web URLs: the reference's example refuses `af_r: "badURL"`
    /// ("value should be a valid URL"), and these four are the redirect destinations the help
    /// center's redirect allowlist guards (article 25068636064529).
    static let urlParameters: Set<String> = ["af_r", "af_web_dp", "af_ios_url", "af_android_url"]

    /// Whether `text` is an absolute `http` or `https` URL with a host.
    static func isWebURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// The characters v1 requires encoded, from https://dev.appsflyer.com/hc/reference/overview-3
    /// (its `’` taken as both the typographic and the ASCII apostrophe).
    static let v1SpecialCharacters: Set<Character> = [
        ";", "*", "!", "@", "#", "?", "$", "^", ":", "&", "~", "`", "=", "+", "'", "\u{2019}", ">", "<", "/",
    ]

    /// A v1 `data` value as the link keeps it, special characters blanked and escapes decoded.
    ///
    /// Each raw special character is "replaced with a blank space", then the percent-encoded ones
    /// the client sent are decoded, so `a%26b` is `a&b` and `a&b` is `a b`. A value with a malformed
    /// escape (`50%`) keeps its escapes as sent.
    static func v1Value(_ text: String) -> String {
        let blanked = String(text.map { v1SpecialCharacters.contains($0) ? " " : $0 })
        return blanked.removingPercentEncoding ?? blanked
    }

    /// The TTL in seconds: `N`, `Nd`, `Nh` or `Nm`; an invalid or out-of-range value is the 31-day
    /// default, and the ceiling is 730 days on v2.0 and 31 days on v1.
    static func ttlSeconds(_ value: AttributionValue?, version: Version) -> Int {
        guard case .string(let text)? = value, let last = text.last else { return defaultTTLSeconds }
        let unit: Int
        var digits = Substring(text)
        switch last {
        case "m": unit = 60
        case "h": unit = 3600
        case "d": unit = 86_400
        case "0"..."9": unit = 86_400
        default: return defaultTTLSeconds
        }
        if !last.isNumber { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCII), let count = Int(digits),
            count > 0
        else { return defaultTTLSeconds }
        let seconds = count * unit
        let ceiling = version == .v2 ? 730 * 86_400 : defaultTTLSeconds
        return seconds <= ceiling ? seconds : defaultTTLSeconds
    }

    static func isValidID(_ id: String) -> Bool {
        (1...maximumIDCharacters).contains(id.count)
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }

    private static func randomID() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<8).map { _ in alphabet.randomElement() ?? "a" })
    }
}
