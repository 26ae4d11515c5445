import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// Issue 49's property: every corpus log, pasted the way people paste (cut, lines dropped, blocks abridged, lines
/// wrapped or cut, prefixes stripped or changed), imports with every callback line it still shows as an expectation.
///
/// The default run pastes each log a few times with a fixed seed; `ONELINK_SOAK=1` pastes each 200 times.
/// `Scripts/fuzz.sh log-import-paste` runs the same check with libFuzzer choosing the cuts.
@Suite("import-log: logs as people paste them never lose a callback", .timeLimit(.minutes(5)))
struct LogPastePropertyTests {
    static let pastesPerLog = ProcessInfo.processInfo.environment["ONELINK_SOAK"] == "1" ? 200 : 8

    @Test(
        "Every paste of every corpus log keeps its callback lines, decodes, and is refused only when it shows none",
        arguments: RealLogCorpusTests.names)
    func pastesKeepCallbacks(name: String) async throws {
        let log = try String(
            contentsOf: RealLogCorpusTests.folder.appendingPathComponent(name + ".log"), encoding: .utf8)
        var random = PasteRandom(seed: Self.seed(name))
        for attempt in 0..<Self.pastesPerLog {
            let pasted = LogPaste.paste(log, using: &random)
            let result: Result<LogImport, LogImportError>
            do {
                result = .success(try await SDKLogImporter(name: name).importLog(pasted.text))
            } catch {
                result = .failure(error)
            }
            let problems = LogPaste.violations(pasted.text, result)
            #expect(
                problems.isEmpty,
                "\(name), paste \(attempt) (\(pasted.changes.joined(separator: "; "))): \(problems)\n\(pasted.text)"
            )
        }
    }

    /// A seed of the log's name, so each log has its own pastes and a run repeats them.
    static func seed(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x1000_0000_01B3 }
    }
}
