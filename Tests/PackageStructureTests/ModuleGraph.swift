import Foundation

/// The package's targets and the modules each one depends on, read two ways: as `Package.swift`
/// declares them (through `swift package dump-package`) and as the targets' files import them.
struct ModuleGraph: Equatable {
    /// One target of the package.
    struct Target: Equatable {
        /// The target's name, as `Package.swift` spells it (`onelink-replay`).
        var name: String
        /// `regular`, `executable`, `test`, `plugin` and so on.
        var kind: String
        /// The folder its files are in, relative to the package root.
        var path: String
        /// The targets it depends on, by name.
        var dependencies: Set<String>
        /// The compiler's module aliases in its settings (`-module-alias AppsFlyerLib=AppsFlyerLibStandIn`):
        /// the name its files import, and the module that name stands for.
        var moduleAliases: [String: String] = [:]
    }

    /// A problem reading the package.
    struct Problem: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The targets, by name.
    var targets: [String: Target]

    /// The package root, found from this file's location.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The targets as `Package.swift` declares them on this host.
    ///
    /// Runs `swift package dump-package` with a scratch folder of its own, so it never waits for the
    /// lock of a build in `.build`.
    static func declared() throws -> ModuleGraph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "dump-package", "--package-path", packageRoot.path, "--scratch-path",
            scratch.path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["ONELINK_STRICT"] = nil
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Problem(description: "swift package dump-package exited \(process.terminationStatus)")
        }
        return try ModuleGraph(dump: data)
    }

    /// The targets of a `dump-package` document.
    init(dump: Data) throws {
        guard let document = try JSONSerialization.jsonObject(with: dump) as? [String: Any],
            let entries = document["targets"] as? [[String: Any]]
        else { throw Problem(description: "dump-package gave no targets") }
        var targets: [String: Target] = [:]
        for entry in entries {
            guard let name = entry["name"] as? String, let kind = entry["type"] as? String else {
                throw Problem(description: "a target without a name or type")
            }
            let folder = kind == "test" ? "Tests" : kind == "plugin" ? "Plugins" : "Sources"
            var dependencies: Set<String> = []
            for dependency in entry["dependencies"] as? [[String: Any]] ?? [] {
                for value in dependency.values {
                    if let first = (value as? [Any])?.first as? String { dependencies.insert(first) }
                }
            }
            targets[name] = Target(
                name: name, kind: kind, path: entry["path"] as? String ?? "\(folder)/\(name)",
                dependencies: dependencies, moduleAliases: Self.moduleAliases(in: entry["settings"]))
        }
        self.targets = targets
    }

    /// The `-module-alias NAME=MODULE` pairs anywhere in a target's `settings` (the unsafe flags).
    static func moduleAliases(in settings: Any?) -> [String: String] {
        var aliases: [String: String] = [:]
        func visit(_ value: Any?) {
            if let flags = value as? [String] {
                for (flag, argument) in zip(flags, flags.dropFirst()) where flag == "-module-alias" {
                    let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                    if parts.count == 2 { aliases[parts[0]] = parts[1] }
                }
            } else if let array = value as? [Any] {
                array.forEach(visit)
            } else if let object = value as? [String: Any] {
                object.values.forEach(visit)
            }
        }
        visit(settings)
        return aliases
    }

    /// A graph of these targets.
    init(targets: [String: Target]) {
        self.targets = targets
    }

    /// The graph as the files import it: each target's dependencies replaced by the package's
    /// modules its Swift files import (a plugin keeps what it declares).
    func imported() throws -> ModuleGraph {
        let modules = Dictionary(
            targets.keys.map { ($0.replacingOccurrences(of: "-", with: "_"), $0) },
            uniquingKeysWith: { first, _ in first })
        var result = targets
        for (name, target) in targets where target.kind != "plugin" {
            let folder = Self.packageRoot.appendingPathComponent(target.path)
            let aliases = target.moduleAliases
            var found: Set<String> = []
            for file in try Self.swiftFiles(in: folder) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for module in Self.imports(in: text) {
                    if let target = modules[aliases[module] ?? module] { found.insert(target) }
                }
            }
            result[name]?.dependencies = found
        }
        return ModuleGraph(targets: result)
    }

    /// The Swift files under `folder`, sorted.
    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw Problem(description: "cannot list \(folder.path)")
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// The modules a Swift file imports: `import M`, with any attributes (`@testable`, `@_spi(X)`,
    /// `@_exported`) and access level, inside `#if` blocks too, but not in a multi-line string.
    static func imports(in text: String) -> [String] {
        var modules: [String] = []
        var inString = false
        for fullLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = fullLine.components(separatedBy: "//").first ?? ""
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inString.toggle() } }
            guard !inString else { continue }
            var words = line.split(separator: " ").map(String.init)[...]
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            if let first = words.first,
                ["public", "package", "internal", "fileprivate", "private"].contains(first)
            {
                words.removeFirst()
            }
            guard words.count == 2, words.first == "import" else { continue }
            modules.append(words.last!)
        }
        return modules
    }

    /// The library and executable targets and their edges, one line a target, for the
    /// architecture document: `OneLinkHTTP → OneLinkEmulator, OneLinkSupport`.
    var figure: String {
        let shown = targets.values.filter {
            ["regular", "executable"].contains($0.kind) && !$0.path.hasPrefix("Tests/")
        }
        let edges = shown.reduce(0) { $0 + $1.dependencies.count }
        var lines = ["\(shown.count) modules, \(edges) edges (test targets and test support not shown)"]
        for target in shown.sorted(by: { $0.name < $1.name }) {
            let dependencies = target.dependencies.sorted()
            lines.append(
                "\(target.name) → " + (dependencies.isEmpty ? "(none)" : dependencies.joined(separator: ", "))
            )
        }
        return lines.joined(separator: "\n")
    }
}
