import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process whose standard output is read line by line, each read bounded by a timeout.
final class ChildProcess {
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    /// The built product `name`, looked up beside the running test binary and up to two folders above it.
    static func productURL(named name: String) -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if let executable = Bundle.main.executableURL { directory = executable.deletingLastPathComponent() }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    init(executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill() }
    }

    /// The next line of output, without its newline; `nil` at the end of the output.
    func readLine(timeout: Duration) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            try fill(until: deadline)
        }
    }

    /// Every line still in the pipe, up to the end of the output.
    func remainingLines(timeout: Duration) throws -> [String] {
        var lines: [String] = []
        while let line = try readLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    /// Sends `SIGKILL` and waits for the process to end.
    func kill() {
        sendSignal(SIGKILL, to: process.processIdentifier)
        process.waitUntilExit()
    }

    private func fill(until deadline: ContinuousClock.Instant) throws {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let remaining = deadline - ContinuousClock.now
        let milliseconds =
            remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { throw Timeout(description: "no output from the child in time") }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(milliseconds, Int64(Int32.max))))
        if ready < 0 {
            if errno == EINTR { return }
            throw Timeout(description: "poll failed: \(String(cString: strerror(errno)))")
        }
        if ready == 0 { throw Timeout(description: "no output from the child in time") }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { return }
            throw Timeout(description: "read failed: \(String(cString: strerror(errno)))")
        }
        if count == 0 {
            reachedEnd = true
        } else {
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}

private func sendSignal(_ signal: Int32, to pid: pid_t) {
    _ = kill(pid, signal)
}
