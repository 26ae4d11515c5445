import Foundation
import OneLinkEmulator

/// Reads the SDK's events out of a pasted log's lines, joining the messages that span several lines.
struct LogEventReader {
    /// The most lines one message (a dictionary, a request body) may span.
    static let maximumContinuationLines = 2_000
    /// Keys whose `1`/`0` in a dictionary printout are booleans in the real payload.
    static let booleanKeys: Set<String> = ["is_first_launch", "iscache", "is_deferred"]

    private(set) var events: [LogEvent] = []
    private(set) var notes: [String] = []
    private(set) var recognised = 0
    private(set) var skipped = 0
    private(set) var version: String?
    /// The first line only SDK 7 prints (`[START] …`, `[WARNING] Skip launch`, `[SRD] …`, `[HTTP] Operation start:`
    /// with a URL), when the log names no version: the scenario then uses SDK 7.
    private(set) var sdk7Line: Int?
    private(set) var androidLine: (Int, String)?
    /// How many lines are the SDK's, read or not (its prefix, or a message only it prints), and the first of them.
    private(set) var sdkLines = 0
    private(set) var firstSDKLine: (line: Int, excerpt: String)?
    /// How many lines were blank, and the first line that is neither blank nor the SDK's: what a refusal says was seen.
    private(set) var blankLines = 0
    private(set) var firstOtherLine: (line: Int, excerpt: String)?
    private var androidMarks = 0
    private var lastTime: Date?
    /// Callback payloads printed with no callback line of their own (`{"deep_link_value":…}`, a dictionary with
    /// `af_status`): events only when the log shows no callback line at all, a fragment with one thing in it.
    private var barePayloads: [LogEvent] = []

    /// Reads every line.
    init(lines: [LogLine]) {
        var index = 0
        while index < lines.count {
            index = read(lines, at: index)
        }
        if !barePayloads.isEmpty, !events.contains(where: \.kind.isCallback) {
            for bare in barePayloads {
                let callback = bare.kind.isConversionData ? "onConversionDataSuccess" : "didResolveDeepLink"
                note(
                    bare.line,
                    "a payload printed with no callback line, in a log that shows none: read as what \(callback) "
                        + "received, as its keys say (an app printing what its delegate got)")
            }
            // In line order, each bare payload after the events of the lines before it.
            var merged: [LogEvent] = []
            var rest = barePayloads[...]
            for event in events {
                while let bare = rest.first, bare.line < event.line {
                    merged.append(bare)
                    rest = rest.dropFirst()
                }
                merged.append(event)
            }
            events = merged + rest
        }
    }

    /// Reads the message at `index` (and its continuation lines); returns the index of the next message.
    private mutating func read(_ lines: [LogLine], at index: Int) -> Int {
        let counted = (recognised, events.count, barePayloads.count)
        let next = readMessage(lines, at: index)
        let line = lines[index]
        let text = line.text.drop { $0 == " " || $0 == "\t" }
        if text.isEmpty {
            blankLines += 1
        } else if line.fromSDK || recognised > counted.0 || events.count > counted.1
            || barePayloads.count > counted.2
        {
            sdkLines += 1
            if firstSDKLine == nil { firstSDKLine = (line.number, String(text.prefix(60))) }
        } else if firstOtherLine == nil {
            firstOtherLine = (line.number, String(text.prefix(60)))
        }
        return next
    }

    /// Reads one message: ``read(_:at:)`` without the count of what kind of line it was.
    private mutating func readMessage(_ lines: [LogLine], at index: Int) -> Int {
        let line = lines[index]
        let text = line.text.drop { $0 == " " || $0 == "\t" }
        if text.isEmpty {
            return index + 1
        }
        if let mark = Self.androidMark(line.text) {
            androidMarks += 1
            if androidLine == nil { androidLine = (line.number, mark) }
            skipped += 1
            return index + 1
        }
        // A line without a time (a message's second line, a paste without prefixes) is as late as the last one with one.
        if let time = line.time { lastTime = time }
        let time = lastTime
        func event(_ kind: LogEvent.Kind) {
            events.append(LogEvent(line: line.number, time: time, kind: kind))
        }
        func body(after marker: String) -> (String, Int) {
            let rest = text.range(of: marker).map { String(text[$0.upperBound...]) } ?? ""
            return collect(lines, from: index, first: rest)
        }

        if version == nil, line.fromSDK, let range = text.range(of: "sdk_version=") {
            // A request URL names the SDK's version (the SKAN and deep-link requests do).
            let found = String(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
            if found.contains(".") { version = found }
        }
        if line.fromSDK, let range = text.range(of: "session_counter=") {
            // The SKAN request names the install's session count, which says whether the device was new.
            if let count = Int(text[range.upperBound...].prefix { $0.isNumber }) {
                event(.sessionCounter(count))
            }
        }
        // A callback line is read as one before anything else its text holds (a paste can run two messages
        // together, or wrap one so that its marker starts a line): no callback line the log shows is lost.
        if let dropped = Self.droppedCallback(text) {
            switch dropped {
            case .success(let method): event(.dropped(callback: method))
            case .failure:
                note(
                    line.number,
                    "a callback that found no delegate, its name cut by the paste (`\(text.suffix(60))`): skipped"
                )
                skipped += 1
                return index + 1
            }
        } else if text.contains("Calling didResolveDeepLink with:") {
            let (json, next) = body(after: "Calling didResolveDeepLink with:")
            recognised += next - index
            switch Self.deepLink(json) {
            case .success(let result):
                event(.deepLink(result))
            case .failure(let reason):
                note(
                    line.number,
                    "`didResolveDeepLink` was called, but its result \(reason.text): kept as a didResolveDeepLink "
                        + "expectation without a status")
                event(.deepLink(LoggedDeepLink(status: "", isDeferred: nil, clickEvent: nil, error: nil)))
            }
            return next
        } else if let method = Self.callbackMethod(text) {
            let (rest, next) = body(after: method.marker)
            recognised += next - index
            switch method.name {
            case "onConversionDataSuccess", "onAppOpenAttribution":
                guard let payload = Self.payload(rest) else {
                    note(
                        line.number,
                        "\(method.name) was called, but its data could not be read (cut by the paste?): kept as an "
                            + "expectation of the callback without its payload")
                    event(.unreadCallback(method.name))
                    return next
                }
                event(
                    method.name == "onConversionDataSuccess"
                        ? .conversionData(payload) : .openAttribution(payload))
            default:
                let error =
                    Self.error(rest)
                    ?? LoggedError(domain: "", code: -1, message: rest.trimmingCharacters(in: .whitespaces))
                event(
                    method.name == "onConversionDataFail"
                        ? .conversionFailure(error) : .openAttributionFailure(error))
            }
            return next
        } else if let range = text.range(of: "AppsFlyer SDK version ") {
            let found = String(text[range.upperBound...].prefix { !$0.isWhitespace })
            if version == nil, !found.isEmpty { version = found }
            event(.process(version: found))
        } else if text.contains("AppsFlyer is set to debug mode") {
        } else if text.hasPrefix("[DDL] Delegate:") {
            event(.deepLinkDelegate)
        } else if text.hasPrefix("[DDL] Start DDL") {
            event(.deferredStart)
        } else if text.hasPrefix("[DDL] DDL already has been resolved") {
            event(.deferredDone)
        } else if text.hasPrefix("[DDL] Params:") {
            // The deep-link request's parameters: the app runs in UDL mode.
            let (_, next) = body(after: "[DDL] Params:")
            recognised += next - index
            event(.deepLinkDelegate)
            return next
        } else if text.hasPrefix("[DDL] URL:") {
            event(.deepLinkDelegate)
            if version == nil, let range = text.range(of: "sdk_version=") {
                let found = String(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
                if !found.isEmpty { version = found }
            }
        } else if let range = text.range(of: "SEND Start:") {
            let url = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let query = Self.query(url)
            if version == nil, let build = query["buildnumber"], !build.isEmpty { version = build }
            var next = index + 1
            var counter: Int?
            if next < lines.count, lines[next].text.drop(while: { $0 == " " }).first == "{",
                !lines[next].prefixed
            {
                let (json, after) = collect(lines, from: index, first: "")
                if case .object(let fields)? = Self.json(json) {
                    counter = (fields["counter"] ?? fields["sessioncounter"]).flatMap { Int($0.textValue) }
                }
                recognised += after - next
                next = after
            }
            event(.launch(counter: counter, appID: query["app_id"]))
            recognised += 1
            return next
        } else if let start = Self.startLine(text) {
            if text.hasPrefix("[START]") || text.hasPrefix("[WARNING]"), sdk7Line == nil {
                sdk7Line = line.number
            }
            event(.start(start))
        } else if let range = text.range(of: "[HTTP] Operation start:") {
            // 7.0.1 names the request by its URL: the launch request (`…-launches.…?app_id=…&buildnumber=…`) is a session's.
            let url = text[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " `"))
            let query = Self.query(url)
            if url.contains("launches.") {
                if sdk7Line == nil { sdk7Line = line.number }
                if version == nil, let build = query["buildnumber"], build.first?.isNumber == true {
                    version = build
                }
                event(.launch(counter: nil, appID: query["app_id"]))
            } else if url.contains("dlsdk.") {
                event(.deepLinkDelegate)
            }
        } else if text.contains("dev key missing or empty") {
            event(.devKeyMissing)
        } else if text.contains("appleAppID should be a number") {
            note(
                line.number,
                "the SDK refused the app ID (\"appleAppID should be a number!\"): it sends nothing until the app ID is "
                    + "digits only; the scenario keeps its default app ID, so the replay shows what a valid one gives"
            )
        } else if text.contains("must be set before calling registerSessionReadyListener") {
            note(
                line.number,
                "the app registered SDK 7's session-ready listener before initialize(devKey:appId:): the listener waits "
                    + "for the keys (rule 20); the scenario's start step stands for the start that follows")
        } else if let range = text.range(of: "sent information to server, status = ") {
            // The 6.x troubleshooting samples: `-[AppsFlyerHTTPClient sendRequestEventToServer:…] sent information to server, status = 404`.
            let status = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
            if status >= 400 {
                event(
                    .error(
                        LoggedError(
                            domain: "com.appsflyer.sdk.network", code: 50,
                            message: "Status code failure: \(status)")))
            } else {
                note(
                    line.number,
                    "the server answered \(status): the emulator's server answers the same by default")
            }
        } else if text.hasPrefix("[Shortlink] Response Info:") {
            let (rest, next) = body(after: "[Shortlink] Response Info:")
            recognised += next - index
            event(.shortLinkAnswer(status: Self.statusCode(rest)))
            return next
        } else if text.hasPrefix("UniversalLink/Deeplink found:") {
            var url = Self.after("UniversalLink/Deeplink found:", in: text)
            var next = index + 1
            // 6.x prints the link on the next line.
            if url == nil, next < lines.count, !Self.startsMessage(lines[next]) {
                url = lines[next].text.trimmingCharacters(in: .whitespaces)
                next += 1
            }
            recognised += next - index
            if let url, !url.isEmpty {
                event(
                    url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://")
                        ? .universalLink(url) : .openURL(url))
            }
            return next
        } else if text.hasPrefix("[Shortlink] OneLink:") {
            let (rest, next) = body(after: "[Shortlink] OneLink:")
            recognised += next - index
            if let stored = Self.payload(rest) { event(.shortLinkStored(stored)) }
            return next
        } else if text.hasPrefix("Result:") {
            let (rest, next) = body(after: "Result:")
            recognised += next - index
            if case .object(let fields)? = PlistDescription.parse(
                Substring(rest.trimmingCharacters(in: .whitespacesAndNewlines))),
                let status = fields["statusCode"].flatMap({ Int($0.textValue.prefix { $0.isNumber }) }),
                status >= 400
            {
                event(
                    .error(
                        LoggedError(
                            domain: "com.appsflyer.sdk.network", code: 50,
                            message: "Status code failure: \(status)")))
            } else if let status = Self.statusCode(rest) {
                note(
                    line.number,
                    "the server answered \(status): the emulator's server answers the same by default")
            } else {
                note(line.number, "a server answer with no status the importer could read: not replayed")
            }
            return next
        } else if text.hasPrefix("[SRD] WARNING: deeplink timed out")
            && {
                sdk7Line = sdk7Line ?? line.number; return true
            }()
            || text.hasPrefix("[ATT] Tracking authorization update")
        {
            note(line.number, "\(text.prefix(120)): shown for information, not replayed")
        } else if let url = Self.after("NSUserActivity `webpageURL`:", in: text) {
            event(.universalLink(url))
        } else if let url = Self.after("handleOpenUrl:", in: text) ?? Self.after("handleOpenURL:", in: text) {
            event(.openURL(url))
        } else if let url = Self.after("performOnAppAttributionWithURL:", in: text) {
            event(.performOnAppAttribution(url))
        } else if text.hasPrefix("handlePushNotification:") {
            let (json, next) = body(after: "handlePushNotification:")
            recognised += next - index
            if case .object(let fields)? = Self.json(json) {
                event(.push(AttributionPayload(fields)))
            } else {
                note(line.number, "a push payload that is not JSON was skipped")
            }
            return next
        } else if text.contains("Error Domain=com.appsflyer"), let error = Self.error(String(text)) {
            if error.domain == "com.appsflyer.sdk.event", error.code == 10 {
                // 7.0.1's completion of a start inside minTimeBetweenSessions: "Event timeout. Check minTimeBetweenSessions param".
                event(.start(.skippedCompletion))
            } else {
                event(.error(error))
            }
        } else if Self.knownNoise.contains(where: { text.hasPrefix($0) }) {
        } else if text.first == "{", !line.fromSDK,
            case let (block, next) = collect(lines, from: index, first: String(text), noting: false),
            case .object(let fields)? = Self.json(block), fields["event"]?.textValue == "Launched"
        {
            // A launch request's body whose `SEND Start:` line the paste left out (appsflyer-cordova-plugin#37).
            note(
                line.number,
                "a launch request's body with no SEND Start line before it: read as a session's launch")
            event(
                .launch(
                    counter: (fields["counter"] ?? fields["sessioncounter"]).flatMap { Int($0.textValue) },
                    appID: nil))
            recognised += next - index
            return next
        } else if text.first == "{", !line.fromSDK,
            case let (block, next) = collect(lines, from: index, first: String(text), noting: false),
            let kind = Self.barePayload(block)
        {
            // A payload with no callback line before it: used only if the log shows no callback line at all.
            barePayloads.append(LogEvent(line: line.number, time: time, kind: kind))
            recognised += next - index
            return next
        } else {
            if line.fromSDK || line.prefixed,
                let name = ["didResolveDeepLink", "onConversionData", "onAppOpenAttribution"].first(where: {
                    text.contains($0)
                })
            {
                // A line of the SDK's that names a callback in a shape no rule above reads: say so, never guess.
                note(
                    line.number,
                    "`\(text.prefix(80))` names \(name) in a shape the importer does not read: skipped, not replayed"
                )
            }
            skipped += 1
            return index + 1
        }
        recognised += 1
        return index + 1
    }

    /// SDK lines that carry nothing a scenario needs.
    static let knownNoise = [
        "Keychain items migration", "[SKAd]", "[CFG]", "[EXM]", "[CACHE]",
        "ASIdentifierManager", "ADClient", "CTTelephonyNetworkInfo", "FBSDKAppEventsUtility",
        "Deeplink regex execution time", "Referrer URL:", "[DDL] Params:", "<~+~", "[GCD-B01]",
        "Loading conversion data",
        "IDFA disabled", "Shortlink found. Executing:", "[GCD-E02]",
    ]

    /// The keys of a launch request's body, which is no callback's payload.
    static let launchBodyKeys: Set<String> = [
        "counter", "event", "uid", "timepassedsincelastlaunch", "sessioncounter", "eventvalue",
        "af_events_api", "advertiserId", "iaecounter", "date1",
    ]

    /// A callback's payload printed on its own, as apps print what their delegate received: conversion data
    /// (`af_status` or `is_first_launch`) or a found deep link (`deep_link_value`, `click_event`, `is_deferred`, …).
    static func barePayload(_ block: String) -> LogEvent.Kind? {
        guard let payload = payload(block), !payload.values.keys.contains(where: launchBodyKeys.contains)
        else {
            return nil
        }
        let keys = payload.values.keys
        if keys.contains("af_status") || keys.contains("is_first_launch") { return .conversionData(payload) }
        let deepLinkMarks: Set<String> = [
            "deep_link_value", "click_event", "is_deferred", "isDeferred", "deep_link_sub1", "deepLink",
        ]
        guard keys.contains(where: deepLinkMarks.contains),
            case .success(let result) = deepLink(fields: payload.values, status: nil)
        else { return nil }
        return .deepLink(result)
    }

    /// The line of a session start `text` is, if it is one.
    static func startLine(_ text: Substring) -> StartLine? {
        if text == "Start" { return .plain }
        if text.hasPrefix("[START] Initial start") { return .initial }
        if text.hasPrefix("[START] Time from last start") { return .sinceLast }
        if text.hasPrefix("[WARNING] Skip launch") { return .skipped }
        if text.hasPrefix("[START] isFirstLaunch:") {
            let flag = text.dropFirst("[START] isFirstLaunch:".count).drop { $0 == " " }
                .prefix { $0.isLetter || $0.isNumber }.lowercased()
            switch flag {
            case "true", "yes", "1": return .attempt(firstLaunch: true)
            case "false", "no", "0": return .attempt(firstLaunch: false)
            default: return .attempt(firstLaunch: nil)
            }
        }
        if text.contains("since background transition"), text.lowercased().contains("start") {
            return .backgroundTransition
        }
        return nil
    }

    /// The `statusCode` of a response printout (`statusCode = 404;` or `"statusCode": 404`), if it has one.
    static func statusCode(_ text: String) -> Int? {
        guard let range = text.range(of: "statusCode") else { return nil }
        let digits = text[range.upperBound...].drop { !$0.isNumber && $0 != "\n" && $0 != ";" && $0 != "," }
        return Int(digits.prefix { $0.isNumber })
    }

    private mutating func note(_ line: Int, _ text: String) {
        if notes.count < 200 { notes.append("line \(line): \(text)") }
    }

    /// The message from `index`: `first` plus, while its brackets are open, the lines after it up to the next line
    /// that starts a message of its own (``startsMessage(_:)``).
    ///
    /// A block the paste cut off (its brackets still open at the next message, at the end of the log or after
    /// ``maximumContinuationLines``) ends there, with a note naming its line, unless `noting` is false.
    private mutating func collect(
        _ lines: [LogLine], from index: Int, first: String, noting: Bool = true
    ) -> (String, Int) {
        var text = first
        var scan = BracketScan(json: Self.opensJSON(first))
        scan.feed(first)
        var opened = scan.depth > 0 || first.contains("{") || first.contains("(")
        var next = index + 1
        // A body that starts on the next line: `-[X onConversionDataSuccess:]:` then `{`.
        if !opened, first.trimmingCharacters(in: .whitespaces).isEmpty, next < lines.count,
            !Self.startsMessage(lines[next])
        {
            let candidate = lines[next].text.drop { $0 == " " }
            if candidate.first == "{" || candidate.first == "(" {
                text = String(lines[next].text)
                scan = BracketScan(json: Self.opensJSON(text))
                scan.feed(text)
                opened = true
                next += 1
            }
        }
        var taken = 0
        var stop: LogLine?
        while opened, scan.depth > 0, next < lines.count, taken < Self.maximumContinuationLines {
            let continuation = lines[next]
            if Self.startsMessage(continuation) {
                stop = continuation
                break
            }
            text += "\n" + continuation.text
            scan.newLine()
            scan.feed(continuation.text)
            next += 1
            taken += 1
        }
        if opened, scan.depth > 0, noting {
            let head = lines[index].text.drop { $0 == " " || $0 == "\t" }.prefix(48)
            let last = lines[next - 1].number
            let end =
                if let stop {
                    "before line \(stop.number), which starts a new message: read up to line \(last)"
                } else if next < lines.count {
                    "within \(Self.maximumContinuationLines) lines: read up to line \(last)"
                } else {
                    "before the log ends: read to its last line"
                }
            note(lines[index].number, "abridged: the block this line opens (`\(head)`) is not closed \(end)")
        }
        return (text, next)
    }

    /// Whether `text` opens a JSON block (`{"key":` or `[` on the same line), whose strings a wrapped line may split.
    static func opensJSON(_ text: String) -> Bool {
        guard let open = text.firstIndex(where: { $0 == "{" || $0 == "[" }) else { return false }
        let after = text[text.index(after: open)...].drop { $0 == " " }
        return after.first == "\"" || after.first == "{" || after.first == "[" || after.first == "}"
    }

    /// Whether a line starts a message of its own, so that no block before it runs on into it: a line with a
    /// console prefix or a time, one of the SDK's tags or message prefixes, or a message only the SDK prints.
    static func startsMessage(_ line: LogLine) -> Bool {
        if line.prefixed || line.time != nil || line.fromSDK { return true }
        let text = line.text.drop { $0 == " " || $0 == "\t" }
        if messageStarts.contains(where: { text.hasPrefix($0) }) { return true }
        return callbackMarkers.contains { line.text.contains($0) }
            || delegateMethods.contains { text.hasPrefix("\($0):]") }
    }

    /// How the SDK's own messages begin, with or without a prefix.
    static let messageStarts = [
        "[DDL]", "[Shortlink]", "[GCD-", "[HTTP]", "[CFG]", "[SKAd]", "[START]", "[WARNING]", "[SRD]",
        "[ATT]", "[EXM]", "[CACHE]", "[ERROR]", "[DEBUG]", "[INFO]", "<~+~", "AppsFlyer SDK version",
        "AppsFlyer: ",
        "UniversalLink/Deeplink found:", "NSUserActivity `webpageURL`", "handleOpenUrl:", "handleOpenURL:",
        "Shortlink found.", "handlePushNotification:", "performOnAppAttributionWithURL:",
    ]

    /// What marks a callback line, wherever it stands in the line.
    static let callbackMarkers = [
        "Calling didResolveDeepLink with:", "Delegate doesn't respond to", " onConversionDataSuccess:]",
        " onConversionDataFail:]", " onAppOpenAttribution:]", " onAppOpenAttributionFailure:]",
        "Calling onConversionDataSuccess with:", "Calling onConversionDataFail with:",
        "Calling onAppOpenAttribution with:", "Calling onAppOpenAttributionFailure with:",
    ]

    /// The bracket depth of a message read line by line, ignoring brackets in double-quoted strings.
    struct BracketScan {
        /// Whether the block is JSON, whose strings a wrapped line may split.
        ///
        /// JSON strings never hold a line break, so a string open at a line's end goes on in the next line; a
        /// dictionary printout's lines each stand alone.
        var json: Bool
        private(set) var depth = 0
        private var quoted = false
        private var escaped = false

        init(json: Bool) { self.json = json }

        mutating func newLine() {
            escaped = false
            if !json { quoted = false }
        }

        mutating func feed(_ text: some StringProtocol) {
            for byte in text.utf8 {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = quoted
                } else if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if !quoted {
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                        depth += 1
                    }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                        depth = max(0, depth - 1)
                    }
                }
            }
        }
    }

    /// The delegate methods a callback line names, the longer name first where one begins another.
    static let delegateMethods = [
        "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttributionFailure",
        "onAppOpenAttribution",
    ]

    /// `-[App.AppDelegate onConversionDataSuccess:]:` and the other delegate methods, or the `Calling X with:` shape.
    ///
    /// The method's name with its `:]` is enough: a terminal that wrapped the line may have left `-[App.AppDe`
    /// on the line before.
    static func callbackMethod(_ text: Substring) -> (name: String, marker: String)? {
        for name in delegateMethods {
            // At the start of the text too: a paste cut just before the name, its space taken off with the indent.
            if var range = text.hasPrefix("\(name):]")
                ? text.range(of: "\(name):]") : text.range(of: " \(name):]")
            {
                if range.upperBound < text.endIndex, text[range.upperBound] == ":" {
                    range = range.lowerBound..<text.index(after: range.upperBound)
                }
                return (name, String(text[text.startIndex..<range.upperBound]))
            }
            if let range = text.range(of: "Calling \(name) with:") {
                return (name, String(text[text.startIndex..<range.upperBound]))
            }
        }
        return nil
    }

    /// A line saying a callback found no delegate: `Delegate is 'nil' or does not respond to -[AppsFlyerLibDelegate
    /// onConversionDataSuccess:]` (the method's name, or a failure when the paste cut it), and `[DDL] Delegate doesn't
    /// respond to` followed by `didResolveDeepLink:` in backquotes.
    static func droppedCallback(_ text: Substring) -> Result<String, UnreadableResult>? {
        if text.contains("Delegate doesn't respond to") { return .success("didResolveDeepLink") }
        for marker in [
            "Delegate is 'nil' or does not respond to -[", "Delegate is `nil` or does not respond to -[",
        ] {
            guard let range = text.range(of: marker) else { continue }
            let rest = text[range.upperBound...]
            if let name = delegateMethods.first(where: { rest.contains(" \($0):]") }) {
                return .success(name)
            }
            return .failure(UnreadableResult(text: "names no whole method"))
        }
        return nil
    }

    /// A payload printed as JSON or as a dictionary description, typed as the real SDK types it.
    static func payload(_ text: String) -> AttributionPayload? {
        if case .object(let fields)? = json(text) { return AttributionPayload(fields) }
        // Published samples elide keys with `...` lines; the keys shown are still read.
        let shown = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return line != "..." && line != "…"
        }
        // A terminal that wrapped a long `key = value;` line broke it where no printout breaks a line; joined back
        // first, as a quoted value would otherwise keep the break.
        if case .object(let fields)? = PlistDescription.parse(Substring(unwrapped(shown))) {
            return AttributionPayload(typed(fields))
        }
        let trimmed = shown.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard case .object(let fields)? = PlistDescription.parse(Substring(trimmed)) else { return nil }
        return AttributionPayload(typed(fields))
    }

    /// A dictionary printout's lines with each wrapped line joined back: a printout ends every line with `;`, `,`,
    /// or a bracket, so a line that ends otherwise goes on in the next.
    static func unwrapped(_ lines: [Substring]) -> String {
        var text = ""
        for line in lines {
            let end = text.last { !$0.isWhitespace && !$0.isNewline }
            if text.isEmpty || end.map({ ";,{}()".contains($0) }) ?? true {
                if !text.isEmpty { text += "\n" }
                text += line
            } else {
                // A terminal breaks a line at its width and keeps every character.
                text += line
            }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Booleans back for the keys that hold them; every other scalar stays the string it printed as.
    static func typed(_ fields: [String: AttributionValue]) -> [String: AttributionValue] {
        var result: [String: AttributionValue] = [:]
        for (key, value) in fields {
            switch value {
            case .string(let text) where booleanKeys.contains(key):
                result[key] =
                    text == "1" || text == "true"
                    ? .bool(true) : text == "0" || text == "false" ? .bool(false) : value
            case .object(let inner): result[key] = .object(typed(inner))
            default: result[key] = value
            }
        }
        return result
    }

    /// JSON text, repaired when the paste broke a line inside a string.
    static func json(_ text: String) -> AttributionValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.first == "{" || trimmed.first == "[" else { return nil }
        if let value = try? AttributionValue(json: Array(trimmed.utf8)) { return value }
        let joined = trimmed.split(separator: "\n").joined()
        return try? AttributionValue(json: Array(joined.utf8))
    }

    /// Why a printed deep-link result could not be read.
    struct UnreadableResult: Error {
        /// What was wrong with it, as the note says it: "is not JSON or a dictionary printout (cut by the paste?)".
        var text: String
    }

    /// The keys a deep link's description or click event holds at its top level.
    static let deepLinkKeys: Set<String> = [
        "deep_link_value", "link", "match_type", "media_source", "campaign", "campaign_id",
        "click_http_referrer",
        "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5", "is_deferred", "pid", "c", "af_dp", "host",
        "path",
        "scheme",
    ]

    /// A deep-link result in any shape the SDK and the plugins print it: the deep link's description JSON (with or
    /// without `click_event`), a dictionary printout, a result with `status` and `deepLink`/`data`, or a leading status word.
    static func deepLink(_ text: String) -> Result<LoggedDeepLink, UnreadableResult> {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var status: String?
        let word = body.prefix { $0.isLetter || $0 == "_" }
        if let leading = normalStatus(String(word)),
            body.dropFirst(word.count).first.map({ !$0.isLetter }) ?? true
        {
            status = leading
            body = body.dropFirst(word.count).drop { $0 == " " || $0 == ":" }
        }
        if body.isEmpty, let status {
            return .success(LoggedDeepLink(status: status, isDeferred: nil, clickEvent: nil, error: nil))
        }
        guard let fields = payload(String(body))?.values else {
            if body.hasPrefix("<") {
                return .failure(
                    UnreadableResult(text: "is printed as an object (`\(body.prefix(48))`), with no values"))
            }
            return .failure(
                UnreadableResult(text: "is not JSON or a dictionary printout (cut by the paste?)"))
        }
        return deepLink(fields: fields, status: status)
    }

    /// A deep-link result from its fields.
    static func deepLink(
        fields: [String: AttributionValue], status leading: String?
    ) -> Result<LoggedDeepLink, UnreadableResult> {
        var status = leading
        for key in ["status", "deepLinkStatus", "deep_link_status"] {
            if let named = fields[key].flatMap({ normalStatus($0.textValue) }) { status = named }
        }
        var isDeferred: Bool?
        for key in ["is_deferred", "isDeferred"] {
            if let flag = fields[key].flatMap(flagValue) { isDeferred = flag }
        }
        var error: LoggedError?
        if case .object(let details)? = fields["error"] {
            error = LoggedError(
                domain: details["domain"]?.textValue ?? "", code: Int(details["code"]?.textValue ?? "") ?? -1,
                message: details["description"]?.textValue ?? "",
                underlyingCode: details["underlyingCode"].flatMap { Int($0.textValue) })
        } else if let described = fields["error"]?.textValue, let parsed = Self.error(described) {
            error = parsed
        }
        // The click event: nested as the SDK's description nests it, or under the deep link a plugin's result holds.
        var click: [String: AttributionValue]?
        for key in ["click_event", "clickEvent"] {
            if case .object(let inner)? = fields[key] { click = inner }
        }
        if click == nil {
            for key in ["deepLink", "deep_link", "data"] {
                guard case .object(let inner)? = fields[key] else { continue }
                if case .success(let nested) = deepLink(fields: inner, status: status ?? "FOUND"),
                    let clickEvent = nested.clickEvent
                {
                    click = clickEvent.values
                    isDeferred = isDeferred ?? nested.isDeferred
                }
            }
        }
        if click == nil, status == nil || status == "FOUND", error == nil {
            // The deep link printed flat (its own keys, no `click_event`): those keys are its values.
            var flat = fields
            for key in ["status", "deepLinkStatus", "deep_link_status", "isDeferred", "error", "type"] {
                flat[key] = nil
            }
            for (key, value) in flat where value == .null { flat[key] = nil }
            if !flat.isEmpty, status == "FOUND" || flat.keys.contains(where: deepLinkKeys.contains) {
                click = flat
            }
        }
        if let click {
            if isDeferred == nil, let flag = click["is_deferred"].flatMap(flagValue) { isDeferred = flag }
            return .success(
                LoggedDeepLink(
                    status: "FOUND", isDeferred: isDeferred, clickEvent: AttributionPayload(typed(click)),
                    error: nil))
        }
        if status == nil, error != nil { status = "ERROR" }
        guard let status else {
            return .failure(UnreadableResult(text: "has no status and no deep-link values"))
        }
        return .success(
            LoggedDeepLink(
                status: status, isDeferred: isDeferred, clickEvent: nil,
                error: status == "ERROR" ? error : nil))
    }

    /// A boolean printed as JSON, as `1`/`0` by a dictionary printout, or as text.
    static func flagValue(_ value: AttributionValue) -> Bool? {
        if let flag = value.boolValue { return flag }
        switch value.textValue.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }

    /// `FOUND`, `NOT_FOUND` or `ERROR` for the ways a status is printed (`found`, `notFound`, `failure`, …).
    static func normalStatus(_ text: String) -> String? {
        switch text.lowercased().replacingOccurrences(of: "_", with: "") {
        case "found": return "FOUND"
        case "notfound": return "NOT_FOUND"
        case "error", "failure": return "ERROR"
        default: return nil
        }
    }

    /// `Error Domain=D Code=N "message" UserInfo={NSUnderlyingError={Error Domain=NSURLErrorDomain Code=-1001 …}}`.
    static func error(_ printed: String) -> LoggedError? {
        // An error printed inside a string (`print("\(result)")`, a JSON log line) escapes its quotes.
        let text = printed.replacingOccurrences(of: "\\\"", with: "\"")
        guard let domainStart = text.range(of: "Error Domain=") else { return nil }
        let afterDomain = text[domainStart.upperBound...]
        let domain = String(afterDomain.prefix { !$0.isWhitespace })
        guard let codeStart = afterDomain.range(of: "Code=") else { return nil }
        let codeText = afterDomain[codeStart.upperBound...].prefix { $0.isNumber || $0 == "-" }
        guard let code = Int(codeText) else { return nil }
        var message = ""
        let afterCode = afterDomain[codeStart.upperBound...].dropFirst(codeText.count)
        if let open = afterCode.firstIndex(of: "\"") {
            let rest = afterCode[afterCode.index(after: open)...]
            message = String(rest.prefix { $0 != "\"" })
        }
        var underlying: Int?
        if let nested = afterCode.range(of: "Error Domain=NSURLErrorDomain Code=") {
            underlying = Int(afterCode[nested.upperBound...].prefix { $0.isNumber || $0 == "-" })
        }
        return LoggedError(domain: domain, code: code, message: message, underlyingCode: underlying)
    }

    /// The text after `marker` when the message starts with it, trimmed; `nil` otherwise.
    static func after(_ marker: String, in text: Substring) -> String? {
        guard text.hasPrefix(marker) else { return nil }
        let value = text.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// A URL's query items, by name (the last wins).
    static func query(_ url: String) -> [String: String] {
        guard let question = url.firstIndex(of: "?") else { return [:] }
        var items: [String: String] = [:]
        for pair in url[url.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            items[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return items
    }

    /// What marks a line as the Android SDK's: its logcat tag, its endpoint or its class names.
    static func androidMark(_ text: Substring) -> String? {
        for marker in [
            "/AppsFlyer_", " AppsFlyer_", "D/AppsFlyer", "I/AppsFlyer", "androidevent",
            "com.appsflyer.internal.",
        ] {
            if let range = text.range(of: marker) {
                if marker == " AppsFlyer_", !(text[range.upperBound...].first?.isNumber ?? false) { continue }
                let start = text.index(
                    range.lowerBound,
                    offsetBy: -min(12, text.distance(from: text.startIndex, to: range.lowerBound)))
                return String(text[start...].prefix(60))
            }
        }
        for marker in ["INAPP-", "CONVERSION-"] {
            if let range = text.range(of: marker), text[range.upperBound...].first?.isNumber ?? false {
                return String(text[range.lowerBound...].prefix(60))
            }
        }
        return nil
    }

    /// Whether the Android marks outnumber the iOS SDK lines, and no line is an iOS callback's: the log is Android's.
    var isAndroid: Bool {
        androidMarks > 0 && androidMarks >= recognised && !events.contains(where: \.kind.isCallback)
    }
}
