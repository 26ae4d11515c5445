import Foundation
import OneLinkEmulator
import OneLinkStoreWriterState
import OneLinkTestSoak
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a process that keeps saving device state, at random points, and checks what survives.
@Suite(.timeLimit(.minutes(10))) struct CrashSafeStoreTests {
    @Test(
        "SIGKILL during saves leaves the previous or the new state, 100 times as a soak; temp files do not pile up",
        .tags(.soak))
    func killedWriterLeavesWholeState() async throws {
        let writer = try #require(ChildProcess.productURL(named: "onelink-store-writer"))
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("state.json")
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var expected = 0
        let rounds = Soak.count(100, quick: 8)

        for round in 0..<rounds {
            let context = Comment(rawValue: "seed \(seed), round \(round)")
            let savesBeforeKill = Int(random.next() % 4) + 1
            let run = try await WriterRun.perform(
                writer: writer, stateFile: stateFile, savesBeforeKill: savesBeforeKill)
            try #require(run.first == "loaded \(expected)", context)
            var lastSaved = expected
            for line in run.beforeKill + run.afterKill {
                try #require(line == "saved \(lastSaved + 1)", context)
                lastSaved += 1
            }
            #expect(run.beforeKill.count == savesBeforeKill, context)

            let state = try #require(try FileDeviceStore(url: stateFile).load(), context)
            let counter = state.sessionCount
            #expect(counter == lastSaved || counter == lastSaved + 1, context)
            #expect(state == StoreWriterState.state(counter: counter), context)
            expected = counter

            let temporaries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".tmp") }
            #expect(temporaries.count <= 1, "\(temporaries) \(context)")
        }
        #expect(expected >= rounds)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers.filter { $0 != "state.json" }.count <= 1)
    }

    @Test("A temporary file of a live process is kept; one of a dead process is removed on the next save")
    func staleTemporariesOnly() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let live = ".state.json.1.42.tmp"
        let dead = ".state.json.\(Int32.max - 1).42.tmp"
        let unrelated = ".other.json.\(Int32.max - 1).42.tmp"
        for name in [live, dead, unrelated] {
            try Data("{".utf8).write(to: directory.appendingPathComponent(name))
        }
        let store = FileDeviceStore(url: directory.appendingPathComponent("state.json"))
        try store.save(StoreWriterState.state(counter: 1))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [live, unrelated, "state.json"].sorted())
        #expect(try store.load() == StoreWriterState.state(counter: 1))
    }
}

/// One life of `onelink-store-writer`, run on a thread of its own.
///
/// The reads block, so they stay off the Swift concurrency pool: on a 2-core
/// machine a blocked pool thread would starve every other test running in
/// parallel, such as the loopback server's.
struct WriterRun: Sendable {
    /// The first line (`loaded N`).
    var first: String?
    /// The `saved N` lines read before the kill.
    var beforeKill: [String]
    /// The `saved N` lines still in the pipe after the kill.
    var afterKill: [String]

    static func perform(writer: URL, stateFile: URL, savesBeforeKill: Int) async throws -> WriterRun {
        try await onThread {
            let child = try ChildProcess(executable: writer, arguments: [stateFile.path])
            let first = try child.readLine(timeout: .seconds(10))
            var before: [String] = []
            for _ in 0..<savesBeforeKill {
                guard let line = try child.readLine(timeout: .seconds(10)) else { break }
                before.append(line)
            }
            child.kill()
            let after = try child.remainingLines(timeout: .seconds(10))
            return WriterRun(first: first, beforeKill: before, afterKill: after)
        }
    }
}

/// A small seeded generator, so a failing run can be repeated from the seed it prints.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
