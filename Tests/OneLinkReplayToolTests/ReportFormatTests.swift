import Foundation
import OneLinkReplay
import Testing

@testable import onelink_replay

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The structural rules of the JUnit schema that Jenkins' xUnit plugin publishes.
///
/// The schema is `junit-10.xsd`, whose shape GitLab's JUnit report reader also accepts: the
/// elements each element may hold, the attributes it may carry and those it must. Facts taken
/// from that schema; `Tests/CIReportSamples` holds a sample in that shape.
enum JUnitSchema {
    struct Rule {
        var children: Set<String>
        var attributes: Set<String>
        var required: Set<String>
        var text: Bool
    }

    static let result = Rule(children: [], attributes: ["type", "message"], required: [], text: true)
    static let textOnly = Rule(children: [], attributes: [], required: [], text: true)

    static let rules: [String: Rule] = [
        "testsuites": Rule(
            children: ["testsuite"], attributes: ["name", "time", "tests", "failures", "errors"],
            required: [],
            text: false),
        "testsuite": Rule(
            children: ["testsuite", "properties", "testcase", "system-out", "system-err"],
            attributes: [
                "name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname",
                "id",
                "package", "file", "log", "url",
            ], required: ["name", "tests", "failures", "errors"], text: false),
        "properties": Rule(children: ["property"], attributes: [], required: [], text: false),
        "property": Rule(
            children: [], attributes: ["name", "value"], required: ["name", "value"], text: false),
        "testcase": Rule(
            children: [
                "skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError",
                "system-out", "system-err",
            ], attributes: ["name", "time", "classname", "group"], required: ["name"], text: false),
        "failure": result, "error": result, "skipped": result,
        "system-out": textOnly, "system-err": textOnly,
    ]

    /// The schema's time pattern (digits, optional thousands commas, optional decimals).
    static func isTime(_ text: String) -> Bool {
        text.range(of: #"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$"#, options: .regularExpression)
            != nil
    }

    /// Every way `xml` breaks the rules; empty when it is a valid report.
    static func problems(_ xml: String) -> [String] {
        #if canImport(FoundationXML) || canImport(Darwin)
            let document: XMLDocument
            do {
                document = try XMLDocument(xmlString: xml, options: [])
            } catch {
                return ["not well-formed XML: \(error)"]
            }
            guard let root = document.rootElement(), root.name == "testsuites" || root.name == "testsuite"
            else {
                return ["the root is not testsuites or testsuite"]
            }
            var found: [String] = []
            check(root, into: &found)
            return found
        #else
            return ["no XML parser on this platform"]
        #endif
    }

    #if canImport(FoundationXML) || canImport(Darwin)
        static func check(_ element: XMLElement, into found: inout [String]) {
            let name = element.name ?? "?"
            guard let rule = rules[name] else {
                found.append("unknown element <\(name)>")
                return
            }
            let attributes = Set((element.attributes ?? []).compactMap(\.name))
            for extra in attributes.subtracting(rule.attributes) {
                found.append("<\(name)> has no attribute \(extra)")
            }
            for missing in rule.required.subtracting(attributes) {
                found.append("<\(name)> lacks \(missing)")
            }
            if let time = element.attribute(forName: "time")?.stringValue, name != "testcase", !isTime(time) {
                found.append("<\(name)> time \(time) is not a schema time")
            }
            for child in element.children ?? [] {
                if let child = child as? XMLElement {
                    if !rule.children.contains(child.name ?? "") {
                        found.append("<\(name)> may not hold <\(child.name ?? "?")>")
                    }
                    check(child, into: &found)
                } else if child.kind == .text, !rule.text,
                    !(child.stringValue ?? "").allSatisfy(\.isWhitespace)
                {
                    found.append("<\(name)> may not hold text")
                }
            }
        }
    #endif
}

/// A workflow command parsed the way the GitHub Actions runner parses `::name props::data` lines.
struct WorkflowCommand: Equatable {
    var name: String
    var properties: [String: String]
    var data: String

    init?(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("::") else { return nil }
        let body = text.dropFirst(2)
        guard let end = body.range(of: "::") else { return nil }
        let info = body[..<end.lowerBound]
        data = Self.unescape(String(body[end.upperBound...]), property: false)
        let parts = info.split(separator: " ", maxSplits: 1)
        guard let first = parts.first, !first.isEmpty else { return nil }
        name = String(first)
        properties = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                guard keyValue.count == 2 else { return nil }
                properties[String(keyValue[0])] = Self.unescape(String(keyValue[1]), property: true)
            }
        }
    }

    static func unescape(_ text: String, property: Bool) -> String {
        var result = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(
            of: "%0A", with: "\n")
        if property {
            result = result.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(
                of: "%2C", with: ",")
        }
        return result.replacingOccurrences(of: "%25", with: "%")
    }
}

@Suite("run --format junit and --format github", .timeLimit(.minutes(5)))
struct ReportFormatTests {
    static let samples = Fixtures.packageRoot.appendingPathComponent("Tests/CIReportSamples")

    /// Step 1 (line 6) fails: the install is organic, the expectation says non-organic.
    static let failing = """
        {
          "name": "Hostile <name> & \\"quotes\\"",
          "backend": {"install": "organic"},
          "steps": [
            {"do": "advance", "by": "1s"},
            {
              "do": "start",
              "expect": [{"output": "onConversionDataSuccess", "match": "subset", "payload": {"af_status": "100% broken, really: <no>"}}]
            },
            {"do": "background"}
          ]
        }
        """

    static let passing = """
        {"name": "passes", "backend": {"install": "organic"}, "steps": [
          {"do": "start", "expect": [{"output": "onConversionDataSuccess", "match": "subset", "payload": {"af_status": "Organic"}}]}
        ]}
        """

    static func run(_ arguments: [String]) async -> (Int32, CapturedOutput) {
        await RunCommandTests.run(arguments)
    }

    @Test("the checked-in sample meets the JUnit schema's rules, and the rules catch what it forbids")
    func sampleMeetsSchema() throws {
        let sample = try String(
            contentsOf: Self.samples.appendingPathComponent("junit-accepted.xml"), encoding: .utf8)
        #expect(JUnitSchema.problems(sample) == [])
        let withFile = sample.replacingOccurrences(
            of: "<testcase name=\"passes\"", with: "<testcase file=\"x\" name=\"passes\"")
        #expect(JUnitSchema.problems(withFile) == ["<testcase> has no attribute file"])
        let noName = sample.replacingOccurrences(of: "<testsuite name=\"sample\" ", with: "<testsuite ")
        #expect(JUnitSchema.problems(noName) == ["<testsuite> lacks name"])
        let bogus = sample.replacingOccurrences(of: "<properties>", with: "<bogus/><properties>")
        #expect(JUnitSchema.problems(bogus).contains("unknown element <bogus>"))
    }

    @Test("junit: one test case per scenario, the step diff as the failure, the schema's shape, exit 1")
    func junitReport() async throws {
        let folder = try Fixtures.temporaryFolder()
        let bad = try RunCommandTests.write(Self.failing, named: "a-failing.json", in: folder)
        let good = try RunCommandTests.write(Self.passing, named: "b-passing.json", in: folder)
        let (status, output) = await Self.run(["--format", "junit", folder.path])
        #expect(status == 1)
        let xml = output.standardOutput
        #expect(JUnitSchema.problems(xml) == [], "\(xml)")
        #if canImport(FoundationXML) || canImport(Darwin)
            let document = try XMLDocument(xmlString: xml, options: [])
            let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap {
                $0 as? XMLElement
            }
            #expect(cases.count == 2)
            #expect(cases.first?.attribute(forName: "name")?.stringValue == "Hostile <name> & \"quotes\"")
            let failures = try document.nodes(forXPath: "//failure").compactMap { $0 as? XMLElement }
            #expect(failures.count == 1)
            let result = try await ScenarioRunner().run(contentsOf: URL(fileURLWithPath: bad))
            #expect(failures.first?.stringValue == result.failureReport)
            #expect(
                failures.first?.attribute(forName: "message")?.stringValue?.contains("step 1 (start)") == true
            )
            #expect(document.rootElement()?.attribute(forName: "failures")?.stringValue == "1")
            #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "2")
            #expect(try document.nodes(forXPath: "//testcase[2]/failure").isEmpty)
        #endif
        let (passStatus, passOutput) = await Self.run(["--format=junit", good])
        #expect(passStatus == 0)
        #expect(passOutput.standardOutput.contains("tests=\"1\" failures=\"0\" errors=\"0\""))
    }

    @Test("junit: an invalid file is an <error> test case and the exit status stays 2")
    func junitInvalid() async throws {
        let folder = try Fixtures.temporaryFolder()
        _ = try RunCommandTests.write(
            #"{"name": "x", "steps": [{"do": "fly"}]}"#, named: "bad.json", in: folder)
        _ = try RunCommandTests.write(Self.passing, named: "good.json", in: folder)
        let (status, output) = await Self.run(["--format", "junit", folder.path])
        #expect(status == 2)
        #expect(JUnitSchema.problems(output.standardOutput) == [])
        #expect(output.standardOutput.contains("<error message=\""))
        #expect(output.standardOutput.contains("errors=\"1\""))
        #expect(output.standardError.contains("unknown step"))
    }

    @Test("junit: a control character XML forbids becomes text, and the document stays well-formed")
    func junitControlCharacters() async throws {
        let folder = try Fixtures.temporaryFolder()
        let text = Self.passing.replacingOccurrences(
            of: #""name": "passes""#, with: #""name": "bell\u0007 tab\t""#)
        _ = try RunCommandTests.write(text, named: "control.json", in: folder)
        let (status, output) = await Self.run(["--format", "junit", folder.path])
        #expect(status == 0)
        #expect(JUnitSchema.problems(output.standardOutput) == [])
        #expect(output.standardOutput.contains("name=\"bellU+0007 tab&#9;\""))
    }

    @Test("github: the checked-in documented commands parse with the runner's rules")
    func githubSamplesParse() throws {
        let text = try String(
            contentsOf: Self.samples.appendingPathComponent("github-annotations.txt"), encoding: .utf8)
        let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            WorkflowCommand(String($0))
        }
        #expect(commands.count == 4 && commands.allSatisfy { $0 != nil })
        #expect(commands[0]?.properties["title"] == "Error Title")
        #expect(commands[3]?.properties == ["file": "src/a,b.json", "line": "12", "title": "Step: 3"])
        #expect(commands[3]?.data == "first line\nsecond line 100%")
        let ours = GitHubAnnotation(
            file: "src/a,b.json", line: 12, title: "Step: 3", message: "first line\nsecond line 100%")
        #expect(ours.command == String(text.split(separator: "\n").last ?? ""))
    }

    @Test("github: an ::error on the failing step's real line, escaped, with the human lines; exit 1")
    func githubAnnotations() async throws {
        let folder = try Fixtures.temporaryFolder()
        let file = try RunCommandTests.write(Self.failing, named: "odd, name: 100%.json", in: folder)
        let (status, output) = await Self.run(["--format", "github", file])
        #expect(status == 1)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("FAIL Hostile") == true)
        let commands = lines.compactMap(WorkflowCommand.init)
        #expect(commands.count == 1)
        let command = try #require(commands.first)
        #expect(command.name == "error")
        #expect(command.properties["file"] == file)
        // The step object `$.steps[1]` opens on line 6 of `failing`.
        #expect(command.properties["line"] == "6")
        #expect(Self.failing.split(separator: "\n", omittingEmptySubsequences: false)[5].contains("{"))
        #expect(command.properties["title"] == "Hostile <name> & \"quotes\": step 1 (start)")
        let result = try await ScenarioRunner().run(contentsOf: URL(fileURLWithPath: file))
        #expect(command.data == result.steps[1].differences.joined(separator: "\n"))
        #expect(command.data.contains("100% broken, really: <no>"))
        #expect(lines.last == "1 scenario: 0 passed, 1 failed, 0 invalid (profile ios)")
    }

    @Test("github: an invalid file is annotated on the line of the field it trips on; exit 2")
    func githubInvalid() async throws {
        let folder = try Fixtures.temporaryFolder()
        let file = try RunCommandTests.write(
            "{\n  \"name\": \"x\",\n  \"steps\": [\n    {\"do\": \"start\"},\n    {\"do\": \"advance\",\n     \"by\": 12}\n  ]\n}\n",
            named: "invalid.json", in: folder)
        let (status, output) = await Self.run(["--format", "github", file])
        #expect(status == 2)
        let command = try #require(
            output.standardOutput.split(separator: "\n").compactMap { WorkflowCommand(String($0)) }.first)
        #expect(command.properties["line"] == "6")
        #expect(command.data.contains("$.steps[1].by"))
    }

    @Test("the source map gives each step's and field's line, and survives broken JSON")
    func sourceMap() {
        let map = ScenarioSourceMap(json: Array(Self.failing.utf8))
        #expect(map.line(ofStep: 0) == 5)
        #expect(map.line(ofStep: 1) == 6)
        #expect(map.line(ofStep: 2) == 10)
        #expect(map.line(of: "$.steps[1].expect[0].payload.af_status") == 8)
        #expect(map.line(of: "$.steps[1].nothing.here") == 6)
        #expect(map.line(of: "$.name") == 2)
        let broken = ScenarioSourceMap(json: Array("{\n\"steps\": [\n{}, \n{\"do\": ".utf8))
        #expect(broken.line(ofStep: 1) == 4)
        #expect(broken.line(ofStep: 2) == nil)
        #expect(ScenarioSourceMap(json: Array("{\"a b\": {\"c\": 1}}".utf8)).line(of: "$[\"a b\"].c") == 1)
    }
}
