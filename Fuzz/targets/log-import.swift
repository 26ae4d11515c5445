// fuzz-modules: UserActivityStandIn OneLinkSupport OneLinkEmulator OneLinkApp OneLinkClicks OneLinkReplay
// fuzz-seeds: none
//
// Fuzzes `onelink-replay import-log`'s reader, `SDKLogImporter.draft(_:)`, with arbitrary text.
// Beyond "no crash, no hang": importing is deterministic; a refusal is one of the four
// `LogImportError`s with a bounded description; every accepted log gives a scenario document that
// decodes as a valid `Scenario`, whose notes are bounded, and whose line counts add up.
import Foundation
import OneLinkEmulator
import OneLinkReplay

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let importer = SDKLogImporter(name: "fuzz")
    let imported: LogImport
    do {
        imported = try importer.draft(text)
    } catch {
        check(error.description.count <= 400, "description of \(error.description.count) characters")
        do {
            _ = try importer.draft(text)
            fail("a refusal is not deterministic")
        } catch let again {
            check(again == error, "a refusal is not deterministic: \(again) after \(error)")
        }
        return 0
    }
    check(imported.notes.count <= 400, "\(imported.notes.count) notes")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    check(imported.recognisedLines + imported.skippedLines <= lines, "more lines counted than the log has")
    do {
        _ = try Scenario(document: imported.scenario, file: "fuzz.json")
    } catch {
        fail("the imported scenario does not decode: \(error)\n\(imported.scenarioText)")
    }
    check((try? importer.draft(text)) == imported, "importing is not deterministic")
    return 0
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated: \(message)\n".utf8))
    abort()
}
