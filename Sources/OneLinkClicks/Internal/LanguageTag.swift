import OneLinkEmulator

/// Normalises language tags from `Accept-Language` headers and user agents.
enum LanguageTag {
    /// `en_us` → `en-US`, `ZH-hans-cn` → `zh-Hans-CN`; `nil` when the text is not a plausible tag.
    ///
    /// A tag is ASCII letters and digits between `-` or `_`, so any other byte refuses the text, and
    /// it is read and written byte by byte: split into strings, each subtag cost an allocation or two.
    static func normalized(_ text: String) -> String? {
        var text = text
        var valid = false
        let result = text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { output in
                valid = normalize(bytes, into: output)
                return valid ? bytes.count : 0
            }
        }
        return valid ? result : nil
    }

    /// Writes the normalised tag of `bytes` into `output` (as long); `false` for text that is not a tag.
    ///
    /// A first subtag of two or three letters, lowercased; up to three more of one to eight letters or
    /// digits, two letters uppercased, four titlecased, the rest lowercased; `-` between them.
    private static func normalize(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        var start = 0
        var subtag = 0
        for end in 0...bytes.count
        where end == bytes.count || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "_") {
            let length = end - start
            guard subtag < 4, subtag == 0 ? (2...3).contains(length) : (1...8).contains(length) else {
                return false
            }
            var allLetters = true
            for offset in start..<end where !isLetter(bytes[offset]) {
                guard subtag > 0, (0x30...0x39).contains(bytes[offset]) else { return false }
                allLetters = false
            }
            for offset in start..<end {
                let byte = bytes[offset]
                let upper = subtag > 0 && allLetters && (length == 2 || (length == 4 && offset == start))
                output[offset] = isLetter(byte) ? (upper ? byte & 0xDF : byte | 0x20) : byte
            }
            if end < bytes.count { output[end] = UInt8(ascii: "-") }
            subtag += 1
            start = end + 1
        }
        return true
    }

    /// Whether `text` is a language tag with a region, such as `en-us` or `zh_CN`.
    static func hasRegion(_ text: String) -> Bool {
        // Two or three letters, a separator and two letters: five or six bytes, so most parts of a
        // user agent are refused before being split.
        let count = text.utf8.count
        guard (5...6).contains(count) else { return false }
        // ASCII letters around one separator with two letters after it: such a tag always
        // normalises, and the bytes tell it without splitting or normalising the text.
        var offset = 0
        for byte in text.utf8 {
            if offset == count - 3 {
                guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else { return false }
            } else {
                guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else { return false }
            }
            offset += 1
        }
        return true
    }

    /// The most preferred tag of an `Accept-Language` value: highest `q`, first on a tie; `*` and bad tags skipped.
    static func preferred(acceptLanguage: String) -> String? {
        var best: (tag: String, quality: Double)?
        for item in acceptLanguage.split(separator: ",") {
            let pieces = item.split(separator: ";").map { $0.trimmingASCIIWhitespace() }
            guard let rawTag = pieces.first, rawTag != "*", let tag = normalized(rawTag) else { continue }
            var quality = 1.0
            for piece in pieces.dropFirst() where piece.hasPrefix("q=") {
                guard let value = Double(piece.dropFirst(2)), (0...1).contains(value) else {
                    quality = -1
                    break
                }
                quality = value
            }
            guard quality > 0 else { continue }
            if let current = best, quality <= current.quality { continue }
            best = (tag, quality)
        }
        return best?.tag
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIIWhitespace() -> String {
        // A space or tab character is that one byte, so text whose first and last bytes are neither
        // has nothing to trim; most has none, and stepping by characters costs a grapheme test each.
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var slice = Substring(self)
        guard let first = slice.utf8.first, let last = slice.utf8.last, isBlank(first) || isBlank(last) else {
            return String(slice)
        }
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
