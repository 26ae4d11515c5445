import Foundation
import OneLinkSupport
import Testing

/// `serve --state DIR` refusals, in process: a path that is a file, a damaged journal, and
/// `--state-sync` without `--state` are usage errors (exit 2) that say why.
@Suite(.timeLimit(.minutes(2))) struct ServeStateOptionTests {
    static func withFolder(_ body: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("serve-state-options-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await body(folder)
    }

    @Test("--state naming a file is a usage error saying it needs a folder")
    func stateIsAFile() async throws {
        try await Self.withFolder { folder in
            let file = folder + "/plain.txt"
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            let result = await tool(["serve", "--state", file, "--port", "0"])
            #expect(result.status == 2)
            #expect(result.errors.contains("--state: \(file) is not a folder"))
        }
    }

    @Test("--state with a journal damaged before its last record refuses to start, naming file and offset")
    func damagedJournal() async throws {
        try await Self.withFolder { folder in
            let opened = try AppendOnlyJournal.open(directory: folder)
            try opened.journal.append(Array("one".utf8))
            try opened.journal.append(Array("two".utf8))
            opened.journal.close()
            let path = folder + "/journal"
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[AppendOnlyJournal.signature.count + AppendOnlyJournal.headerBytes] ^= 1
            try bytes.write(to: URL(fileURLWithPath: path))
            let result = await tool(["serve", "--state", folder, "--port", "0"])
            #expect(result.status == 2)
            #expect(
                result.errors.contains(
                    "--state: \(path) has a damaged record at byte offset \(AppendOnlyJournal.signature.count)"
                ))
        }
    }

    @Test("--state-sync needs --state, and --state needs a folder name")
    func syncNeedsState() async throws {
        let sync = await tool(["serve", "--state-sync"])
        #expect(sync.status == 2)
        #expect(sync.errors.hasPrefix("onelink-replay serve: --state-sync needs --state DIR\n"))
        let empty = await tool(["serve", "--state", ""])
        #expect(empty.status == 2)
        #expect(empty.errors.hasPrefix("onelink-replay serve: --state needs a folder\n"))
    }

    @Test("--help documents --state and --state-sync")
    func help() async throws {
        let result = await tool(["serve", "--help"])
        #expect(result.output.contains("--state DIR"))
        #expect(result.output.contains("--state-sync"))
    }
}
