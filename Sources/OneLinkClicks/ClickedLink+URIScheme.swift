import OneLinkEmulator
import OneLinkSupport

extension ClickedLink {
    /// The URI-scheme URL the OneLink service opens the app with when universal links cannot:
    /// `af_dp` carrying the link's parameters.
    ///
    /// The shape is the one the field shows (Docs/behaviour.md, "Retargeting, in-app browsers and
    /// always-present fields"): `af_dp` with its own query kept first, then, sorted by name
    /// byte-wise, every parameter of the link except `pid` and `c`, which travel as
    /// `media_source` and `campaign`, plus `af_deeplink=true` and, for a short link, `shortlink`
    /// with its ID. Values are percent-encoded (RFC 3986 unreserved characters stay), so the
    /// SDK reads back exactly the link's values, `deep_link_value` included. `nil` when the link
    /// has no `af_dp` (a smart link answers with its own `scheme`).
    public var uriSchemeURL: String? {
        if case .smartLink = kind { return nil }
        guard let deepLink = parameters["af_dp"]?.stringValue else { return nil }
        return Self.uriSchemeURL(base: deepLink, carrying: carriedParameters)
    }

    /// The parameters a URI-scheme open carries, before sorting: the link's, renamed and completed.
    var carriedParameters: [String: String] {
        var carried: [String: String] = [:]
        for (key, value) in parameters.values {
            switch key {
            case "pid": carried["media_source"] = value.textValue
            case "c": carried["campaign"] = value.textValue
            default: carried[key] = value.textValue
            }
        }
        carried["af_deeplink"] = "true"
        if let shortID { carried["shortlink"] = shortID }
        return carried
    }

    static func uriSchemeURL(base: String, carrying parameters: [String: String]) -> String {
        // Written into one string: a string per parameter, then joined, cost two allocations each.
        var query = ""
        for (key, value) in parameters.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if !query.isEmpty { query += "&" }
            query += PercentEncoding.encode(key)
            query += "="
            query += PercentEncoding.encode(value)
        }
        let (beforeFragment, fragment) = split(base, at: "#")
        let separator: String
        if !beforeFragment.contains("?") {
            separator = "?"
        } else if beforeFragment.hasSuffix("?") || beforeFragment.hasSuffix("&") {
            separator = ""
        } else {
            separator = "&"
        }
        return beforeFragment + separator + query + (fragment.map { "#" + $0 } ?? "")
    }

    private static func split(_ text: String, at mark: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: mark) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}
