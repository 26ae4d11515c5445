import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay import-log LOG [-o SCENARIO.json]`: a real SDK debug log as a replay scenario.
enum ImportLogCommand: Command {
    static let name = "onelink-replay import-log"

    static let arguments = ArgumentReader(
        options: ["--output", "--name"], aliases: ["-o": "--output"], maximumPositionals: 1)

    static let usage = """
        USAGE: onelink-replay import-log <log> [-o <scenario.json>] [--name <name>]

        Reads a real AppsFlyer iOS SDK debug log (6.x or 7.x, as Xcode or Console shows it with
        isDebug on, or as pasted in an issue) and writes a replay scenario: the device's sessions,
        links and processes as steps, the server answers the log shows as backends, the timestamps
        as advance steps, and the callbacks as expectations. Lines that are not the SDK's are skipped
        and counted. What the importer had to guess goes into the scenario's "notes" and to standard
        error. Replay the result with `onelink-replay run`. See Docs/log-import.md.

        OPTIONS:
          -o, --output <file>   Write the scenario there (default: standard output).
          --name <name>         The scenario's name (default: "Imported from <log file name>").
          -h, --help            Show this help.

        EXIT STATUS:
          0  imported
          2  usage error, an unreadable file, an Android log or a log with nothing usable
        """

    /// Imports the log and writes the scenario.
    ///
    /// - Returns: 0 imported, 2 an unreadable or unusable log.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        guard let input = arguments.positionals.first else {
            throw UsageError("expected a log file (or - for standard input)")
        }
        if input == "-", PluginLifeline.isRequested() {
            // Standard input is then the plugin's lifeline; SwiftPM gives a plugin none of the user's.
            throw UsageError(
                "standard input cannot be read through the command plugin; name the log file instead")
        }
        let destination = arguments.value("--output")
        let data: Data
        do {
            if input == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                data = try RegularFile.contents(of: input, limit: SDKLogImporter.maximumBytes + 1)
            }
        } catch {
            output.writeError("\(name): \(input): \(error)\n")
            return 2
        }
        let text = String(decoding: data, as: UTF8.self)
        let scenarioName =
            arguments.value("--name") ?? "Imported from \(URL(fileURLWithPath: input).lastPathComponent)"
        do {
            let imported = try await SDKLogImporter(name: scenarioName).importLog(text)
            for note in imported.notes { output.writeError("note: \(note)\n") }
            output.writeError(
                "import-log: \(imported.recognisedLines) SDK lines read, \(imported.skippedLines) other lines skipped, "
                    + "\(imported.notes.count) notes\n")
            if let destination {
                do {
                    try Data(imported.scenarioText.utf8).write(
                        to: URL(fileURLWithPath: destination), options: .atomic)
                } catch {
                    output.writeError(
                        "\(name): cannot write \(destination): \(error)\n")
                    return 2
                }
            } else {
                output.write(imported.scenarioText)
            }
            return 0
        } catch {
            output.writeError("\(name): \(input): \(error)\n")
            return 2
        }
    }
}
