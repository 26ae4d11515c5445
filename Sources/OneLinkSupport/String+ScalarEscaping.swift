extension String {
    /// The text with each Unicode scalar that `replacement` maps replaced by the text it returns, every other scalar kept.
    ///
    /// The one escaping loop of the package: JSON and plist strings, HTML
    /// text and GitHub workflow commands each pass their own table.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        // Most text has nothing to replace: it is returned as it is rather than rebuilt scalar by scalar.
        guard let first = unicodeScalars.firstIndex(where: { replacement($0) != nil }) else { return self }
        var result = String(unicodeScalars[..<first])
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars[first...] {
            if let text = replacement(scalar) {
                result += text
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
