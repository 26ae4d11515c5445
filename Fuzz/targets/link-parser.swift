// fuzz-modules: UserActivityStandIn OneLinkSupport OneLinkEmulator
// fuzz-seeds: links
//
// Fuzzes `LinkParser().parse` with arbitrary bytes. Beyond "no crash", every accepted link must:
// keep its text in `link`; have a lowercased scheme and host; give the same parameters under both
// value typings (typed by `typedValue`); round-trip its payload through JSON; and re-parse to the
// same parameters when they are percent-encoded into a fresh link. Every rejected link must get the
// error its text calls for.
import Foundation
import OneLinkEmulator

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parser = LinkParser(customDomains: ["go.example.com"])
    let parsed: ParsedLink
    do {
        parsed = try parser.parse(text)
    } catch {
        checkRejection(error, of: text, limit: parser.maximumLength)
        return 0
    }
    check(parsed.link == text, "link is not the input text")
    check(!parsed.scheme.isEmpty && parsed.scheme == parsed.scheme.lowercased(), "scheme \(parsed.scheme)")
    check(hasBytePrefix(text.lowercased(), parsed.scheme + ":"), "scheme \(parsed.scheme) is not the prefix")
    check(parsed.host == parsed.host.lowercased(), "host \(parsed.host) not lowercased")
    check((try? parser.parse(text)) == parsed, "parsing is not deterministic")

    var strings = parser
    strings.valueTyping = .strings
    guard let untyped = try? strings.parse(text) else {
        fail("string typing rejects what documented accepts")
    }
    check(untyped.parameters.sortedKeys == parsed.parameters.sortedKeys, "typings disagree on keys")
    for (key, value) in untyped.parameters.values {
        guard let string = value.stringValue else { fail("strings typing produced \(value) for \(key)") }
        check(parsed.parameters[key] == parser.typedValue(string), "typed value of \(key) differs")
    }

    let payload = AttributionValue.object(parsed.payload.values)
    check((try? AttributionValue(jsonString: payload.jsonText())) == payload, "payload JSON round trip")
    check((try? AttributionValue(json: payload.jsonData(pretty: true))) == payload, "pretty JSON round trip")

    var rebuilt = "x-fuzz://h/p?"
    for key in untyped.parameters.sortedKeys {
        rebuilt += encode(key) + "=" + encode(untyped.parameters[key]?.stringValue ?? "") + "&"
    }
    guard let reparsed = try? strings.parse(rebuilt) else { fail("rebuilt link rejected: \(rebuilt)") }
    check(reparsed.parameters == untyped.parameters, "parameters do not survive re-encoding: \(rebuilt)")
    let shadowed = ["scheme", "host", "path", "link"].filter { untyped.parameters[$0] != nil }
    check(
        reparsed.diagnostics == shadowed.map { .shadowedParameter($0) },
        "a rebuilt link has diagnostics \(reparsed.diagnostics)")
    return 0
}

/// Checks that the error is the one the text calls for.
func checkRejection(_ error: LinkError, of text: String, limit: Int) {
    check(!error.description.isEmpty, "empty description")
    let bytes = Array(text.utf8)
    let isWhitespace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    switch error {
    case .empty:
        check(bytes.allSatisfy(isWhitespace), "non-blank text reported empty")
    case .tooLong(let length, let reportedLimit):
        check(length == bytes.count && length > limit && reportedLimit == limit, "wrong tooLong")
    case .invalidCharacters(let link):
        check(link == text && bytes.contains { $0 <= 0x20 || $0 == 0x7F }, "wrong invalidCharacters")
    case .missingScheme(let link):
        check(link == text && !bytes.contains { $0 <= 0x20 || $0 == 0x7F }, "wrong missingScheme")
    case .missingHost(let link):
        let lowered = text.lowercased()
        check(
            link == text && (hasBytePrefix(lowered, "http:") || hasBytePrefix(lowered, "https:")),
            "wrong missingHost")
    case .notOneLink:
        fail("the parser itself never reports notOneLink")
    }
}

/// Whether `text` starts with the bytes of `prefix` (`hasPrefix` compares whole characters instead).
func hasBytePrefix(_ text: String, _ prefix: String) -> Bool {
    text.utf8.starts(with: prefix.utf8)
}

/// Percent-encodes everything but unreserved characters.
func encode(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            result.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            result += String(format: "%%%02X", byte)
        }
    }
    return result
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated: \(message)\n".utf8))
    abort()
}
