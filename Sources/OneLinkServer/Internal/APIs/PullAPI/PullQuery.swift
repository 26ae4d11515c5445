import Foundation
import OneLinkSupport

/// A Pull API call's parameters, read and checked.
struct PullQuery: Sendable {
    /// The report, its retargeting one when `reattr=true` asked for it.
    var report: PullReport
    /// Whether `reattr=true` was given (the aggregate reports' retargeting data).
    var retargeting: Bool
    var appID: String
    /// The first moment of the range.
    var start: Date
    /// The first moment after the range: `to` is inclusive to its last day, minute or second.
    var end: Date
    /// The `timezone` the range is read in and the times are written in (UTC by default).
    var timeZone: TimeZone
    /// The `additional_fields`, each once, in the order asked.
    var additionalFields: [String] = []
    /// `maximum_rows`: 200,000 by default, or 1,000,000.
    var maximumRows = 200_000
    /// The `media_source` filter.
    var mediaSource: String?
    /// The `event_name` filter (in-app event reports).
    var eventNames: Set<String>?
    /// The `geo` filter (a country code).
    var geo: String?
    /// The `agency` filter (`af_prt`, comma-separated).
    var agencies: Set<String>?

    /// The whole days of the range, at least 1.
    var days: Int { max(1, Int((end.timeIntervalSince(start) / 86_400).rounded(.up))) }

    /// `yyyy-MM-dd HH:mm:ss` in ``timeZone``, as the reports write times.
    func reportTime(_ date: Date) -> String {
        Self.formatter("yyyy-MM-dd HH:mm:ss", timeZone).string(from: date)
    }

    /// `yyyy-MM-dd` in ``timeZone``, the aggregate reports' `Date`.
    func reportDate(_ date: Date) -> String {
        Self.formatter("yyyy-MM-dd", timeZone).string(from: date)
    }

    /// Reads `from` or `to` (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss`, the
    /// reference's pattern) in `timeZone`: its first moment and the first moment after it.
    static func moment(_ text: String, in timeZone: TimeZone) -> (first: Date, after: Date)? {
        let forms: [(String, TimeInterval, Int)] = [
            ("yyyy-MM-dd HH:mm:ss", 1, 19), ("yyyy-MM-dd HH:mm", 60, 16), ("yyyy-MM-dd", 0, 10),
        ]
        guard text.allSatisfy(\.isASCII) else { return nil }
        for (format, unit, length) in forms where text.count == length {
            guard let date = formatter(format, timeZone).date(from: text) else { return nil }
            // A day is not always 86,400 s (daylight saving time): its end is the next day's start.
            let after =
                unit > 0
                ? date.addingTimeInterval(unit)
                : dayCalendar(timeZone).date(byAdding: .day, value: 1, to: date)
                    ?? date.addingTimeInterval(86_400)
            return (date, after)
        }
        return nil
    }

    private static func formatter(_ format: String, _ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = dayCalendar(timeZone)
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatter.isLenient = false
        return formatter
    }

    private static func dayCalendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
