import Foundation

/// What a consumer pays to compile the SDK: a clean debug build of the `OneLinkEmulator` product
/// alone, against a clean debug build of the whole package in the same run.
///
/// Each build gets a fresh scratch path under the temporary folder, removed afterwards, so
/// nothing is reused from `.build` or from the other build. It takes minutes, so it runs only
/// when asked for (`--only build`, or `--build-times` with the other groups).
enum BuildTimeBenchmark {
    /// One clean build's outcome.
    struct Build {
        var duration: Duration
        var succeeded: Bool
        var log: String
    }

    /// Runs `swift build` with `arguments` in a fresh scratch path under `folder`.
    static func build(_ arguments: [String], scratch: URL) -> Build {
        let log = scratch.deletingLastPathComponent().appendingPathComponent(
            scratch.lastPathComponent + ".log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--scratch-path", scratch.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let output = FileHandle(forWritingAtPath: log.path)
        process.standardOutput = output
        process.standardError = output
        let started = ContinuousClock.now
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return Build(duration: .zero, succeeded: false, log: "could not run swift build: \(error)")
        }
        let duration = ContinuousClock.now - started
        try? output?.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n").suffix(5).joined(separator: "\n")
        return Build(
            duration: duration,
            succeeded: process.terminationStatus == 0 && process.terminationReason == .exit,
            log: tail)
    }

    /// Times the two clean builds, the SDK product first; `progress` hears when each starts.
    static func run(progress: (String) -> Void) -> [BenchmarkRow] {
        guard FileManager.default.fileExists(atPath: "Package.swift") else {
            return [
                BenchmarkRow(
                    name: "clean debug build", result: "no Package.swift: run from the package root",
                    baseline: "-", ratio: "-", target: "(informational)", met: false)
            ]
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-bench-build-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        progress("build: clean debug build of the OneLinkEmulator product (scratch \(folder.path)/sdk)")
        let sdk = build(["--product", "OneLinkEmulator"], scratch: folder.appendingPathComponent("sdk"))
        progress("build: clean debug build of the whole package (scratch \(folder.path)/all)")
        let whole = build([], scratch: folder.appendingPathComponent("all"))
        for (name, build) in [("OneLinkEmulator product", sdk), ("whole package", whole)]
        where !build.succeeded {
            print("clean build of the \(name) failed:\n\(build.log)")
        }
        let ratio = Format.seconds(sdk.duration) / Format.seconds(whole.duration)
        return [
            BenchmarkRow(
                name: "clean debug build, swift build --product OneLinkEmulator (what a consumer compiles)",
                result: Format.fixed(Format.seconds(sdk.duration), 1) + " s",
                baseline: Format.fixed(Format.seconds(whole.duration), 1)
                    + " s for the whole package (swift build)",
                ratio: Format.fixed(ratio * 100, 0) + "% of the whole build", target: "(informational)",
                met: sdk.succeeded && whole.succeeded)
        ]
    }
}
