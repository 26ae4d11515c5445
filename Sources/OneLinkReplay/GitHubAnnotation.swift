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
    /// The file, relative to the repository root (see ``repositoryPath(of:workingDirectory:repositoryRoot:)``).
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

    /// The repository root GitHub reads annotation paths from: `GITHUB_WORKSPACE` when it is set,
    /// otherwise the nearest folder at or above `directory` that holds `.git` (a folder, or the
    /// file of a worktree or submodule); `nil` when there is neither.
    ///
    /// A package nested in a repository (`Tests/ExampleConsumer`) runs the tool in its own folder,
    /// so the paths it is given start below the root.
    public static func repositoryRoot(environment: [String: String], startingAt directory: String) -> String?
    {
        if let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty { return workspace }
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `file` relative to `repositoryRoot`, the form GitHub places on a pull request's diff.
    ///
    /// A relative `file` starts at `workingDirectory`. Symbolic links are resolved on both sides
    /// (`/tmp` and `/private/tmp` on macOS). A file outside the root, or no root, leaves `file`
    /// as it was given.
    public static func repositoryPath(
        of file: String, workingDirectory: String, repositoryRoot: String?
    ) -> String {
        guard let repositoryRoot else { return file }
        let absolute =
            file.hasPrefix("/")
            ? URL(fileURLWithPath: file) : URL(fileURLWithPath: workingDirectory).appendingPathComponent(file)
        let fileComponents = absolute.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let rootComponents = URL(fileURLWithPath: repositoryRoot).standardizedFileURL
            .resolvingSymlinksInPath()
            .pathComponents
        guard fileComponents.count > rootComponents.count,
            Array(fileComponents.prefix(rootComponents.count)) == rootComponents
        else { return file }
        return fileComponents.dropFirst(rootComponents.count).joined(separator: "/")
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
