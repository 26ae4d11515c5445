import Foundation
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkServer
import OneLinkTestThreads
import Testing

/// The release files and `onelink-replay --version` agree with each other.
@Suite("Packaging", .timeLimit(.minutes(5)))
struct PackagingTests {
    static func read(_ path: String) throws -> String {
        String(
            decoding: try Data(contentsOf: KitFixtures.packageRoot.appendingPathComponent(path)),
            as: UTF8.self)
    }

    @Test func versionIsSemanticAndMatchesTheChangelog() throws {
        let version = PackageVersion.current
        let parts = version.split(separator: "-", maxSplits: 1)
        let core = parts[0].split(separator: ".")
        #expect(core.count == 3 && core.allSatisfy { Int($0) != nil }, "\(version) is not MAJOR.MINOR.PATCH")
        let changelog = try Self.read("CHANGELOG.md")
        if parts.count == 2 {
            #expect(parts[1] == "dev")
            #expect(changelog.contains("## [Unreleased]"))
            #expect(!changelog.contains("## [\(parts[0])]"), "\(parts[0]) is released; drop -dev")
        } else {
            #expect(changelog.contains("## [\(version)]"))
        }
    }

    @Test func platformsMatchTheDocumentation() throws {
        let manifest = try Self.read("Package.swift")
        let doc = try Self.read("Docs/platforms.md")
        #expect(
            manifest.contains(
                "platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)]"))
        for (platform, floor) in [
            ("macOS", "13"), ("iOS", "16"), ("tvOS", "16"), ("watchOS", "9"), ("visionOS", "1"),
        ] {
            #expect(doc.contains("| \(platform) | \(floor) |"), "Docs/platforms.md: \(platform) \(floor)")
        }
    }

    @Test func licenceIsTheFullApacheText() throws {
        let licence = try Self.read("LICENSE")
        #expect(licence.contains("Apache License"))
        #expect(licence.contains("Version 2.0, January 2004"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        #expect(licence.split(separator: "\n", omittingEmptySubsequences: false).count >= 200)
    }

    @Test func spiManifestNamesEveryLibraryForDocumentation() throws {
        let manifest = try Self.read(".spi.yml")
        #expect(manifest.hasPrefix("version: 1\n"))
        for target in ["OneLinkEmulator", "OneLinkEmulatorTestSupport", "OneLinkReplay", "OneLinkServer"] {
            #expect(manifest.contains(target))
        }
    }

    #if os(macOS) || os(Linux)
        @Test func replayPrintsTheVersion() async throws {
            let executable = try #require(
                Self.executable(), "onelink-replay is not built; run `swift build --build-tests` first")
            let (status, data) = try await onThread {
                let process = Process()
                let output = Pipe()
                process.executableURL = executable
                process.arguments = ["--version"]
                process.standardOutput = output
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (process.terminationStatus, data)
            }
            #expect(status == 0)
            #expect(String(decoding: data, as: UTF8.self) == "onelink-replay \(PackageVersion.current)\n")
        }

        /// The `onelink-replay` executable next to the test bundle, or in `.build/debug`.
        static func executable() -> URL? {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("onelink-replay")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            let fallback = KitFixtures.packageRoot.appendingPathComponent(".build/debug/onelink-replay")
            return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
        }
    #endif
}
