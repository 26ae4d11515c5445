import Foundation
import OneLinkEmulator
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The transport policy: `https` everywhere, plain `http` only to loopback hosts.
///
/// Plain HTTP to a loopback address never leaves the machine, so local test
/// servers need no certificates; anywhere else it would expose dev keys and
/// device IDs on the network.
enum HTTPURLPolicy {
    /// Parses an absolute `http(s)` URL and applies the policy.
    static func url(from text: String) throws(AttributionError) -> URL {
        guard let url = URL(string: text) else {
            throw AttributionError.developerError("not a valid URL: \(text)")
        }
        try validate(url)
        return url
    }

    /// Throws unless `url` is `https`, or `http` to a loopback host.
    static func validate(_ url: URL) throws(AttributionError) {
        let text = url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw AttributionError.developerError("only http and https URLs are supported: \(text)")
        }
        guard let host = hostName(of: url), !host.isEmpty else {
            throw AttributionError.developerError("the URL has no host: \(text)")
        }
        if scheme == "http" && !isLoopback(host: host) {
            throw AttributionError.insecureTransport(text)
        }
    }

    /// The URL's host without IPv6 brackets.
    static func hostName(of url: URL) -> String? {
        guard var host = url.host else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        return host
    }

    /// Whether `host` is `localhost`, an address in 127.0.0.0/8, or `::1` (also IPv4-mapped 127.x).
    static func isLoopback(host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, lowered, &ipv4) == 1 {
            return withUnsafeBytes(of: &ipv4) { $0[0] } == 127
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, lowered, &ipv6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]
        return Array(bytes[0..<12]) == mappedPrefix && bytes[12] == 127
    }

    /// Builds `base + path + ?query` with every query value percent-encoded.
    static func url(
        base: String, path: String, query: [(String, String)]
    ) throws(AttributionError) -> URL {
        let queryText = query.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }
            .joined(separator: "&")
        let text = base + path + (queryText.isEmpty ? "" : "?" + queryText)
        return try url(from: text)
    }

    /// The base URL for a host set with `setHost(_:withHostPrefix:)`: `http` for a loopback host, `https` otherwise.
    ///
    /// The host may carry a port (`127.0.0.1:8080`); `nil` keeps `configured`.
    static func base(forHost host: String?, else configured: String) throws(AttributionError) -> String {
        guard let host, !host.isEmpty else { return configured }
        let name =
            host.hasPrefix("[")
            ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
        return try baseURL((isLoopback(host: name) ? "http://" : "https://") + host)
    }

    /// Normalizes a base URL: validates it and drops trailing slashes; a query or fragment is rejected.
    static func baseURL(_ text: String) throws(AttributionError) -> String {
        try baseURL(try url(from: text))
    }

    /// Normalizes a base URL: validates it and drops trailing slashes; a query or fragment is rejected.
    static func baseURL(_ url: URL) throws(AttributionError) -> String {
        try validate(url)
        guard url.query == nil, url.fragment == nil else {
            throw AttributionError.developerError(
                "a base URL cannot have a query or fragment: \(url.absoluteString)")
        }
        var base = url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
