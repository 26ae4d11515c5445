// onelink-bench: speed and memory figures, each next to a baseline measured in the same run.
//
// Run from the package root with `swift run -c release onelink-bench [--quick] [--only NAME]`;
// `--help` lists every option (BenchCommand).
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(await BenchCommand.main(Array(CommandLine.arguments.dropFirst()), output: .standard))
