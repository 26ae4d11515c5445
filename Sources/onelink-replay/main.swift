import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The command plugin sets the lifeline so that the tool never outlives it (PluginLifeline).
if PluginLifeline.isRequested() { PluginLifeline.watch() }
exit(await ReplayTool.main(Array(CommandLine.arguments.dropFirst()), output: .standard))
