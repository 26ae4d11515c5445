// fuzz-modules: UserActivityStandIn OneLinkSupport OneLinkEmulator OneLinkApp OneLinkClicks OneLinkReplay
// fuzz-seeds: scenarios
//
// Fuzzes the replay harness's scenario decoder, `Scenario(json:file:)`, with arbitrary bytes.
// Beyond "no crash": decoding is deterministic, decoding the parsed document gives the same
// scenario, and every rejection is a `ScenarioError` naming the file and a JSON path, in a
// description of bounded length.
import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let scenario: Scenario
    do {
        scenario = try Scenario(json: bytes, file: "fuzz.json")
    } catch {
        check(error.file == "fuzz.json", "file \(error.file)")
        check(error.path.hasPrefix("$"), "path \(error.path)")
        // The description quotes a long path cut to a bounded prefix, as it documents.
        let quotedPath = QuotedInput.message(error.path, limit: 256)
        check(error.description.hasPrefix("fuzz.json: \(quotedPath): "), "description \(error.description)")
        check(error.description.count <= 1_400, "description of \(error.description.count) characters")
        check((try? Scenario(json: bytes, file: "fuzz.json")) == nil, "a rejection is not deterministic")
        return 0
    }
    check(scenario.file == "fuzz.json", "file \(scenario.file)")
    check((try? Scenario(json: bytes, file: "fuzz.json")) == scenario, "decoding is not deterministic")
    guard let document = try? AttributionValue(json: bytes) else { fail("accepted text is not JSON") }
    check((try? Scenario(document: document, file: "fuzz.json")) == scenario, "document decoding differs")
    return 0
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated: \(message)\n".utf8))
    abort()
}
