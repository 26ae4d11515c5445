import OneLinkSupport

/// A strict RFC 8259 JSON parser that keeps integers and floating-point numbers apart.
///
/// Foundation's `JSONSerialization` folds `6` and `6.0` into one `NSNumber`
/// and turns booleans into numbers on some platforms; payloads must survive a
/// round trip exactly, so the package parses JSON itself. The parser is
/// iterative over nesting depth only up to `maximumDepth`, rejects duplicate
/// keys, invalid UTF-8, unescaped control characters and trailing garbage, and
/// reports the byte offset, line and column of the first problem.
struct JSONParser {
    static let defaultMaximumDepth = 256
    private static let linearKeyLimit = 16
    private static let initialStackCapacity = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let maximumDepth: Int
    /// The members of the objects being parsed, innermost last: one buffer for the whole
    /// document, so an object costs no array of its own while it is read.
    private var memberStack: [Member] = []
    /// How many slots of `memberStack` are in use.
    ///
    /// A popped slot is kept, holding only a key and `null`, for the next member to overwrite: the
    /// stack never shrinks, which would destroy its slots one by one through the generic array code.
    private var memberCount = 0
    /// The elements of the arrays being parsed, innermost last; each array is copied out once, at its exact size.
    private var elementStack: [AttributionValue] = []
    /// How many slots of `elementStack` are in use; popped ones hold `null` (see `memberCount`).
    private var elementCount = 0

    /// One member of an object being parsed; a struct, since an array of tuples looks its element type up at run time.
    private struct Member {
        let key: String
        var value: AttributionValue
    }

    private enum PathComponent {
        case key(String)
        case index(Int)

        var text: String {
            switch self {
            case .key(let key): return JSONParser.pathComponent(forKey: QuotedInput.prefix(key))
            case .index(let index): return "[\(index)]"
            }
        }
    }

    static func parse(
        _ text: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws(PayloadError) -> AttributionValue {
        let result: Result<AttributionValue, PayloadError>? = text.withContiguousStorageIfAvailable {
            buffer in
            var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth)
            return Result { () throws(PayloadError) in try parser.parseDocument() }
        }
        if let result { return try result.get() }
        let copy = Array(text)
        return try copy.withUnsafeBufferPointer { buffer throws(PayloadError) in
            var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth)
            return try parser.parseDocument()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private var hasByteOrderMark: Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    private mutating func parseDocument() throws(PayloadError) -> AttributionValue {
        if hasByteOrderMark { index = 3 }
        skipWhitespace()
        let value: AttributionValue
        do {
            value = try parseValue(depth: 0)
        } catch {
            // Paths are built only for an error, one component per level as it unwinds.
            switch error {
            case .duplicateKey(let path, let key): throw .duplicateKey(path: "$" + path, key: key)
            case .nestingTooDeep(let path, let limit): throw .nestingTooDeep(path: "$" + path, limit: limit)
            default: throw error
            }
        }
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeByte(at: index)) after the top-level value")
        }
        return value
    }

    /// `error` as seen one level up: its path, relative until the top, starts with `component`.
    private static func prefixed(_ error: PayloadError, with component: PathComponent) -> PayloadError {
        switch error {
        case .duplicateKey(let path, let key): return .duplicateKey(path: component.text + path, key: key)
        case .nestingTooDeep(let path, let limit):
            return .nestingTooDeep(path: component.text + path, limit: limit)
        default: return error
        }
    }

    private mutating func parseValue(depth: Int) throws(PayloadError) -> AttributionValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw error("unexpected \(describeByte(at: index)), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(PayloadError) -> AttributionValue {
        if depth > maximumDepth { throw PayloadError.nestingTooDeep(path: "", limit: maximumDepth) }
        index += 1
        // Members are collected in order and hashed once, into the dictionary, at the end; a
        // duplicate key is found there, or, if the object fails before its end, among the keys read
        // so far: either way the error is the first problem in document order, as if each key had
        // been checked when it was read.
        // Room for the members of a typical document's open objects at once, instead of growing from empty.
        if memberStack.capacity == 0 { memberStack.reserveCapacity(Self.initialStackCapacity) }
        let base = memberCount
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        do throws(PayloadError) {
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input inside an object") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeByte(at: index)), expected a string key")
                }
                let key = try parseString()
                // The key is on the stack before its value is read, so a failure below still sees it.
                if memberCount < memberStack.count {
                    memberStack[memberCount] = Member(key: key, value: .null)
                } else {
                    memberStack.append(Member(key: key, value: .null))
                }
                memberCount += 1
                count += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after the key \"\(key)\"")
                }
                index += 1
                skipWhitespace()
                do {
                    // Assigned in place, so the value is moved into its slot rather than copied.
                    memberStack[base + count - 1].value = try parseValue(depth: depth)
                } catch {
                    throw Self.prefixed(error, with: .key(key))
                }
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    break
                }
                throw error("unexpected \(describeByte(at: index)), expected ',' or '}'")
            }
        } catch {
            if let duplicate = firstDuplicateKey(from: base, count: count) {
                throw PayloadError.duplicateKey(path: "", key: QuotedInput.prefix(duplicate))
            }
            throw error
        }
        if let members = popMembers(from: base) { return .object(members) }
        let duplicate = firstDuplicateKey(from: base, count: count) ?? ""
        throw PayloadError.duplicateKey(path: "", key: QuotedInput.prefix(duplicate))
    }

    /// The first of the `count` keys from `base` on that repeats a key before it, if any.
    private func firstDuplicateKey(from base: Int, count: Int) -> String? {
        // Small objects (the usual case) by a linear scan, larger ones through a set, so a huge
        // object that fails costs no quadratic search.
        if count > Self.linearKeyLimit {
            var seen = Set<String>(minimumCapacity: count)
            for position in base..<base + count where !seen.insert(memberStack[position].key).inserted {
                return memberStack[position].key
            }
            return nil
        }
        for position in base..<base + count {
            let key = memberStack[position].key
            for earlier in base..<position where memberStack[earlier].key == key { return key }
        }
        return nil
    }

    /// The members from `base` on as a dictionary, taken off the stack; `nil`, with the keys left on
    /// the stack, when two have the same key.
    private mutating func popMembers(from base: Int) -> [String: AttributionValue]? {
        var duplicate = false
        // Values are moved rather than copied out, so none is retained here and released again below.
        // `init(_:uniquingKeysWith:)` is inlined and so specialised, unlike `init(minimumCapacity:)`.
        let dictionary = memberStack.withUnsafeMutableBufferPointer { buffer in
            [String: AttributionValue](
                MovingMembers(buffer, from: base, to: memberCount),
                uniquingKeysWith: { first, _ in
                    duplicate = true
                    return first
                })
        }
        if duplicate { return nil }
        memberCount = base
        return dictionary
    }

    /// The members of a buffer from an offset on as key-value pairs, each value moved out of its slot.
    private struct MovingMembers: Sequence, IteratorProtocol {
        private var slot: UnsafeMutablePointer<Member>?
        private let end: UnsafeMutablePointer<Member>?

        init(_ buffer: UnsafeMutableBufferPointer<Member>, from offset: Int, to endOffset: Int) {
            slot = buffer.baseAddress.map { $0 + offset }
            end = buffer.baseAddress.map { $0 + endOffset }
        }

        var underestimatedCount: Int {
            guard let slot, let end else { return 0 }
            return end - slot
        }

        mutating func next() -> (String, AttributionValue)? {
            guard let current = slot, let end, current < end else { return nil }
            let member = current.move()
            current.initialize(to: Member(key: member.key, value: .null))
            slot = current + 1
            return (member.key, member.value)
        }
    }

    /// The elements from `base` on as an array, taken off the stack.
    private mutating func popElements(from base: Int) -> [AttributionValue] {
        let count = elementCount - base
        let elements = [AttributionValue](unsafeUninitializedCapacity: count) { target, initialized in
            elementStack.withUnsafeMutableBufferPointer { source in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                to.moveInitialize(from: from + base, count: count)
                (from + base).initialize(repeating: .null, count: count)
            }
            initialized = count
        }
        elementCount = base
        return elements
    }

    private mutating func parseArray(depth: Int) throws(PayloadError) -> AttributionValue {
        if depth > maximumDepth { throw PayloadError.nestingTooDeep(path: "", limit: maximumDepth) }
        index += 1
        if elementStack.capacity == 0 { elementStack.reserveCapacity(Self.initialStackCapacity) }
        let base = elementCount
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            let value: AttributionValue
            // Counted before the element is parsed: a nested array that fails leaves its own elements on the stack.
            let position = elementCount - base
            do {
                value = try parseValue(depth: depth)
            } catch {
                throw Self.prefixed(error, with: .index(position))
            }
            if elementCount < elementStack.count {
                elementStack[elementCount] = value
            } else {
                elementStack.append(value)
            }
            elementCount += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(popElements(from: base))
            }
            throw error("unexpected \(describeByte(at: index)), expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(PayloadError) -> String {
        index += 1
        let contentStart = index
        // Fast path: no escape before the closing quote, so the string is a slice of the input.
        // The scan runs on a local position: `index` lives in `self`, which the loop would
        // otherwise store to on every byte.
        var isASCII = true
        var position = index
        let end = bytes.count
        let start = UnsafeRawPointer(bytes.baseAddress)
        while position < end {
            if let start, position + 8 <= end {
                let word = UInt64(
                    littleEndian: start.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let special = Self.specialBytes(word)
                if special == 0 {
                    position += 8
                    continue
                }
                // The lowest flagged byte is the first that needs a look; the bytes before it are plain.
                position += special.trailingZeroBitCount >> 3
            }
            let byte = bytes[position]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            index = position
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                if isASCII {
                    index += 1
                    // Copied straight into the string's storage: a short string is then checked as
                    // one word instead of byte by byte (`String(decoding:as:)` scans and copies bytewise).
                    return String(unsafeUninitializedCapacity: slice.count) { target in
                        guard let source = slice.baseAddress, let base = target.baseAddress else { return 0 }
                        base.initialize(from: source, count: slice.count)
                        return slice.count
                    }
                }
                guard let string = String(validatingUTF8Bytes: slice) else {
                    index = firstInvalidUTF8(from: contentStart, to: index)
                    throw error("string is not valid UTF-8")
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw error("unescaped control character U+00\(hex2(byte)) in a string")
            }
            isASCII = false
            position += 1
        }
        index = position
        var scratch: [UInt8] = []
        var segmentStart = contentStart
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scratch.append(contentsOf: bytes[segmentStart..<index])
                guard let string = String(validatingUTF8Bytes: scratch) else {
                    index = firstInvalidUTF8(from: contentStart, to: index)
                    throw error("string is not valid UTF-8")
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: bytes[segmentStart..<index])
                try parseEscape(into: &scratch)
                segmentStart = index
                continue
            }
            if byte < 0x20 {
                throw error("unescaped control character U+00\(hex2(byte)) in a string")
            }
            index += 1
        }
        throw error("unterminated string")
    }

    /// The high bit of each byte of `word` (read little-endian) that ends or escapes a string, is a
    /// control character or is outside ASCII; zero when the eight bytes are plain string content.
    ///
    /// The classic tests for a zero byte and a byte below a bound: a borrow can flag a byte above
    /// a match, never one below it, so the lowest flag is exact. Strings are mostly scanned this
    /// way, a word at a time.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        return (control | hasQuote | hasBackslash | word) & high
    }

    /// The offset of the first byte in `start..<end` that does not begin a valid UTF-8 sequence.
    ///
    /// Escapes always decode to valid UTF-8, so the culprit is a raw byte, and
    /// an error should point at it rather than at the string's end.
    private func firstInvalidUTF8(from start: Int, to end: Int) -> Int {
        var iterator = bytes[start..<end].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return end
            case .error: return offset
            }
        }
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(PayloadError) {
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            var scalarValue = UInt32(first)
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired high surrogate \\u\(hex4(first))") }
                index += 2
                let second = try parseHex4()
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("high surrogate \\u\(hex4(first)) followed by \\u\(hex4(second))")
                }
                scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw error("unpaired low surrogate \\u\(hex4(first))")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error("invalid Unicode scalar in escape")
            }
            scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            index -= 1
            throw error("invalid escape \\\(describeByte(at: index))")
        }
    }

    private mutating func parseHex4() throws(PayloadError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit \(describeByte(at: index)) in \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(PayloadError) -> AttributionValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("expected a digit in the number")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("leading zero in a number")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isInteger, let value = integerValue(start..<index) {
            return .int(value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(QuotedInput.prefix(text)) is out of range")
        }
        return .double(value)
    }

    /// The value of an already validated integer literal, or `nil` when it does not fit in `Int`.
    private func integerValue(_ range: Range<Int>) -> Int? {
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var value = 0
        while position < range.upperBound {
            let digit = Int(bytes[position] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) =
                negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
            position += 1
        }
        return value
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(PayloadError) {
        let count = literal.utf8CodeUnitCount
        let start = index
        let matches = literal.withUTF8Buffer { expected in
            guard start + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[start + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw error("unexpected \(describeByte(at: index)), expected \(literal)") }
        index += count
    }

    private mutating func skipWhitespace() {
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default:
                index = position
                return
            }
        }
        index = position
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func describeByte(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex2(byte))"
    }

    private func error(_ reason: String) -> PayloadError {
        var line = 1
        var column = 1
        let end = Swift.min(index, bytes.count)
        // A byte-order mark is invisible in editors, so columns start after it.
        let start = hasByteOrderMark ? Swift.min(3, end) : 0
        for position in start..<end {
            if bytes[position] == 0x0A {
                line += 1
                column = 1
            } else if bytes[position] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .invalidJSON(reason: reason, offset: index, line: line, column: column)
    }

    static func pathComponent(forKey key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
        if isIdentifier { return "." + key }
        return "[" + JSONWriter.quoted(key) + "]"
    }
}

private let hexDigits = Array("0123456789ABCDEF".utf8)

func hex2(_ byte: UInt8) -> String {
    String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]], as: UTF8.self)
}

private func hex4(_ value: UInt16) -> String {
    hex2(UInt8(value >> 8)) + hex2(UInt8(value & 0xFF))
}
