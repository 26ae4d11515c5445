import OneLinkReplay
import OneLinkSupport

/// `onelink-replay`: picks the subcommand named by the first argument and runs it.
enum ReplayTool {
    /// The subcommand typed as `name`, or `nil`.
    static func command(named name: String) -> (any Command.Type)? {
        switch name {
        case "run": RunCommand.self
        case "diagram": DiagramCommand.self
        case "explore": ExploreCommand.self
        case "serve": ServeCommand.self
        case "payloads": PayloadsCommand.self
        case "import-log": ImportLogCommand.self
        case "device-log": DeviceLogCommand.self
        default: nil
        }
    }

    /// Runs the subcommand `arguments` names with the arguments after it.
    ///
    /// - Returns: The subcommand's exit status; 0 for `--version` and `--help`; 2 for no subcommand
    ///   or an unknown one.
    static func main(_ arguments: [String], output: CommandOutput) async -> Int32 {
        switch arguments.first {
        case let name? where command(named: name) != nil:
            return await command(named: name)!.main(Array(arguments.dropFirst()), output: output)
        case "--version", "version":
            output.write("onelink-replay \(PackageVersion.current)\n")
            return 0
        case "-h", "--help", "help":
            output.write(text + "\n")
            return 0
        case nil:
            output.writeError("onelink-replay: expected a subcommand\n\n" + text + "\n")
            return 2
        case let unknown?:
            output.writeError(unknownSubcommand(unknown) + "\n\n" + text + "\n")
            return 2
        }
    }

    /// The line for a first argument that is no subcommand (bounded, since it is echoed).
    static func unknownSubcommand(_ name: String) -> String {
        let kind = name.hasPrefix("-") ? "unknown option" : "unknown subcommand"
        return
            "onelink-replay: \(kind) \(QuotedInput.prefix(name)) (expected run, diagram, explore, serve, payloads, import-log or device-log)"
    }

    /// The help text.
    static let text = """
        USAGE: onelink-replay <subcommand> [options]

        SUBCOMMANDS:
          run [options] [files or folders...]
                                      Replay scenario files (default Payloads/scenarios) and check
                                      the outputs each step expects; see Docs/scenarios.md.
          diagram [options] SCENARIO.json
                                      Replay one scenario and write a Mermaid sequence diagram of it.
          explore [options] SCENARIO.json
                                      Replay one scenario in every order the real SDK may deliver in;
                                      write the smallest failing one as a scenario.
          serve                       Serve the emulated AppsFlyer endpoints over HTTP on loopback.
          payloads [folder]           Validate the bundled sample payloads and pretty-print each one.
          import-log <log> [-o file]  Turn a real AppsFlyer iOS SDK debug log into a replay scenario;
                                      see Docs/log-import.md.
          device-log <scenario.json>  Replay a scenario and print the emulated device's log, in the
                                      real SDK's line shapes.

        OPTIONS:
          --version                   Print the package version.
          -h, --help                  Show this help.

        Run `onelink-replay <subcommand> --help` for a subcommand's options.
        """
}
