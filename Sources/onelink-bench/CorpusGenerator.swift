/// Generates a deterministic corpus of realistic deep links for the link-parsing benchmark.
///
/// The mix follows the links the SDK meets: long OneLinks on `*.onelink.me` with 6-24 attribution
/// parameters (some percent-encoded, some typed), short OneLinks with a few extra parameters,
/// long links on a custom domain, and URI-scheme links. The same seed always gives the same links.
struct CorpusGenerator {
    /// The custom OneLink domain the generated custom-domain links use.
    static let customDomain = "click.fruitshop.example"

    private var random: SplitMix64

    /// Creates a generator for `seed`.
    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Returns `count` links: 40% long OneLinks, 25% short links, 15% custom-domain links, 20% URI-scheme links.
    mutating func links(count: Int) -> [String] {
        (0..<count).map { _ in
            switch random.next(below: 100) {
            case 0..<40: return longOneLink()
            case 40..<65: return shortLink()
            case 65..<80: return customDomainLink()
            default: return uriSchemeLink()
            }
        }
    }

    private static let subdomains = ["onelink-basic-app", "fruitshop", "acme-travel", "news-daily", "go"]
    private static let sources = ["Email", "facebook_int", "googleadwords_int", "tiktokglobal_int", "sms"]
    private static let campaigns = ["fruit_of_the_month", "summer_sale", "winback_q3", "launch", "referral"]
    private static let fruits = ["apples", "bananas", "peaches", "cherries", "mangos", "kiwis"]
    private static let words = ["my_adset", "my_adname", "my_channel", "spring", "retarget", "video_15s"]

    private mutating func pick(_ values: [String]) -> String {
        values[random.next(below: values.count)]
    }

    private mutating func token(length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        return String(
            decoding: (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }, as: UTF8.self)
    }

    private mutating func template() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        return String(
            decoding: (0..<4).map { _ in alphabet[random.next(below: alphabet.count)] }, as: UTF8.self)
    }

    /// Attribution parameters as `key=value` items, `count` of them.
    private mutating func query(count: Int) -> String {
        var items = [
            "pid=\(pick(Self.sources))", "c=\(pick(Self.campaigns))", "deep_link_value=\(pick(Self.fruits))",
        ]
        let optional: [(inout CorpusGenerator) -> String] = [
            { "af_channel=\($0.pick(Self.words))" },
            { "af_adset=\($0.pick(Self.words))" },
            { "af_ad=\($0.pick(Self.words))" },
            { "af_sub\($0.random.next(below: 5) + 1)=\($0.token(length: 8))" },
            { "fruit_amount=\($0.random.next(below: 100))" },
            { "af_cost_value=\($0.random.next(below: 20)).\($0.random.next(below: 100))" },
            { _ in "af_cost_currency=USD" },
            { "af_click_lookback=\($0.random.next(below: 30) + 1)d" },
            { _ in "is_retargeting=true" },
            { _ in "af_dp=afbasicapp%3A%2F%2Fmainactivity" },
            { "af_ios_url=https%3A%2F%2Fshop.example%2Fp%2F\($0.token(length: 6))" },
            { "af_android_url=https%3A%2F%2Fshop.example%2Fa%2F\($0.token(length: 6))" },
            { "af_web_id=\($0.token(length: 8))-\($0.token(length: 4))-\($0.token(length: 12))" },
            { "deep_link_sub1=\($0.token(length: 10))" },
            { "af_xp=custom%20campaign%20name%20\($0.random.next(below: 1000))" },
            { _ in "af_force_deeplink=true" },
        ]
        while items.count < count {
            items.append(optional[random.next(below: optional.count)](&self))
        }
        return items.joined(separator: "&")
    }

    private mutating func longOneLink() -> String {
        "https://\(pick(Self.subdomains)).onelink.me/\(template())?\(query(count: 6 + random.next(below: 19)))"
    }

    private mutating func shortLink() -> String {
        let base = "https://\(pick(Self.subdomains)).onelink.me/\(template())/\(token(length: 8))"
        switch random.next(below: 3) {
        case 0: return base
        case 1: return base + "?af_sub1=\(token(length: 6))"
        default: return base + "?deep_link_sub2=\(token(length: 6))&af_dp=fruitshop%3A%2F%2F"
        }
    }

    private mutating func customDomainLink() -> String {
        "https://\(Self.customDomain)/\(template())?\(query(count: 4 + random.next(below: 12)))"
    }

    private mutating func uriSchemeLink() -> String {
        let scheme = pick(["afbasicapp", "fruitshop", "acmetravel"])
        let host = pick(["mainactivity", "product", "cart", "deeplink"])
        return "\(scheme)://\(host)?\(query(count: 3 + random.next(below: 14)))"
    }
}

/// A small, fast, seeded pseudo-random generator (SplitMix64), so corpora are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A random integer in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
