import Foundation
import OneLinkReplay
import Testing

@Suite("onelink-replay diagram", .timeLimit(.minutes(5)))
struct DiagramTests {
    static let guides = ["Docs/behaviour.md", "Docs/delivery-paths.md", "Docs/scenarios.md"]

    static func diagram(_ name: String) async throws -> ScenarioDiagram {
        try await ScenarioDiagram.replaying(
            contentsOf: Fixtures.scenarios.appendingPathComponent(name), file: "Payloads/scenarios/\(name)")
    }

    /// The message lines of a diagram (`A->>B: text`, `A-->>B: text`).
    static func messages(_ mermaid: String) -> [(from: String, to: String, text: String)] {
        mermaid.split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard let arrow = text.range(of: "->>"), let colon = text.range(of: ": ") else { return nil }
            let from = text[..<arrow.lowerBound].replacingOccurrences(of: "-", with: "")
            return (
                String(from), String(text[arrow.upperBound..<colon.lowerBound]),
                String(text[colon.upperBound...])
            )
        }
    }

    @Test(
        "every diagram block in the guides matches its scenario (regenerate with --update)", arguments: guides
    )
    func guidesAreCurrent(_ guide: String) async throws {
        let url = Fixtures.packageRoot.appendingPathComponent(guide)
        let text = try String(contentsOf: url, encoding: .utf8)
        let (updated, scenarios) = try await ScenarioDiagram.updatingBlocks(
            in: text, root: Fixtures.packageRoot)
        #expect(!scenarios.isEmpty, "\(guide) has no <!-- diagram: … --> block")
        #expect(
            updated == text,
            "\(guide): a diagram no longer matches its scenario; run `swift run onelink-replay diagram --update \(guide)`"
        )
    }

    @Test("the participants, the order of request, answer and callback, and the virtual time")
    func shortLinkFlow() async throws {
        let diagram = try await Self.diagram("rule-06-deep-link-timeout.json")
        let mermaid = diagram.mermaid
        #expect(mermaid.hasPrefix("sequenceDiagram\n"))
        for participant in ["App", "SDK", "Resolver", "Backend", "Clicks", "Delegates"] {
            #expect(mermaid.contains("participant \(participant) as "))
        }
        let messages = Self.messages(mermaid)
        #expect(
            messages.map(\.from).allSatisfy { ["App", "SDK", "Resolver", "Backend", "Clicks"].contains($0) })
        #expect(
            messages.map { "\($0.from)>\($0.to)" } == [
                "App>SDK", "SDK>Resolver", "Resolver>SDK", "App>App", "App>App", "SDK>Delegates",
            ])
        #expect(messages[0].text.hasPrefix("t+0ms step 0: continue(userActivity: "))
        #expect(messages[1].text == "resolve H5hv/abc")
        #expect(messages[4].text == "t+1499ms step 2: time passes: +1ms")
        #expect(messages[5].text == "onAppOpenAttributionFailure(error TIMEOUT)")
        #expect(diagram.markdown == "```mermaid\n" + mermaid + "```\n")
    }

    @Test("a failed expectation is marked right after the step that missed it")
    func failureMarked() async throws {
        let scenario = try decode(
            """
            {"name": "x; #1 <b>", "backend": {"install": "organic"}, "steps": [
              {"do": "start", "expect": [{"output": "onConversionDataSuccess", "match": "subset", "payload": {"af_status": "Non-organic"}}]},
              {"do": "advance", "by": "1s"}
            ]}
            """)
        let diagram = try await ScenarioDiagram.replaying(scenario)
        let lines = diagram.mermaid.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let note = try #require(lines.firstIndex { $0.hasPrefix("Note over SDK,Delegates: ✗ step 0 failed") })
        let nextStep = try #require(lines.firstIndex { $0.contains("step 1: time passes") })
        let callback = try #require(
            lines.firstIndex { $0.hasPrefix("SDK->>Delegates: onConversionDataSuccess") })
        #expect(callback < note && note < nextStep)
        #expect(lines[note].contains("payload.af_status"))
        #expect(lines.last == "Note over App,Delegates: FAILED: see the marked steps")
        // Labels never carry Mermaid's statement separator or entity marker, nor markup.
        #expect(
            !diagram.mermaid.contains(";") && !diagram.mermaid.contains("#") && !diagram.mermaid.contains("<")
        )
    }

    @Test("a click, the install it leads to, and both backend lookups")
    func serverFlow() async throws {
        let messages = Self.messages(try await Self.diagram("server-click-install-first-launch.json").mermaid)
        let pairs = messages.map { "\($0.from)>\($0.to)" }
        #expect(pairs.prefix(2) == ["App>Clicks", "Clicks>App"])
        #expect(messages[1].text.contains("redirect, HTTP 302"))
        let start = try #require(messages.firstIndex { $0.text.contains("step 2: start()") })
        #expect(
            Array(pairs[(start + 1)...].prefix(4)) == [
                "SDK>Backend", "Backend>SDK", "SDK>Backend", "Backend>SDK",
            ])
        #expect(messages[start].text.hasPrefix("t+180000ms"))
    }

    @Test("--update rewrites a stale block and leaves the rest; a block without its end marker is refused")
    func update() async throws {
        let root = Fixtures.packageRoot
        let stale =
            "# Guide\n\n<!-- diagram: Payloads/scenarios/rule-03-organic.json -->\nold\n<!-- /diagram -->\ntail\n"
        let (text, scenarios) = try await ScenarioDiagram.updatingBlocks(in: stale, root: root)
        #expect(scenarios == ["Payloads/scenarios/rule-03-organic.json"])
        let expected = try await Self.diagram("rule-03-organic.json").markdown
        #expect(
            text == "# Guide\n\n<!-- diagram: Payloads/scenarios/rule-03-organic.json -->\n" + expected
                + "<!-- /diagram -->\ntail\n")
        await #expect(throws: ScenarioError.self) {
            _ = try await ScenarioDiagram.updatingBlocks(
                in: "<!-- diagram: Payloads/scenarios/rule-03-organic.json -->\nold\n", root: root)
        }
    }
}
