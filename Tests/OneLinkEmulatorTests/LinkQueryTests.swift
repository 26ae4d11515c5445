import OneLinkEmulator
import Testing

/// A parsed link's parameters and payload are decoded when read; they must read, compare, hash
/// and change exactly like the decoded dictionary.
@Suite(.timeLimit(.minutes(5))) struct LinkQueryTests {
    let links = [
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=summer&af_dp=afbasicapp%3A%2F%2Fmain&n=16&t=true",
        "https://onelink-basic-app.onelink.me/H5hv/abc123?af_sub1=x&link=shadowed",
        "afbasicapp://mainactivity?deep_link_value=apples&%6Cink=escaped&host=h&e=%C3%A9&bad=%FF&odd=%zz&flag",
        "https://example.com/page?a=1&a=2&=x&&b",
        "https://go.onelink.me/",
    ]

    /// The payload a parser that decodes everything at once would build.
    func decoded(_ payload: AttributionPayload) -> AttributionPayload {
        AttributionPayload(payload.values)
    }

    @Test(arguments: [LinkParser.ValueTyping.strings, .documented])
    func readsMatchTheDecodedDictionary(typing: LinkParser.ValueTyping) throws {
        let parser = LinkParser(valueTyping: typing)
        for link in links {
            let parsed = try parser.parse(link)
            for payload in [parsed.parameters, parsed.payload] {
                let values = payload.values
                #expect(payload.count == values.count, "\(link)")
                #expect(payload.isEmpty == values.isEmpty)
                for (key, value) in values { #expect(payload[key] == value, "\(key) in \(link)") }
                #expect(payload["absent"] == nil)
                #expect(payload.sortedKeys == values.keys.sorted())
                #expect(payload == decoded(payload) && decoded(payload) == payload)
                #expect(Set([payload, decoded(payload)]).count == 1, "hash differs for \(link)")
                #expect(payload.jsonText() == decoded(payload).jsonText())
            }
        }
    }

    @Test func payloadsOfDifferentLinksDiffer() throws {
        let parser = LinkParser()
        let first = try parser.parse("afbasicapp://main?a=1")
        let second = try parser.parse("afbasicapp://main?a=2")
        #expect(first.parameters != second.parameters)
        #expect(first.payload != second.payload)
        #expect(first.parameters == (try parser.parse("afbasicapp://other?a=1")).parameters)
        #expect(first.payload != (try parser.parse("afbasicapp://other?a=1")).payload)
    }

    @Test func changingAPayloadDecodesItOnceAndKeepsTheRest() throws {
        let parsed = try LinkParser().parse("afbasicapp://main?pid=Email&af_dp=x%3A%2F%2Fy")
        var payload = parsed.payload
        payload["extra"] = "1"
        payload["pid"] = nil
        #expect(
            payload == [
                "af_dp": "x://y", "extra": "1", "scheme": "afbasicapp", "host": "main", "path": "",
                "link": .string(parsed.link),
            ])
        var parameters = parsed.parameters
        parameters.values["af_dp"] = "changed"
        #expect(parameters == ["pid": "Email", "af_dp": "changed"])
        #expect(parsed.parameters == ["pid": "Email", "af_dp": "x://y"], "the original is untouched")
    }

    @Test func payloadFollowsChangedComponents() throws {
        var parsed = try LinkParser().parse("afbasicapp://main?pid=Email")
        parsed.scheme = "other"
        #expect(parsed.payload["scheme"] == "other")
        parsed.parameters["pid"] = "SMS"
        #expect(parsed.payload["pid"] == "SMS")
        #expect(parsed.payload.count == 5)
    }

    @Test func anEscapedKeyNamingAComponentIsShadowed() throws {
        let link = "afbasicapp://main?%6Cink=l&%73cheme=s"
        let parsed = try LinkParser().parse(link)
        #expect(parsed.parameters == ["link": "l", "scheme": "s"])
        #expect(parsed.payload["link"] == .string(link))
        #expect(parsed.payload["scheme"] == "afbasicapp")
        #expect(parsed.payload.count == 4)
        #expect(parsed.diagnostics == [.shadowedParameter("scheme"), .shadowedParameter("link")])
    }

    @Test(arguments: [3, 16, 31, 32, 33, 100, 600])
    func repeatedKeysAreFoundInQueriesOfAnySize(distinct: Int) throws {
        // Every key appears twice, the second time with another value; escaped twins count as repeats.
        var items: [String] = []
        for index in 0..<distinct { items.append("k\(index)=first\(index)") }
        for index in 0..<distinct { items.append(index % 2 == 0 ? "k\(index)=second" : "%6B\(index)=second") }
        let parsed = try LinkParser().parse("afbasicapp://main?" + items.joined(separator: "&"))
        #expect(parsed.parameters.count == distinct)
        for index in 0..<distinct { #expect(parsed.parameters["k\(index)"] == .string("first\(index)")) }
        #expect(parsed.diagnostics == (0..<distinct).map { .duplicateKey("k\($0)") })
    }

    @Test func emptyQueriesHaveNoParameters() throws {
        for link in ["afbasicapp://main?", "afbasicapp:?", "https://go.onelink.me/H5hv?#", "x:?&&="] {
            let parsed = try LinkParser().parse(link)
            #expect(parsed.parameters.isEmpty, "\(link)")
            #expect(parsed.payload["link"] == .string(link))
        }
    }

    @Test func keysThatShareAHashPrefixStayApart() throws {
        let parsed = try LinkParser().parse("afbasicapp://main?ab=1&ba=2&a=3&aa=4&abc=5&ab%00=6")
        #expect(parsed.parameters == ["ab": "1", "ba": "2", "a": "3", "aa": "4", "abc": "5", "ab\u{0}": "6"])
        #expect(parsed.diagnostics == [])
    }
}
