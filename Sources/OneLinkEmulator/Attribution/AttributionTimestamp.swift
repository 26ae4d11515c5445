import Foundation

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
        let wholeSeconds = Date(timeIntervalSince1970: (millisecondsTotal / 1000).rounded(.down))
        let milliseconds = Int(millisecondsTotal - (millisecondsTotal / 1000).rounded(.down) * 1000)
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wholeSeconds)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(milliseconds, 3))"
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
