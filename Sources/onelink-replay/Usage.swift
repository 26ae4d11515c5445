enum Usage {
    static let text = """
        USAGE: onelink-replay <subcommand> [options]

        SUBCOMMANDS:
          run [files or folders...]   Replay scenario files and check the callbacks they expect.
          serve                       Serve the emulated AppsFlyer endpoints over HTTP on loopback.
          payloads [folder]           Validate the bundled sample payloads and pretty-print each one.

        Run `onelink-replay <subcommand> --help` for a subcommand's options.
        """
}
