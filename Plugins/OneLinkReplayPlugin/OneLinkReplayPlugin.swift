import Foundation
import PackagePlugin

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift package onelink-replay <subcommand> [arguments...]`: runs the `onelink-replay` tool,
/// built for the host by SwiftPM, with the arguments as given.
///
/// It forwards every argument unchanged, so each subcommand (`run`, `diagram`, `serve`, `payloads`,
/// and those added later) works through it. Relative paths are resolved in the package's
/// directory. When the tool fails, the plugin reports its exit status and exits with it; `swift
/// package` then exits 1.
@main
struct OneLinkReplayPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "onelink-replay")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard status == 0 else {
            Diagnostics.error("onelink-replay \(arguments.first ?? "") exited with status \(status)")
            // The tool already printed why; exiting with its status avoids a second, vaguer error.
            exit(status)
        }
    }
}
