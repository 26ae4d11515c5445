import Foundation
import OneLinkEmulator
import OneLinkTestSoak
import Testing

/// `install_time` and `click_time` are written by calendar arithmetic; it must agree with
/// Foundation's UTC Gregorian calendar wherever it is used, and read back to the same millisecond.
@Suite(.timeLimit(.minutes(5))) struct AttributionTimestampTests {
    /// The text Foundation's calendar gives, as the formatter wrote it before it did its own arithmetic.
    static func calendarText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let millisecondsTotal = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let seconds = (millisecondsTotal / 1000).rounded(.down)
        let milliseconds = Int(millisecondsTotal - seconds * 1000)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(milliseconds, 3))"
    }

    @Test(arguments: [
        "2020-08-12 15:08:00.000", "2020-08-12 15:08:33.335", "1970-01-01 00:00:00.000",
        "1969-12-31 23:59:59.000", "2000-02-29 12:00:00.001", "1900-01-01 00:00:00.000",
        "1900-03-01 00:00:00.000", "2100-02-28 23:59:59.999", "2100-03-01 00:00:00.000",
        "2024-12-31 23:59:59.500", "9999-12-31 23:59:59.999",
    ])
    func edgeDatesMatchTheCalendarAndReadBack(_ text: String) throws {
        let date = try #require(AttributionTimestamp.date(from: text))
        #expect(AttributionTimestamp.string(from: date) == text)
        #expect(Self.calendarText(date) == text)
    }

    @Test(.tags(.soak)) func tenThousandSeededInstantsMatchTheCalendar() {
        var generator = SplitMix64(seed: 0x7157_A3B1)
        for _ in 0..<Soak.count(10_000, quick: 1_000) {
            // Milliseconds from 1890 to 9991: across the lower end of the range the arithmetic covers.
            let milliseconds = Int64(generator.next() % 255_640_000_000_000) - 2_524_608_000_000
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = AttributionTimestamp.string(from: date)
            #expect(text == Self.calendarText(date), "\(milliseconds) ms since 1970")
        }
    }

    @Test func internetDateTimeMatchesFoundationsFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SplitMix64(seed: 0x15_0860_1)
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_719_835_200.75),
            Date(timeIntervalSince1970: -0.5), Date.distantPast, Date.distantFuture,
        ]
        for _ in 0..<Soak.count(2_000, quick: 200) {
            let milliseconds = Int64(generator.next() % 255_640_000_000_000) - 2_524_608_000_000
            dates.append(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        }
        for date in dates {
            #expect(
                AttributionTimestamp.internetDateTime(from: date) == formatter.string(from: date), "\(date)")
        }
        #expect(
            AttributionTimestamp.internetDateTime(from: Date(timeIntervalSince1970: 1_719_835_200))
                == "2024-07-01T12:00:00Z")
    }

    @Test func datesOutsideTheGregorianRangeStillFormatLikeTheCalendar() {
        for date in [Date.distantPast, Date(timeIntervalSince1970: -12_000_000_000), Date.distantFuture] {
            #expect(AttributionTimestamp.string(from: date) == Self.calendarText(date))
        }
    }
}
