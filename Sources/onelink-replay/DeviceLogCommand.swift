import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay device-log SCENARIO.json`: replays a scenario and prints the emulated device's log.
enum DeviceLogCommand: Command {
    static let name = "onelink-replay device-log"

    static let arguments = ArgumentReader(options: ["--profile"], maximumPositionals: 1)

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

    /// Replays the scenario and prints the device's log.
    ///
    /// - Returns: 0 printed, 2 a file that is not a valid scenario.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        let profile =
            try arguments.value(
                "--profile", expected: "ios, documented, android or strings", ValueProfile.init)
            ?? .ios
        guard let file = arguments.positionals.first else { throw UsageError("expected one scenario file") }
        do {
            let result = try await ScenarioRunner(recordsDeviceLog: true).run(
                contentsOf: URL(fileURLWithPath: file), profile: profile)
            output.write(result.deviceLog.map { $0.rendered() + "\n" }.joined())
            return 0
        } catch {
            output.writeError("\(name): \(error)\n")
            return 2
        }
    }
}
