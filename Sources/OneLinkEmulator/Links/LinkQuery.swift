/// A parsed link's query, kept as the link's own bytes and decoded only when a value is read.
///
/// ``LinkParser`` scans the query once: it finds each item's key and value, checks the escapes,
/// reports every diagnostic and drops repeated keys, but creates no key or value strings for
/// clean items. ``AttributionPayload`` holds one of these until it is read as a dictionary or
/// changed; `count`, `isEmpty` and single-key reads decode nothing else.
///
/// One allocation holds the header and the items. Keys that need percent-decoding and values
/// whose escapes decode to non-ASCII bytes are decoded during the scan (which must know whether
/// they are UTF-8) and kept in ``Header/decoded``; every other key and value is read from the link.
final class LinkQuery: ManagedBuffer<LinkQuery.Header, LinkQuery.Item> {
    /// What the items refer to, and the link's own components that a payload adds.
    struct Header {
        /// The link, whose UTF-8 bytes the items' ranges point into.
        var link: String
        /// How values are typed when read.
        var typing: LinkParser.ValueTyping
        /// The link's scheme, host and path, as ``ParsedLink`` holds them.
        var scheme = ""
        var host = ""
        var path = ""
        /// Whether the link is a short link, whose payload adds only `link`.
        var isShortLink = false
        /// The number of items stored.
        var count = 0
        /// Which component names (`scheme`, `host`, `path`, `link`) are keys of stored items.
        var componentKeys = ComponentKeys()
        /// Keys and values decoded during the scan, referred to by index from the items.
        var decoded: [String] = []
    }

    /// One kept query item: a key and its value.
    struct Item {
        /// The key's bytes in the link, or `decodedKey` when that is not negative.
        var keyStart: Int
        var keyEnd: Int
        /// The value's bytes in the link (empty when the item has no `=`), or `decodedValue`.
        var valueStart: Int
        var valueEnd: Int
        /// ``LinkQuery/hash(_:)`` of the decoded key.
        var hash: UInt64
        var decodedKey: Int32 = -1
        var decodedValue: Int32 = -1
        /// Whether the value holds escapes, all valid-or-literal and decoding to ASCII.
        var valueEscaped = false
        /// Which URL component the key names, if any.
        var component: ComponentKeys.Element?
    }

    /// A small set of the URL component names a key can shadow.
    struct ComponentKeys: OptionSet {
        let rawValue: UInt8
        static let scheme = ComponentKeys(rawValue: 1)
        static let host = ComponentKeys(rawValue: 2)
        static let path = ComponentKeys(rawValue: 4)
        static let link = ComponentKeys(rawValue: 8)

        /// The component `key` names, if any.
        static func named(_ key: UnsafeBufferPointer<UInt8>) -> ComponentKeys? {
            // The names are compared as little-endian words, so most keys cost one length check.
            switch key.count {
            case 4:
                switch UnsafeRawBufferPointer(key).loadUnaligned(as: UInt32.self).littleEndian {
                case 0x7473_6F68: return .host  // "host"
                case 0x6874_6170: return .path  // "path"
                case 0x6B6E_696C: return .link  // "link"
                default: return nil
                }
            case 6:
                let raw = UnsafeRawBufferPointer(key)
                let head = raw.loadUnaligned(as: UInt32.self).littleEndian
                let tail = raw.loadUnaligned(fromByteOffset: 4, as: UInt16.self).littleEndian
                return head == 0x6568_6373 && tail == 0x656D ? .scheme : nil  // "sche", "me"
            default:
                return nil
            }
        }
    }

    /// Creates an empty query for `link` with room for `capacity` items.
    static func make(link: String, typing: LinkParser.ValueTyping, capacity: Int) -> LinkQuery {
        let buffer = LinkQuery.create(minimumCapacity: capacity) { _ in Header(link: link, typing: typing) }
        return unsafeDowncast(buffer, to: LinkQuery.self)
    }

    /// The starting value of ``hash(_:)``.
    static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// One step of FNV-1a, which is cheap for the short keys of a query.
    ///
    /// Hashes are only compared within one query, never stored or shown, so a collision that an
    /// attacker aims for costs one byte comparison.
    static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The FNV-1a hash of the bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = hashSeed
        for byte in bytes { hash = Self.hash(hash, byte) }
        return hash
    }

    /// Calls `body` with the link's UTF-8 bytes.
    func withLinkBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var link = withUnsafeMutablePointerToHeader { $0.pointee.link }
        return link.withUTF8(body)
    }

    /// Whether the query was parsed from a link with these components, so its payload adds them.
    func hasComponents(link: String, scheme: String, host: String, path: String, isShortLink: Bool) -> Bool {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.isShortLink == isShortLink && header.pointee.link == link
                && header.pointee.scheme == scheme && header.pointee.host == host
                && header.pointee.path == path
        }
    }

    /// The number of keys: the items, or for a payload the items not shadowed plus the components added.
    func count(withComponents: Bool) -> Int {
        withUnsafeMutablePointerToHeader { header in
            let count = header.pointee.count
            guard withComponents else { return count }
            let keys = header.pointee.componentKeys
            if header.pointee.isShortLink { return count + (keys.contains(.link) ? 0 : 1) }
            return count - keys.rawValue.nonzeroBitCount + 4
        }
    }

    /// The value for `key`, decoding only that value.
    func value(forKey key: String, withComponents: Bool) -> AttributionValue? {
        if withComponents, let component = componentValue(forKey: key) { return component }
        var key = key
        return key.withUTF8 { keyBytes in
            let keyHash = Self.hash(keyBytes)
            return withLinkBytes { bytes in
                withUnsafeMutablePointers { header, items in
                    for index in 0..<header.pointee.count where items[index].hash == keyHash {
                        let item = items[index]
                        if self.key(of: item, equals: keyBytes, header: header.pointee, bytes: bytes) {
                            return value(of: item, header: header.pointee, bytes: bytes)
                        }
                    }
                    return nil
                }
            }
        }
    }

    /// Every key and value, decoded, with the link's components when `withComponents`.
    func dictionary(withComponents: Bool) -> [String: AttributionValue] {
        var result: [String: AttributionValue] = Dictionary(
            minimumCapacity: count(withComponents: withComponents))
        withLinkBytes { bytes in
            withUnsafeMutablePointers { header, items in
                let shadowed: ComponentKeys =
                    withComponents
                    ? (header.pointee.isShortLink ? .link : [.scheme, .host, .path, .link]) : []
                for index in 0..<header.pointee.count {
                    let item = items[index]
                    if let component = item.component, shadowed.contains(component) { continue }
                    let key = keyString(of: item, header: header.pointee, bytes: bytes)
                    result[key] = value(of: item, header: header.pointee, bytes: bytes)
                }
            }
        }
        if withComponents {
            let header = self.header
            result["link"] = .string(header.link)
            if !header.isShortLink {
                result["scheme"] = .string(header.scheme)
                result["host"] = .string(header.host)
                result["path"] = .string(header.path)
            }
        }
        return result
    }

    private func componentValue(forKey key: String) -> AttributionValue? {
        let header = self.header
        switch key {
        case "link": return .string(header.link)
        case "scheme" where !header.isShortLink: return .string(header.scheme)
        case "host" where !header.isShortLink: return .string(header.host)
        case "path" where !header.isShortLink: return .string(header.path)
        default: return nil
        }
    }

    private func key(
        of item: Item, equals key: UnsafeBufferPointer<UInt8>, header: Header,
        bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if item.decodedKey >= 0 { return header.decoded[Int(item.decodedKey)].utf8.elementsEqual(key) }
        return bytes[item.keyStart..<item.keyEnd].elementsEqual(key)
    }

    private func keyString(of item: Item, header: Header, bytes: UnsafeBufferPointer<UInt8>) -> String {
        if item.decodedKey >= 0 { return header.decoded[Int(item.decodedKey)] }
        return String(decoding: bytes[item.keyStart..<item.keyEnd], as: UTF8.self)
    }

    private func value(of item: Item, header: Header, bytes: UnsafeBufferPointer<UInt8>) -> AttributionValue {
        if item.decodedValue >= 0 {
            return LinkParser.typedValue(header.decoded[Int(item.decodedValue)], typing: header.typing)
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[item.valueStart..<item.valueEnd])
        if item.valueEscaped {
            return LinkParser.typedValue(Self.asciiPercentDecoded(raw), typing: header.typing)
        }
        return LinkParser.quickTypedValue(raw, typing: header.typing)
            ?? .string(String(decoding: raw, as: UTF8.self))
    }

    /// Decodes escapes that the scan found valid-or-literal and ASCII, straight into a string.
    static func asciiPercentDecoded(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: raw.count) { buffer in
            var index = 0
            var written = 0
            while index < raw.count {
                let byte = raw[index]
                if byte == UInt8(ascii: "%"), index + 2 < raw.count,
                    let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                {
                    buffer[written] = high << 4 | low
                    index += 3
                } else {
                    buffer[written] = byte
                    index += 1
                }
                written += 1
            }
            return written
        }
    }
}

/// The value of one hexadecimal digit, or `nil`.
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
