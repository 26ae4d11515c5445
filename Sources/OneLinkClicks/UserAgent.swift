import Foundation
import OneLinkEmulator

/// A browser's `User-Agent` header taken apart into the fingerprint parts a click reveals.
///
/// `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ...` gives the
/// platform ``DevicePlatform/iOS``, the model `iPhone` and the OS version
/// `17.4`. The parser is lenient about what follows the first product token,
/// because real in-app browsers append bracketed extras, and strict about
/// what makes a header unusable:
///
/// - empty or whitespace-only text throws ``ClickError/emptyUserAgent``;
/// - text longer than ``maximumLength``, control characters, a first item
///   that is not a `product/version` token, or unbalanced parentheses throw
///   ``ClickError/malformedUserAgent(userAgent:reason:)``.
///
/// A well-formed user agent of an unknown platform (`curl/8.4.0`) parses with
/// ``DevicePlatform/other`` and an empty model and version.
public struct UserAgent: Sendable, Hashable {
    /// The longest user agent accepted, in UTF-8 bytes.
    public static let maximumLength = 4096

    /// The header text, trimmed of surrounding whitespace.
    public var text: String
    /// The operating system.
    public var platform: DevicePlatform
    /// The device model: `iPhone`, `iPad`, `iPod touch`, an Android model such as `Pixel 8`, `Macintosh`, `PC`.
    public var deviceModel: String
    /// The OS version with dots, such as `17.4`; empty when the user agent does not say.
    public var osVersion: String
    /// The language the user agent itself names (`FBLC/en_US`, `Language/zh_CN`, `; en-us)`), normalised.
    public var language: String?
    /// The in-app browser the user agent reveals, or `nil` for an ordinary browser.
    public var inAppBrowser: InAppBrowser?

    /// Creates a user agent from parts already known.
    public init(
        text: String, platform: DevicePlatform, deviceModel: String, osVersion: String,
        language: String? = nil, inAppBrowser: InAppBrowser? = nil
    ) {
        self.text = text
        self.platform = platform
        self.deviceModel = deviceModel
        self.osVersion = osVersion
        self.language = language
        self.inAppBrowser = inAppBrowser
    }

    /// Parses a `User-Agent` header.
    ///
    /// - Parameters:
    ///   - header: The header value.
    ///   - signatures: The tokens that reveal in-app browsers, checked in order.
    /// - Throws: ``ClickError/emptyUserAgent`` or ``ClickError/malformedUserAgent(userAgent:reason:)``.
    public init(
        parsing header: String, signatures: [InAppBrowser.Signature] = InAppBrowser.defaultSignatures
    ) throws(ClickError) {
        let text = header.trimmingASCIIWhitespace()
        guard !text.isEmpty else { throw .emptyUserAgent }
        func malformed(_ reason: String) -> ClickError {
            .malformedUserAgent(userAgent: text, reason: reason)
        }
        guard text.utf8.count <= Self.maximumLength else {
            throw malformed("longer than \(Self.maximumLength) bytes")
        }
        // Byte by byte: a control character is one byte, and no byte of a longer UTF-8 sequence is below 0x80.
        // In ASCII text every byte is a character, so the checks below may read bytes instead of
        // characters (which cost a grapheme-break test each). Both in one pass over the bytes.
        let (hasControl, isASCII) = Self.scanBytes(text)
        guard !hasControl else { throw malformed("contains control characters") }
        guard isASCII ? Self.startsWithProductASCII(text) : Self.startsWithProduct(text) else {
            throw malformed("does not start with a product token such as Mozilla/5.0")
        }
        guard let comments = Self.topLevelComments(text, isASCII: isASCII) else {
            throw malformed("unbalanced parentheses")
        }
        self.text = text
        self.platform = .other
        self.deviceModel = ""
        self.osVersion = ""
        self.inAppBrowser = InAppBrowser.detect(in: text, signatures: signatures)
        var language: String?
        for comment in comments {
            let parts =
                isASCII
                ? Self.asciiParts(of: comment)
                : comment.split(separator: ";").map { Substring($0.trimmingASCIIWhitespace()) }
            if platform == .other { readPlatform(from: parts, isASCII: isASCII) }
            if language == nil,
                let tag = parts.first(where: Self.hasRegion).flatMap({ LanguageTag.normalized(String($0)) })
            {
                language = tag
            }
        }
        self.language = Self.appLanguage(in: text) ?? language
    }

    /// Whether the text has a control character, and whether it is all ASCII.
    private static func scanBytes(_ text: String) -> (hasControl: Bool, isASCII: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            var isASCII = true
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F { return (true, isASCII) }
                if byte >= 0x80 { isASCII = false }
            }
            return (false, isASCII)
        }
    }

    /// Whether a part is a language tag with a region; parts of other lengths are not made strings to ask.
    private static func hasRegion(_ part: Substring) -> Bool {
        (5...6).contains(part.utf8.count) && LanguageTag.hasRegion(String(part))
    }

    private mutating func readPlatform(from parts: [Substring], isASCII: Bool) {
        // In ASCII text a prefix of characters is a prefix of bytes, which a slice compares without
        // the generic character-by-character path.
        func starts(_ part: Substring, with prefix: String) -> Bool {
            isASCII ? part.utf8.starts(with: prefix.utf8) : part.hasPrefix(prefix)
        }
        for (index, part) in parts.enumerated() {
            if starts(part, with: "iPhone") || starts(part, with: "iPad") || starts(part, with: "iPod") {
                platform = .iOS
                deviceModel = String(part)
                osVersion =
                    parts.lazy.compactMap { Self.version(after: "OS ", in: $0) }.first ?? ""
                return
            }
            if starts(part, with: "Android") {
                platform = .android
                osVersion = Self.version(after: "Android ", in: part) ?? ""
                let model = parts[(index + 1)...].first { candidate in
                    candidate != "U" && candidate != "wv" && !Self.hasRegion(candidate) && !candidate.isEmpty
                }
                deviceModel = model.map { Self.strippingBuild(String($0)) } ?? "Android"
                return
            }
            if isASCII ? part.utf8.elementsEqual("Macintosh".utf8) : part == "Macintosh" {
                platform = .macOS
                deviceModel = "Macintosh"
                osVersion = parts.lazy.compactMap { Self.version(after: "Mac OS X ", in: $0) }.first ?? ""
                return
            }
            if starts(part, with: "Windows NT") {
                platform = .windows
                deviceModel = "PC"
                osVersion = Self.version(after: "Windows NT ", in: part) ?? ""
                return
            }
        }
    }

    /// `FBLC/en_US` (Facebook) or `Language/zh_CN` (WeChat): the app's own language, which beats the UA comment's.
    private static func appLanguage(in text: String) -> String? {
        for marker in ["FBLC/", "Language/"] {
            guard let range = text.utf8Range(of: marker) else { continue }
            let tail = text[range.upperBound...]
            let tag = tail.prefix { !" ;]),".contains($0) }
            if let normalized = LanguageTag.normalized(String(tag)) { return normalized }
        }
        return nil
    }

    /// The dotted version that follows `marker` in `part`: `17_4` → `17.4`; `nil` when none does.
    private static func version(after marker: String, in part: Substring) -> String? {
        guard let range = part.utf8Range(of: marker) else { return nil }
        // Digits, with `_` or `.` between them read as one dot; separators at either end dropped.
        // Written into a string: one this short is held inline, where a byte array was an allocation.
        var version = ""
        var separated = false
        for byte in part.utf8[range.upperBound...] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if separated, !version.isEmpty { version.unicodeScalars.append(".") }
                separated = false
                version.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "_"), UInt8(ascii: "."):
                separated = true
            default:
                return version.isEmpty ? nil : version
            }
        }
        return version.isEmpty ? nil : version
    }

    private static func strippingBuild(_ model: String) -> String {
        guard let range = model.utf8Range(of: " Build/") else { return model }
        return String(model[..<range.lowerBound])
    }

    /// Whether the text opens with `token` or `token/token`, as RFC 9110 requires of a user agent.
    private static func startsWithProduct(_ text: String) -> Bool {
        let first = text.prefix { $0 != " " && $0 != "(" && $0 != "\t" }
        let pieces = first.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { return false }
        return pieces.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(isTokenCharacter) }
    }

    /// ``startsWithProduct(_:)`` for ASCII text, reading bytes.
    private static func startsWithProductASCII(_ text: String) -> Bool {
        var pieces = 1
        var length = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: "\t"):
                return length > 0
            case UInt8(ascii: "/"):
                guard length > 0, pieces == 1 else { return false }
                pieces += 1
                length = 0
            default:
                guard isTokenCharacter(Unicode.Scalar(byte)) else { return false }
                length += 1
            }
        }
        return length > 0
    }

    /// An ASCII comment's `;`-separated parts without surrounding spaces and tabs, empty ones left
    /// out, as slices of the comment: making each a string of its own cost an allocation for most.
    private static func asciiParts(of comment: Substring) -> [Substring] {
        let utf8 = comment.utf8
        // Found by offset in the contiguous bytes: stepping a slice's index byte by byte is slow.
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [Substring] in
            var parts: [Substring] = []
            // Room for every part at once: grown one append at a time, the list was reallocated.
            parts.reserveCapacity(bytes.count { $0 == UInt8(ascii: ";") } + 1)
            func add(_ lower: Int, _ upper: Int) {
                var (lower, upper) = (lower, upper)
                while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") {
                    lower += 1
                }
                while upper > lower,
                    bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t")
                {
                    upper -= 1
                }
                let from = utf8.index(utf8.startIndex, offsetBy: lower)
                parts.append(comment[from..<utf8.index(from, offsetBy: upper - lower)])
            }
            var start = 0
            for offset in 0..<bytes.count where bytes[offset] == UInt8(ascii: ";") {
                if start != offset { add(start, offset) }
                start = offset + 1
            }
            if start != bytes.count { add(start, bytes.count) }
            return parts
        }
        return found ?? utf8.split(separator: UInt8(ascii: ";")).map { trimmedASCII($0) }
    }

    /// An ASCII part of a comment without surrounding spaces and tabs.
    private static func trimmedASCII(_ part: Substring.UTF8View) -> Substring {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = part.firstIndex(where: { !isBlank($0) }),
            let last = part.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return Substring(part[first...last])
    }

    /// The text of each outermost `( … )` comment, or `nil` when the parentheses do not balance.
    ///
    /// An ASCII comment without a backslash is a slice of `text`; any other is made from its bytes
    /// with each escaping backslash removed.
    private static func topLevelComments(_ text: String, isASCII: Bool) -> [Substring]? {
        // Byte by byte: the delimiters are ASCII, and UTF-8 never uses ASCII bytes inside a longer
        // sequence, so each comment's bytes are whole characters. By offset in contiguous bytes:
        // stepping the view's index byte by byte is slow.
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
            var comments: [Substring] = []
            // Room for every comment at once (at most one per opening parenthesis).
            comments.reserveCapacity(bytes.count { $0 == UInt8(ascii: "(") })
            var depth = 0
            var escaped = false
            var hasEscape = false
            var start = 0
            for offset in 0..<bytes.count {
                if depth > 0, escaped {
                    escaped = false
                    continue
                }
                switch bytes[offset] {
                case UInt8(ascii: "("):
                    if depth == 0 {
                        start = offset + 1
                        hasEscape = false
                    }
                    depth += 1
                case UInt8(ascii: ")"):
                    guard depth > 0 else { return nil }
                    depth -= 1
                    if depth == 0 {
                        let lower = utf8.index(utf8.startIndex, offsetBy: start)
                        let upper = utf8.index(lower, offsetBy: offset - start)
                        comments.append(
                            isASCII && !hasEscape
                                ? text[lower..<upper] : Substring(unescaped(utf8[lower..<upper])))
                    }
                case UInt8(ascii: "\\") where depth > 0:
                    escaped = true
                    hasEscape = true
                default:
                    break
                }
            }
            return depth == 0 ? comments : nil
        }
        // Contiguous text always gives an answer; `nil` is the unbalanced one.
        return found ?? nil
    }

    /// A comment's text from its bytes, each backslash dropped and the byte after it kept as it is.
    private static func unescaped(_ bytes: Substring.UTF8View) -> String {
        var current: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                current.append(byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                current.append(byte)
            }
        }
        return String(decoding: current, as: UTF8.self)
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }
}
