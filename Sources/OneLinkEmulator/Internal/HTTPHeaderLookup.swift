/// Case-insensitive header-field lookup, since HTTP field names ignore case.
enum HTTPHeaderLookup {
    static func value(of name: String, in headers: [String: String]) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
