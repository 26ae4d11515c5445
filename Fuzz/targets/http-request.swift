// fuzz-modules: UserActivityStandIn OneLinkSupport OneLinkEmulator OneLinkClicks OneLinkServer
// fuzz-seeds: none
//
// Fuzzes the server's `HTTPRequestParser` with arbitrary bytes. Beyond "no crash": feeding the
// bytes at once, in two pieces split at a point the input chooses, or one byte at a time must give
// the same requests and the same final outcome; every request must be well formed (token method,
// origin-form target, HTTP/1.0 or 1.1, a body of exactly its Content-Length); and a failure must
// be final and carry one of the documented status codes.
import Foundation
import OneLinkServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = outcomes(feeding: [bytes])
    let split = size == 0 ? 0 : Int(bytes[0]) * size / 256
    let twoPieces = outcomes(feeding: [Array(bytes[..<split]), Array(bytes[split...])])
    check(whole == twoPieces, "split at \(split) changed the outcome: \(whole) vs \(twoPieces)")
    if size <= 512 {
        let byteByByte = outcomes(feeding: bytes.map { [$0] })
        check(whole == byteByByte, "byte-by-byte feeding changed the outcome")
    }
    for outcome in whole {
        switch outcome {
        case .request(let request): checkRequest(request)
        case .failure(let error):
            check([400, 411, 413, 431, 501, 505].contains(error.statusCode), "status \(error.statusCode)")
            check(!error.description.isEmpty, "empty description")
        case .needMoreData: break
        }
    }
    return 0
}

/// Every request the pieces produce, then the final outcome (`needMoreData` or a failure).
func outcomes(feeding pieces: [[UInt8]]) -> [HTTPRequestParser.Outcome] {
    var parser = HTTPRequestParser(limits: .init(maximumHeaderBytes: 2048, maximumBodyBytes: 4096))
    var results: [HTTPRequestParser.Outcome] = []
    for piece in pieces {
        var outcome = parser.parse(piece)
        while case .request = outcome {
            results.append(outcome)
            outcome = parser.next()
        }
        if case .failure = outcome {
            check(parser.next() == outcome && parser.parse([0x41]) == outcome, "a failure is not final")
            results.append(outcome)
            return results
        }
    }
    results.append(.needMoreData)
    return results
}

func checkRequest(_ request: ServerRequest) {
    let tokenCharacters = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    check(
        !request.method.rawValue.isEmpty && request.method.rawValue.utf8.allSatisfy(tokenCharacters.contains),
        "method")
    check(request.target.utf8.first == UInt8(ascii: "/"), "target \(request.target)")
    check(request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "target characters")
    check(request.version == "HTTP/1.1" || request.version == "HTTP/1.0", "version \(request.version)")
    // Content-Length may be a list of equal values (RFC 9110 §8.6); empty elements are refused.
    let lengths = request.headers.filter { $0.name.rawName.lowercased() == "content-length" }
        .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }
    if let length = lengths.first {
        check(Set(lengths).count == 1, "different Content-Lengths \(lengths) accepted")
        check(Int(length) == request.body.count, "body length \(length) for \(request.body.count) bytes")
    } else {
        check(request.body.isEmpty, "a body without Content-Length")
    }
    if request.version == "HTTP/1.1" {
        check(request.headers.filter { $0.name.rawName.lowercased() == "host" }.count == 1, "Host count")
    }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated: \(message)\n".utf8))
    abort()
}
