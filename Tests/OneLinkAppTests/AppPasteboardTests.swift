import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct AppPasteboardTests {
    static let token = "Q2xpY2stNDI"
    static let click: AttributionPayload = ["deep_link_value": "shoes", "deep_link_sub1": "red"]

    static func reader(
        _ pasteboard: InMemoryPasteboard, behavior: InMemoryBehavior = .immediate,
        clock: ManualClock = ManualClock()
    ) -> (ClipboardDeferredLink, InMemoryClipboardMatchSource) {
        let source = InMemoryClipboardMatchSource(matches: [token: click], behavior: behavior, clock: clock)
        return (ClipboardDeferredLink(pasteboard: pasteboard, matchSource: source), source)
    }

    @Test func settersReplaceEverythingAndCountChanges() throws {
        let pasteboard = InMemoryPasteboard()
        #expect(pasteboard.changeCount == 0)
        pasteboard.setString("0.png")
        pasteboard.setImageData(Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(pasteboard.changeCount == 2)
        #expect(pasteboard.peek == PasteboardContents(imageData: Data([0x89, 0x50, 0x4E, 0x47])))
        #expect(pasteboard.string == nil, "setting the image replaced the string, as UIPasteboard does")
        pasteboard.setContents(PasteboardContents(string: "0.png", imageData: Data([1])))
        #expect(pasteboard.string == "0.png")
        #expect(pasteboard.imageData == Data([1]))
        pasteboard.setURL(try appURL("appb://page1"))
        #expect(pasteboard.url == (try appURL("appb://page1")))
        #expect(pasteboard.readCount == 4)
        pasteboard.clear()
        #expect(pasteboard.peek.isEmpty)
        #expect(pasteboard.changeCount == 5)
    }

    @Test func conditionalSetChecksTheChangeCount() {
        let pasteboard = InMemoryPasteboard(PasteboardContents(string: "x"))
        let count = pasteboard.changeCount
        pasteboard.setString("user copied this")
        #expect(!pasteboard.setContents(.empty, ifChangeCountIs: count))
        #expect(pasteboard.peek.string == "user copied this")
        #expect(pasteboard.setContents(.empty, ifChangeCountIs: count + 1))
        #expect(pasteboard.peek.isEmpty)
    }

    @Test func notFirstLaunchDoesNotReadThePasteboard() async {
        let pasteboard = InMemoryPasteboard(
            PasteboardContents(string: ClipboardToken.defaultPrefix + Self.token))
        let (reader, source) = Self.reader(pasteboard)
        #expect(await reader.resolve(isFirstLaunch: false) == .skippedNotFirstLaunch)
        #expect(pasteboard.readCount == 0)
        #expect(pasteboard.peek.string == ClipboardToken.defaultPrefix + Self.token)
        #expect(source.lookups.isEmpty)
    }

    @Test func firstLaunchMatchesExactlyAndClearsTheToken() async throws {
        let pasteboard = InMemoryPasteboard(
            PasteboardContents(string: "  onelink-clip://match/\(Self.token)\n"))
        let (reader, source) = Self.reader(pasteboard)
        let token = try ClipboardToken(value: Self.token)
        #expect(await reader.resolve(isFirstLaunch: true) == .matched(token, Self.click))
        #expect(pasteboard.peek.isEmpty)
        #expect(source.lookups == [token])
        #expect(await reader.resolve(isFirstLaunch: true) == .noToken)
    }

    @Test func tokenAsPasteboardURL() async throws {
        let pasteboard = InMemoryPasteboard()
        pasteboard.setURL(try appURL(ClipboardToken.defaultPrefix + Self.token))
        let (reader, _) = Self.reader(pasteboard)
        #expect(
            await reader.resolve(isFirstLaunch: true)
                == .matched(try ClipboardToken(value: Self.token), Self.click))
    }

    @Test func unrelatedTextIsLeftAlone() async {
        let pasteboard = InMemoryPasteboard(PasteboardContents(string: "groceries: milk, eggs"))
        let (reader, source) = Self.reader(pasteboard)
        #expect(await reader.resolve(isFirstLaunch: true) == .noToken)
        #expect(pasteboard.peek.string == "groceries: milk, eggs")
        #expect(source.lookups.isEmpty)
        let empty = InMemoryPasteboard(PasteboardContents(imageData: Data([1, 2])))
        #expect(await Self.reader(empty).0.resolve(isFirstLaunch: true) == .noToken)
        #expect(empty.peek.imageData == Data([1, 2]))
    }

    @Test(arguments: [
        ("onelink-clip://match/", ClipboardTokenError.empty),
        ("onelink-clip://match/abc", .tooShort(length: 3)),
        ("onelink-clip://match/" + String(repeating: "a", count: 65), .tooLong(length: 65)),
        ("onelink-clip://match/abcd efgh", .invalidCharacter(" ", offset: 4)),
        ("onelink-clip://match/abcdefgh?x=1", .invalidCharacter("?", offset: 8)),
        ("onelink-clip://match/abcdéfgh", .invalidCharacter("é", offset: 4)),
    ])
    func garbledTokenIsReportedAndCleared(text: String, expected: ClipboardTokenError) async {
        let pasteboard = InMemoryPasteboard(PasteboardContents(string: text))
        let (reader, source) = Self.reader(pasteboard)
        #expect(await reader.resolve(isFirstLaunch: true) == .malformedToken(text: text, error: expected))
        #expect(pasteboard.peek.isEmpty)
        #expect(source.lookups.isEmpty)
    }

    @Test func unknownTokenIsNotFoundAndCleared() async throws {
        let pasteboard = InMemoryPasteboard(
            PasteboardContents(string: "onelink-clip://match/unknown-token_1"))
        let (reader, _) = Self.reader(pasteboard)
        #expect(
            await reader.resolve(isFirstLaunch: true)
                == .notFound(try ClipboardToken(value: "unknown-token_1")))
        #expect(pasteboard.peek.isEmpty)
    }

    @Test func lookupFailureKeepsTheToken() async throws {
        let text = ClipboardToken.defaultPrefix + Self.token
        let pasteboard = InMemoryPasteboard(PasteboardContents(string: text))
        let (reader, _) = Self.reader(pasteboard, behavior: .failing(.connectionFailed("offline")))
        let result = await reader.resolve(isFirstLaunch: true)
        #expect(result == .lookupFailed(try ClipboardToken(value: Self.token), .connectionFailed("offline")))
        #expect(pasteboard.peek.string == text)
    }

    @Test func copyDuringLookupIsNotWiped() async throws {
        let clock = ManualClock()
        let pasteboard = InMemoryPasteboard(
            PasteboardContents(string: ClipboardToken.defaultPrefix + Self.token))
        let (reader, _) = Self.reader(pasteboard, behavior: .delayed(.seconds(2)), clock: clock)
        let task = Task { await reader.resolve(isFirstLaunch: true) }
        await clock.waitForSleepers()
        pasteboard.setString("the user's own text")
        await clock.advance(by: .seconds(2))
        #expect(await task.value == .matched(try ClipboardToken(value: Self.token), Self.click))
        #expect(pasteboard.peek.string == "the user's own text")
    }

    @Test func customPrefix() async throws {
        let pasteboard = InMemoryPasteboard(PasteboardContents(string: "https://go.example/c/\(Self.token)"))
        let source = InMemoryClipboardMatchSource(matches: [Self.token: Self.click])
        let reader = ClipboardDeferredLink(
            pasteboard: pasteboard, matchSource: source, prefix: "https://go.example/c/")
        #expect(
            await reader.resolve(isFirstLaunch: true)
                == .matched(try ClipboardToken(value: Self.token), Self.click))
        #expect(
            try ClipboardToken(value: Self.token).pasteboardText() == "onelink-clip://match/\(Self.token)")
    }

    @Test func tokenErrorsDescribeThemselves() {
        #expect(ClipboardTokenError.tooShort(length: 3).description.contains("at least 8"))
        #expect(ClipboardTokenError.invalidCharacter("?", offset: 2).description.contains("offset 2"))
    }
}
