import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay device-log SCENARIO.json`: replays a scenario and prints the emulated device's log.
enum DeviceLogCommand {
    static let usage = """
        USAGE: onelink-replay device-log [--profile ios|documented|android|strings] <scenario.json>

        Replays one scenario and prints what the emulated SDK logged, in the real AppsFlyer iOS
        SDK's line shapes and with Xcode's console prefix, as a device with isDebug on would
        (times are the scenario's clock). Compare it with a device's log line by line, or turn
        it back into a scenario with `onelink-replay import-log`. See Docs/log-import.md.

        OPTIONS:
          --profile <name>   The value profile (default ios).
          -h, --help         Show this help.

        EXIT STATUS:
          0  printed (whether or not the scenario's expectations held)
          2  usage error, or a file that is not a valid scenario
        """

    static func main(_ arguments: [String]) async -> Int32 {
        var file: String?
        var profile = ValueProfile.ios
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                FileHandleOutput.standardOutput.write(usage + "\n")
                return 0
            case "--profile":
                index += 1
                guard index < arguments.count, let chosen = ValueProfile(rawValue: arguments[index]) else {
                    return fail("--profile needs one of ios, documented, android, strings")
                }
                profile = chosen
            default:
                guard !argument.hasPrefix("-"), file == nil else {
                    return fail("unexpected argument \(QuotedInput.prefix(argument))")
                }
                file = argument
            }
            index += 1
        }
        guard let file else { return fail("expected one scenario file") }
        do {
            let result = try await ScenarioRunner(recordsDeviceLog: true).run(
                contentsOf: URL(fileURLWithPath: file), profile: profile)
            FileHandleOutput.standardOutput.write(result.deviceLog.map { $0.rendered() + "\n" }.joined())
            return 0
        } catch {
            FileHandleOutput.standardError.write("onelink-replay device-log: \(error)\n")
            return 2
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandleOutput.standardError.write("onelink-replay device-log: \(message)\n\n\(usage)\n")
        return 2
    }
}
