import Foundation
import OneLinkSupport
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `PluginServeTests` finds `swift` and builds.
enum PluginServeSetup {
    /// The `swift` driver on `PATH`.
    static let swift: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The scratch folder `swift package` builds in.
    static let scratch =
        ProcessInfo.processInfo.environment["ONELINK_PLUGIN_SCRATCH"]
        ?? ReplayExecutable.packageRoot.appendingPathComponent(".build-plugin").path

    /// The example consumer package, which depends on this one and has no `Payloads` folder.
    static let exampleConsumer = ReplayExecutable.packageRoot.appendingPathComponent("Tests/ExampleConsumer")

    /// The scratch folder `swift package` builds the example consumer in: `.ci/run`'s
    /// `.build-example`, or `ONELINK_PLUGIN_EXAMPLE_SCRATCH`.
    static let exampleScratch =
        ProcessInfo.processInfo.environment["ONELINK_PLUGIN_EXAMPLE_SCRATCH"]
        ?? ReplayExecutable.packageRoot.appendingPathComponent(".build-example").path
}

/// `swift package onelink-replay serve`, run the way a user runs it (issue 41): the real `swift
/// package` against this package, its standard output a pipe, Ctrl-C sent to its process group.
///
/// `swift package` builds the tool and the plugin in its own scratch folder (`.build-plugin`, or
/// `ONELINK_PLUGIN_SCRATCH`), so it never waits for the `.build` lock `swift test` holds. That
/// build takes minutes from clean, so the suite runs only with `ONELINK_PLUGIN_TESTS=1`: `.ci/run`
/// warms the folder and then runs it as a step of its own.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(
        if: ProcessInfo.processInfo.environment["ONELINK_PLUGIN_TESTS"] == "1",
        "set ONELINK_PLUGIN_TESTS=1 to run `swift package onelink-replay serve` (a slow SwiftPM build)"),
    .enabled(if: PluginServeSetup.swift != nil, "`swift` is not on PATH"),
    .serialized)
struct PluginServeTests {
    /// `swift package … onelink-replay serve --port 0` in a process group of its own.
    final class Session: @unchecked Sendable {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        /// The stream ``readLine()`` reads: standard output, or standard error through SwiftPM.
        private let lines: Pipe
        /// The other stream, read to its end on a thread of its own so that no pipe fills.
        private let drained: Pipe
        private let throughSwiftPM: Bool
        private var buffer = Data()
        private let drainedText = Locked(Data())
        private let drainFinished = DispatchSemaphore(value: 0)
        /// Every process found below `swift package`, so the watchdog and the end of the test can
        /// stop any that is left (the tool runs in a process group of its own).
        let seen = Locked<Set<pid_t>>([])
        private let watchdog: DispatchWorkItem

        /// - Parameters:
        ///   - throughSwiftPM: Sets `ONELINK_PLUGIN_OUTPUT=swiftpm`, the path macOS takes, and reads
        ///     lines from standard error, where SwiftPM writes progress messages at once.
        ///   - fromExampleConsumer: Runs `swift package onelink-replay serve --port 0` in
        ///     `Tests/ExampleConsumer`'s folder with no seed option, as an app team runs it.
        init(seconds: Int = 120, throughSwiftPM: Bool = false, fromExampleConsumer: Bool = false) throws {
            self.throughSwiftPM = throughSwiftPM
            lines = throughSwiftPM ? errors : output
            drained = throughSwiftPM ? output : errors
            let swift = try #require(PluginServeSetup.swift)
            process.executableURL = swift
            process.arguments =
                [
                    "package", "--scratch-path",
                    fromExampleConsumer ? PluginServeSetup.exampleScratch : PluginServeSetup.scratch,
                    "--allow-network-connections", "local", "onelink-replay", "serve", "--port", "0",
                ] + (fromExampleConsumer ? [] : ["--payloads", "Payloads"])
            process.currentDirectoryURL =
                fromExampleConsumer ? PluginServeSetup.exampleConsumer : ReplayExecutable.packageRoot
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            if throughSwiftPM {
                var environment = ProcessInfo.processInfo.environment
                environment["ONELINK_PLUGIN_OUTPUT"] = "swiftpm"
                process.environment = environment
            }
            let seen = seen
            watchdog = DispatchWorkItem { [process] in
                guard process.isRunning else { return }
                let pid = process.processIdentifier
                // Found before `swift package` dies, while they are still below it.
                let below = seen.value.union(ProcessTree.descendants(of: pid))
                for child in below { kill(child, SIGKILL) }
                kill(-pid, SIGKILL)
            }
            try process.run()
            // A hung build or server is killed, with everything below it, so every read below ends.
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
            Thread { [drained, drainedText, drainFinished] in
                while true {
                    let chunk = drained.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    drainedText.withLock { $0.append(chunk) }
                }
                drainFinished.signal()
            }.start()
        }

        /// The process group Ctrl-C in a terminal would reach: `swift package`'s own.
        var group: pid_t { process.processIdentifier }

        /// Reads one line of ``lines``; `nil` at end of stream.
        func readLine() -> String? {
            ServeTestHelpers.readLine(from: lines, buffer: &buffer)
        }

        /// Records the processes now below `swift package`.
        func recordDescendants() -> Set<pid_t> {
            let found = Set(ProcessTree.descendants(of: process.processIdentifier))
            seen.withLock { $0.formUnion(found) }
            return found
        }

        /// Waits for everything to end and returns the exit status and the rest of both outputs.
        ///
        /// Standard output ends once every process holding it has ended: `swift package`, and the
        /// tool, which writes to it directly. The watchdog bounds every wait.
        func finish() -> (status: Int32, output: String, errors: String) {
            let rest = lines.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            drainFinished.wait()
            watchdog.cancel()
            let read = String(decoding: buffer + rest, as: UTF8.self)
            let other = String(decoding: drainedText.value, as: UTF8.self)
            return (process.terminationStatus, throughSwiftPM ? other : read, throughSwiftPM ? read : other)
        }

        /// Stops whatever the test found that is still running, so a failure leaks nothing.
        func cleanUp() {
            let below = process.isRunning ? Set(ProcessTree.descendants(of: group)) : []
            for pid in seen.value.union(below) where ProcessTree.isAlive(pid) { kill(pid, SIGKILL) }
            if process.isRunning { kill(-group, SIGKILL) }
        }
    }

    /// Starts the session and reads up to its `listening on` line; returns the port.
    func start(_ session: Session, prefix: String = "") async throws -> UInt16 {
        try #require(getpgid(session.group) == session.group, "swift package must lead its own process group")
        var line: String?
        repeat {
            line = try await onThread { session.readLine() }
        } while line.map {
            !$0.hasPrefix(prefix + "listening on ")
        } ?? false
        let listening = try #require(
            line,
            """
            no `listening on` line before standard output ended (or the watchdog, 120 s, ended it); \
            a cold scratch folder takes minutes: warm it with \
            `swift package --scratch-path \(PluginServeSetup.scratch) onelink-replay serve --help`
            """)
        #expect(listening.hasPrefix(prefix + "listening on http://127.0.0.1:"))
        return try #require(UInt16(listening.split(separator: ":").last ?? ""))
    }

    /// One request, and its log line, which must come while the server still runs.
    func exchange(_ session: Session, port: UInt16) async throws {
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        let logLine = try await onThread { session.readLine() }
        #expect(logLine?.contains(#" "GET /shortlink-sdk/v2/H5hv?id=6d66214a" 200 "#) == true)
    }

    /// The tool among `pids`, which must be there for the checks after it to mean anything.
    func tool(among pids: Set<pid_t>) throws -> pid_t {
        try #require(
            pids.first { ProcessTree.executableName(of: $0).hasPrefix("onelink-replay") },
            "no onelink-replay process below swift package: \(pids.map(ProcessTree.executableName))")
    }

    @Test(
        "serve --port 0 streams its port through a pipe; Ctrl-C stops the tool, frees the port, leaves nothing"
    )
    func ctrlC() async throws {
        let session = try Session()
        defer { session.cleanUp() }
        let port = try await start(session)
        try await exchange(session, port: port)
        let below = session.recordDescendants()
        #if os(Linux)
            let tool = try tool(among: below)
        #endif

        kill(-session.group, SIGINT)
        // `swift package` exits 2 once interrupted, whatever the plugin did; only the tool's end is ours.
        let (_, _, errors) = try await onThread { session.finish() }
        #expect(errors.contains("stopped by SIGINT\n"), "\(errors)")
        #if os(Linux)
            #expect(!ProcessTree.isAlive(tool))
        #endif
        #expect(below.filter(ProcessTree.isAlive).isEmpty)
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
    }

    @Test(
        "through SwiftPM (the macOS path), the `listening on` line comes at once as a progress line on standard error"
    )
    func throughSwiftPM() async throws {
        let session = try Session(throughSwiftPM: true)
        defer { session.cleanUp() }
        let port = try await start(session, prefix: "[OneLinkReplayPlugin] ")
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        let below = session.recordDescendants()
        kill(-session.group, SIGINT)
        _ = try await onThread { session.finish() }
        #expect(below.filter(ProcessTree.isAlive).isEmpty)
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
    }

    @Test(
        "from the example consumer's folder, with no flag, serve seeds from OneLinkEmulator's bundled payloads, says so, and answers the documented curl"
    )
    func fromExampleConsumer() async throws {
        #expect(
            !FileManager.default.fileExists(
                atPath: PluginServeSetup.exampleConsumer.appendingPathComponent("Payloads").path),
            "the example consumer must have no Payloads folder for this test to mean anything")
        let session = try Session(fromExampleConsumer: true)
        defer { session.cleanUp() }
        let port = try await start(session)
        try await exchange(session, port: port)
        let below = session.recordDescendants()
        kill(-session.group, SIGINT)
        let (_, _, errors) = try await onThread { session.finish() }
        let bundled = ReplayExecutable.packageRoot.appendingPathComponent("Payloads").path
        #expect(
            errors.contains(
                "onelink-replay serve: no Payloads/shortlinks.json in this package; seeding from OneLinkEmulator's bundled payloads at \(bundled)\n"
            ), "\(errors)")
        #expect(errors.contains("stopped by SIGINT\n"), "\(errors)")
        #expect(below.filter(ProcessTree.isAlive).isEmpty)
    }

    #if os(Linux)
        @Test("when swift package alone gets SIGTERM (`kill $!` in a script), the plugin stops the tool")
        func swiftPackageTerminated() async throws {
            let session = try Session()
            defer { session.cleanUp() }
            let port = try await start(session)
            let below = session.recordDescendants()
            let tool = try tool(among: below)

            // SwiftPM dies of it at once, without a word to the plugin.
            kill(session.group, SIGTERM)
            let (_, _, errors) = try await onThread { session.finish() }
            #expect(errors.contains("stopped by SIGTERM\n"), "\(errors)")
            #expect(!ProcessTree.isAlive(tool))
            let left = try await onThread { below.filter { ProcessTree.stillAlive($0, afterWaiting: 30) } }
            #expect(left.isEmpty, "still running 30 s after swift package ended: \(left)")
            await #expect(throws: RawHTTPConnection.Failure.self) {
                try await onThread { try RawHTTPConnection(port: port) }
            }
        }

        @Test("when the plugin is killed (SIGKILL), the tool ends through its lifeline and frees the port")
        func pluginKilled() async throws {
            let session = try Session()
            defer { session.cleanUp() }
            let port = try await start(session)
            let below = session.recordDescendants()
            let tool = try tool(among: below)
            let plugin = try #require(ProcessTree.parent(of: tool))
            #expect(ProcessTree.parent(of: plugin) == session.group)

            kill(plugin, SIGKILL)
            let (status, _, errors) = try await onThread { session.finish() }
            #expect(status != 0)
            #expect(
                errors.contains("stopped by the end of the command plugin that started it\n"), "\(errors)")
            #expect(!ProcessTree.isAlive(tool))
            await #expect(throws: RawHTTPConnection.Failure.self) {
                try await onThread { try RawHTTPConnection(port: port) }
            }
        }
    #endif
}

/// The tool with the plugin's lifeline, started directly: fast, so it runs in every suite run.
@Suite(.timeLimit(.minutes(5))) struct PluginLifelineTests {
    @Test("with ONELINK_REPLAY_LIFELINE=stdin, serve stops cleanly (exit 0) once its standard input ends")
    func serveEndsWithItsStdin() async throws {
        let executable = try #require(
            ReplayExecutable.url(),
            "onelink-replay is not built; run `swift build --build-tests` (or `swift build`) first")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--quiet"]
        process.currentDirectoryURL = ReplayExecutable.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["ONELINK_REPLAY_LIFELINE"] = "stdin"
        process.environment = environment
        let lifeline = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = lifeline
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        // A hung child is terminated after 30 seconds, so the reads below end.
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        defer { watchdog.cancel() }

        let first = try await onThread { output.fileHandleForReading.availableData }
        let line = String(decoding: first, as: UTF8.self)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(UInt16(line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        // What the plugin writes is read and ignored; only the end of the pipe stops the server.
        lifeline.fileHandleForWriting.write(Data("still here\n".utf8))
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)

        try lifeline.fileHandleForWriting.close()
        let text = try await onThread {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(text.hasSuffix("stopped by the end of the command plugin that started it\n"))
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
    }

    @Test("without the variable, the end of standard input does not stop serve")
    func stdinIgnoredWithoutTheVariable() async throws {
        let executable = try #require(ReplayExecutable.url(), "onelink-replay is not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--quiet"]
        process.currentDirectoryURL = ReplayExecutable.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["ONELINK_REPLAY_LIFELINE"] = nil
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        defer { watchdog.cancel() }

        let first = try await onThread { output.fileHandleForReading.availableData }
        let line = String(decoding: first, as: UTF8.self)
        let port = try #require(UInt16(line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        // Standard input (/dev/null) ended at once; the server must still answer.
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        kill(process.processIdentifier, SIGINT)
        let text = try await onThread {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.hasSuffix("stopped by SIGINT\n"))
    }
}

extension PluginLifelineTests {
    @Test("through the plugin, import-log - is a usage error (exit 2), not a read that never ends")
    func importLogFromStandardInputRefused() async throws {
        let executable = try #require(ReplayExecutable.url(), "onelink-replay is not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["import-log", "-"]
        process.currentDirectoryURL = ReplayExecutable.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["ONELINK_REPLAY_LIFELINE"] = "stdin"
        process.environment = environment
        // The plugin's end of the pipe stays open for the whole test, as it would in the plugin.
        let lifeline = Pipe()
        let errors = Pipe()
        process.standardInput = lifeline
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        // A hung child is terminated after 30 seconds, so the read below ends.
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        defer { watchdog.cancel() }
        let text = try await onThread {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        process.waitUntilExit()
        withExtendedLifetime(lifeline) {}
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(text.contains("standard input cannot be read through the command plugin"))
    }
}

/// The process tree, read from `/proc` on Linux (empty answers elsewhere).
enum ProcessTree {
    /// `pid`'s parent, from `/proc/PID/stat`.
    static func parent(of pid: pid_t) -> pid_t? {
        fields(of: pid).flatMap { $0.count > 1 ? pid_t($0[1]) : nil }
    }

    /// Whether `pid` still runs after waiting up to `seconds` for it to end (blocks the calling thread).
    ///
    /// A process that is not our child cannot be waited for with `waitpid`: its pidfd
    /// (`pidfd_open`, Linux 5.3) becomes readable when it exits, so this waits for that event, not
    /// on a clock. The plugin exits a moment after the tool it watched (issue 48's note), which an
    /// immediate check after `swift package` ended saw now and then on a loaded machine.
    static func stillAlive(_ pid: pid_t, afterWaiting seconds: Int32) -> Bool {
        // pidfd_open is system call 434 on every Linux architecture. Swift cannot call the variadic
        // syscall(2); with integer arguments only, a fixed prototype calls it the same way.
        typealias SystemCall = @convention(c) (Int, Int32, UInt32) -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else {
            return isAlive(pid)
        }
        let pidfdOpen = unsafeBitCast(symbol, to: SystemCall.self)
        let descriptor = Int32(truncatingIfNeeded: pidfdOpen(434, pid, 0))
        guard descriptor >= 0 else { return isAlive(pid) }
        defer { _ = close(descriptor) }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, seconds * 1000)
        return isAlive(pid)
    }

    /// Whether `pid` runs (a zombie has ended).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let fields = fields(of: pid), let state = fields.first else { return false }
        return state != "Z" && state != "X"
    }

    /// The file name of `pid`'s executable.
    static func executableName(of pid: pid_t) -> String {
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        return target.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?"
    }

    /// Every process below `root`.
    static func descendants(of root: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var children: [pid_t: [pid_t]] = [:]
        for pid in entries.compactMap({ pid_t($0) }) {
            if let parent = parent(of: pid) { children[parent, default: []].append(pid) }
        }
        var found: [pid_t] = []
        var frontier = [root]
        while let next = frontier.popLast() {
            let below = children[next] ?? []
            found += below
            frontier += below
        }
        return found
    }

    /// The fields of `/proc/PID/stat` after the command name: state, parent, ….
    private static func fields(of pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}
