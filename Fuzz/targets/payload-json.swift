// fuzz-modules: UserActivityStandIn OneLinkSupport OneLinkEmulator
// fuzz-seeds: json
//
// Fuzzes `AttributionValue(json:)` with arbitrary bytes. Beyond "no crash", every accepted document
// must re-parse to an equal value from both its compact and its pretty text, the compact text must
// be a fixed point, and an object must bridge to Foundation and back unchanged. Every rejection must
// point inside the input.
import Foundation
import OneLinkEmulator

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let value: AttributionValue
    do {
        value = try AttributionValue(json: bytes)
    } catch {
        checkRejection(error, size: size)
        return 0
    }
    let text = value.jsonText()
    guard let reparsed = try? AttributionValue(jsonString: text) else { fail("own output rejected: \(text)") }
    check(reparsed == value, "compact round trip changed the value: \(text)")
    check(reparsed.jsonText() == text, "compact text is not a fixed point: \(text)")
    check((try? AttributionValue(json: value.jsonData(pretty: true))) == value, "pretty round trip: \(text)")
    if case .object(let members) = value {
        let payload = AttributionPayload(members)
        check((try? AttributionPayload(json: payload.jsonData())) == payload, "payload round trip: \(text)")
        do {
            let bridged = try AttributionPayload(foundation: payload.foundationDictionary)
            check(bridged == payload, "Foundation bridging changed the payload: \(text)")
        } catch {
            fail("Foundation bridging rejected its own dictionary: \(error) for \(text)")
        }
    }
    return 0
}

/// Checks that the error points inside the input.
func checkRejection(_ error: PayloadError, size: Int) {
    check(!error.description.isEmpty, "empty description")
    switch error {
    case .invalidJSON(let reason, let offset, let line, let column):
        check(!reason.isEmpty && offset >= 0 && offset <= size, "offset \(offset) outside \(size) bytes")
        check(
            line >= 1 && column >= 1 && line <= size + 1 && column <= size + 1, "line \(line) col \(column)")
    case .duplicateKey(let path, _), .nestingTooDeep(let path, _):
        check(path.hasPrefix("$"), "path \(path)")
    case .notAnObject, .unsupportedValue, .nonStringKey, .nonFiniteNumber:
        fail("AttributionValue(json:) reported \(error)")
    }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated: \(message)\n".utf8))
    abort()
}
