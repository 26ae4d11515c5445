import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay import-log LOG [-o SCENARIO.json]`: a real SDK debug log as a replay scenario.
enum ImportLogCommand {
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

    static func main(_ arguments: [String]) async -> Int32 {
        var input: String?
        var output: String?
        var name: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                FileHandleOutput.standardOutput.write(usage + "\n")
                return 0
            case "-o", "--output", "--name":
                index += 1
                guard index < arguments.count else { return fail("\(argument) needs a value") }
                if argument == "--name" { name = arguments[index] } else { output = arguments[index] }
            default:
                guard !argument.hasPrefix("-") || argument == "-", input == nil else {
                    return fail("unexpected argument \(QuotedInput.prefix(argument))")
                }
                input = argument
            }
            index += 1
        }
        guard let input else { return fail("expected a log file (or - for standard input)") }
        let data: Data
        do {
            if input == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                data = try RegularFile.contents(of: input, limit: SDKLogImporter.maximumBytes + 1)
            }
        } catch {
            FileHandleOutput.standardError.write("onelink-replay import-log: \(input): \(error)\n")
            return 2
        }
        let text = String(decoding: data, as: UTF8.self)
        let scenarioName = name ?? "Imported from \(URL(fileURLWithPath: input).lastPathComponent)"
        do {
            let imported = try await SDKLogImporter(name: scenarioName).importLog(text)
            for note in imported.notes { FileHandleOutput.standardError.write("note: \(note)\n") }
            FileHandleOutput.standardError.write(
                "import-log: \(imported.recognisedLines) SDK lines read, \(imported.skippedLines) other lines skipped, "
                    + "\(imported.notes.count) notes\n")
            if let output {
                do {
                    try Data(imported.scenarioText.utf8).write(
                        to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    FileHandleOutput.standardError.write(
                        "onelink-replay import-log: cannot write \(output): \(error)\n")
                    return 2
                }
            } else {
                FileHandleOutput.standardOutput.write(imported.scenarioText)
            }
            return 0
        } catch {
            FileHandleOutput.standardError.write("onelink-replay import-log: \(input): \(error)\n")
            return 2
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandleOutput.standardError.write("onelink-replay import-log: \(message)\n\n\(usage)\n")
        return 2
    }
}
