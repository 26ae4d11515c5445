import Foundation

/// What a consumer pays to compile the SDK: a clean debug build of the `OneLinkEmulator` product's
/// one target alone, against a clean debug build of the whole package in the same run.
///
/// Each build gets a fresh scratch path under the temporary folder, removed afterwards, so
/// nothing is reused from `.build` or from another build; two rounds, best of each. It takes
/// minutes, so it runs only when asked for (`--only build`, or `--build-times` with the others).
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

    /// Times the clean builds, the SDK product first in each round; `progress` hears when each starts.
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
        // Two rounds, the sides taking turns, best of each: the first build of a run also warms the
        // file cache (toolchain modules, sources), which would otherwise favour whichever runs second.
        var sdk = Build(duration: .seconds(1_000_000), succeeded: true, log: "")
        var whole = sdk
        for round in 1...2 {
            // `--target`, since SwiftPM builds everything for `--product` of an automatic library.
            for (name, arguments) in [("sdk", ["--target", "OneLinkEmulator"]), ("all", [])] {
                let scratch = folder.appendingPathComponent("\(name)-\(round)")
                let what = name == "sdk" ? "the OneLinkEmulator product" : "the whole package"
                progress("build: round \(round), clean debug build of \(what) (scratch \(scratch.path))")
                let result = build(arguments, scratch: scratch)
                try? FileManager.default.removeItem(at: scratch)
                if !result.succeeded { print("clean build of \(what) failed:\n\(result.log)") }
                let best = name == "sdk" ? sdk : whole
                let merged = Build(
                    duration: min(best.duration, result.duration),
                    succeeded: best.succeeded && result.succeeded,
                    log: result.log)
                if name == "sdk" { sdk = merged } else { whole = merged }
            }
        }
        let ratio = Format.seconds(sdk.duration) / Format.seconds(whole.duration)
        return [
            BenchmarkRow(
                name: "clean debug build, swift build --target OneLinkEmulator (the SDK product's module)",
                result: Format.fixed(Format.seconds(sdk.duration), 1) + " s",
                baseline: Format.fixed(Format.seconds(whole.duration), 1)
                    + " s for the whole package (swift build)",
                ratio: Format.fixed(ratio * 100, 0) + "% of the whole build", target: "(informational)",
                met: sdk.succeeded && whole.succeeded)
        ]
    }
}
