import Foundation
import OneLinkEmulator

/// One physical line of a pasted log, with its prefixes taken off.
struct LogLine: Sendable {
    /// The one-based line number in the paste.
    var number: Int
    /// The time the prefix gave, if any.
    var time: Date?
    /// The message after every known prefix.
    var text: Substring
    /// Whether a console prefix (Xcode, Console, syslog, a queue tag) stood before the message.
    var prefixed: Bool
    /// Whether a prefix marked it as the SDK's (`[AppsFlyerSDK]`, `[DEBUG] AppsFlyer:`, an AppsFlyer queue).
    var fromSDK: Bool
}

/// Splits a pasted log into lines and takes off the console prefixes the real logs carry.
///
/// Recognised prefixes, which may stack (shapes and where they were seen: `Docs/log-import.md`):
/// Xcode's `2022-11-15 12:59:54.684544+0300 App[14722:3376118] `; Console's
/// `default<TAB>16:45:02.428229-0600<TAB>App<TAB>`; syslog's `Apr 20 15:47:36 iPad App[1045] <Notice>: `;
/// `[AppsFlyerSDK] [queue] `; a queue tag alone (`[com.appsflyer.serial] `); `[DEBUG] AppsFlyer: `;
/// `[INFO]  AppsFlyer: `; `[ERROR] AppsFlyer: `; `flutter: `; and any other prefix before the SDK's
/// tag or message prefix (a plugin's or a logger's).
enum LogLineReader {
    /// The most characters of one line that are read; the rest of a longer line is cut.
    static let maximumLineLength = 65_536

    static func lines(of text: String) -> [LogLine] {
        var result: [LogLine] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            if line.utf8.count > maximumLineLength {
                line = line.prefix(maximumLineLength)
            }
            result.append(strip(line, number: number))
        }
        return result
    }

    static func strip(_ raw: Substring, number: Int) -> LogLine {
        var text = raw
        var time: Date?
        var prefixed = false
        var fromSDK = false
        // A pasted line may start with spaces before its prefix (the dev hub's samples do).
        let indented = text.drop { $0 == " " || $0 == "\t" }
        if indented.hasPrefix("[AppsFlyerSDK] ") { text = indented }
        var changed = true
        var rounds = 0
        while changed, rounds < 8 {
            changed = false
            rounds += 1
            if let (rest, stamp) = xcodePrefix(text) {
                text = rest
                time = stamp
                prefixed = true
                changed = true
            } else if let (rest, stamp) = consolePrefix(text) {
                text = rest
                time = stamp
                prefixed = true
                changed = true
            } else if let rest = syslogPrefix(text) {
                text = rest
                prefixed = true
                changed = true
            } else if let rest = dropping("[AppsFlyerSDK] ", from: text) {
                text = rest
                if let (afterQueue, _) = queueTag(text) { text = afterQueue }
                prefixed = true
                fromSDK = true
                changed = true
            } else if let (rest, queue) = queueTag(text) {
                text = rest
                prefixed = true
                if queue.lowercased().contains("appsflyer") || queue.hasPrefix("afsdk-") { fromSDK = true }
                changed = true
            } else if let rest = sdkMessagePrefixes.lazy.compactMap({ dropping($0, from: text) }).first {
                text = rest
                prefixed = true
                fromSDK = true
                changed = true
            } else if let rest = dropping("flutter: ", from: text) {
                text = rest
                prefixed = true
                changed = true
            } else if !fromSDK, let rest = afterSDKMarker(text) {
                // A plugin's or a logger's own prefix before the SDK's (`⚡️  [log] - `, `[RNAppsFlyer] `, …): the
                // SDK's marker says where its message starts, whatever stands before it.
                text = rest
                prefixed = true
                changed = true
            }
        }
        return LogLine(number: number, time: time, text: text, prefixed: prefixed, fromSDK: fromSDK)
    }

    /// The SDK's message prefixes of 6.0 to 6.2 and of its error lines: `[DEBUG] AppsFlyer: `, `[ERROR] AppsFlyer: `, ….
    static let sdkMessagePrefixes = [
        "[DEBUG] AppsFlyer: ", "[INFO]  AppsFlyer: ", "[INFO] AppsFlyer: ", "[ERROR] AppsFlyer: ",
        "[WARNING] AppsFlyer: ", "AppsFlyer: -[",
    ]

    /// The text from the SDK's tag or message prefix on, when something else stands before it in the first 300 characters.
    static func afterSDKMarker(_ text: Substring) -> Substring? {
        let head = text.prefix(300)
        for marker in ["[AppsFlyerSDK] "] + sdkMessagePrefixes.dropLast() {
            if let range = head.range(of: marker), range.lowerBound > head.startIndex {
                return text[range.lowerBound...]
            }
        }
        return nil
    }

    private static func dropping(_ prefix: String, from text: Substring) -> Substring? {
        if prefix == "AppsFlyer: -[" {
            // The 6.x troubleshooting samples' `AppsFlyer: -[AppsFlyerHTTPClient …]`: keep the method.
            return text.hasPrefix(prefix) ? text.dropFirst("AppsFlyer: ".count) : nil
        }
        return text.hasPrefix(prefix) ? text.dropFirst(prefix.count) : nil
    }

    /// `2022-11-15 12:59:54.684544+0300 App[14722:3376118] `, the process part optional.
    static func xcodePrefix(_ text: Substring) -> (Substring, Date)? {
        let bytes = Array(text.utf8.prefix(96))
        guard bytes.count >= 20, digits(bytes, 0, 4), bytes[4] == 0x2D, digits(bytes, 5, 2), bytes[7] == 0x2D,
            digits(bytes, 8, 2), bytes[10] == 0x20 || bytes[10] == 0x54
        else { return nil }
        guard let (seconds, end) = clockTime(bytes, from: 11) else { return nil }
        var index = end
        var offset = 0
        if index + 5 <= bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D, digits(bytes, index + 1, 4)
        {
            let hours = number(bytes, index + 1, 2)
            let minutes = number(bytes, index + 3, 2)
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == 0x2D ? -1 : 1)
            index += 5
        } else if index < bytes.count, bytes[index] == 0x5A {
            index += 1
        }
        guard
            let day = civilDay(
                year: number(bytes, 0, 4), month: number(bytes, 5, 2), day: number(bytes, 8, 2))
        else { return nil }
        let date = Date(timeIntervalSince1970: Double(day) * 86_400 + seconds - Double(offset))
        // The process part: ` Name[pid:tid] ` (the name may hold spaces); else just the space.
        var rest = text.dropFirst(index)
        if rest.first == " " { rest = rest.dropFirst() }
        let head = rest.prefix(256)
        if let close = head.range(of: "] ")?.lowerBound, let open = head[..<close].lastIndex(of: "[") {
            let inside = head[head.index(after: open)..<close]
            if !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "x" }) {
                rest = rest[rest.index(close, offsetBy: 2)...]
            }
        }
        return (rest, date)
    }

    /// `default<TAB>16:45:02.428229-0600<TAB>Process<TAB>`: Console's export; the date is not in it.
    static func consolePrefix(_ text: Substring) -> (Substring, Date)? {
        let parts = text.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4,
            ["default", "info", "debug", "error", "fault", "notice"].contains(parts[0].lowercased())
        else { return nil }
        let bytes = Array(parts[1].utf8.prefix(32))
        guard let (seconds, _) = clockTime(bytes, from: 0) else { return nil }
        return (parts[3], Date(timeIntervalSince1970: seconds))
    }

    /// `Apr 20 15:47:36 iPad-Pro App[1045] <Notice>: `: the device syslog of iOS 9 and earlier.
    static func syslogPrefix(_ text: Substring) -> Substring? {
        guard let marker = text.prefix(200).range(of: "]: "), text.prefix(200).contains(" <") else {
            guard let close = text.prefix(200).range(of: "> ") ?? text.prefix(200).range(of: ">: ") else {
                return nil
            }
            let head = text[..<close.lowerBound]
            guard head.contains("<"), head.contains("["), months.contains(where: { head.hasPrefix($0) })
            else {
                return nil
            }
            return text[close.upperBound...]
        }
        let head = text[..<marker.lowerBound]
        guard months.contains(where: { head.hasPrefix($0) }), head.contains("<") else { return nil }
        return text[marker.upperBound...]
    }

    private static let months = [
        "Jan ", "Feb ", "Mar ", "Apr ", "May ", "Jun ", "Jul ", "Aug ", "Sep ", "Oct ", "Nov ", "Dec ",
    ]

    /// `[com.appsflyer.serial] `: a GCD queue's label in brackets, as the SDK's lines carry it.
    static func queueTag(_ text: Substring) -> (Substring, Substring)? {
        guard text.first == "[", let close = text.prefix(128).firstIndex(of: "]") else { return nil }
        let label = text[text.index(after: text.startIndex)..<close]
        let after = text[text.index(after: close)...]
        // A dotted GCD label, or the SDK's own `afsdk-…` queues (`[afsdk-buffer-serial]`, AppsFlyerFramework#228).
        guard after.first == " ", label.contains(".") || label.hasPrefix("afsdk-"), !label.contains(" "),
            label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" })
        else {
            if ["AppsFlyer Exception Client", "com.apple.main-thread"].contains(String(label)),
                after.first == " "
            {
                return (after.dropFirst(), label)
            }
            return nil
        }
        return (after.dropFirst(), label)
    }

    /// `HH:mm:ss` with an optional fraction, from `start`: the seconds of the day and where it ends.
    private static func clockTime(_ bytes: [UInt8], from start: Int) -> (Double, Int)? {
        guard start + 8 <= bytes.count, digits(bytes, start, 2), bytes[start + 2] == 0x3A,
            digits(bytes, start + 3, 2), bytes[start + 5] == 0x3A, digits(bytes, start + 6, 2)
        else { return nil }
        var seconds = Double(
            number(bytes, start, 2) * 3600 + number(bytes, start + 3, 2) * 60 + number(bytes, start + 6, 2))
        var index = start + 8
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if scale > 1e-9 { seconds += Double(bytes[index] - 0x30) * scale }
                scale /= 10
                index += 1
            }
        }
        return (seconds, index)
    }

    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Bool {
        guard start + count <= bytes.count else { return false }
        return bytes[start..<(start + count)].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<(start + count)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm); `nil` for a month or day out of range.
    static func civilDay(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
