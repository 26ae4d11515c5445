/// The one rule for finding HTTP header fields by name, used by every module.
///
/// Field names are ASCII tokens compared without regard to ASCII case (RFC 9110 §5.1), and every
/// field with the name counts: their values are combined in order, separated by `, `, as a
/// recipient may combine repeated fields (RFC 9110 §5.3). A dictionary's fields are taken in
/// name order, so the answer never depends on hashing.
package enum HTTPHeaderLookup {
    /// Whether `name` and `other` name the same field: equal but for ASCII letter case.
    package static func matches(_ name: some StringProtocol, _ other: some StringProtocol) -> Bool {
        name.utf8.elementsEqual(other.utf8) { folded($0) == folded($1) }
    }

    /// The values of the fields named `name`, combined with `, `, or `nil` when there is none.
    package static func value(of name: String, in headers: [String: String]) -> String? {
        combined(headers.filter { matches($0.key, name) }.sorted { $0.key < $1.key }.map(\.value))
    }

    /// `values` joined with `, `, or `nil` when empty.
    package static func combined(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Returns `base` with `overrides` applied; a field in both, in any letter case, takes the override.
    package static func merging(_ base: [String: String], _ overrides: [String: String]) -> [String: String] {
        var result = base.filter { field in !overrides.keys.contains { matches($0, field.key) } }
        result.merge(overrides) { _, new in new }
        return result
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
