import OneLinkEmulator

/// Normalises language tags from `Accept-Language` headers and user agents.
enum LanguageTag {
    /// `en_us` → `en-US`, `ZH-hans-cn` → `zh-Hans-CN`; `nil` when the text is not a plausible tag.
    static func normalized(_ text: String) -> String? {
        let subtags = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(isASCIILetter),
            subtags.count <= 4
        else { return nil }
        var result = [first.lowercased()]
        for subtag in subtags.dropFirst() {
            guard !subtag.isEmpty, subtag.count <= 8,
                subtag.allSatisfy({ isASCIILetter($0) || $0.isASCII && $0.isNumber })
            else { return nil }
            switch subtag.count {
            case 2 where subtag.allSatisfy(isASCIILetter): result.append(subtag.uppercased())
            case 4 where subtag.allSatisfy(isASCIILetter):
                result.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            default: result.append(subtag.lowercased())
            }
        }
        return result.joined(separator: "-")
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

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIIWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
