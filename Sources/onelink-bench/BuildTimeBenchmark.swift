import Foundation
import OneLinkEmulator
import OneLinkSupport

/// What a consumer pays to compile the SDK and its test kit, and to relink a handler test target.
///
/// Every clean build gets a fresh scratch path under the temporary folder, removed afterwards, so
/// nothing is reused from `.build` or from another build; the rounds take turns between the sides,
/// best of each. The builds, for each side:
///
/// - `swift build --target OneLinkEmulator`: the SDK product's one module;
/// - `swift build --target OneLinkEmulatorTestSupport`: what a handler package's tests compile of
///   this package, the SDK module plus the test kit and the modules the kit needs;
/// - a generated consumer package (``ConsumerPackage``) with a path dependency on the side and one
///   test target: its clean `swift build --build-tests`, then the same command again after its test
///   file was touched (the incremental rebuild and relink of a handler test target).
///
/// The side compared with is the whole package's clean build (`swift build`), or, with
/// `--baseline-revision REV`, the same builds of that git revision exported with `git archive`.
/// It takes minutes, so it runs only when asked for (`--only build`, or `--build-times`).
enum BuildTimeBenchmark {
    /// One build's outcome.
    struct Build {
        var duration: Duration
        var succeeded: Bool
        var log: String

        /// No build yet: longer than any, so the first real one is the best.
        static let none = Build(duration: .seconds(1_000_000), succeeded: true, log: "")

        /// The faster of two builds, failed if either failed.
        func best(_ other: Build) -> Build {
            Build(
                duration: min(duration, other.duration), succeeded: succeeded && other.succeeded,
                log: other.log)
        }
    }

    /// The builds of one side, best over the rounds.
    struct Figures {
        var sdk = Build.none
        var testKit = Build.none
        var consumer = Build.none
        var relink = Build.none
        var whole = Build.none
    }

    /// Options from the command line.
    struct Options: Equatable {
        /// The git revision to measure the same builds of, in turns with the working tree.
        var baselineRevision: String?
        /// How many rounds each build runs; the best of them counts.
        var rounds = 2
    }

    /// The environment of a child build: the caller's, without `ONELINK_STRICT`, as a consumer builds.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ONELINK_STRICT"] = nil
        return environment
    }

    /// Runs a command with `arguments` in `directory`; its output goes to `log`.
    static func command(_ arguments: [String], in directory: URL, log: URL) -> Build {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let output = FileHandle(forWritingAtPath: log.path)
        process.standardOutput = output
        process.standardError = output
        let started = ContinuousClock.now
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return Build(duration: .zero, succeeded: false, log: "could not run \(arguments[0]): \(error)")
        }
        let duration = ContinuousClock.now - started
        try? output?.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n").suffix(12).joined(separator: "\n")
        return Build(
            duration: duration,
            succeeded: process.terminationStatus == 0 && process.terminationReason == .exit,
            log: tail)
    }

    /// Runs `swift build` with `arguments` on the package at `package`, in the scratch path `scratch`.
    static func build(_ arguments: [String], package: URL, scratch: URL) -> Build {
        let log = scratch.deletingLastPathComponent().appendingPathComponent(
            scratch.lastPathComponent + ".log")
        return command(
            ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path] + arguments,
            in: package, log: log)
    }

    /// Exports `revision` of the git repository at `root` into `folder`; the short commit hash, or
    /// what went wrong.
    static func export(_ revision: String, from root: URL, into folder: URL) -> Result<String, BuildError> {
        let log = folder.deletingLastPathComponent().appendingPathComponent("export.log")
        let archive = folder.deletingLastPathComponent().appendingPathComponent("baseline.tar")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let parsed = command(
            ["git", "rev-parse", "--verify", "--quiet", "--short", revision + "^{commit}"], in: root, log: log
        )
        let commit = ((try? String(contentsOf: log, encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard parsed.succeeded, !commit.isEmpty else {
            return .failure(
                BuildError(message: "\(QuotedInput.prefix(revision)) is not a commit of \(root.path)"))
        }
        let archived = command(
            ["git", "archive", "--format=tar", "--output=\(archive.path)", commit], in: root, log: log)
        guard archived.succeeded else {
            return .failure(BuildError(message: "git archive \(commit) failed:\n\(archived.log)"))
        }
        let extracted = command(["tar", "-xf", archive.path, "-C", folder.path], in: root, log: log)
        try? FileManager.default.removeItem(at: archive)
        guard extracted.succeeded else {
            return .failure(BuildError(message: "tar -x of \(commit) failed:\n\(extracted.log)"))
        }
        return .success(commit)
    }

    /// Why the benchmark could not run.
    struct BuildError: Error {
        var message: String
    }

    /// Times one side's builds once, adding them to `figures`.
    static func measure(
        side: String, package: URL, round: Int, folder: URL, whole: Bool, figures: inout Figures,
        progress: (String) -> Void
    ) {
        func clean(_ name: String, _ arguments: [String], _ what: String) -> Build {
            let scratch = folder.appendingPathComponent("\(side)-\(name)-\(round)")
            progress("build: round \(round), \(side): clean debug build of \(what)")
            let result = build(arguments, package: package, scratch: scratch)
            try? FileManager.default.removeItem(at: scratch)
            if !result.succeeded { print("\(side): clean build of \(what) failed:\n\(result.log)") }
            return result
        }
        figures.sdk = figures.sdk.best(clean("sdk", ["--target", "OneLinkEmulator"], "OneLinkEmulator"))
        figures.testKit = figures.testKit.best(
            clean("kit", ["--target", "OneLinkEmulatorTestSupport"], "OneLinkEmulatorTestSupport"))
        if whole { figures.whole = figures.whole.best(clean("all", [], "the whole package")) }

        let consumer = folder.appendingPathComponent("\(side)-consumer-\(round)")
        let scratch = consumer.appendingPathComponent(".build")
        defer { try? FileManager.default.removeItem(at: consumer) }
        do {
            try ConsumerPackage.write(to: consumer, dependency: package)
        } catch {
            print("\(side): could not write the consumer package: \(error)")
            figures.consumer.succeeded = false
            return
        }
        progress("build: round \(round), \(side): clean swift build --build-tests of a consumer package")
        let built = build(["--build-tests"], package: consumer, scratch: scratch)
        if !built.succeeded { print("\(side): the consumer package's build failed:\n\(built.log)") }
        figures.consumer = figures.consumer.best(built)
        // A new modification time is what an edit gives the build system.
        try? FileManager.default.setAttributes(
            [.modificationDate: Date()], ofItemAtPath: ConsumerPackage.testFile(in: consumer).path)
        progress("build: round \(round), \(side): the consumer's test target after touching its test file")
        let relinked = build(["--build-tests"], package: consumer, scratch: scratch)
        if !relinked.succeeded { print("\(side): the consumer package's rebuild failed:\n\(relinked.log)") }
        figures.relink = figures.relink.best(relinked)
        guard built.succeeded, relinked.succeeded else { return }
        // Not timed: the test target must do what a handler test does, and pass.
        let tested = command(
            [
                "swift", "test", "--skip-build", "--package-path", consumer.path, "--scratch-path",
                scratch.path,
            ], in: consumer, log: folder.appendingPathComponent("\(side)-consumer-test-\(round).log"))
        if !tested.succeeded {
            print("\(side): the consumer package's test failed:\n\(tested.log)")
            figures.consumer.succeeded = false
        }
    }

    /// Times the builds; `progress` hears when each starts.
    static func run(options: Options, progress: (String) -> Void) -> [BenchmarkRow] {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            return [failure("no Package.swift: run from the package root")]
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-bench-build-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var baseline: (commit: String, package: URL)?
        if let revision = options.baselineRevision {
            // The package's identity is its folder's name: the export gets the same one as the working tree.
            let package = folder.appendingPathComponent("baseline").appendingPathComponent(
                root.lastPathComponent)
            progress("build: exporting \(revision) with git archive into \(package.path)")
            switch export(revision, from: root, into: package) {
            case .success(let commit): baseline = (commit, package)
            case .failure(let error): return [failure(error.message)]
            }
        }
        var now = Figures()
        var before = Figures()
        // The sides take turns in each round: the first build of a run also warms the file cache
        // (toolchain modules, sources), which would otherwise favour whichever runs second.
        for round in 1...options.rounds {
            measure(
                side: "working tree", package: root, round: round, folder: folder, whole: baseline == nil,
                figures: &now, progress: progress)
            if let baseline {
                measure(
                    side: baseline.commit, package: baseline.package, round: round, folder: folder,
                    whole: false,
                    figures: &before, progress: progress)
            }
        }
        guard let baseline else { return rows(now) }
        return rows(now, before: before, commit: baseline.commit)
    }

    /// A row saying the benchmark could not run.
    static func failure(_ message: String) -> BenchmarkRow {
        BenchmarkRow(
            name: "clean debug build", result: message, baseline: "-", ratio: "-", target: "(informational)",
            met: false)
    }

    /// `14.3 s`.
    static func seconds(_ build: Build) -> String {
        Format.fixed(Format.seconds(build.duration), 1) + " s"
    }

    /// The rows without a baseline revision: the SDK module against the whole package.
    static func rows(_ now: Figures) -> [BenchmarkRow] {
        let share = Format.seconds(now.sdk.duration) / Format.seconds(now.whole.duration)
        return [
            BenchmarkRow(
                name: "clean debug build, swift build --target OneLinkEmulator (the SDK product's module)",
                result: seconds(now.sdk),
                baseline: seconds(now.whole) + " for the whole package (swift build)",
                ratio: Format.fixed(share * 100, 0) + "% of the whole build", target: "(informational)",
                met: now.sdk.succeeded && now.whole.succeeded),
            BenchmarkRow(
                name: "clean debug build, swift build --target OneLinkEmulatorTestSupport (SDK + test kit)",
                result: seconds(now.testKit), baseline: "-", ratio: "-", target: "(informational)",
                met: now.testKit.succeeded),
            BenchmarkRow(
                name: "consumer package: clean swift build --build-tests (one handler test target)",
                result: seconds(now.consumer), baseline: "-", ratio: "-", target: "(informational)",
                met: now.consumer.succeeded),
            BenchmarkRow(
                name: "consumer package: swift build --build-tests after touching the test file (relink)",
                result: seconds(now.relink), baseline: "-", ratio: "-", target: "(informational)",
                met: now.relink.succeeded),
        ]
    }

    /// The rows against the same builds of the baseline revision, as after/before ratios.
    static func rows(_ now: Figures, before: Figures, commit: String) -> [BenchmarkRow] {
        func row(_ name: String, _ after: Build, _ before: Build, target: Double?) -> BenchmarkRow {
            let ratio = Format.seconds(after.duration) / Format.seconds(before.duration)
            return BenchmarkRow(
                name: name, result: seconds(after), baseline: seconds(before) + " at \(commit)",
                ratio: Format.fixed(ratio * 100, 0) + "% of \(commit)'s",
                target: target.map { "<= \(Format.fixed($0 * 100, 0))% of the baseline revision's" }
                    ?? "(informational)",
                met: after.succeeded && before.succeeded && ratio <= (target ?? .infinity))
        }
        return [
            row(
                "clean debug build, swift build --target OneLinkEmulator (the SDK product's module)", now.sdk,
                before.sdk, target: nil),
            row(
                "clean debug build, swift build --target OneLinkEmulatorTestSupport (SDK + test kit)",
                now.testKit, before.testKit, target: 0.6),
            row(
                "consumer package: clean swift build --build-tests (one handler test target)", now.consumer,
                before.consumer, target: nil),
            row(
                "consumer package: swift build --build-tests after touching the test file (relink)",
                now.relink,
                before.relink, target: nil),
        ]
    }
}
