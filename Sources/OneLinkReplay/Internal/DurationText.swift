import OneLinkEmulator

/// Parses scenario durations: an optional sign, a number and a unit (`500ms`, `3s`, `-3m`, `2h`, `1d`).
enum DurationText {
    /// The duration in milliseconds, or `nil` when the text is not a duration.
    static func milliseconds(_ text: String) -> Int64? {
        var bytes = Substring(text).utf8[...]
        var sign: Int64 = 1
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            if first == UInt8(ascii: "-") { sign = -1 }
            bytes = bytes.dropFirst()
        }
        let numberBytes = bytes.prefix {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
        }
        let unit = String(decoding: bytes.dropFirst(numberBytes.count), as: UTF8.self)
        let scale: Int64
        switch unit {
        case "ms": scale = 1
        case "s": scale = 1000
        case "m": scale = 60_000
        case "h": scale = 3_600_000
        case "d": scale = 86_400_000
        default: return nil
        }
        // A whole number, the usual case, is read digit by digit; below the 1e15 limit both ways
        // are exact, so they agree.
        if !numberBytes.isEmpty, numberBytes.count <= 15, !numberBytes.contains(UInt8(ascii: ".")) {
            var whole: Int64 = 0
            for byte in numberBytes { whole = whole * 10 + Int64(byte &- UInt8(ascii: "0")) }
            let (value, overflow) = whole.multipliedReportingOverflow(by: scale)
            guard !overflow, value < 1_000_000_000_000_000 else { return nil }
            return sign * value
        }
        let numberText = String(decoding: numberBytes, as: UTF8.self)
        guard !numberText.isEmpty, numberText.first != ".", numberText.last != ".",
            numberText.filter({ $0 == "." }).count <= 1, let number = Double(numberText)
        else { return nil }
        let value = (number * Double(scale)).rounded()
        guard value < 1e15 else { return nil }
        return sign * Int64(value)
    }
}
