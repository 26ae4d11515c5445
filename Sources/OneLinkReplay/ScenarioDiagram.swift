public import Foundation
import OneLinkClicks
import OneLinkEmulator

/// A Mermaid sequence diagram of what one replay did: each step, request, answer and callback, in order.
///
/// The participants are the app, the SDK, the short-link resolver, the attribution
/// backend (conversion data and deferred deep links), the click service and the
/// delegates. Each step's first arrow carries the virtual time it started at
/// (`t+1500ms`), and a step whose outputs missed their expectations is marked with a
/// note where it happened. GitHub renders a fenced code block marked `mermaid` in Markdown.
///
/// ```swift
/// let diagram = try await ScenarioDiagram.replaying(contentsOf: url)
/// print(diagram.markdown)
/// ```
public struct ScenarioDiagram: Sendable {
    /// The scenario.
    public var scenario: Scenario
    /// What replaying it observed.
    public var result: ScenarioResult

    /// The longest label text; longer text is cut with `…`.
    public static let labelLimit = 90

    /// A diagram of a replay already run.
    public init(scenario: Scenario, result: ScenarioResult) {
        self.scenario = scenario
        self.result = result
    }

    /// Replays `scenario` and draws it.
    ///
    /// - Throws: ``ScenarioError`` when its backends cannot be built.
    public static func replaying(
        _ scenario: Scenario, profile: ValueProfile = .ios
    ) async throws(ScenarioError)
        -> ScenarioDiagram
    {
        let result = try await ScenarioRunner().run(scenario, profile: profile)
        return ScenarioDiagram(scenario: scenario, result: result)
    }

    /// Reads, replays and draws a scenario file.
    ///
    /// - Parameters:
    ///   - url: The scenario file.
    ///   - file: The name the diagram and messages use; the URL's path when `nil`.
    /// - Throws: ``ScenarioError`` when the file is not a valid scenario.
    public static func replaying(
        contentsOf url: URL, file: String? = nil, profile: ValueProfile = .ios
    )
        async throws(ScenarioError) -> ScenarioDiagram
    {
        try await replaying(Scenario(contentsOf: url, file: file), profile: profile)
    }

    /// The diagram in a fenced code block marked `mermaid`, as Markdown shows it.
    public var markdown: String { "```mermaid\n" + mermaid + "```\n" }

    /// The Mermaid source.
    public var mermaid: String {
        var lines = [
            "sequenceDiagram",
            "    %% " + Self.label("\(scenario.name) (\(result.file), profile \(result.profile.rawValue))"),
            "    participant App as App", "    participant SDK as SDK",
            "    participant Resolver as Short-link resolver",
            "    participant Backend as Attribution backend", "    participant Clicks as Click service",
            "    participant Delegates as Delegates",
        ]
        for (step, recorded) in zip(scenario.steps, result.steps) {
            lines += draw(step, recorded).map { "    " + $0 }
        }
        let verdict = result.passed ? "every step met its expectations" : "FAILED: see the marked steps"
        lines.append("    Note over App,Delegates: " + Self.label(verdict))
        return lines.joined(separator: "\n") + "\n"
    }

    private func draw(_ step: ScenarioStep, _ recorded: ScenarioResult.Step) -> [String] {
        let time = "t+\(recorded.trace.startMilliseconds)ms"
        var lines: [String] = []
        let (from, to, call) = Self.action(step.action)
        lines.append("\(from)->>\(to): " + Self.label("\(time) step \(recorded.index): \(call)"))
        var answered = Set<Int>()
        for request in recorded.trace.requests {
            switch request {
            case .conversion:
                lines.append("SDK->>Backend: " + Self.label("install_data (conversion data)"))
                let answer = recorded.observations.firstIndex {
                    $0.output == "onConversionDataSuccess" || $0.output == "onConversionDataFail"
                }
                lines.append(
                    "Backend-->>SDK: "
                        + Self.label(
                            answer.map { Self.answerText(recorded.observations[$0]) }
                                ?? "no answer within this step"))
                if let answer { answered.insert(answer) }
            case .deferred:
                lines.append("SDK->>Backend: " + Self.label("deferred deep link lookup"))
                let answer = recorded.observations.firstIndex {
                    $0.output == "didResolveDeepLink" && $0.fields["isDeferred"] == .bool(true)
                }
                lines.append(
                    "Backend-->>SDK: "
                        + Self.label(
                            answer.map { Self.answerText(recorded.observations[$0]) }
                                ?? "no deferred link in this step"))
            case .shortLink(let link):
                lines.append("SDK->>Resolver: " + Self.label("resolve \(link)"))
                let answer = recorded.observations.firstIndex {
                    ["onAppOpenAttribution", "onAppOpenAttributionFailure", "didResolveDeepLink"].contains(
                        $0.output)
                }
                lines.append(
                    "Resolver-->>SDK: "
                        + Self.label(
                            answer.map { Self.answerText(recorded.observations[$0]) }
                                ?? "no answer within this step"))
            }
        }
        for observation in recorded.observations {
            lines.append(Self.arrow(for: observation))
        }
        if !recorded.passed {
            let line = recorded.differences.first { !$0.hasSuffix(":") } ?? recorded.differences.first ?? ""
            let first = line.trimmingCharacters(in: .whitespaces)
            lines.append(
                "Note over SDK,Delegates: "
                    + Self.label("✗ step \(recorded.index) failed its expectations: \(first)"))
        }
        return lines
    }

    /// The arrow of one output: a callback to the delegates, a click answer, or an app-side event.
    static func arrow(for observation: ScenarioObservation) -> String {
        let fields = observation.fields
        switch observation.output {
        case "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
            "onAppOpenAttributionFailure",
            "didResolveDeepLink":
            var text = observation.output + "(" + summary(observation) + ")"
            if fields["dropped"] == .bool(true) { text += " dropped: no delegate set" }
            return "SDK->>Delegates: " + label(text)
        case "click", "clickError":
            var parts = [fields["decision"]?.textValue ?? fields["error"]?.textValue ?? "?"]
            if let status = fields["status"]?.textValue { parts.append("HTTP \(status)") }
            if let location = fields["location"]?.textValue { parts.append(location) }
            if fields["recorded"] == .bool(true) { parts.append("recorded") }
            return "Clicks-->>App: " + label(parts.joined(separator: ", "))
        case "delivery":
            let entryPoints = fields["entryPoints"]?.arrayValue?.map(\.textValue) ?? []
            let received = fields["received"]?.textValue ?? "?"
            return "App->>App: "
                + label("iOS calls \(entryPoints.joined(separator: ", ")), SDK link callbacks \(received)")
        case "sessionReady":
            return "SDK->>App: " + label("session-ready listener")
        case "log":
            return "Note over SDK: "
                + label("log \(fields["rule"]?.textValue ?? "") \(fields["message"]?.textValue ?? "")")
        default:
            let details = fields.keys.sorted().filter { $0 != "payload" }.prefix(3).map {
                "\($0) \(fields[$0]?.textValue ?? "")"
            }
            return "App->>App: " + label(([observation.output] + details).joined(separator: ", "))
        }
    }

    /// The gist of a callback or answer: the status, the failure kind, or the key link values.
    static func summary(_ observation: ScenarioObservation) -> String {
        let fields = observation.fields
        if let kind = fields["kind"]?.textValue { return "error \(kind)" }
        var parts: [String] = []
        if let status = fields["status"]?.textValue { parts.append(status) }
        if fields["isDeferred"] == .bool(true) { parts.append("deferred") }
        if let payload = fields["payload"] {
            for key in [
                "af_status", "media_source", "campaign", "deep_link_value", "is_first_launch", "match_type",
            ] {
                if let value = payload[key], value != .null { parts.append("\(key) \(value.textValue)") }
            }
        }
        return parts.joined(separator: ", ")
    }

    static func answerText(_ observation: ScenarioObservation) -> String {
        let text = summary(observation)
        return text.isEmpty ? "answered" : text
    }

    /// The sender, receiver and call text of a step's first arrow.
    static func action(_ action: ScenarioStep.Action) -> (String, String, String) {
        switch action {
        case .start: return ("App", "SDK", "start()")
        case .foreground: return ("App", "SDK", "foreground: start()")
        case .background: return ("App", "App", "background")
        case .handleOpen(let url, let source):
            return ("App", "SDK", "handleOpen(\(url))" + (source.map { " from \($0)" } ?? ""))
        case .universalLink(let url): return ("App", "SDK", "continue(userActivity: \(url))")
        case .push: return ("App", "SDK", "handlePushNotification")
        case .performOnAppAttribution(let url): return ("App", "SDK", "performOnAppAttribution(\(url))")
        case .advance(let milliseconds): return ("App", "App", "time passes: +\(milliseconds)ms")
        case .reinstall: return ("App", "SDK", "reinstall")
        case .relaunch: return ("App", "SDK", "relaunch")
        case .setDelegate(let deepLink):
            return ("App", "SDK", deepLink ? "set deepLinkDelegate" : "set delegate")
        case .clearDelegate(let deepLink):
            return ("App", "SDK", deepLink ? "clear deepLinkDelegate" : "clear delegate")
        case .behaviour: return ("App", "Backend", "backends change behaviour")
        case .launch: return ("App", "SDK", "launch")
        case .lifecycle(let signal): return ("App", "SDK", "lifecycle \(signal)")
        case .click(let request): return ("App", "Clicks", "click \(request.url)")
        case .delivery(.deliverLink(let wiring, let state, _)):
            return ("App", "SDK", "deliverLink: \(wiring) app, \(state)")
        case .delivery(.checkWiring(let wirings)):
            return ("App", "App", "checkWiring \(wirings.joined(separator: ", "))")
        case .sdkSettings: return ("App", "SDK", "SDK settings")
        default:
            return ("App", "App", ScenarioStep(action).kind)
        }
    }

    /// Text safe in a Mermaid message: one line, no statement separator or entity marker, bounded.
    static func label(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\n", "\r", "\t": result.append(" ")
            case ";": result.append(",")
            case "#": result.append("＃")
            case "<": result.append("‹")
            case ">": result.append("›")
            default: result.append(character)
            }
        }
        guard result.count > labelLimit else { return result }
        return String(result.prefix(labelLimit - 1)) + "…"
    }
}
