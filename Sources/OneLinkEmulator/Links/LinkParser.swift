import OneLinkSupport

/// Turns link text into the payload the SDK delivers.
///
/// The parser works on the raw text rather than Foundation's `URL`, so the
/// `link` key holds the URL exactly as received and malformed input gets a
/// defined result instead of `nil`. The rules, also in `Docs/payload-reference.md`:
///
/// - Query items are split on `&`, then at the first `=`. An item with no `=`
///   has the value `""`; an item with an empty key is dropped.
/// - Keys and values are percent-decoded. `+` stays a literal plus (RFC 3986,
///   as `URLComponents` does); `%20` is a space. A `%` not followed by two hex
///   digits is kept as it is; bytes that are not UTF-8 after decoding leave the
///   item's raw text in place.
/// - When a key repeats, the first value wins.
/// - Values are strings, as the real SDK hands them over (``ValueTyping/strings``, the default).
///   With ``ValueTyping/documented``, the exact texts `true` and `false` become
///   booleans and canonical decimal integers (`16`, `-3`, not `016` or `1.5`)
///   that fit in 64 bits become integers; everything else stays a string.
///
/// Parsing scans the link's bytes once and reports every diagnostic, but keeps the query as the
/// link's own text: a value is decoded (and typed) when the payload is read, so code that reads a
/// few keys never pays for the rest.
public struct LinkParser: Sendable {
    /// How query text becomes typed values.
    public enum ValueTyping: Sendable, Hashable {
        /// `true`/`false` become booleans and canonical integers become numbers, as the documentation's samples print them.
        case documented
        /// Every value stays a string, as the real iOS SDK hands link values over (and Android's `Map<String, String>`).
        case strings
    }

    /// The default longest link accepted, in UTF-8 bytes (256 KiB).
    public static let defaultMaximumLength = 256 * 1024

    /// Hosts, besides `*.onelink.me`, that serve OneLinks (the SDK's `oneLinkCustomDomains`).
    ///
    /// Stored lowercased, however they are assigned, because hosts match case-insensitively.
    public var customDomains: Set<String> {
        didSet { customDomains = Set(customDomains.map { $0.lowercased() }) }
    }
    /// How query text becomes typed values.
    public var valueTyping: ValueTyping
    /// The longest link accepted, in UTF-8 bytes.
    public var maximumLength: Int

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - customDomains: Extra OneLink hosts, matched case-insensitively.
    ///   - valueTyping: How query text becomes typed values.
    ///   - maximumLength: The longest link accepted, in UTF-8 bytes.
    public init(
        customDomains: some Sequence<String> = [], valueTyping: ValueTyping = .strings,
        maximumLength: Int = LinkParser.defaultMaximumLength
    ) {
        self.customDomains = Set(customDomains.map { $0.lowercased() })
        self.valueTyping = valueTyping
        self.maximumLength = maximumLength
    }

    /// Whether `host` serves OneLinks: `onelink.me`, any subdomain of it, or a custom domain.
    public func isOneLinkHost(_ host: String) -> Bool {
        isOneLinkHost(lowercasedHost: host.lowercased())
    }

    private func isOneLinkHost(lowercasedHost host: String) -> Bool {
        var host = host
        let onOneLinkDomain = host.withUTF8 { bytes in
            let domain: StaticString = "onelink.me"
            let length = domain.utf8CodeUnitCount
            guard bytes.count >= length else { return false }
            let suffix = UnsafeBufferPointer(rebasing: bytes[(bytes.count - length)...])
            guard suffix.elementsEqual(UnsafeBufferPointer(start: domain.utf8Start, count: length)) else {
                return false
            }
            return bytes.count == length || bytes[bytes.count - length - 1] == UInt8(ascii: ".")
        }
        return onOneLinkDomain || customDomains.contains(host)
    }

    /// Parses link text.
    ///
    /// - Throws: ``LinkError`` when the text is empty, too long, has no scheme,
    ///   is a web link without a host, or holds whitespace or control characters.
    public func parse(_ link: String) throws(LinkError) -> ParsedLink {
        var text = link
        // The parsed query reads its values from the link later, so it keeps a contiguous copy.
        text.makeContiguousUTF8()
        let original = text
        let result = text.withUTF8 { bytes in
            Result { () throws(LinkError) in try parse(bytes: bytes, original: original) }
        }
        return try result.get()
    }

    private func parse(bytes: UnsafeBufferPointer<UInt8>, original: String) throws(LinkError) -> ParsedLink {
        if bytes.isEmpty { throw .empty }
        if bytes.count > maximumLength { throw .tooLong(length: bytes.count, limit: maximumLength) }
        // A branch-free reduction, so the compiler can vectorize the one pass every link pays for.
        var controlBytes: UInt8 = 0
        for byte in bytes { controlBytes |= (byte <= 0x20 ? 1 : 0) | (byte == 0x7F ? 1 : 0) }
        if controlBytes != 0 {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { throw .empty }
            throw .invalidCharacters(original)
        }

        // scheme ":" ...
        var index = 0
        guard isAlpha(bytes[0]) else { throw .missingScheme(original) }
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index]
            guard
                isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            else { throw .missingScheme(original) }
            index += 1
        }
        guard index < bytes.count else { throw .missingScheme(original) }
        let schemeEnd = index
        let scheme = Self.asciiLowercased(bytes[0..<index])
        index += 1

        var host = ""
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            let authorityStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
                bytes[index] != UInt8(ascii: "#")
            {
                index += 1
            }
            host = Self.host(fromAuthority: bytes[authorityStart..<index])
        }

        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index += 1
        }
        let rawPath = bytes[pathStart..<index]
        var diagnostics: [LinkDiagnostic] = []
        var path = Self.percentDecoded(rawPath, key: nil, diagnostics: &diagnostics)
        // The SDK reads the path as NSURL's `path`, which drops a trailing slash: `…/link/?…` hands
        // over "/link" (appsflyer-capacitor-plugin#23).
        if path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path.removeLast() }

        var query = LinkQuery.make(link: original, typing: valueTyping, capacity: 0)
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            query = parseQuery(bytes, from: index + 1, original: original, diagnostics: &diagnostics)
        }

        let isWeb = Self.isWebScheme(bytes[0..<schemeEnd])
        let kind: LinkKind
        if isWeb {
            guard !host.isEmpty else { throw .missingHost(original) }
            kind =
                isOneLinkHost(lowercasedHost: host)
                ? Self.oneLinkKind(path: path, diagnostics: &diagnostics) : .webLink
        } else {
            kind = .uriScheme
        }
        let isShortLink: Bool
        if case .shortLink = kind { isShortLink = true } else { isShortLink = false }
        let componentKeys = query.withUnsafeMutablePointerToHeader { header in
            header.pointee.scheme = scheme
            header.pointee.host = host
            header.pointee.path = path
            header.pointee.isShortLink = isShortLink
            return header.pointee.componentKeys
        }
        if !componentKeys.isEmpty {
            let shadowed: [(LinkQuery.ComponentKeys, String)] =
                isShortLink
                ? [(.link, "link")]
                : [(.scheme, "scheme"), (.host, "host"), (.path, "path"), (.link, "link")]
            for (key, name) in shadowed where componentKeys.contains(key) {
                diagnostics.append(.shadowedParameter(name))
            }
        }
        return ParsedLink(
            kind: kind, link: original, scheme: scheme, host: host, path: path,
            parameters: AttributionPayload(query: query), diagnostics: diagnostics)
    }

    /// Whether the scheme is `http` or `https`, in any case.
    private static func isWebScheme(_ scheme: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        let start = scheme.startIndex
        let http = "http".utf8
        for (offset, expected) in http.enumerated() where scheme[start + offset] | 0x20 != expected {
            return false
        }
        return scheme.count == 4 || scheme[start + 4] | 0x20 == UInt8(ascii: "s")
    }

    /// The kind of a link on a OneLink host, from its path segments: none or one for a long link, two for a short one.
    private static func oneLinkKind(path: String, diagnostics: inout [LinkDiagnostic]) -> LinkKind {
        var text = path
        return text.withUTF8 { bytes in
            // Only the first two segments are kept, and counting stops at three.
            var segments = (0..<0, 0..<0)
            var count = 0
            var position = 0
            while position < bytes.count, count < 3 {
                while position < bytes.count, bytes[position] == UInt8(ascii: "/") { position += 1 }
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "/") { position += 1 }
                guard position > start else { continue }
                if count == 0 {
                    segments.0 = start..<position
                } else if count == 1 {
                    segments.1 = start..<position
                }
                count += 1
            }
            let first = String(decoding: bytes[segments.0], as: UTF8.self)
            switch count {
            case 0: return .oneLink(template: nil)
            case 1: return .oneLink(template: first)
            case 2:
                return .shortLink(
                    template: first, shortID: String(decoding: bytes[segments.1], as: UTF8.self))
            default:
                diagnostics.append(.extraPathSegments(path))
                return .oneLink(template: first)
            }
        }
    }

    /// Scans the query, which starts at `start`, into a ``LinkQuery``, reporting diagnostics in the order met.
    private func parseQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, original: String,
        diagnostics: inout [LinkDiagnostic]
    ) -> LinkQuery {
        // Items are gathered in scratch space sized for the most the query can hold (on the stack
        // when that is small), then copied into a query of exactly their number.
        withUnsafeTemporaryAllocation(
            of: LinkQuery.Item.self, capacity: max(1, QueryScanner.maximumItems(length: bytes.count - start))
        ) { scratch in
            var scanner = QueryScanner(bytes: bytes, items: scratch.baseAddress!)
            _ = scanner.scan(from: start, diagnostics: &diagnostics)
            let query = LinkQuery.make(link: original, typing: valueTyping, capacity: scanner.count)
            query.withUnsafeMutablePointers { header, items in
                items.initialize(from: scratch.baseAddress!, count: scanner.count)
                header.pointee.count = scanner.count
                header.pointee.decoded = scanner.decoded
                header.pointee.componentKeys = scanner.componentKeys
            }
            return query
        }
    }

    /// The typed value of raw query text without escapes when it is a boolean or an integer under
    /// ``ValueTyping/documented``, by the same rules as ``typedValue(_:)``; `nil` when it stays a string.
    static func quickTypedValue(_ raw: UnsafeBufferPointer<UInt8>, typing: ValueTyping) -> AttributionValue? {
        guard typing == .documented, let first = raw.first, raw.count <= 20 else { return nil }
        if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
            if raw.elementsEqual("true".utf8) { return .bool(true) }
            if raw.elementsEqual("false".utf8) { return .bool(false) }
            return nil
        }
        var index = raw.startIndex
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = raw.endIndex - index
        guard digits >= 1, digits <= 19 else { return nil }
        if raw[index] == UInt8(ascii: "0") && (digits > 1 || negative) { return nil }
        // Accumulate downwards so that Int.min fits; overflow means "not an Int", so a string.
        var value = 0
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        if negative { return .int(value) }
        guard value != Int.min else { return nil }
        return .int(-value)
    }

    /// Converts one decoded query value to its typed form under ``valueTyping``.
    public func typedValue(_ text: String) -> AttributionValue {
        Self.typedValue(text, typing: valueTyping)
    }

    /// Converts one decoded query value to its typed form under `typing`.
    static func typedValue(_ text: String, typing: ValueTyping) -> AttributionValue {
        guard typing == .documented else { return .string(text) }
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        if Self.isCanonicalInteger(text), let int = Int(text) { return .int(int) }
        return .string(text)
    }

    static func isCanonicalInteger(_ text: String) -> Bool {
        var utf8 = Substring(text).utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        guard let first = utf8.first, utf8.count <= 19 else { return false }
        if first == UInt8(ascii: "0") { return utf8.count == 1 && text != "-0" }
        return utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func host(fromAuthority authority: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var start = authority.startIndex
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        var end = authority.endIndex
        if start < end, authority[start] == UInt8(ascii: "[") {
            if let close = authority[start..<end].firstIndex(of: UInt8(ascii: "]")) { end = close + 1 }
        } else if let colon = authority[start..<end].firstIndex(of: UInt8(ascii: ":")) {
            end = colon
        }
        return asciiLowercased(authority[start..<end])
    }

    /// Lowercases bytes into a string: in place for ASCII, through `String.lowercased()` otherwise.
    static func asciiLowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self).lowercased()
        }
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() {
                buffer[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }

    static func percentDecoded(
        _ raw: Slice<UnsafeBufferPointer<UInt8>>, key: String?, diagnostics: inout [LinkDiagnostic]
    ) -> String {
        guard raw.contains(UInt8(ascii: "%")) else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = raw.startIndex
        var sawInvalidEscape = false
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "%"), index + 2 < raw.endIndex,
                let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                if byte == UInt8(ascii: "%") { sawInvalidEscape = true }
                decoded.append(byte)
                index += 1
            }
        }
        let name = key ?? String(decoding: raw, as: UTF8.self)
        if sawInvalidEscape { diagnostics.append(.invalidPercentEncoding(key: name)) }
        guard let string = String(validatingUTF8Bytes: decoded) else {
            diagnostics.append(.invalidUTF8(key: name))
            return String(decoding: raw, as: UTF8.self)
        }
        return string
    }
}

private func isAlpha(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}
