import Foundation
import OneLinkEmulator
import OneLinkSupport

/// A strict, incremental HTTP/1.1 request parser: a pure value with no I/O.
///
/// Feed it bytes as they arrive with ``parse(_:)`` (or ``append(_:)`` then
/// ``next()``); each call answers ``Outcome/needMoreData``, one complete
/// ``Outcome/request(_:)``, or a typed ``Outcome/failure(_:)`` whose
/// ``HTTPParseError/statusCode`` is the status to answer with. Bytes after a
/// complete request stay buffered for the next (pipelined) request: call
/// ``next()`` again to get it. A failure is final: every later call returns it.
/// The outcomes do not depend on how the bytes were split into calls.
///
/// Rules:
/// - The request line is `METHOD SP target SP HTTP/x.y CRLF`: the method a token, the target in
///   origin form (starting with `/`, visible ASCII only). Empty lines before it are skipped.
/// - Lines end with CRLF; a bare LF, a header without a colon, a space before the colon, an
///   obsolete folded line or a control character in a value is a 400.
/// - The head (request line, headers and the blank line) may be at most
///   ``Limits/maximumHeaderBytes`` (16 KiB by default), else 431.
/// - `HTTP/1.1` and `HTTP/1.0` are accepted; another well-formed version is 505.
/// - HTTP/1.1 needs exactly one `Host` header (RFC 9112 §3.2), else 400.
/// - Bodies need `Content-Length`: `Transfer-Encoding` is 501, a `POST`/`PUT`/`PATCH` without a
///   length is 411, a length over ``Limits/maximumBodyBytes`` is 413 as soon as the head is read.
public struct HTTPRequestParser: Sendable {
    /// The size limits the parser enforces.
    public struct Limits: Sendable, Hashable {
        /// The default head limit: 16 KiB.
        public static let defaultMaximumHeaderBytes = 16 * 1024
        /// The default body limit: 1 MiB.
        public static let defaultMaximumBodyBytes = 1024 * 1024

        /// The largest head accepted, counting the request line, headers and the final blank line.
        public var maximumHeaderBytes: Int
        /// The largest `Content-Length` accepted.
        public var maximumBodyBytes: Int

        /// Creates limits.
        public init(
            maximumHeaderBytes: Int = Limits.defaultMaximumHeaderBytes,
            maximumBodyBytes: Int = Limits.defaultMaximumBodyBytes
        ) {
            self.maximumHeaderBytes = maximumHeaderBytes
            self.maximumBodyBytes = maximumBodyBytes
        }
    }

    /// What the bytes so far amount to.
    public enum Outcome: Sendable, Hashable {
        /// The request is not complete yet.
        case needMoreData
        /// One complete request; later bytes stay buffered.
        case request(ServerRequest)
        /// The bytes are not an acceptable request; answer ``HTTPParseError/statusCode`` and close.
        case failure(HTTPParseError)
    }

    private struct Head {
        var method: String
        var target: String
        var version: String
        var headers: [ServerRequest.Header]
        var bodyLength: Int
        var expectsContinue: Bool
    }

    /// The limits in force.
    public let limits: Limits
    private var buffer: [UInt8] = []
    private var scanned = 0
    private var head: Head?
    private var headLength = 0
    private var failure: HTTPParseError?
    private var lineScanned = 0
    private var lineChecked = false
    // How far the head has been checked for a CR that is not followed by LF.
    private var crScanned = 0

    /// Creates a parser with `limits`.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The number of bytes received but not yet returned as part of a request.
    public var bufferedByteCount: Int { buffer.count }

    /// Whether part of a request has arrived (anything but blank lines), so a stall is a slow client.
    public var hasPartialRequest: Bool {
        head != nil || buffer.contains { $0 != 13 && $0 != 10 }
    }

    /// Whether a head with `Expect: 100-continue` has been read and its body has not fully arrived,
    /// so the server should send `100 Continue` before the client sends the body.
    public var isAwaitingContinue: Bool {
        guard let head, head.expectsContinue, head.bodyLength > 0 else { return false }
        return buffer.count - headLength < head.bodyLength
    }

    /// Adds received bytes without parsing them.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes, then returns ``next()``.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> Outcome {
        append(bytes)
        return next()
    }

    /// Parses the buffered bytes and returns the next complete request, if there is one.
    public mutating func next() -> Outcome {
        if let failure { return .failure(failure) }
        if head == nil {
            if let error = readHead() {
                failure = error
                return .failure(error)
            }
        }
        guard let complete = head else { return .needMoreData }
        guard buffer.count - headLength >= complete.bodyLength else { return .needMoreData }
        let body = Array(buffer[headLength..<(headLength + complete.bodyLength)])
        buffer.removeFirst(headLength + complete.bodyLength)
        head = nil
        headLength = 0
        scanned = 0
        lineScanned = 0
        lineChecked = false
        crScanned = 0
        return .request(
            ServerRequest(
                method: HTTPMethod(rawValue: complete.method), target: complete.target,
                version: complete.version,
                headers: complete.headers, body: body))
    }

    /// Reads the head once its blank line has arrived, setting `head`; returns why it is refused.
    private mutating func readHead() -> HTTPParseError? {
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 13, buffer[start + 1] == 10 { start += 2 }
        if start > 0 {
            buffer.removeFirst(start)
            scanned = 0
            lineScanned = 0
            crScanned = 0
        }
        var end: Int?
        var index = max(scanned, 3)
        while index < buffer.count {
            if buffer[index] == 10, buffer[index - 1] == 13, buffer[index - 2] == 10, buffer[index - 3] == 13
            {
                end = index + 1
                break
            }
            index += 1
        }
        // A bare CR fails as soon as the byte after it arrives, instead of waiting for the timeout.
        // The request line is scanned and judged before the headers, so the first problem wins
        // however the bytes were split.
        let headEnd = min(end ?? buffer.count, limits.maximumHeaderBytes)
        if let error = bareCR(before: headEnd) { return error }
        // The request line is judged as soon as it is complete, and before the size, so the outcome
        // does not depend on how the bytes were split.
        if let line = firstLineIfComplete(), let error = Self.checkRequestLine(line) { return error }
        if lineChecked, let error = bareCR(before: headEnd) { return error }
        guard let end else {
            scanned = max(buffer.count, 3)
            if buffer.count > limits.maximumHeaderBytes {
                return .headerTooLarge(limit: limits.maximumHeaderBytes)
            }
            return nil
        }
        guard end <= limits.maximumHeaderBytes else {
            return .headerTooLarge(limit: limits.maximumHeaderBytes)
        }
        switch Self.parseHead(buffer[0..<(end - 4)], limits: limits) {
        case .success(let parsed):
            head = parsed
            headLength = end
            return nil
        case .failure(let error):
            return error
        }
    }

    /// A CR not followed by LF before `end`, scanning on from where the last call stopped, and
    /// stopping at the request line's LF until that line has been judged.
    private mutating func bareCR(before end: Int) -> HTTPParseError? {
        while crScanned + 1 < end {
            if !lineChecked, buffer[crScanned] == 10 { return nil }
            if buffer[crScanned] == 13, buffer[crScanned + 1] != 10 {
                let message = "a CR is not followed by LF (a bare CR at byte \(crScanned))"
                return lineChecked ? .malformedHeader(message) : .malformedRequestLine(message)
            }
            crScanned += 1
        }
        return nil
    }

    /// The request line the first time its LF is seen within the head limit, so a garbage line fails
    /// before the head ends; `nil` before that and after.
    private mutating func firstLineIfComplete() -> ArraySlice<UInt8>? {
        guard !lineChecked else { return nil }
        let limit = min(buffer.count, limits.maximumHeaderBytes)
        while lineScanned < limit {
            if buffer[lineScanned] == 10 {
                lineChecked = true
                return buffer[0..<lineScanned]
            }
            lineScanned += 1
        }
        return nil
    }

    private static func checkRequestLine(_ line: ArraySlice<UInt8>) -> HTTPParseError? {
        guard line.last == 13 else {
            return .malformedRequestLine("line does not end with CRLF")
        }
        switch parseRequestLine(line.dropLast()) {
        case .success: return nil
        case .failure(let error): return error
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }

    /// The bytes of `host [ ":" port ]` (RFC 3986 reg-name, IPv4 or bracketed IPv6 literal).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || Array("-._~!$&'()*+,;=%:[]".utf8).contains(byte)
    }

    /// ASCII letters and digits, which both a token and a host take.
    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    private static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) -> Result<(method: String, target: String, version: String), HTTPParseError> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(.malformedRequestLine("expected METHOD SP target SP version"))
        }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
            return .failure(.malformedRequestLine("the method is not a token"))
        }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .failure(.malformedRequestLine("the target is not an origin-form path"))
        }
        guard !target.contains(UInt8(ascii: "#")) else {
            return .failure(
                .malformedRequestLine("the target holds a fragment (#), which a client must not send"))
        }
        let versionBytes = Array(version)
        let digit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard versionBytes.count == 8, versionBytes[0..<5].elementsEqual("HTTP/".utf8),
            digit(versionBytes[5]),
            versionBytes[6] == UInt8(ascii: "."), digit(versionBytes[7])
        else {
            return .failure(.malformedRequestLine("the version is not HTTP/x.y"))
        }
        let versionText = text(versionBytes)
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else {
            return .failure(.unsupportedVersion(versionText))
        }
        return .success((text(method), text(target), versionText))
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>, limits: Limits) -> Result<Head, HTTPParseError>
    {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 10 {
                guard index > lineStart, bytes[index - 1] == 13 else {
                    return .failure(
                        lines.isEmpty
                            ? .malformedRequestLine("line does not end with CRLF")
                            : .malformedHeader("a line ends with a bare LF"))
                }
                lines.append(bytes[lineStart..<(index - 1)])
                lineStart = index + 1
            }
            index += 1
        }
        lines.append(bytes[lineStart..<bytes.endIndex])
        let requestLine: (method: String, target: String, version: String)
        switch parseRequestLine(lines[0]) {
        case .success(let parsed): requestLine = parsed
        case .failure(let error): return .failure(error)
        }
        var headers: [ServerRequest.Header] = []
        for line in lines.dropFirst() {
            guard let first = line.first, first != UInt8(ascii: " "), first != 9 else {
                return .failure(.malformedHeader("obsolete line folding or an empty line"))
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.malformedHeader("a header line has no colon"))
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(.malformedHeader("the field name \"\(text(name))\" is not a token"))
            }
            var value = line[(colon + 1)...]
            while let byte = value.first, byte == 32 || byte == 9 { value = value.dropFirst() }
            while let byte = value.last, byte == 32 || byte == 9 { value = value.dropLast() }
            guard value.allSatisfy({ $0 >= 32 && $0 != 127 || $0 == 9 }) else {
                return .failure(.malformedHeader("the value of \(text(name)) has a control character"))
            }
            headers.append(ServerRequest.Header(name: HTTPFieldName(text(name)), value: text(value)))
        }
        func values(_ wanted: HTTPFieldName) -> [String] {
            headers.filter { $0.name == wanted }.map(\.value)
        }
        let hosts = values(.host)
        if requestLine.version == "HTTP/1.1" {
            guard hosts.count == 1 else {
                return .failure(.invalidHost(hosts.isEmpty ? "missing" : "sent \(hosts.count) times"))
            }
        } else if hosts.count > 1 {
            return .failure(.invalidHost("sent \(hosts.count) times"))
        }
        if let host = hosts.first {
            guard !host.isEmpty else { return .failure(.invalidHost("empty")) }
            guard host.utf8.allSatisfy(isHostByte) else {
                return .failure(
                    .invalidHost(
                        "\"\(QuotedInput.prefix(host))\" is not a host name or address with an optional port")
                )
            }
        }
        if let encoding = values(.transferEncoding).first {
            return .failure(.transferEncodingNotSupported(encoding))
        }
        var bodyLength = 0
        let lengths = values(.contentLength).flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }.map {
            $0.trimmingCharacters(in: [" ", "\t"])
        }
        if let length = lengths.first {
            guard Set(lengths).count == 1, !length.isEmpty, length.count <= 18,
                length.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let parsed = Int(length)
            else { return .failure(.invalidContentLength(lengths.joined(separator: ", "))) }
            guard parsed <= limits.maximumBodyBytes else {
                return .failure(.bodyTooLarge(length: parsed, limit: limits.maximumBodyBytes))
            }
            bodyLength = parsed
        } else if HTTPMethod(rawValue: requestLine.method).requiresContentLength {
            return .failure(.lengthRequired(method: requestLine.method))
        }
        return .success(
            Head(
                method: requestLine.method, target: requestLine.target, version: requestLine.version,
                headers: headers, bodyLength: bodyLength,
                expectsContinue: values("expect").contains { $0.lowercased() == "100-continue" }))
    }
}
