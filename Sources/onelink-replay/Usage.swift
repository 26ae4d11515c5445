enum Usage {
    static let text = """
        USAGE: onelink-replay <subcommand> [options]

        SUBCOMMANDS:
          run [options] [files or folders...]
                                      Replay scenario files (default Payloads/scenarios) and check
                                      the outputs each step expects; see Docs/scenarios.md.
          serve                       Serve the emulated AppsFlyer endpoints over HTTP on loopback.
          payloads [folder]           Validate the bundled sample payloads and pretty-print each one.

        OPTIONS:
          --version                   Print the package version.

        Run `onelink-replay <subcommand> --help` for a subcommand's options.
        """
}
