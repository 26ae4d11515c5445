import OneLinkSupport

/// The text Foundation's `NSDictionary.description` gives, which the real SDK logs payloads in, written and read back.
///
/// ```text
/// {
///     "af_status" = Organic;
///     "install_time" = "2020-08-12 15:08:00.000";
///     "is_first_launch" = 1;
/// }
/// ```
///
/// Keys and strings are quoted unless they are made of ASCII letters and digits only; booleans
/// print as `1`/`0` and null as `"<null>"`, so types do not survive: ``parse(_:)`` reads every
/// scalar as a string, and the reader types known keys (`is_first_launch` and the like).
package enum PlistDescription {
    /// The most nesting ``parse(_:)`` follows before it gives up.
    package static let maximumDepth = 32

    /// Writes `value` as `NSDictionary.description` would, four spaces per level.
    package static func render(_ value: AttributionValue) -> String {
        var text = ""
        write(value, indent: 0, into: &text)
        return text
    }

    private static func write(_ value: AttributionValue, indent: Int, into text: inout String) {
        let pad = String(repeating: " ", count: (indent + 1) * 4)
        switch value {
        case .object(let members):
            text += "{\n"
            for key in members.keys.sorted() {
                text += pad + quoted(key) + " = "
                // Foundation puts four more spaces before a nested dictionary or array.
                switch members[key] {
                case .object?, .array?: text += "    "
                default: break
                }
                write(members[key] ?? .null, indent: indent + 1, into: &text)
                text += ";\n"
            }
            text += String(repeating: " ", count: indent * 4) + "}"
        case .array(let elements):
            text += "(\n"
            for (index, element) in elements.enumerated() {
                text += pad
                write(element, indent: indent + 1, into: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent * 4) + ")"
        case .string(let string): text += quoted(string)
        case .int(let number): text += String(number)
        case .double(let number): text += String(number)
        case .bool(let flag): text += flag ? "1" : "0"
        case .null: text += "\"<null>\""
        }
    }

    /// A key or string, quoted and escaped unless it is ASCII letters and digits only.
    private static func quoted(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy({ isPlain($0) }) { return text }
        let escaped = text.replacingScalars { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\t": return "\\t"
            case "\r": return "\\r"
            default: return nil
            }
        }
        return "\"" + escaped + "\""
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Reads a dictionary, array or scalar in this form; scalars become strings, `"<null>"` null.
    ///
    /// - Returns: The value, or `nil` when `text` is not in this form (or nests deeper than ``maximumDepth``).
    package static func parse(_ text: Substring) -> AttributionValue? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09
                    || bytes[index] == 0x0D
            {
                index += 1
            }
        }

        mutating func value(depth: Int) -> AttributionValue? {
            guard depth < PlistDescription.maximumDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: AttributionValue] = [:]
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .object(members)
                    }
                    guard case .string(let key)? = scalar() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                    index += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    skipSpace()
                    // `key = value;` as Foundation prints it; `key=value,` and a last member with no
                    // separator as edited samples in AppsFlyer's docs show it.
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] != UInt8(ascii: "}") {
                        return nil
                    }
                    members[key] = member
                }
            case UInt8(ascii: "("):
                index += 1
                var elements: [AttributionValue] = []
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return .array(elements)
                    }
                    if !elements.isEmpty {
                        guard bytes[index] == UInt8(ascii: ",") else { return nil }
                        index += 1
                    }
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                }
            default:
                return scalar()
            }
        }

        /// A quoted or bare string; `"<null>"` is null.
        mutating func scalar() -> AttributionValue? {
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var text: [UInt8] = []
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") {
                        let string = String(decoding: text, as: UTF8.self)
                        return string == "<null>" ? .null : .string(string)
                    }
                    if byte == UInt8(ascii: "\\"), index < bytes.count {
                        let escaped = bytes[index]
                        index += 1
                        switch escaped {
                        case UInt8(ascii: "n"): text.append(0x0A)
                        case UInt8(ascii: "t"): text.append(0x09)
                        case UInt8(ascii: "r"): text.append(0x0D)
                        default: text.append(escaped)
                        }
                    } else {
                        text.append(byte)
                    }
                }
                return nil
            }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ",")
                    || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") || byte == 0x20 || byte == 0x0A
                    || byte == 0x09 || byte == 0x0D
                {
                    break
                }
                index += 1
            }
            guard index > start else { return nil }
            return .string(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }
}
