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
/// It forwards every argument unchanged to the tool, which picks the subcommand (`run`, `diagram`,
/// `serve`, `payloads`, `import-log`, `device-log`, `--help`). Relative paths are resolved in the
/// package's directory.
///
/// - Payloads: the plugin names OneLinkEmulator's own `Payloads` folder in
///   ``bundledPayloadsVariable``, so `serve` with no seed option works in a package that has no
///   `Payloads/shortlinks.json` of its own (the tool says on standard error which folder it used).
///
/// - Output: on Linux the tool writes straight to `swift package`'s own standard output and error
///   (``HostOutput``), so it shows as it comes even when they are pipes, which SwiftPM would
///   otherwise hold back until the plugin ends. Elsewhere (or with `ONELINK_PLUGIN_OUTPUT=swiftpm`)
///   it goes through SwiftPM, and ``OutputForwarder`` also sends `serve`'s `listening on` line as a
///   progress message, which SwiftPM shows at once.
/// - Signals: SIGINT, SIGTERM and SIGHUP the plugin gets (SwiftPM passes Ctrl-C on as SIGINT) are
///   sent on to the tool, which runs in a process group of its own and so does not get them itself.
/// - SwiftPM ending: when `swift package` itself ends while the tool runs (a SIGTERM sent to it
///   alone kills it without a word to the plugin), ``HostWatch`` sees it and the plugin sends the
///   tool SIGTERM.
/// - Lifeline: the tool's standard input is a pipe whose write end only the plugin holds, and
///   ``lifelineVariable`` tells the tool to end when that pipe closes. The kernel closes it
///   however the plugin ends, SIGKILL included, so the tool never outlives the plugin.
/// - Exit: when the tool fails, the plugin reports its exit status and exits with it; `swift
///   package` then exits 1.
@main
struct OneLinkReplayPlugin: CommandPlugin {
    /// The environment variable that tells the tool to watch its standard input as a lifeline.
    static let lifelineVariable = "ONELINK_REPLAY_LIFELINE"

    /// The environment variable that tells the tool where OneLinkEmulator's bundled `Payloads` folder
    /// is, for `serve` in a package that has none of its own (a consumer of this package).
    static let bundledPayloadsVariable = "ONELINK_REPLAY_BUNDLED_PAYLOADS"

    /// OneLinkEmulator's own `Payloads` folder: in the package graph, the package named
    /// `OneLinkEmulator` (the one that declares this plugin, wherever SwiftPM checked it out), else
    /// found from this file's place in it (`Plugins/OneLinkReplayPlugin/`).
    static func bundledPayloads(in root: Package) -> URL {
        var pending = [root]
        var seen: Set<Package.ID> = []
        while !pending.isEmpty {
            let package = pending.removeFirst()
            guard seen.insert(package.id).inserted else { continue }
            if package.displayName == "OneLinkEmulator" {
                return package.directoryURL.appendingPathComponent("Payloads")
            }
            pending += package.dependencies.map(\.package)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Payloads")
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "onelink-replay")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        environment[Self.lifelineVariable] = "stdin"
        if environment[Self.bundledPayloadsVariable] == nil {
            environment[Self.bundledPayloadsVariable] = Self.bundledPayloads(in: context.package).path
        }
        process.environment = environment
        let lifeline = Pipe()
        process.standardInput = lifeline
        let direct = ProcessInfo.processInfo.environment["ONELINK_PLUGIN_OUTPUT"] != "swiftpm"
        var forwarded: Pipe?
        if direct, let output = HostOutput.handle(for: 1) {
            process.standardOutput = output
        } else {
            forwarded = Pipe()
            process.standardOutput = forwarded
        }
        if direct, let errors = HostOutput.handle(for: 2) { process.standardError = errors }
        let ended = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in ended.continuation.finish() }
        try process.run()
        let forwarder = forwarded.map(OutputForwarder.init)
        // Installed once the tool runs, so it starts with the default dispositions. A signal that
        // comes before this kills the plugin, and the lifeline then ends the tool.
        let child = process.processIdentifier
        let forwarders = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { _ = kill(child, number) }
            source.resume()
            return source
        }
        let hostWatch = HostWatch.start { _ = kill(child, SIGTERM) }
        for await _ in ended.stream {}
        forwarder?.wait()
        forwarders.forEach { $0.cancel() }
        withExtendedLifetime(hostWatch) {}
        withExtendedLifetime(lifeline) {}
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            let how =
                process.terminationReason == .exit
                ? "exited with status \(status)" : "was ended by signal \(status)"
            Diagnostics.error("onelink-replay \(arguments.first ?? "") \(how)")
            // The tool already printed why; exiting with its status avoids a second, vaguer error.
            exit(process.terminationReason == .exit ? status : 128 + status)
        }
    }
}
