import Foundation
import OneLinkEmulator
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a process that keeps saving device state, at random points, and checks what survives.
@Suite struct CrashSafeStoreTests {
    /// What one kill round found.
    struct Round: Sendable {
        var lastSaved: Int
        var loaded: DeviceState
        var temporaries: [String]
    }

    @Test("SIGKILL during saves leaves the previous or the new state, 100 times; temp files do not pile up")
    func killedWriterLeavesWholeState() async throws {
        let writer = try #require(ChildProcess.productURL(named: "onelink-store-writer"))
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = UInt64.random(in: 0...UInt64.max)
        // The rounds block on pipes and process exits, so they run on a thread of their own rather than
        // holding one of the few cooperative threads other tests (and servers) need.
        let rounds = try await Self.onThread {
            try Self.killRounds(writer: writer, directory: directory, seed: seed)
        }

        #expect(rounds.count == 100)
        var previous = 0
        for (index, round) in rounds.enumerated() {
            let context = Comment(rawValue: "seed \(seed), round \(index)")
            let counter = round.loaded.sessionCount
            #expect(round.lastSaved > previous || index == 0, context)
            #expect(counter == round.lastSaved || counter == round.lastSaved + 1, context)
            #expect(round.loaded == StoreWriterRule.state(counter: counter), context)
            #expect(round.temporaries.count <= 1, "\(round.temporaries) \(context)")
            previous = counter
        }
        #expect(previous >= 100)
    }

    /// Starts the writer 100 times, each time killing it after 1 to 4 observed saves.
    ///
    /// - Throws: When the writer's output is not the expected `loaded`/`saved` lines, or a read times out.
    static func killRounds(writer: URL, directory: URL, seed: UInt64) throws -> [Round] {
        let stateFile = directory.appendingPathComponent("state.json")
        var random = SplitMix64(seed: seed)
        var expected = 0
        var rounds: [Round] = []
        for round in 0..<100 {
            let child = try ChildProcess(executable: writer, arguments: [stateFile.path])
            let first = try child.readLine(timeout: .seconds(20))
            guard first == "loaded \(expected)" else {
                throw ChildProcess.Timeout(
                    description: "round \(round): expected loaded \(expected), got \(first ?? "EOF")")
            }
            var lastSaved = expected
            for _ in 0..<(Int(random.next() % 4) + 1) {
                let line = try child.readLine(timeout: .seconds(20))
                guard line == "saved \(lastSaved + 1)" else {
                    throw ChildProcess.Timeout(description: "round \(round): got \(line ?? "EOF")")
                }
                lastSaved += 1
            }
            child.kill()
            for line in try child.remainingLines(timeout: .seconds(20)) {
                guard line == "saved \(lastSaved + 1)" else {
                    throw ChildProcess.Timeout(description: "round \(round): after the kill got \(line)")
                }
                lastSaved += 1
            }
            guard let loaded = try FileDeviceStore(url: stateFile).load() else {
                throw ChildProcess.Timeout(description: "round \(round): the state file is gone")
            }
            let temporaries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".tmp") }
            rounds.append(Round(lastSaved: lastSaved, loaded: loaded, temporaries: temporaries))
            expected = loaded.sessionCount
        }
        return rounds
    }

    /// Runs blocking work on a new thread.
    static func onThread<Value: Sendable>(
        _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
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
        try store.save(StoreWriterRule.state(counter: 1))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [live, unrelated, "state.json"].sorted())
        #expect(try store.load() == StoreWriterRule.state(counter: 1))
    }
}

/// The rule `onelink-store-writer` derives state number `counter` by; kept in step with that tool.
enum StoreWriterRule {
    static func state(counter: Int) -> DeviceState {
        DeviceState(
            deviceID: "writer-device", installTime: Date(timeIntervalSince1970: 1_700_000_000),
            conversionData: ["counter": .int(counter), "blob": .string(blob(counter))],
            sessionCount: counter,
            lastSessionStart: Date(timeIntervalSince1970: Double(1_700_000_000 + counter)))
    }

    static func blob(_ counter: Int) -> String {
        let unit = "\(counter):" + String(repeating: "abcdefghij", count: 3)
        return String(repeating: unit, count: (counter % 7 + 1) * 700 / unit.utf8.count + 1)
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
