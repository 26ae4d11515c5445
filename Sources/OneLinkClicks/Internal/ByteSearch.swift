import Foundation
import OneLinkEmulator

extension StringProtocol {
    /// The first range whose UTF-8 bytes equal `needle`'s, searched byte by byte.
    ///
    /// Foundation's `range(of:)` goes through `NSString` and UTF-16 on Linux;
    /// user agents are searched for ASCII markers on every click, so a plain
    /// byte search is enough and far cheaper.
    func utf8Range(of needle: some StringProtocol) -> Range<Index>? {
        let offset =
            utf8.withContiguousStorageIfAvailable { haystack in
                Self.firstOffset(of: needle, in: haystack)
            } ?? Array(utf8).withUnsafeBufferPointer { Self.firstOffset(of: needle, in: $0) }
        guard let offset else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset)
        let upper = utf8.index(lower, offsetBy: needle.utf8.count)
        return lower..<upper
    }

    /// Whether `needle`'s UTF-8 bytes occur in the text.
    func utf8Contains(_ needle: some StringProtocol) -> Bool {
        utf8Range(of: needle) != nil
    }

    /// Where `needle`'s UTF-8 bytes first occur in `haystack`, for a caller that searches the same bytes for many needles.
    static func utf8Offset(of needle: some StringProtocol, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        firstOffset(of: needle, in: haystack)
    }

    private static func firstOffset(
        of needle: some StringProtocol, in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        needle.utf8.withContiguousStorageIfAvailable { firstOffset(of: $0, in: haystack) }
            ?? Array(needle.utf8).withUnsafeBufferPointer { firstOffset(of: $0, in: haystack) }
    }

    private static func firstOffset(
        of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        guard let first = pattern.first else { return 0 }
        guard bytes.count >= pattern.count, let base = bytes.baseAddress, let needle = pattern.baseAddress
        else { return nil }
        let last = bytes.count - pattern.count
        var start = 0
        // `memchr` steps to each candidate first byte many bytes at a time; a user agent is searched
        // for a dozen and more in-app browser tokens on every click.
        while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
            let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if memcmp(base + offset + 1, needle + 1, pattern.count - 1) == 0 { return offset }
            start = offset + 1
        }
        return nil
    }
}
