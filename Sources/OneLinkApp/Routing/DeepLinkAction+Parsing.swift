import OneLinkEmulator
import OneLinkSupport

extension DeepLinkAction {
    /// Parses `scheme://NAME?key=value&...`.
    ///
    /// Rules: the scheme is `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")` followed by
    /// `://`, and is lowercased; the name is everything up to `?`, without a
    /// trailing `/`, and must not be empty; query items are split on `&` (empty
    /// items are skipped) and at the first `=` (no `=` means the value `""`).
    /// Names and values are strictly percent-decoded; `+` stays a plus.
    ///
    /// - Parameter expectedScheme: When given, the action's scheme must equal it (case-insensitively).
    /// - Throws: ``RoutingError`` for whitespace or control characters, a missing
    ///   or wrong scheme, an empty name, bad percent-encoding, an empty or repeated
    ///   parameter name, or a `#fragment`.
    public init(parsing text: String, expectedScheme: String? = nil) throws(RoutingError) {
        let bytes = Array(text.utf8)
        if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) { throw .invalidCharacters(text: text) }
        guard let first = bytes.first, Self.isAlpha(first) else { throw .missingScheme(text: text) }
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index]
            guard Self.isSchemeByte(byte) else { throw .missingScheme(text: text) }
            index += 1
        }
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: ":"),
            bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { throw .missingScheme(text: text) }
        let scheme = String(decoding: bytes[0..<index], as: UTF8.self).lowercased()
        if let expectedScheme, expectedScheme.lowercased() != scheme {
            throw .wrongScheme(expected: expectedScheme.lowercased(), found: scheme, text: text)
        }
        index += 3
        if bytes[index...].contains(UInt8(ascii: "#")) { throw .fragmentNotAllowed(text: text) }
        let nameStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?") { index += 1 }
        var nameBytes = bytes[nameStart..<index]
        while nameBytes.last == UInt8(ascii: "/") { nameBytes = nameBytes.dropLast() }
        let name = try Self.decode(nameBytes, component: "the action name", text: text)
        guard !name.isEmpty else { throw .emptyActionName(text: text) }
        var parameters: [String: String] = [:]
        if index < bytes.count {
            for item in bytes[(index + 1)...].split(
                separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
            {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let rawKey = item[item.startIndex..<(equals ?? item.endIndex)]
                let key = try Self.decode(rawKey, component: "a parameter name", text: text)
                guard !key.isEmpty else { throw .emptyParameterName(text: text) }
                var value = ""
                if let equals {
                    value = try Self.decode(
                        item[(equals + 1)...], component: "parameter \"\(key)\"", text: text)
                }
                guard parameters[key] == nil else { throw .duplicateParameter(name: key, text: text) }
                parameters[key] = value
            }
        }
        self.init(scheme: scheme, name: name, parameters: parameters)
    }

    /// Checks an action built in code against the rules ``init(parsing:expectedScheme:)`` applies.
    ///
    /// - Throws: ``RoutingError`` for an invalid or unexpected scheme, an empty name or an empty parameter name.
    public func validate(expectedScheme: String? = nil) throws(RoutingError) {
        let schemeBytes = Array(scheme.utf8)
        guard let first = schemeBytes.first, Self.isAlpha(first), schemeBytes.allSatisfy(Self.isSchemeByte)
        else {
            throw .missingScheme(text: text)
        }
        if let expectedScheme, expectedScheme.lowercased() != scheme {
            throw .wrongScheme(expected: expectedScheme.lowercased(), found: scheme, text: text)
        }
        guard !name.isEmpty else { throw .emptyActionName(text: text) }
        guard !parameters.keys.contains("") else { throw .emptyParameterName(text: text) }
    }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func decode(
        _ raw: ArraySlice<UInt8>, component: String, text: String
    ) throws(RoutingError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.endIndex, let high = hexValue(raw[index + 1]),
                    let low = hexValue(raw[index + 2])
                else { throw .badPercentEncoding(text: text, component: component) }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        guard let string = String(validatingUTF8Bytes: decoded) else {
            throw .badPercentEncoding(text: text, component: component)
        }
        return string
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
