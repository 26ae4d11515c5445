import OneLinkServer
import OneLinkTestSoak
import Testing

/// The parser's outcome does not depend on how the bytes are split: seeded random requests, valid
/// and mutated, fed whole, byte by byte and in random chunks give the same requests and failure.
@Suite(.timeLimit(.minutes(5))) struct HTTPRequestParserSplitTests {
    /// A small deterministic generator (SplitMix64), so every run checks the same inputs.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What feeding produced: the requests in order, then the failure if one ended the stream.
    struct Transcript: Equatable {
        var requests: [ServerRequest] = []
        var failure: HTTPParseError?
    }

    static let limits = HTTPRequestParser.Limits(maximumHeaderBytes: 256, maximumBodyBytes: 64)

    static func feed(_ bytes: [UInt8], chunkSizes: [Int]) -> Transcript {
        var parser = HTTPRequestParser(limits: limits)
        var transcript = Transcript()
        var offset = 0
        var sizes = chunkSizes.makeIterator()
        while offset < bytes.count {
            let size = min(max(1, sizes.next() ?? bytes.count), bytes.count - offset)
            parser.append(bytes[offset..<(offset + size)])
            offset += size
            while true {
                switch parser.next() {
                case .needMoreData: break
                case .request(let request):
                    transcript.requests.append(request)
                    continue
                case .failure(let error):
                    transcript.failure = error
                    return transcript
                }
                break
            }
        }
        return transcript
    }

    static func randomStream(_ random: inout SplitMix) -> [UInt8] {
        let pieces = [
            "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: h\r\n\r\n",
            "POST /v1.0/ios/1?devkey=k HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello",
            "GET / HTTP/1.0\r\n\r\n",
            "\r\n",
            "GET /x HTTP/2.0\r\nHost: h\r\n\r\n",
            "POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 65\r\n\r\n",
            "GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "b", count: 250) + "\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            bytes += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.remove(at: index)
            case 2: bytes.insert([13, 10, 32, 58, 0][Int.random(in: 0..<5, using: &random)], at: index)
            default: bytes[index] = 10
            }
        }
        return bytes
    }

    @Test(
        "Seeded random streams (100; 1,000 as a soak) give the same transcript whole, byte by byte and in random chunks",
        .tags(.soak))
    func splitInvariance() {
        var random = SplitMix(state: 20_261_123)
        var failures = 0
        var requests = 0
        let streams = Soak.count(1_000, quick: 100)
        for _ in 0..<streams {
            let bytes = Self.randomStream(&random)
            let whole = Self.feed(bytes, chunkSizes: [])
            let single = Self.feed(bytes, chunkSizes: Array(repeating: 1, count: bytes.count))
            let chunks = (0..<bytes.count).map { _ in Int.random(in: 1...40, using: &random) }
            let chunked = Self.feed(bytes, chunkSizes: chunks)
            #expect(
                single == whole,
                "byte by byte differs for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            #expect(
                chunked == whole,
                "chunks differ for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if whole.failure != nil { failures += 1 }
            requests += whole.requests.count
        }
        // The generator reaches both outcomes often enough for the comparison to mean something.
        #expect(failures > streams * 15 / 100)
        #expect(requests > streams / 4)
    }
}
