public import OneLinkEmulator

/// A scenario imported from a real AppsFlyer iOS SDK debug log, with what the importer had to guess.
///
/// Made by ``SDKLogImporter/importLog(_:)``; `onelink-replay import-log` writes
/// ``scenarioText`` to a file and ``notes`` to standard error.
public struct LogImport: Sendable, Hashable {
    /// The scenario as a JSON document, in the format of `Docs/scenarios.md`, with the notes under `"notes"`.
    public var scenario: AttributionValue
    /// Everything the importer guessed or left out, one sentence each, with the log's line number where there is one.
    public var notes: [String]
    /// How many lines of the log were read as the SDK's.
    public var recognisedLines: Int
    /// How many lines were skipped: app lines, other libraries' lines and SDK lines of no use to a scenario.
    public var skippedLines: Int
    /// The SDK version the log shows, such as `6.14.3`, when it shows one.
    public var sdkVersion: String?

    /// The scenario file's text: pretty-printed JSON with sorted keys and a final newline.
    public var scenarioText: String { scenario.jsonText(pretty: true) + "\n" }
}
