import OneLinkEmulator
import Testing

/// Checks every rule of ``LinkParser`` against its exact result, including bad input.
@Suite(.timeLimit(.minutes(5))) struct LinkParserTests {
    let parser = LinkParser(valueTyping: .documented)
    let base = "https://onelink-basic-app.onelink.me/H5hv"

    func query(_ query: String) throws -> ParsedLink {
        try parser.parse(base + "?" + query)
    }

    // MARK: Query items

    @Test func firstOfDuplicateKeysWins() throws {
        let parsed = try query("fruit_name=apples&fruit_name=pears&fruit_name=plums")
        #expect(parsed.parameters == ["fruit_name": "apples"])
        #expect(parsed.diagnostics == [.duplicateKey("fruit_name"), .duplicateKey("fruit_name")])
    }

    @Test func emptyValuesAreEmptyStrings() throws {
        let parsed = try query("af_sub1=&pid=Email")
        #expect(parsed.parameters == ["af_sub1": "", "pid": "Email"])
        #expect(parsed.diagnostics == [])
    }

    @Test func keysWithoutEqualsSignHaveEmptyValues() throws {
        let parsed = try query("af_force_deeplink&pid=Email")
        #expect(parsed.parameters == ["af_force_deeplink": "", "pid": "Email"])
        #expect(parsed.diagnostics == [.keyWithoutValue("af_force_deeplink")])
    }

    @Test func emptyKeysAreDroppedAndEmptyItemsIgnored() throws {
        let parsed = try query("=orphan&&pid=Email&")
        #expect(parsed.parameters == ["pid": "Email"])
        #expect(parsed.diagnostics == [.emptyKey])
        let onlyEquals = try query("=")
        #expect(onlyEquals.parameters == [:])
        #expect(onlyEquals.diagnostics == [.emptyKey])
    }

    @Test func valuesSplitAtTheFirstEqualsSign() throws {
        let parsed = try query("af_dp=afbasicapp://main?x=1")
        #expect(parsed.parameters == ["af_dp": "afbasicapp://main?x=1"])
    }

    @Test func plusStaysLiteralAndPercentTwentyIsASpace() throws {
        let parsed = try query("a=one+two&b=one%20two&c%20d=x&e=%2B")
        #expect(parsed.parameters == ["a": "one+two", "b": "one two", "c d": "x", "e": "+"])
        #expect(parsed.diagnostics == [])
    }

    @Test func percentEncodedReservedCharactersDecode() throws {
        let parsed = try query("af_dp=afbasicapp%3A%2F%2Fmainactivity&amp=%26%3D%3f")
        #expect(parsed.parameters == ["af_dp": "afbasicapp://mainactivity", "amp": "&=?"])
    }

    @Test func invalidPercentEscapesAreKeptLiterally() throws {
        let parsed = try query("a=%zz&b=%4&c=50%&d=%%41&%zz=1")
        #expect(parsed.parameters == ["a": "%zz", "b": "%4", "c": "50%", "d": "%A", "%zz": 1])
        #expect(
            parsed.diagnostics == [
                .invalidPercentEncoding(key: "a"), .invalidPercentEncoding(key: "b"),
                .invalidPercentEncoding(key: "c"), .invalidPercentEncoding(key: "d"),
                .invalidPercentEncoding(key: "%zz"),
            ])
    }

    @Test func bytesThatAreNotUTF8KeepTheRawText() throws {
        let parsed = try query("a=%FF&b=x%C3y&c=%C3%A9&%FE=1")
        #expect(parsed.parameters == ["a": "%FF", "b": "x%C3y", "c": "é", "%FE": 1])
        #expect(
            parsed.diagnostics == [.invalidUTF8(key: "a"), .invalidUTF8(key: "b"), .invalidUTF8(key: "%FE")])
    }

    @Test func rawNonASCIITextIsKept() throws {
        let parsed = try parser.parse("afbasicapp://mainactivity?fruit_name=äpfel&emoji=🍎")
        #expect(parsed.parameters == ["fruit_name": "äpfel", "emoji": "🍎"])
    }

    @Test func diagnosticsAreReportedInTheOrderMet() throws {
        let parsed = try query("a=1&a=2&b&=c&d=%zz&e=%FF&link=x")
        #expect(
            parsed.diagnostics == [
                .duplicateKey("a"), .keyWithoutValue("b"), .emptyKey, .invalidPercentEncoding(key: "d"),
                .invalidUTF8(key: "e"), .shadowedParameter("link"),
            ])
    }

    // MARK: Value typing

    @Test(arguments: [
        ("16", AttributionValue.int(16)),
        ("-3", .int(-3)),
        ("0", .int(0)),
        ("016", .string("016")),
        ("-0", .string("-0")),
        ("+5", .string("+5")),
        ("1.5", .string("1.5")),
        ("1e3", .string("1e3")),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("True", .string("True")),
        ("FALSE", .string("FALSE")),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .string("9223372036854775808")),
        ("20d", .string("20d")),
        ("", .string("")),
        ("-", .string("-")),
        ("null", .string("null")),
        ("١٢", .string("١٢")),
    ])
    func documentedValueTyping(text: String, expected: AttributionValue) {
        #expect(parser.typedValue(text) == expected)
    }

    @Test func valuesAreTypedAfterDecoding() throws {
        let parsed = try query("a=%31%36&b=%74rue&c=1%2E5")
        #expect(parsed.parameters == ["a": 16, "b": true, "c": "1.5"])
    }

    @Test func stringTypingKeepsEveryValueAString() throws {
        let strings = LinkParser(valueTyping: .strings)
        #expect(strings.typedValue("16") == "16")
        #expect(strings.typedValue("true") == "true")
        let parsed = try strings.parse(base + "?fruit_amount=16&is_retargeting=true")
        #expect(parsed.parameters == ["fruit_amount": "16", "is_retargeting": "true"])
    }

    // MARK: Link shapes

    @Test func linkWithoutQueryHasOnlyTheURLComponents() throws {
        let parsed = try parser.parse(base)
        #expect(parsed.parameters == [:])
        #expect(
            parsed.payload == [
                "scheme": "https", "host": "onelink-basic-app.onelink.me", "path": "/H5hv",
                "link": .string(base),
            ])
        let emptyQuery = try parser.parse(base + "?")
        #expect(emptyQuery.parameters == [:])
        #expect(emptyQuery.payload.count == 4)
    }

    @Test func shortLinksCarryOnlyTheirOwnParametersAndLink() throws {
        let link = base + "/6d66214a?af_sub1=promo&link=spoof"
        let parsed = try parser.parse(link)
        #expect(parsed.kind == .shortLink(template: "H5hv", shortID: "6d66214a"))
        #expect(parsed.payload == ["af_sub1": "promo", "link": .string(link)])
        #expect(parsed.diagnostics == [.shadowedParameter("link")])
        #expect(parsed.template == "H5hv")
        #expect(parsed.isDeepLink)
    }

    @Test func pathSegmentsDecideShortOrLong() throws {
        let host = "https://onelink-basic-app.onelink.me"
        #expect(try parser.parse(host).kind == .oneLink(template: nil))
        #expect(try parser.parse(host + "/").kind == .oneLink(template: nil))
        #expect(try parser.parse(host + "?pid=Email").kind == .oneLink(template: nil))
        #expect(try parser.parse(host + "/H5hv").kind == .oneLink(template: "H5hv"))
        #expect(try parser.parse(host + "/H5hv/").kind == .oneLink(template: "H5hv"))
        #expect(
            try parser.parse(host + "/H5hv/6d66214a").kind
                == .shortLink(template: "H5hv", shortID: "6d66214a"))
        #expect(
            try parser.parse(host + "//H5hv//6d66214a/").kind
                == .shortLink(template: "H5hv", shortID: "6d66214a"))
        let encodedSlash = try parser.parse(host + "/H5hv%2F6d66214a")
        #expect(encodedSlash.path == "/H5hv/6d66214a")
        #expect(encodedSlash.kind == .shortLink(template: "H5hv", shortID: "6d66214a"))
    }

    @Test func threePathSegmentsUseTheFirstAsTemplate() throws {
        let parsed = try parser.parse(base + "/6d66214a/extra?pid=Email")
        #expect(parsed.kind == .oneLink(template: "H5hv"))
        #expect(parsed.diagnostics == [.extraPathSegments("/H5hv/6d66214a/extra")])
        #expect(parsed.payload["path"] == "/H5hv/6d66214a/extra")
        #expect(parsed.payload["pid"] == "Email")
    }

    @Test func fragmentsAreNotParameters() throws {
        let link = base + "?pid=Email#section&fruit_name=apples"
        let parsed = try parser.parse(link)
        #expect(parsed.parameters == ["pid": "Email"])
        #expect(parsed.path == "/H5hv")
        #expect(parsed.link == link)
        let onlyFragment = try parser.parse(base + "#pid=Email")
        #expect(onlyFragment.parameters == [:])
        #expect(onlyFragment.path == "/H5hv")
    }

    @Test func reservedParameterNamesAreShadowedByTheURLComponents() throws {
        let link = "afbasicapp://mainactivity?scheme=evil&host=h&path=p&link=l&fruit_amount=1"
        let parsed = try parser.parse(link)
        #expect(
            parsed.parameters == ["scheme": "evil", "host": "h", "path": "p", "link": "l", "fruit_amount": 1])
        #expect(
            parsed.payload == [
                "scheme": "afbasicapp", "host": "mainactivity", "path": "", "link": .string(link),
                "fruit_amount": 1,
            ])
        #expect(
            parsed.diagnostics == [
                .shadowedParameter("scheme"), .shadowedParameter("host"), .shadowedParameter("path"),
                .shadowedParameter("link"),
            ])
    }

    @Test func uriSchemesAreLowercasedAndKeepTheirLink() throws {
        let link = "AFBasicApp://MainActivity/Fruit%20Page?x=1"
        let parsed = try parser.parse(link)
        #expect(parsed.kind == .uriScheme)
        #expect(parsed.scheme == "afbasicapp")
        #expect(parsed.host == "mainactivity")
        #expect(parsed.path == "/Fruit Page")
        #expect(parsed.link == link)
        #expect(parsed.template == nil)
        #expect(parsed.isDeepLink)
        let opaque = try parser.parse("afbasicapp:mainactivity?x=1")
        #expect(opaque.host == "")
        #expect(opaque.path == "mainactivity")
        #expect(opaque.parameters == ["x": 1])
    }

    // MARK: Hosts

    @Test func oneLinkSubdomainsAreRecognised() {
        #expect(parser.isOneLinkHost("onelink.me"))
        #expect(parser.isOneLinkHost("onelink-basic-app.onelink.me"))
        #expect(parser.isOneLinkHost("a.b.OneLink.ME"))
        #expect(!parser.isOneLinkHost("notonelink.me"))
        #expect(!parser.isOneLinkHost("onelink.me.example.com"))
        #expect(!parser.isOneLinkHost("onelink.mex"))
        #expect(!parser.isOneLinkHost(""))
    }

    @Test func customDomainsMatchCaseInsensitively() throws {
        var custom = LinkParser(customDomains: ["Go.Example.COM"])
        #expect(custom.customDomains == ["go.example.com"])
        let parsed = try custom.parse("https://GO.example.com/H5hv?pid=Email")
        #expect(parsed.kind == .oneLink(template: "H5hv"))
        #expect(parsed.host == "go.example.com")
        #expect(
            try custom.parse("https://go.example.com/H5hv/abc").kind
                == .shortLink(template: "H5hv", shortID: "abc"))
        #expect(try parser.parse("https://go.example.com/H5hv").kind == .webLink)

        // Regression: assigning the property after init used to keep the capitals and miss every host.
        custom.customDomains = ["Links.Brand.IO"]
        #expect(custom.customDomains == ["links.brand.io"])
        #expect(custom.isOneLinkHost("LINKS.brand.io"))
        #expect(!custom.isOneLinkHost("go.example.com"))
    }

    @Test func otherWebLinksAreNotDeepLinks() throws {
        let link = "https://example.com/H5hv?pid=Email"
        let parsed = try parser.parse(link)
        #expect(parsed.kind == .webLink)
        #expect(!parsed.isDeepLink)
        #expect(parsed.template == nil)
        #expect(
            parsed.payload == [
                "pid": "Email", "scheme": "https", "host": "example.com", "path": "/H5hv",
                "link": .string(link),
            ])
    }

    @Test func authorityKeepsOnlyTheHost() throws {
        let userinfo = try parser.parse("https://user:pa%40ss@Sub.OneLink.me:443/H5hv?pid=x")
        #expect(userinfo.host == "sub.onelink.me")
        #expect(userinfo.kind == .oneLink(template: "H5hv"))
        let ipv6 = try parser.parse("https://[2001:DB8::1]:8443/H5hv")
        #expect(ipv6.host == "[2001:db8::1]")
        #expect(ipv6.kind == .webLink)
        let loopback = try parser.parse("http://127.0.0.1:8080/H5hv/abc")
        #expect(loopback.host == "127.0.0.1")
        #expect(
            try LinkParser(customDomains: ["127.0.0.1"]).parse(loopback.link).kind
                == .shortLink(template: "H5hv", shortID: "abc"))
    }

    // MARK: Errors

    @Test func emptyAndBlankTextIsEmpty() {
        #expect(throws: LinkError.empty) { try parser.parse("") }
        #expect(throws: LinkError.empty) { try parser.parse("   ") }
        #expect(throws: LinkError.empty) { try parser.parse("\t\r\n") }
    }

    @Test func whitespaceAndControlCharactersAreRejected() {
        let spaced = base + "?fruit_name=green apples"
        #expect(throws: LinkError.invalidCharacters(spaced)) { try parser.parse(spaced) }
        #expect(throws: LinkError.invalidCharacters(" " + base)) { try parser.parse(" " + base) }
        #expect(throws: LinkError.invalidCharacters(base + "\n")) { try parser.parse(base + "\n") }
        #expect(throws: LinkError.invalidCharacters(base + "?a=\u{7F}")) {
            try parser.parse(base + "?a=\u{7F}")
        }
        #expect(throws: LinkError.invalidCharacters("\u{0}")) { try parser.parse("\u{0}") }
    }

    @Test func linksWithoutAValidSchemeAreRejected() {
        for link in [
            "onelink-basic-app.onelink.me/H5hv", "://x.onelink.me", "1app://x", "my_app://x", "/H5hv",
        ] {
            #expect(throws: LinkError.missingScheme(link)) { try parser.parse(link) }
        }
    }

    @Test func webLinksWithoutAHostAreRejected() {
        for link in ["https://", "https:///H5hv", "http:H5hv", "https://user@:443/H5hv", "HTTPS://?pid=x"] {
            #expect(throws: LinkError.missingHost(link)) { try parser.parse(link) }
        }
    }

    @Test func aOneMegabyteLinkIsTooLong() {
        let link = base + "?a=" + String(repeating: "x", count: 1024 * 1024)
        #expect(throws: LinkError.tooLong(length: link.utf8.count, limit: 256 * 1024)) {
            try parser.parse(link)
        }
    }

    @Test func theLengthLimitCountsUTF8Bytes() throws {
        let atLimit =
            base + "?a="
            + String(repeating: "x", count: LinkParser.defaultMaximumLength - base.utf8.count - 3)
        #expect(atLimit.utf8.count == 262_144)
        #expect(
            try parser.parse(atLimit).parameters["a"]?.stringValue?.count == 262_144 - base.utf8.count - 3)
        let small = LinkParser(maximumLength: 10)
        #expect(throws: LinkError.tooLong(length: 12, limit: 10)) { try small.parse("app://ééé") }
        #expect(try small.parse("app://éé").host == "éé")
    }

    @Test func errorDescriptionsExplainTheProblem() {
        #expect(LinkError.empty.description == "the link is empty")
        #expect(
            LinkError.tooLong(length: 10, limit: 8).description
                == "the link is 10 bytes long; the limit is 8 bytes")
        #expect(LinkError.missingHost("https://").description == "the web link has no host: https://")
        let long = "https://x/" + String(repeating: "a", count: 200)
        let abbreviated = String(long.prefix(117)) + "..."
        #expect(LinkError.missingScheme(long).description == "the link has no valid scheme: " + abbreviated)
        #expect(
            LinkError.notOneLink(host: "example.com").description
                == "example.com is not a OneLink domain (*.onelink.me) or a configured custom domain")
    }
}
