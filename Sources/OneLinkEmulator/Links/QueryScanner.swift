#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scans a link's query once, item by item, into ``LinkQuery`` items.
///
/// It applies ``LinkParser``'s rules and reports the same diagnostics in the same order as a
/// parser that decodes every item would: the key's escapes, an empty key, the value's escapes or
/// a missing `=`, then a repeated key. Repeated keys are found by a hash of the decoded key and a
/// byte comparison: a linear scan for the few items of a usual link, an open-addressing table
/// once a query has more, with slots from the standard library's seeded hash.
struct QueryScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let items: UnsafeMutablePointer<LinkQuery.Item>
    private(set) var count = 0
    private(set) var decoded: [String] = []
    private(set) var componentKeys = LinkQuery.ComponentKeys()
    /// Item indices by hash (-1 for an empty slot), built once the query has `linearLimit` items.
    private var table: [Int32] = []
    private var tableMask = 0
    private static let linearLimit = 32

    /// Bytes below 64 that end a run of plain text: `#`, `%`, `&` and `=`.
    private static let specialBytes: UInt64 = 1 << 0x23 | 1 << 0x25 | 1 << 0x26 | 1 << 0x3D

    /// Creates a scanner writing into `items`, which must have room for every item of the query.
    init(bytes: UnsafeBufferPointer<UInt8>, items: UnsafeMutablePointer<LinkQuery.Item>) {
        self.bytes = bytes
        self.items = items
    }

    /// The most items a query of `length` bytes can have: one byte and one `&` each.
    static func maximumItems(length: Int) -> Int { (length + 1) / 2 }

    /// Scans the query starting at `start` up to the fragment's `#` or the end; returns where it stopped.
    mutating func scan(from start: Int, diagnostics: inout [LinkDiagnostic]) -> Int {
        var position = start
        while true {
            let itemStart = position
            var hash = LinkQuery.hashSeed
            var keyEscaped = false
            var stop: UInt8 = 0
            while position < bytes.count {
                let byte = bytes[position]
                if Self.isSpecial(byte) {
                    if byte == UInt8(ascii: "%") {
                        keyEscaped = true
                    } else {
                        stop = byte
                        break
                    }
                }
                hash = LinkQuery.hash(hash, byte)
                position += 1
            }
            let keyEnd = position
            var valueEscaped = false
            if stop == UInt8(ascii: "=") {
                stop = 0
                position += 1
                while position < bytes.count {
                    let byte = bytes[position]
                    if Self.isSpecial(byte) {
                        if byte == UInt8(ascii: "%") {
                            valueEscaped = true
                        } else if byte != UInt8(ascii: "=") {
                            stop = byte
                            break
                        }
                    }
                    position += 1
                }
                if position > itemStart {
                    add(
                        key: itemStart..<keyEnd, hash: hash, keyEscaped: keyEscaped,
                        value: (keyEnd + 1)..<position, valueEscaped: valueEscaped, diagnostics: &diagnostics)
                }
            } else if position > itemStart {
                add(
                    key: itemStart..<keyEnd, hash: hash, keyEscaped: keyEscaped, value: nil,
                    valueEscaped: false,
                    diagnostics: &diagnostics)
            }
            guard stop == UInt8(ascii: "&") else { return position }
            position += 1
        }
    }

    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 64 && (specialBytes >> byte) & 1 != 0
    }

    /// Adds one item unless its key is empty or already present.
    private mutating func add(
        key keyRange: Range<Int>, hash scannedHash: UInt64, keyEscaped: Bool, value valueRange: Range<Int>?,
        valueEscaped: Bool, diagnostics: inout [LinkDiagnostic]
    ) {
        var hash = scannedHash
        var decodedKey: String?
        if keyEscaped {
            var key = LinkParser.percentDecoded(bytes[keyRange], key: nil, diagnostics: &diagnostics)
            hash = key.withUTF8 { LinkQuery.hash($0) }
            decodedKey = key
        } else if keyRange.isEmpty {
            diagnostics.append(.emptyKey)
            return
        }
        func keyText() -> String { decodedKey ?? String(decoding: bytes[keyRange], as: UTF8.self) }

        var item = LinkQuery.Item(
            keyStart: keyRange.lowerBound, keyEnd: keyRange.upperBound, valueStart: keyRange.upperBound,
            valueEnd: keyRange.upperBound, hash: hash)
        var decodedValue: String?
        if let valueRange {
            item.valueStart = valueRange.lowerBound
            item.valueEnd = valueRange.upperBound
            if valueEscaped {
                let escapes = Self.escapes(in: valueRange, of: bytes)
                if escapes.nonASCII {
                    // Only decoding tells whether the bytes are UTF-8, so such a value is decoded now.
                    decodedValue = LinkParser.percentDecoded(
                        bytes[valueRange], key: keyText(), diagnostics: &diagnostics)
                } else {
                    item.valueEscaped = true
                    if escapes.invalid { diagnostics.append(.invalidPercentEncoding(key: keyText())) }
                }
            }
        } else {
            diagnostics.append(.keyWithoutValue(keyText()))
        }

        let isNew: Bool
        if var key = decodedKey {
            isNew = key.withUTF8 { insertIfNew(hash: hash, key: $0) }
        } else {
            isNew = insertIfNew(hash: hash, key: UnsafeBufferPointer(rebasing: bytes[keyRange]))
        }
        guard isNew else {
            diagnostics.append(.duplicateKey(keyText()))
            return
        }
        if var key = decodedKey {
            item.decodedKey = Int32(decoded.count)
            decoded.append(key)
            item.component = key.withUTF8 { LinkQuery.ComponentKeys.named($0) }
        } else {
            item.component = LinkQuery.ComponentKeys.named(UnsafeBufferPointer(rebasing: bytes[keyRange]))
        }
        if let decodedValue {
            item.decodedValue = Int32(decoded.count)
            decoded.append(decodedValue)
        }
        if let component = item.component { componentKeys.insert(component) }
        (items + count).initialize(to: item)
        count += 1
    }

    /// Which escapes a value holds, stepping over them exactly as decoding does.
    private static func escapes(
        in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>
    ) -> (invalid: Bool, nonASCII: Bool) {
        var invalid = false
        var nonASCII = false
        var position = range.lowerBound
        while position < range.upperBound {
            guard bytes[position] == UInt8(ascii: "%") else {
                position += 1
                continue
            }
            if position + 2 < range.upperBound, let high = hexValue(bytes[position + 1]),
                hexValue(bytes[position + 2]) != nil
            {
                if high >= 8 { nonASCII = true }
                position += 3
            } else {
                invalid = true
                position += 1
            }
        }
        return (invalid, nonASCII)
    }

    /// Records the key as the next item's unless an earlier item has it; `false` when one does.
    private mutating func insertIfNew(hash: UInt64, key: UnsafeBufferPointer<UInt8>) -> Bool {
        if table.isEmpty {
            for index in 0..<count where items[index].hash == hash && keyOf(index, equals: key) {
                return false
            }
            if count + 1 == Self.linearLimit { buildTable(including: key) }
            return true
        }
        var slot = Self.seededHash(key) & tableMask
        while table[slot] >= 0 {
            let index = Int(table[slot])
            if items[index].hash == hash && keyOf(index, equals: key) { return false }
            slot = (slot + 1) & tableMask
        }
        if (count + 1) * 2 > table.count {
            buildTable(including: key)
        } else {
            table[slot] = Int32(truncatingIfNeeded: count)
        }
        return true
    }

    /// Builds the table, at most a quarter full, from the stored items and the next item's key.
    ///
    /// Slots come from the standard library's per-process seeded hash, not from the items' FNV
    /// hashes, so a link crafted to collide cannot make the lookups quadratic.
    private mutating func buildTable(including next: UnsafeBufferPointer<UInt8>) {
        var size = 64
        while size < (count + 1) * 4 { size <<= 1 }
        table = Array(repeating: -1, count: size)
        tableMask = size - 1
        for index in 0...count {
            var slot: Int
            if index == count {
                slot = Self.seededHash(next)
            } else if items[index].decodedKey >= 0 {
                var key = decoded[Int(items[index].decodedKey)]
                slot = key.withUTF8 { Self.seededHash($0) }
            } else {
                slot = Self.seededHash(
                    UnsafeBufferPointer(rebasing: bytes[items[index].keyStart..<items[index].keyEnd]))
            }
            slot &= tableMask
            while table[slot] >= 0 { slot = (slot + 1) & tableMask }
            table[slot] = Int32(truncatingIfNeeded: index)
        }
    }

    private static func seededHash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }

    private func keyOf(_ index: Int, equals key: UnsafeBufferPointer<UInt8>) -> Bool {
        let item = items[index]
        if item.decodedKey >= 0 { return decoded[Int(item.decodedKey)].utf8.elementsEqual(key) }
        let length = item.keyEnd - item.keyStart
        guard length == key.count else { return false }
        guard length > 0, let start = bytes.baseAddress, let other = key.baseAddress else { return true }
        return memcmp(start + item.keyStart, other, length) == 0
    }
}
