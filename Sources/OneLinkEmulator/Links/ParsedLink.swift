/// A link taken apart into the pieces the SDK delivers.
///
/// ``payload`` is what a callback receives for this link before any
/// short-link resolution or attribution merge.
public struct ParsedLink: Sendable, Hashable {
    /// What kind of link this is.
    public var kind: LinkKind
    /// The link exactly as received.
    public var link: String
    /// The scheme, lowercased: `https`, `afbasicapp`.
    public var scheme: String
    /// The host, lowercased, without user info or port; empty when the link has none.
    public var host: String
    /// The path, percent-decoded and without a trailing slash (as NSURL's `path`): `/H5hv`, or empty.
    public var path: String
    /// The typed, percent-decoded query parameters, first occurrence winning.
    ///
    /// Each value is decoded from the link when it is read (see ``AttributionPayload``).
    public var parameters: AttributionPayload
    /// Oddities the parser resolved by rule, in the order met; empty for a clean link.
    public var diagnostics: [LinkDiagnostic]

    /// Creates a parsed link from its parts.
    public init(
        kind: LinkKind, link: String, scheme: String, host: String, path: String,
        parameters: AttributionPayload, diagnostics: [LinkDiagnostic] = []
    ) {
        self.kind = kind
        self.link = link
        self.scheme = scheme
        self.host = host
        self.path = path
        self.parameters = parameters
        self.diagnostics = diagnostics
    }

    /// Whether the SDK treats this link as a OneLink deep link.
    ///
    /// Long and short OneLinks (on `*.onelink.me` or a custom domain) and
    /// URI-scheme links are; other web links are not.
    public var isDeepLink: Bool {
        switch kind {
        case .oneLink, .shortLink, .uriScheme: return true
        case .webLink: return false
        }
    }

    private var isShortLink: Bool {
        if case .shortLink = kind { return true }
        return false
    }

    /// The OneLink template ID (`H5hv`), for long and short OneLinks.
    public var template: String? {
        switch kind {
        case .oneLink(let template): return template
        case .shortLink(let template, _): return template
        default: return nil
        }
    }

    /// The payload the SDK delivers for this link before resolution.
    ///
    /// For long OneLinks, URI-scheme links and web links: every query parameter
    /// plus `scheme`, `host`, `path` and `link`. For short links, which the
    /// service resolves, only the link's own query parameters plus `link`, as
    /// in the documented short-link sample. The URL's own components win over
    /// query parameters of the same name.
    public var payload: AttributionPayload {
        // Untouched since parsing: the parameters' query already knows the components to add.
        if case .query(let query) = parameters.storage,
            query.hasComponents(link: link, scheme: scheme, host: host, path: path, isShortLink: isShortLink)
        {
            return AttributionPayload(query: query, withComponents: true)
        }
        var payload = parameters
        if case .shortLink = kind {
            payload["link"] = .string(link)
            return payload
        }
        payload["scheme"] = .string(scheme)
        payload["host"] = .string(host)
        payload["path"] = .string(path)
        payload["link"] = .string(link)
        return payload
    }
}

/// The kinds of link the SDK tells apart.
public enum LinkKind: Sendable, Hashable {
    /// A long OneLink: `https://<sub>.onelink.me/<template>?pid=...`, or the same shape on a custom domain.
    ///
    /// The template is `nil` when the path is empty.
    case oneLink(template: String?)
    /// A short OneLink, `https://<sub>.onelink.me/<template>/<shortID>`, which needs resolution.
    case shortLink(template: String, shortID: String)
    /// A URI-scheme link such as `afbasicapp://mainactivity?...`.
    case uriScheme
    /// An `http` or `https` link on a host that is not a OneLink domain.
    case webLink
}

/// Something unusual the parser met and resolved by a documented rule.
public enum LinkDiagnostic: Sendable, Hashable {
    /// A key appeared more than once; the first value was kept.
    case duplicateKey(String)
    /// A query item had an empty key and was dropped.
    case emptyKey
    /// A query item had no `=`; its value is the empty string.
    case keyWithoutValue(String)
    /// A `%` was not followed by two hex digits and was kept literally.
    case invalidPercentEncoding(key: String)
    /// Percent-decoding produced bytes that are not UTF-8; the raw text was kept.
    case invalidUTF8(key: String)
    /// A query parameter named like a URL component (`scheme`, `host`, `path`, `link`) was shadowed in the payload.
    case shadowedParameter(String)
    /// The path had more segments than a OneLink uses; the first segment was taken as the template.
    case extraPathSegments(String)
}
