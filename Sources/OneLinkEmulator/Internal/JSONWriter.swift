import OneLinkSupport

/// Writes ``AttributionValue`` trees as JSON text with sorted keys.
///
/// Integers are written without a fraction and doubles always with one (`6`
/// versus `6.0`), so text written here parses back to the same cases.
/// Non-finite doubles, which JSON cannot hold, are written as `null`.
struct JSONWriter {
    var pretty: Bool
    var indentUnit = "  "
    private(set) var output = ""

    init(pretty: Bool) {
        self.pretty = pretty
    }

    static func write(_ value: AttributionValue, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.append(value, depth: 0)
        return writer.output
    }

    mutating func append(_ value: AttributionValue, depth: Int) {
        switch value {
        case .string(let string):
            output += Self.quoted(string)
        case .int(let int):
            output += String(int)
        case .double(let double):
            output += Self.format(double)
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .null:
            output += "null"
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                newline(depth: depth + 1)
                append(element, depth: depth + 1)
            }
            newline(depth: depth)
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { output += "," }
                newline(depth: depth + 1)
                output += Self.quoted(key)
                output += pretty ? ": " : ":"
                append(members[key]!, depth: depth + 1)
            }
            newline(depth: depth)
            output += "}"
        }
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        output += "\n"
        for _ in 0..<depth { output += indentUnit }
    }

    static func format(_ double: Double) -> String {
        guard double.isFinite else { return "null" }
        var text = "\(double)"
        if !text.contains(".") && !text.contains("e") && !text.contains("E") {
            text += ".0"
        }
        return text
    }

    static func quoted(_ string: String) -> String {
        let escaped = string.replacingScalars { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case _ where scalar.value < 0x20: return "\\u00" + hex2(UInt8(scalar.value))
            default: return nil
            }
        }
        return "\"" + escaped + "\""
    }
}
