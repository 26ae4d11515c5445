import Foundation
import Testing

@testable import onelink_replay

@Suite("onelink-replay diagram", .timeLimit(.minutes(5)))
struct DiagramCommandTests {
    @Test("the command: exit 0 written, 1 with a failed step, 2 for usage errors and invalid files")
    func command() async throws {
        let folder = try Fixtures.temporaryFolder()
        let good = Fixtures.scenarios.appendingPathComponent("flow-short-link.json").path
        let written = await tool(["diagram", "--markdown", good])
        #expect(written.status == 0)
        #expect(written.output.hasPrefix("```mermaid\nsequenceDiagram\n"))
        let bad = try RunCommandTests.write(RunCommandTests.broken, named: "broken.json", in: folder)
        let failing = await tool(["diagram", bad])
        #expect(failing.status == 1)
        #expect(failing.output.contains("✗ step 0 failed"))
        let invalid = try RunCommandTests.write(#"{"steps": 3}"#, named: "invalid.json", in: folder)
        let errors = await tool(["diagram", invalid])
        #expect(errors.status == 2)
        #expect(errors.errors.contains("invalid.json"))
        let none = await tool(["diagram"])
        #expect(none.status == 2)
        #expect(
            none.errors.hasPrefix("onelink-replay diagram: expected exactly one scenario file\n\nUSAGE: "))
        let bogus = await tool(["diagram", "--bogus", good])
        #expect(bogus.status == 2)
        #expect(bogus.errors.hasPrefix("onelink-replay diagram: unknown option --bogus\n"))
    }

    @Test("--profile=VALUE and --profile VALUE read the same; a bad profile names the values")
    func profileForms() async throws {
        let good = Fixtures.scenarios.appendingPathComponent("flow-short-link.json").path
        let spaced = await tool(["diagram", "--profile", "documented", good])
        let joined = await tool(["diagram", "--profile=documented", good])
        #expect(spaced.status == 0)
        #expect(spaced.output == joined.output)
        let bad = await tool(["diagram", "--profile=web", good])
        #expect(bad.status == 2)
        #expect(
            bad.errors.hasPrefix(
                "onelink-replay diagram: --profile must be ios, documented, android or strings, got web\n"))
    }
}
