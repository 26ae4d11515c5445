import OneLinkEmulator
import Testing

/// The hand-written SHA-256 and HMAC-SHA256 behind `af_sig` give the published test vectors.
@Suite("Server: SHA-256 and HMAC-SHA256", .timeLimit(.minutes(5)))
struct SHA256Tests {
    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    @Test(
        "FIPS 180-4 / NIST example messages",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hex(SHA256.digest(of: Array(message.utf8))) == digest)
    }

    @Test("a million a's, across many blocks")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256.hex(SHA256.digest(of: message))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("padding edges: 55, 56, 63 and 64 bytes differ from each other and hash deterministically")
    func paddingEdges() {
        let digests = [55, 56, 63, 64, 65].map {
            SHA256.hex(SHA256.digest(of: [UInt8](repeating: 0x61, count: $0)))
        }
        #expect(Set(digests).count == digests.count)
        // sha256sum of 64 'a's, a block-aligned message that needs a whole padding block.
        #expect(digests[3] == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test(
        "RFC 4231 test cases 1-4, 6 and 7",
        arguments: [
            (
                String(repeating: "0b", count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                "4a656665", Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                String(repeating: "aa", count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                "0102030405060708090a0b0c0d0e0f10111213141516171819", [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                String(repeating: "aa", count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                String(repeating: "aa", count: 131),
                Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. "
                        + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ])
    func rfc4231(key: String, message: [UInt8], mac: String) {
        #expect(SHA256.hex(SHA256.hmac(key: Self.hex(key), message: message)) == mac)
    }

    @Test("the dev hub's af_sig example: timestamp + ip under the dev key")
    func devHubExample() {
        #expect(
            SHA256.hmacHex(key: "w8sZzy8EaPaxFKfaoTqUi6", message: "2015-01-22T08:45:33.412" + "127.0.0.1")
                == "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327")
    }
}
