import OneLinkEmulator
import OneLinkSupport

enum Usage {
    /// The line for a first argument that is no subcommand (bounded, since it is echoed).
    static func unknownSubcommand(_ name: String) -> String {
        let kind = name.hasPrefix("-") ? "unknown option" : "unknown subcommand"
        return
            "onelink-replay: \(kind) \(QuotedInput.prefix(name)) (expected run, diagram, serve, payloads, import-log or device-log)"
    }

    static let text = """
        USAGE: onelink-replay <subcommand> [options]

        SUBCOMMANDS:
          run [options] [files or folders...]
                                      Replay scenario files (default Payloads/scenarios) and check
                                      the outputs each step expects; see Docs/scenarios.md.
          diagram [options] SCENARIO.json
                                      Replay one scenario and write a Mermaid sequence diagram of it.
          serve                       Serve the emulated AppsFlyer endpoints over HTTP on loopback.
          payloads [folder]           Validate the bundled sample payloads and pretty-print each one.
          import-log <log> [-o file]  Turn a real AppsFlyer iOS SDK debug log into a replay scenario;
                                      see Docs/log-import.md.
          device-log <scenario.json>  Replay a scenario and print the emulated device's log, in the
                                      real SDK's line shapes.

        OPTIONS:
          --version                   Print the package version.

        Run `onelink-replay <subcommand> --help` for a subcommand's options.
        """
}
