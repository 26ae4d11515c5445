import Foundation
import OneLinkEmulator
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `onelink-replay serve` as a child process, where the process boundary is what is tested: the
/// signals that stop it, and its first line on a real standard output.
@Suite(.timeLimit(.minutes(5))) struct ServeSignalTests {
    static let packageRoot = ReplayExecutable.packageRoot

    /// The `onelink-replay` executable the tests start.
    static func executable() -> URL? { ReplayExecutable.url() }

    /// A running `serve` child with its standard output as lines.
    final class Child: @unchecked Sendable {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        private var buffer = Data()
        private let watchdog: DispatchWorkItem

        init(_ arguments: [String]) throws {
            let executable = try #require(
                ServeSignalTests.executable(),
                "onelink-replay is not built; run `swift build --build-tests` (or `swift build`) first")
            process.executableURL = executable
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = ServeSignalTests.packageRoot
            process.standardOutput = output
            process.standardError = errors
            watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
            try process.run()
            // A hung child is terminated after 30 seconds, so reads from its pipes end.
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        }

        /// Reads one line from standard output; `nil` at end of stream.
        func readLine() -> String? {
            ServeTestHelpers.readLine(from: output, buffer: &buffer)
        }

        /// The rest of standard output after the process ended.
        func remainingOutput() -> String {
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            return String(decoding: buffer + rest, as: UTF8.self)
        }

        func errorText() -> String {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }

        /// Waits for exit; the watchdog bounds the wait to 30 seconds from launch.
        func waitForExit() -> (status: Int32, reason: Process.TerminationReason) {
            process.waitUntilExit()
            watchdog.cancel()
            return (process.terminationStatus, process.terminationReason)
        }
    }

    func run(signal number: Int32, name: String) async throws {
        let child = try Child(["--port", "0", "--payloads", "Payloads"])
        let first = try await onThread { child.readLine() }
        let line = try #require(first)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let base = String(line.dropFirst("listening on ".count))
        let port = try #require(UInt16(base.split(separator: ":").last ?? ""))

        try await ServeTestHelpers.expectDocumentedShortLink(port: port)

        let logLine = try await onThread { child.readLine() }
        #expect(logLine?.contains(#" "GET /shortlink-sdk/v2/H5hv?id=6d66214a" 200 458B "#) == true)

        kill(child.process.processIdentifier, number)
        let (status, reason) = try await onThread { child.waitForExit() }
        #expect(status == 0)
        #expect(reason == .exit)
        #expect(child.errorText().hasSuffix("stopped by \(name)\n"))
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
    }

    @Test("serve --port 0 prints its URL first, answers the documented request, and exits 0 on SIGINT")
    func sigint() async throws {
        try await run(signal: SIGINT, name: "SIGINT")
    }

    @Test("serve exits 0 on SIGTERM too")
    func sigterm() async throws {
        try await run(signal: SIGTERM, name: "SIGTERM")
    }

    @Test("serve --host localhost binds 127.0.0.1, and SIGHUP stops it cleanly with exit 0")
    func localhostAndSIGHUP() async throws {
        let child = try Child(["--host", "localhost", "--port", "0", "--quiet"])
        let first = try await onThread { child.readLine() }
        let line = try #require(first)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(UInt16(line.split(separator: ":").last ?? ""))
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        kill(child.process.processIdentifier, SIGHUP)
        let (status, reason) = try await onThread { child.waitForExit() }
        #expect(status == 0)
        #expect(reason == .exit)
        #expect(child.errorText().hasSuffix("stopped by SIGHUP\n"))
    }
}
