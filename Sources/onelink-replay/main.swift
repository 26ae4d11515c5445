import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(await ReplayTool.main(Array(CommandLine.arguments.dropFirst()), output: .standard))
