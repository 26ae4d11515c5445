import Foundation
import OneLinkClicks
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickLookbackTests {
    @Test(arguments: [
        ("1d", 86_400), ("20d", 20 * 86_400), ("30d", 30 * 86_400), ("1h", 3600), ("23h", 23 * 3600),
    ])
    func validValues(text: String, seconds: Int) throws {
        #expect(try ClickLookback.window(parsing: text) == .seconds(seconds))
    }

    @Test(arguments: ["0d", "31d", "24h", "0h", "30m", "20D", "d", "", "007d", "1.5d", "-1d", "7", "100d"])
    func invalidValues(text: String) {
        #expect(throws: ClickError.invalidLookback(text)) { try ClickLookback.window(parsing: text) }
    }

    @Test func missingValueIsTheSevenDayDefault() throws {
        #expect(try ClickLookback.window(from: nil) == .seconds(7 * 86_400))
    }

    @Test func nonStringValueIsRefused() {
        #expect(throws: ClickError.invalidLookback("7")) { try ClickLookback.window(from: .int(7)) }
    }
}
