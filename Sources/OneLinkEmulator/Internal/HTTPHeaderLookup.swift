/// Case-insensitive header-field lookup, since HTTP field names ignore case.
enum HTTPHeaderLookup {
    static func value(of name: String, in headers: [String: String]) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// Returns `base` with `overrides` applied; a field in both, in any letter case, takes the override.
    static func merging(_ base: [String: String], _ overrides: [String: String]) -> [String: String] {
        let overridden = Set(overrides.keys.map { $0.lowercased() })
        var result = base.filter { !overridden.contains($0.key.lowercased()) }
        result.merge(overrides) { _, new in new }
        return result
    }
}
