import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// Turns one parsed request into an answer: matches it to a route entry, applies the fault plan,
/// and calls the entry's API.
///
/// It knows no API: the APIs' entries are its table, in the order of ``apis``, and an API's own
/// error convention answers a path of its that no entry takes (``ServerAPI/unmatched(_:allowed:)``).
/// Any other `GET` is a wrapped-link lookup (``ClicksAPI/wrapper(_:)``).
struct Router: Sendable {
    /// The query parameter the redirect faults append to count hops; reserved on every route.
    static let hopParameter = "af_fault_hop"

    let context: ServerContext
    /// Every API, in matching order: an API whose entries are told apart from another's by a
    /// discriminator comes first (the deep-linking API before the SDK's lookup on the same path).
    let apis: [any ServerAPI]
    /// The entries of ``apis``, in order.
    let entries: [RouteEntry]
    private let clicks: ClicksAPI

    /// The router of a server with `context`.
    init(context: ServerContext) {
        let clicks = ClicksAPI(context: context)
        let documented = Locked<[UInt8]?>(nil)
        var apis: [any ServerAPI] = [
            DeepLinkAPI(context: context), SDKAPI(context: context), GCDAPI(context: context),
            S2SEventsAPI(context: context), OneLinkAPI(context: context), TestConsoleAPI(context: context),
            PullAPI(context: context), PushConfigurationAPI(context: context),
        ]
        // The document is built from the finished table the first time it is asked for.
        let entriesBox = Locked<[RouteEntry]>([])
        apis.append(
            AdminAPI(context: context) {
                documented.withLock { cached in
                    if let cached { return cached }
                    let document = OpenAPIDocument(entries: entriesBox.value).jsonBytes()
                    cached = document
                    return document
                }
            })
        apis.append(clicks)
        let entries = apis.flatMap(\.routes)
        entriesBox.withLock { $0 = entries }
        self.context = context
        self.apis = apis
        self.entries = entries
        self.clicks = clicks
    }

    /// What the table says of a request.
    enum Match {
        /// An entry takes it, with the path parameters.
        case entry(RouteEntry, [String: String])
        /// No entry: an API's own answer, a 405, a 501 or a 400, or the wrapped-link lookup.
        case unmatched(allowed: [HTTPMethod])
        case methodNotImplemented
        case badPath
    }

    /// The entry for `request`, or why there is none.
    func match(_ request: ServerRequest) -> Match {
        guard HTTPMethod.known.contains(request.method) else { return .methodNotImplemented }
        guard let segments = request.pathSegments else { return .badPath }
        // `//shortlink-sdk/v2/x` or `/shortlink-sdk/v2/x/` is not the API path; only wrappers may match it.
        if request.path != "/",
            request.path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).contains(
                where: \.isEmpty)
        {
            return .unmatched(allowed: [])
        }
        var allowed: [HTTPMethod] = []
        for entry in entries {
            let parameters = entry.parameters(matching: segments) ?? (entry.anyPath ? [:] : nil)
            guard let parameters else { continue }
            if let discriminator = entry.discriminator, !discriminator.matches(request) {
                // A rule about the path (a click path) also decides whether the path is the entry's.
                if entry.anyPath || request.method == entry.method { continue }
            }
            if entry.method == request.method { return .entry(entry, parameters) }
            if !allowed.contains(entry.method) { allowed.append(entry.method) }
        }
        return .unmatched(allowed: allowed)
    }

    func respond(to original: ServerRequest, clientIP: String) async -> ServerResponse {
        var request = original
        let hop = Self.stripHop(&request)
        let match = match(request)
        var fault: ServerRoute? = .wrapper
        var shortLink: (template: String, shortID: String)?
        if case .entry(let entry, let parameters) = match {
            fault = entry.fault
            if entry.fault == .shortLink {
                shortLink = (
                    parameters["onelink-id"] ?? "", request.queryValue("id") ?? ""
                )
            }
        }
        var shaping: ServerFault?
        if let fault {
            let faults = context.faultPlan().faults(for: fault, shortLink: shortLink)
            for fault in faults {
                do {
                    switch fault {
                    case .delay(let duration): try await context.configuration.clock.sleep(for: duration)
                    case .realTimeDelay(let duration): try await Task.sleep(for: duration)
                    default: continue
                    }
                } catch {
                    return .closed
                }
            }
            shaping = faults.first {
                switch $0 {
                case .delay, .realTimeDelay: false
                default: true
                }
            }
            if let shaped = Self.shapedAnswer(shaping, hop: hop, target: request.target) { return shaped }
        }
        var response = await answer(request, match: match, clientIP: clientIP)
        switch shaping {
        case .truncatedBody?: response.ending = .truncate(bytes: response.body.count / 2)
        case .resetMidBody?: response.ending = .reset(bytes: response.body.count / 2)
        case .closeAfterHead?: response.ending = .closeAfterHead
        default: break
        }
        return response
    }

    /// The answer a fault gives instead of the route's, or `nil` when the route answers.
    private static func shapedAnswer(_ shaping: ServerFault?, hop: Int, target: String) -> ServerResponse? {
        switch shaping {
        case .status(let code, let body)?:
            guard let body else { return .error(HTTPStatus(code: code), "injected fault") }
            return ServerResponse(
                status: HTTPStatus(code: code), headers: [(.contentType, "application/json")],
                body: Array(body.utf8))
        case .body(let text)?:
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")], body: Array(text.utf8))
        case .garbageBody?:
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")],
                body: Array("<html>not json</html>".utf8))
        case .oversizedBody(let bytes)?:
            let padding = String(repeating: "x", count: max(0, bytes - 14))
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")],
                body: Array("{\"padding\":\"\(padding)\"}".utf8))
        case .closeWithoutResponse?:
            return .closed
        case .redirectChain(let hops)? where hop < hops:
            return ClicksAPI.redirect(to: appendingHop(hop + 1, to: target))
        case .redirectLoop? where hop == 0:
            return ClicksAPI.redirect(to: appendingHop(1, to: target))
        case .redirectLoop?:
            return ClicksAPI.redirect(to: target)
        default:
            return nil
        }
    }

    private func answer(_ request: ServerRequest, match: Match, clientIP: String) async -> ServerResponse {
        switch match {
        case .methodNotImplemented:
            return .error(
                501,
                "method \(QuotedInput.prefix(request.method.rawValue)) is not implemented "
                    + "(methods are case-sensitive; the server knows "
                    + "\(HTTPMethod.known.map(\.rawValue).sorted().joined(separator: ", ")))")
        case .badPath:
            if let problem = request.percentDecodingProblem { return .error(400, problem) }
            return .error(400, "the path cannot be percent-decoded")
        case .entry(let entry, let parameters):
            if let problem = request.percentDecodingProblem { return .error(400, problem) }
            return await entry.answer(
                RoutedRequest(request: request, parameters: parameters, clientIP: clientIP))
        case .unmatched(let allowed):
            if let problem = request.percentDecodingProblem { return .error(400, problem) }
            for api in apis {
                if let answer = api.unmatched(request, allowed: allowed) { return answer }
            }
            guard allowed.isEmpty else {
                let list = allowed.map(\.rawValue).joined(separator: ", ")
                var response = ServerResponse.error(405, "\(request.method) is not allowed here; use \(list)")
                response.headers.append((.allow, list))
                return response
            }
            return await clicks.wrapper(request)
        }
    }
    /// Removes a trailing `af_fault_hop=N` from the target and returns N (0 when absent).
    static func stripHop(_ request: inout ServerRequest) -> Int {
        // The marker is the target's last parameter: look at the tail's bytes only, without a
        // Foundation search (every request passes here).
        let marker = Array((hopParameter + "=").utf8)
        let bytes = Array(request.target.utf8.suffix(marker.count + 5))
        guard
            let digitsStart = (0..<bytes.count).last(where: { start in
                start > 0 && bytes[start...].starts(with: marker)
            }).map({ $0 + marker.count })
        else { return 0 }
        let separator = bytes[digitsStart - marker.count - 1]
        let digits = bytes[digitsStart...]
        guard separator == UInt8(ascii: "?") || separator == UInt8(ascii: "&"), !digits.isEmpty,
            digits.count <= 4, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let hop = Int(String(decoding: digits, as: UTF8.self))
        else { return 0 }
        request.target = String(
            decoding: request.target.utf8.dropLast(bytes.count - digitsStart + marker.count + 1),
            as: UTF8.self)
        return hop
    }
    static func appendingHop(_ hop: Int, to target: String) -> String {
        target + (target.contains("?") ? "&" : "?") + hopParameter + "=\(hop)"
    }
}
