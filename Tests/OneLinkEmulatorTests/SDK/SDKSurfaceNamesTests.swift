import Foundation
import Testing

/// The SDK module's public names are the real SDK's (Docs/surface/real-sdk6.txt, or real-sdk7.txt with
/// the `SDK7` trait) or on the one explicit list of emulator-only API (Docs/surface/emulator-only.txt).
///
/// The names come from the built module's symbol graph (`swift symbolgraph-extract`, as
/// Scripts/docs.sh extracts it), so a new public symbol that is on neither list fails here.
/// Tests/SDK7Consumer runs this same file (a symbolic link, compiled with `SDK7` defined) against
/// the module built with the trait, and Tests/StrictConsumer (compiled with `Strict` defined)
/// against the module built with the `Strict` trait.
@Suite("The SDK module's public names", .timeLimit(.minutes(5)))
struct SDKSurfaceNamesTests {
    /// The package root: the nearest folder above this file that has `Docs/surface`.
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8
        where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Docs/surface").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    #if SDK7
        static let realList = "real-sdk7.txt"
        static let surfaceTag = "[sdk7]"
    #else
        static let realList = "real-sdk6.txt"
        static let surfaceTag = "[sdk6]"
    #endif

    /// The names of a list file: every line that is not blank, a comment (`#`) or a source (`@`).
    ///
    /// A name followed by `[sdk6]` or `[sdk7]` belongs to that surface only.
    static func listedNames(_ file: String) throws -> [String] {
        let text = try String(
            contentsOf: root.appendingPathComponent("Docs/surface/\(file)"), encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("@") }
            .compactMap { line in
                guard let space = line.firstIndex(of: " ") else { return line }
                let tag = line[space...].trimmingCharacters(in: .whitespaces)
                return tag == surfaceTag ? String(line[..<space]) : nil
            }
    }

    @Test("Every public symbol of OneLinkEmulator is a real SDK name or a listed emulator-only name")
    func everyPublicNameIsListed() async throws {
        let names = try await SymbolGraphNames.onThread {
            try SymbolGraphNames.publicNames(module: "OneLinkEmulator")
        }
        let real = Set(try Self.listedNames(Self.realList))
        let emulatorOnly = try Self.listedNames("emulator-only.txt")
        let exact = Set(emulatorOnly.filter { !$0.hasSuffix(".*") })
        let wholeTypes = emulatorOnly.filter { $0.hasSuffix(".*") }.map { String($0.dropLast(2)) }
        let unlisted = names.filter { name in
            !real.contains(name) && !exact.contains(name)
                && !wholeTypes.contains { name == $0 || name.hasPrefix($0 + ".") }
        }
        #expect(names.count > 100, "the symbol graph has the module's names")
        #expect(unlisted.isEmpty, "public names on neither list: \(unlisted.sorted())")
        let onBoth = real.intersection(exact)
        #expect(onBoth.isEmpty, "names on both lists: \(onBoth.sorted())")
        let stale = exact.subtracting(names)
        #expect(stale.isEmpty, "emulator-only names the module no longer has: \(stale.sorted())")
    }

    #if Strict
        @Test("The Strict build's surface has no IDFA names and no ATT wait (AFSDK_NO_IDFA)")
        func strictSurface() async throws {
            let names = try await SymbolGraphNames.onThread {
                try SymbolGraphNames.publicNames(module: "OneLinkEmulator")
            }
            #expect(names.contains("AppsFlyerLib.start()"), "the symbol graph has the module's names")
            for removed in [
                "AppsFlyerLib.advertisingIdentifier", "AppsFlyerLib.disableAdvertisingIdentifier",
                "AppsFlyerLib.waitForATTUserAuthorization(timeoutInterval:)",
            ] {
                #expect(!names.contains(removed), "\(removed) is in the Strict surface")
            }
        }
    #endif

    @Test("Every list entry carries its source")
    func everyNameHasASource() throws {
        for file in [Self.realList, "emulator-only.txt"] {
            let text = try String(
                contentsOf: Self.root.appendingPathComponent("Docs/surface/\(file)"), encoding: .utf8)
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let firstName = lines.firstIndex { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("@") }
            let firstSource = lines.firstIndex { $0.hasPrefix("@ ") }
            #expect(firstSource != nil && firstName != nil && firstSource! < firstName!, "\(file)")
        }
    }
}

/// Reads the public symbol names of a module of this build from its symbol graph.
enum SymbolGraphNames {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs blocking work (the child processes) on a thread of its own, off the cooperative pool.
    static func onThread<Value: Sendable>(
        _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// The folder that holds `Modules/<module>.swiftmodule`: the test binary's build folder or one above it.
    static func buildFolder(module: String) throws -> URL {
        let binary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = binary.deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("Modules/\(module).swiftmodule")
            if FileManager.default.fileExists(atPath: candidate.path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        throw Failure(description: "no Modules/\(module).swiftmodule above \(binary.path)")
    }

    static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return data
    }

    /// The module's public symbols (no SPI, no synthesized members) as `Type.member(label:)` path names;
    /// with `extended`, those it declares in extensions of that other module's types instead.
    static func publicNames(module: String, extensionsOf extended: String? = nil) throws -> [String] {
        let build = try buildFolder(module: module)
        let info = try JSONSerialization.jsonObject(with: run(["swiftc", "-print-target-info"]))
        guard let target = (info as? [String: Any])?["target"] as? [String: Any],
            let triple = target["triple"] as? String
        else { throw Failure(description: "swiftc -print-target-info has no target triple") }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try run([
            "swift", "symbolgraph-extract", "-module-name", module, "-target", triple,
            "-I", build.appendingPathComponent("Modules").path, "-I", build.path,
            "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path,
        ])
        let graph = output.appendingPathComponent(
            extended.map { "\(module)@\($0).symbols.json" } ?? "\(module).symbols.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: graph))
        guard let symbols = (json as? [String: Any])?["symbols"] as? [[String: Any]] else {
            throw Failure(description: "\(graph.path) has no symbols")
        }
        let names = symbols.compactMap { ($0["pathComponents"] as? [String])?.joined(separator: ".") }
        return Array(Set(names)).sorted()
    }
}
