package import Foundation

/// Formats and parses timestamps the way AppsFlyer payloads spell them.
///
/// `install_time` and `click_time` are UTC, `yyyy-MM-dd HH:mm:ss.SSS`, as in
/// `"2020-08-12 15:08:33.335"`.
package enum AttributionTimestamp {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Formats `date` as `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
    package static func string(from date: Date) -> String {
        let millisecondsTotal = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let secondsTotal = (millisecondsTotal / 1000).rounded(.down)
        let milliseconds = Int(millisecondsTotal - secondsTotal * 1000)
        let parts: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
        if secondsTotal >= gregorianRange.lowerBound, secondsTotal < gregorianRange.upperBound {
            parts = civil(seconds: Int(secondsTotal))
        } else {
            let found = utc.dateComponents(
                [.year, .month, .day, .hour, .minute, .second],
                from: Date(timeIntervalSince1970: secondsTotal))
            parts = (
                found.year ?? 0, found.month ?? 0, found.day ?? 0, found.hour ?? 0, found.minute ?? 0,
                found.second ?? 0
            )
        }
        if (0...9999).contains(parts.year) {
            // Written digit by digit into the string's own storage: each session's conversion data
            // carries one or two of these. The other fields always fit their widths.
            return String(unsafeUninitializedCapacity: 23) { buffer in
                func put(_ value: Int, width: Int, at start: Int, then separator: UInt8?) {
                    var remaining = value
                    for position in stride(from: start + width - 1, through: start, by: -1) {
                        buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                        remaining /= 10
                    }
                    if let separator { buffer[start + width] = separator }
                }
                put(parts.year, width: 4, at: 0, then: UInt8(ascii: "-"))
                put(parts.month, width: 2, at: 5, then: UInt8(ascii: "-"))
                put(parts.day, width: 2, at: 8, then: UInt8(ascii: " "))
                put(parts.hour, width: 2, at: 11, then: UInt8(ascii: ":"))
                put(parts.minute, width: 2, at: 14, then: UInt8(ascii: ":"))
                put(parts.second, width: 2, at: 17, then: UInt8(ascii: "."))
                put(milliseconds, width: 3, at: 20, then: nil)
                return 23
            }
        }
        var text = ""
        text.reserveCapacity(23)
        func append(_ value: Int, _ width: Int, then separator: String) {
            let digits = String(value)
            if digits.utf8.count < width { text += String(repeating: "0", count: width - digits.utf8.count) }
            text += digits
            text += separator
        }
        append(parts.year, 4, then: "-")
        append(parts.month, 2, then: "-")
        append(parts.day, 2, then: " ")
        append(parts.hour, 2, then: ":")
        append(parts.minute, 2, then: ":")
        append(parts.second, 2, then: ".")
        append(milliseconds, 3, then: "")
        return text
    }

    /// Formats `date` as `yyyy-MM-ddTHH:mm:ssZ` in UTC (RFC 3339 without fractions), as the OneLink
    /// API's `expiry` and the Test Console's times spell it; a part second is dropped.
    ///
    /// The same arithmetic as ``string(from:)``, not a formatter per call: the OneLink API's get
    /// answers one of these per request (issue 52's v2.0 GET throughput).
    package static func internetDateTime(from date: Date) -> String {
        let text = string(from: date)
        let digits = text.utf8.prefix(4)
        guard text.utf8.count == 23,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: date)
        }
        var bytes = Array(text.utf8.prefix(19))
        bytes[10] = UInt8(ascii: "T")
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 1900-01-01 to 10000-01-01 UTC in seconds since 1970: where the Gregorian arithmetic below
    /// matches `Calendar`, which switches to the Julian calendar in 1582.
    private static let gregorianRange: Range<Double> = -2_208_988_800..<253_402_300_800

    /// The UTC calendar fields of `seconds` since 1970, by the days-from-civil algorithm.
    private static func civil(
        seconds: Int
    ) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
    }

    /// Parses `yyyy-MM-dd HH:mm:ss.SSS` (milliseconds optional) in UTC; `nil` if the text does not match.
    package static func date(from text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count == 19 || scalars.count == 23 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = scalars[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
            scalars[10] == UInt8(ascii: " "),
            scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var milliseconds = 0
        if scalars.count == 23 {
            guard scalars[19] == UInt8(ascii: "."), let value = number(20..<23) else { return nil }
            milliseconds = value
        }
        let components = DateComponents(
            calendar: utc, timeZone: utc.timeZone, year: year, month: month, day: day, hour: hour,
            minute: minute, second: second)
        guard components.isValidDate(in: utc), let date = utc.date(from: components) else { return nil }
        return date.addingTimeInterval(Double(milliseconds) / 1000)
    }
}
