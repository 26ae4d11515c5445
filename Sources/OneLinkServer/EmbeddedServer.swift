import Foundation
package import OneLinkEmulator
package import OneLinkSupport

/// A server's router driven in process, without sockets, as swift-nio's `EmbeddedChannel` drives a
/// channel pipeline: a test hands it a typed request, or raw bytes that go through the request
/// parser, and gets the answer the server would write.
///
/// It runs the same router as ``OneLinkServer`` (route entries, faults, every API's state), so a
/// route-level test needs no port, no thread and no client timeout. The loopback tests stay for what
/// only a socket shows: the I/O loop, limits, byte-level faults and the browser.
///
/// ```swift
/// let server = EmbeddedServer(configuration: .init(devKeys: ["dev"]))
/// let answer = await server.respond(.get, "/install_data/v4.0/id1?devkey=wrong&device_id=d")
/// #expect(answer.status == .forbidden)
/// ```
package final class EmbeddedServer: Sendable {
    /// The configuration the router was made from.
    package let configuration: OneLinkServer.Configuration
    private let router: Router
    private let plan: Locked<FaultPlan>
    private let pushSender: PushPostbackSender?
    private let logSink: any RequestLogSink

    /// A router for `configuration`; wrapped links are looked up under `wrapperBase`.
    package init(
        configuration: OneLinkServer.Configuration = .init(), wrapperBase: String = "http://127.0.0.1"
    ) {
        self.configuration = configuration
        let plan = Locked(configuration.faultPlan)
        self.plan = plan
        let pushSender = configuration.pushAPI.map {
            PushPostbackSender(settings: $0, clock: configuration.clock)
        }
        self.pushSender = pushSender
        let context = ServerContext(
            configuration: configuration,
            wrapperBase: configuration.wrapperBase?.absoluteString ?? wrapperBase,
            faultPlan: { plan.value }, setFaultPlan: { new in plan.withLock { $0 = new } },
            pushSender: pushSender)
        // As `OneLinkServer.start()` does: the dashboard sees each answered request, then the sink.
        logSink =
            context.dashboard.map { DashboardLogSink(state: $0, next: configuration.logSink) }
            ?? configuration.logSink
        router = Router(context: context)
    }

    /// The faults in force; setting it affects the next request.
    package var faultPlan: FaultPlan {
        get { plan.value }
        set { plan.withLock { $0 = newValue } }
    }

    /// The answer to `request`, from `clientIP`, logged to the configuration's request log (and the
    /// dashboard's) as the I/O loop logs it.
    package func respond(to request: ServerRequest, clientIP: String = "127.0.0.1") async -> EmbeddedResponse
    {
        let started = ContinuousClock.now
        var response = await router.respond(to: request, clientIP: clientIP)
        // As the I/O loop does: a HEAD answer is the GET's head and no content (RFC 9110 §9.3.2).
        if request.method == .head { response.omitsBody = true }
        let answer = EmbeddedResponse(response)
        log(answer, requestLine: "\(request.method) \(request.target)", clientIP: clientIP, started: started)
        return answer
    }

    /// Records `answer` as the I/O loop does: a silent close as status 0 with no body.
    private func log(
        _ answer: EmbeddedResponse, requestLine: String, clientIP: String, started: ContinuousClock.Instant
    ) {
        logSink.record(
            RequestLogEntry(
                client: clientIP, requestLine: requestLine,
                status: answer.closesWithoutAnswer ? 0 : answer.status.code,
                bodyBytes: answer.closesWithoutAnswer ? 0 : answer.body.count,
                duration: started.duration(to: .now)))
    }

    /// The answer to `method target` with `headers` and `body` (a `Host` is added when missing).
    package func respond(
        _ method: HTTPMethod, _ target: String, headers: [(HTTPFieldName, String)] = [], body: String = "",
        clientIP: String = "127.0.0.1"
    ) async -> EmbeddedResponse {
        var fields = headers.map { ServerRequest.Header(name: $0.0, value: $0.1) }
        if !fields.contains(where: { $0.name == .host }) {
            fields.insert(ServerRequest.Header(name: .host, value: "127.0.0.1"), at: 0)
        }
        let request = ServerRequest(
            method: method, target: target, version: "HTTP/1.1", headers: fields, body: Array(body.utf8))
        return await respond(to: request, clientIP: clientIP)
    }

    /// The answer to the request in `bytes`, read by the server's parser with its configured limits:
    /// a request the parser refuses gets its error answer (logged with the request line `-`, as the
    /// I/O loop logs it), and bytes that end before a complete request are `nil`.
    package func respond(toBytes bytes: [UInt8], clientIP: String = "127.0.0.1") async -> EmbeddedResponse? {
        var parser = HTTPRequestParser(limits: configuration.limits.parserLimits)
        switch parser.parse(bytes) {
        case .request(let request): return await respond(to: request, clientIP: clientIP)
        case .failure(let error):
            var response = ServerResponse.error(HTTPStatus(code: error.statusCode), error.description)
            response.closesConnection = true
            let answer = EmbeddedResponse(response)
            log(answer, requestLine: "-", clientIP: clientIP, started: .now)
            return answer
        case .needMoreData: return nil
        }
    }

    /// The Push API deliveries so far, as ``OneLinkServer/pushDeliveries`` lists them.
    package var pushDeliveries: [PushDelivery] { pushSender?.deliveries ?? [] }

    /// Returns when every Push API delivery queued so far has been delivered or has failed, as
    /// ``OneLinkServer/pushDeliveriesSettled()`` does.
    package func pushDeliveriesSettled() async { await pushSender?.settled() }

    /// Stops the Push API sender, when the configuration has one.
    package func stop() {
        pushSender?.stop()
    }
}

/// An answer ``EmbeddedServer`` returns: what the server would write, and how the connection ends.
package struct EmbeddedResponse: Sendable {
    /// The status.
    package var status: HTTPStatus
    /// The header fields, in order (without `Content-Length` and `Connection`, which the wire adds).
    package var headers: [(name: HTTPFieldName, value: String)]
    /// The body (empty for a `HEAD`).
    package var body: [UInt8]
    /// The bytes the server would write for a complete answer: status line, headers, body.
    package var wire: [UInt8]
    /// Whether the server would close the connection without writing anything (a fault).
    package var closesWithoutAnswer: Bool

    init(_ response: ServerResponse) {
        status = response.status
        headers = response.headers
        body = response.omitsBody ? [] : response.body
        wire = response.head(closing: response.closesConnection) + body
        closesWithoutAnswer = response.ending == .closeSilently
    }

    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or `nil` when it is not one.
    package var json: AttributionPayload? { try? AttributionPayload(json: body) }

    /// The value of field `name`; repeated fields joined with `, `.
    package func header(_ name: HTTPFieldName) -> String? {
        HTTPHeaderLookup.combined(headers.filter { $0.name == name }.map(\.value))
    }
}
