import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The `run` command's results as JUnit XML, the test report CI systems read.
///
/// One `<testcase>` per scenario inside one `<testsuite>`: a failed scenario
/// carries a `<failure>` whose message names the failing steps and whose text is
/// the step diff (``ScenarioResult/failureReport``); a file that is not a valid
/// scenario is an `<error>`. The document keeps to the elements and attributes of
/// the JUnit schema that Jenkins (`junit-10.xsd` of the xUnit plugin) and GitLab
/// accept: `testsuites`, `testsuite` (`name`, `tests`, `failures`, `errors`,
/// `skipped`, `time`), `testcase` (`name`, `classname`, `time`), `failure` and
/// `error` (`message`, `type`) and `system-out`.
public struct JUnitReport: Sendable {
    /// One scenario's test case.
    public struct TestCase: Sendable, Hashable {
        /// The outcome of a test case.
        public enum Outcome: Sendable, Hashable {
            /// Every step met its expectations.
            case passed
            /// A step did not: a one-line message and the full diff.
            case failed(message: String, details: String)
            /// The file is not a valid scenario: the error line.
            case invalid(message: String)
        }

        /// The scenario's name (the file name for an invalid file).
        public var name: String
        /// The scenario file.
        public var file: String
        /// Wall-clock seconds the replay took.
        public var seconds: Double
        /// What happened.
        public var outcome: Outcome
    }

    /// The suite's name.
    public var name: String
    /// The test cases, in report order.
    public private(set) var testCases: [TestCase] = []

    /// Creates an empty report.
    public init(name: String = "onelink-replay") {
        self.name = name
    }

    /// Adds a replayed scenario.
    public mutating func add(_ result: ScenarioResult, seconds: Double = 0) {
        let failed = result.steps.filter { !$0.passed }
        let outcome: TestCase.Outcome
        if failed.isEmpty {
            outcome = .passed
        } else {
            let steps = failed.map { "step \($0.index) (\($0.kind))" }.joined(separator: ", ")
            outcome = .failed(
                message: "\(result.file): \(steps) did not produce the expected outputs",
                details: result.failureReport)
        }
        testCases.append(TestCase(name: result.name, file: result.file, seconds: seconds, outcome: outcome))
    }

    /// Adds a file that is not a valid scenario.
    public mutating func add(_ error: ScenarioError) {
        let name = (error.file as NSString).lastPathComponent
        testCases.append(
            TestCase(
                name: name, file: error.file, seconds: 0,
                outcome: .invalid(message: QuotedInput.message(error.description, limit: 2048))))
    }

    /// The XML document.
    public var xml: String {
        var failures = 0
        var errors = 0
        var total = 0.0
        for testCase in testCases {
            total += testCase.seconds
            switch testCase.outcome {
            case .passed: break
            case .failed: failures += 1
            case .invalid: errors += 1
            }
        }
        let counts =
            "tests=\"\(testCases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<testsuites name=\"\(Self.escaped(name))\" \(counts) time=\"\(Self.seconds(total))\">\n"
        text +=
            "  <testsuite name=\"\(Self.escaped(name))\" \(counts) skipped=\"0\" time=\"\(Self.seconds(total))\">\n"
        for testCase in testCases {
            text +=
                "    <testcase name=\"\(Self.escaped(testCase.name))\" "
                + "classname=\"\(Self.escaped(Self.className(testCase.file)))\" "
                + "time=\"\(Self.seconds(testCase.seconds))\">\n"
            switch testCase.outcome {
            case .passed: break
            case .failed(let message, let details):
                text +=
                    "      <failure message=\"\(Self.escaped(message))\" type=\"ExpectationMismatch\">"
                    + Self.escaped(details, attribute: false) + "</failure>\n"
            case .invalid(let message):
                text +=
                    "      <error message=\"\(Self.escaped(message))\" type=\"InvalidScenario\">"
                    + Self.escaped(message, attribute: false) + "</error>\n"
            }
            text += "      <system-out>\(Self.escaped(testCase.file))</system-out>\n"
            text += "    </testcase>\n"
        }
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }

    /// `Payloads/scenarios/flow-short-link.json` → `Payloads.scenarios.flow-short-link`: CI tools
    /// group test cases by the dotted class name, so the folders become its packages.
    static func className(_ file: String) -> String {
        var path = file
        if path.hasSuffix(".json") { path.removeLast(5) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path.split(separator: "/").joined(separator: ".")
    }

    /// Seconds with three decimals, such as `0.012`.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }

    /// Text safe in an XML attribute (line breaks as character references, which a parser would
    /// otherwise fold into spaces) or element; characters XML 1.0 forbids become `U+XXXX` text.
    static func escaped(_ text: String, attribute: Bool = true) -> String {
        HTMLText.escaped(text, controls: attribute ? .referenceLineBreaks : .keepLineBreaks)
    }
}
