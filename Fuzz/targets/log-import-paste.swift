// fuzz-modules: UserActivityStandIn OneLinkSupport OneLinkEmulator OneLinkApp OneLinkClicks OneLinkReplay
// fuzz-seeds: none
//
// Issue 49's property with no fixed seed: libFuzzer's input picks a log of `Payloads/field/logs/`
// (its first two bytes) and drives `LogPaste.paste`'s choices (the rest): where the paste is cut,
// which lines are dropped, which blocks are abridged mid-value, the width lines are wrapped or cut
// at, how prefixes are stripped or changed. `SDKLogImporter.draft(_:)` must keep every callback
// line the paste still shows as an expectation, give a scenario that decodes, and refuse only a
// paste with no callback line, as "nothing usable" or "an Android log" (`LogPaste.violations`).
// The logs are read from the working directory, the package root, where Scripts/fuzz.sh runs.
import Foundation
import OneLinkEmulator
import OneLinkReplay

let corpus: [(name: String, text: String)] = {
    let folder = "Payloads/field/logs"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".log") }.sorted()
    let logs = names.compactMap { name in
        (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).map { (name, $0) }
    }
    if logs.isEmpty { fail("no logs in \(FileManager.default.currentDirectoryPath)/\(folder)") }
    return logs
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let choice = bytes.prefix(2).reduce(0) { $0 << 8 | Int($1) }
    let (name, log) = corpus[choice % corpus.count]
    var random = PasteRandom(bytes: bytes.dropFirst(2))
    let pasted = LogPaste.paste(log, using: &random)
    let result: Result<LogImport, LogImportError>
    do {
        result = .success(try SDKLogImporter(name: "fuzz").draft(pasted.text))
    } catch {
        result = .failure(error)
    }
    let problems = LogPaste.violations(pasted.text, result)
    if !problems.isEmpty {
        fail(
            "\(name), pasted with \(pasted.changes.joined(separator: "; ")): \(problems.joined(separator: "; "))\n"
                + "--- the paste ---\n\(pasted.text)\n--- end ---")
    }
    return 0
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated: \(message)\n".utf8))
    abort()
}
