extension String {
    /// Decodes `bytes` as UTF-8, or returns `nil` when they are not valid UTF-8.
    ///
    /// `String(validating:as:)` needs macOS 15 / iOS 18, above the package's
    /// floor (see `Docs/platforms.md`). Older systems take a strict decode with
    /// `Unicode.UTF8`, which rejects the same inputs: overlong forms,
    /// surrogates, truncated sequences and bytes that never start one.
    package init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            guard let string = String(validating: bytes, as: UTF8.self) else { return nil }
            self = string
        } else {
            guard let string = String.strictlyDecodedUTF8(bytes) else { return nil }
            self = string
        }
    }

    /// The fallback of ``init(validatingUTF8Bytes:)``, callable on every system so tests can compare the two.
    package static func strictlyDecodedUTF8(_ bytes: some Collection<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
