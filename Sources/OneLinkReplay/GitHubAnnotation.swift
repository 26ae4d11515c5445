import Foundation
import OneLinkEmulator
import OneLinkSupport

/// A GitHub Actions workflow command that annotates a line of a file: `::error file=…,line=…::message`.
///
/// GitHub shows it on the pull request's diff and in the run's summary. The
/// message is escaped as GitHub's workflow-command docs say (`%` → `%25`,
/// `\r` → `%0D`, `\n` → `%0A`), and so are property values, which also escape
/// `:` → `%3A` and `,` → `%2C`.
public struct GitHubAnnotation: Sendable, Hashable {
    /// The annotation's level.
    public enum Level: String, Sendable, Hashable {
        /// `::error`.
        case error
        /// `::warning`.
        case warning
        /// `::notice`.
        case notice
    }

    /// The level.
    public var level: Level
    /// The file, relative to the repository root as the run command was given it.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// A short title.
    public var title: String?
    /// The message, which may span lines.
    public var message: String

    /// Creates an annotation.
    public init(level: Level = .error, file: String, line: Int? = nil, title: String? = nil, message: String)
    {
        self.level = level
        self.file = file
        self.line = line
        self.title = title
        self.message = message
    }

    /// The workflow command line, without a trailing newline.
    public var command: String {
        var properties = ["file=" + Self.escapedProperty(file)]
        if let line { properties.append("line=\(line)") }
        if let title { properties.append("title=" + Self.escapedProperty(title)) }
        return "::\(level.rawValue) \(properties.joined(separator: ","))::\(Self.escapedData(message))"
    }

    /// One annotation per failed step, on the step's line in the scenario file.
    ///
    /// - Parameters:
    ///   - result: A replayed scenario.
    ///   - sourceMap: The scenario file's map; without one, or for a step it lacks, the line is left out.
    public static func annotations(
        for result: ScenarioResult, sourceMap: ScenarioSourceMap?
    ) -> [GitHubAnnotation] {
        result.steps.filter { !$0.passed }.map { step in
            GitHubAnnotation(
                file: result.file, line: sourceMap?.line(ofStep: step.index),
                title: "\(result.name): step \(step.index) (\(step.kind))",
                message: step.differences.joined(separator: "\n"))
        }
    }

    /// The annotation of a file that is not a valid scenario, on the line of the path it names.
    public static func annotation(for error: ScenarioError, sourceMap: ScenarioSourceMap?) -> GitHubAnnotation
    {
        GitHubAnnotation(
            file: error.file, line: sourceMap?.line(of: error.path), title: "invalid scenario",
            message: QuotedInput.message(error.description, limit: 2048))
    }

    /// A message escaped for a workflow command.
    public static func escapedData(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": return "%25"
            case "\r": return "%0D"
            case "\n": return "%0A"
            default: return nil
            }
        }
    }

    /// A property value escaped for a workflow command.
    public static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingScalars { scalar in
            switch scalar {
            case ":": return "%3A"
            case ",": return "%2C"
            default: return nil
            }
        }
    }
}
