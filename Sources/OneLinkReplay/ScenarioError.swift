import OneLinkEmulator
import OneLinkSupport

/// Why a scenario file cannot be replayed: the file, the JSON path and what is wrong there.
///
/// ``description`` is the exact line the CLI prints, such as
/// `rule-01.json: $.steps[3].url: expected a string, found number`.
public struct ScenarioError: Error, Sendable, Hashable {
    /// What is wrong at ``path``.
    public enum Reason: Sendable, Hashable {
        /// The file cannot be read; the text says why, such as `is a folder, not a file`.
        case unreadable(String)
        /// The file is not valid JSON (or holds a duplicate key); the text says where.
        case invalidJSON(String)
        /// A value has the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// An object holds a field the format does not define.
        case unknownField(allowed: [String])
        /// A required field is absent.
        case missingField(String)
        /// A duration is not a number followed by a unit.
        case invalidDuration(String)
        /// A step names a kind the format does not define.
        case unknownStep(String)
        /// A value has the right type but is not allowed; the text says why.
        case invalidValue(String)
    }

    /// The file the scenario came from, as given to the decoder.
    public var file: String
    /// The JSON path of the problem, such as `$.steps[3].url`.
    public var path: String
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    public init(file: String, path: String, reason: Reason) {
        self.file = file
        self.path = path
        self.reason = reason
    }
}

extension ScenarioError.Reason: CustomStringConvertible {
    /// The message part of the error line.
    public var description: String {
        switch self {
        case .unreadable(let message): return message
        case .invalidJSON(let message): return message
        case .wrongType(let expected, let found): return "expected \(expected), found \(found)"
        case .unknownField(let allowed): return "unknown field (expected \(allowed.joined(separator: ", ")))"
        case .missingField(let name): return "missing required field \"\(name)\""
        case .invalidDuration(let text):
            return
                "invalid duration \"\(QuotedInput.prefix(text))\" (expected a number and a unit ms, s, m, h or d, such as \"-3m\")"
        case .unknownStep(let kind):
            return
                "unknown step \"\(QuotedInput.prefix(kind))\" (expected one of: \(ScenarioStep.kindNames.joined(separator: ", ")))"
        case .invalidValue(let message): return message
        }
    }
}

extension ScenarioError: CustomStringConvertible {
    /// `FILE: PATH: MESSAGE`, or `FILE: MESSAGE` when the file cannot be read at all.
    ///
    /// Input quoted in the message is cut to a bounded prefix that says how much was left out,
    /// and so is a path built from long keys.
    public var description: String {
        if case .unreadable = reason { return "\(file): \(reason)" }
        return "\(file): \(QuotedInput.message(path, limit: 256)): \(QuotedInput.message(reason.description))"
    }
}
