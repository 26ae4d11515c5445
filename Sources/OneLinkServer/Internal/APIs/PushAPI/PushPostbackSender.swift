import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends Push API messages to the configured loopback endpoints, each in its own task, retrying a
/// failed attempt (no answer, or not 2xx) after ``PushAPISettings/retryDelay``, doubled each time, on
/// the server's clock, up to ``PushAPISettings/maximumAttempts``.
final class PushPostbackSender: Sendable {
    /// The most deliveries kept for ``deliveries``; older ones are dropped.
    static let historyLimit = 500

    private struct State {
        var deliveries: [PushDelivery] = []
        var nextID = 1
        var tasks: [Int: Task<Void, Never>] = [:]
        var stopped = false
    }

    /// The most devices whose re-engagement is kept; beyond it the one opened longest ago is dropped.
    static let reengagementLimit = 100_000

    let settings: PushAPISettings
    let clock: any EmulatorClock
    private let session: URLSession
    private let state = Locked(State())
    /// The endpoints, their filters and the token: the settings', until the configuration API
    /// changes them.
    let table: PushEndpointTable
    /// Each device's latest re-engagement, by device ID, for attributing its in-app events.
    private let reengagements = Locked([String: Reengagement]())

    init(settings: PushAPISettings, clock: any EmulatorClock) {
        self.settings = settings
        self.clock = clock
        table = PushEndpointTable(settings: settings)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    /// The deliveries so far, oldest first.
    var deliveries: [PushDelivery] { state.withLock { $0.deliveries } }

    /// Queues `message` (its fields, each a string; blank ones are left out) for every enabled
    /// endpoint of ``table`` whose filters take it, with ``apiVersion`` as its `api_version`, keeping
    /// only the fields the endpoint selects: the settings' filters
    /// (``PushAPISettings/selectedFields``, ``PushAPISettings/selectedEventTypes``,
    /// ``PushAPISettings/selectedInAppEvents``) until the configuration API sets others.
    func send(_ message: [String: String], messageType: String) {
        let filled = message.filter { !$0.value.isEmpty }.merging(["api_version": Self.apiVersion]) { $1 }
        for target in table.targets(messageType: messageType, eventName: message["event_name"] ?? "") {
            let endpoint = target.endpoint
            let fields =
                target.fields.map { selected in filled.filter { selected.contains($0.key) } } ?? filled
            state.withLock { state in
                guard !state.stopped else { return }
                let id = state.nextID
                state.nextID += 1
                state.deliveries.append(
                    PushDelivery(
                        id: id, messageType: messageType, eventName: fields["event_name"] ?? "",
                        appsFlyerID: fields["appsflyer_id"] ?? "", endpoint: endpoint, attempts: 0,
                        outcome: .pending))
                if state.deliveries.count > Self.historyLimit { state.deliveries.removeFirst() }
                state.tasks[id] = Task { [self] in
                    await deliver(id: id, fields: fields, to: endpoint)
                    _ = self.state.withLock { $0.tasks.removeValue(forKey: id) }
                }
            }
        }
    }

    /// Records `reengagement` as `deviceID`'s latest; `false` (and nothing changed) when its click
    /// was already credited to that device, so each retargeting click re-engages once.
    func credit(_ reengagement: Reengagement, deviceID: String) -> Bool {
        reengagements.withLock { engagements in
            if engagements[deviceID]?.click == reengagement.click { return false }
            engagements[deviceID] = reengagement
            if engagements.count > Self.reengagementLimit,
                let oldest = engagements.min(by: { $0.value.openTime < $1.value.openTime })?.key
            {
                engagements[oldest] = nil
            }
            return true
        }
    }

    /// `deviceID`'s latest re-engagement, if any.
    func reengagement(deviceID: String) -> Reengagement? {
        reengagements.withLock { $0[deviceID] }
    }

    /// Returns when every delivery queued so far has been delivered or has failed (retries wait on the clock).
    func settled() async {
        while let task = state.withLock({ $0.tasks.min { $0.key < $1.key }?.value }) { await task.value }
    }

    /// Cancels every delivery under way; those not delivered end as failed.
    func stop() {
        let tasks = state.withLock { state in
            state.stopped = true
            return Array(state.tasks.values)
        }
        // The session is cancelled first and the request runs in a task of its own (`deliver`): a
        // delivery task cancelled while FoundationNetworking completes its request deadlocked on
        // Linux (the task's status lock against the session's queue), freezing the server's stop.
        session.invalidateAndCancel()
        for task in tasks { task.cancel() }
    }

    private func deliver(id: Int, fields: [String: String], to endpoint: PushAPIEndpoint) async {
        let token = table.token
        let request = Self.request(
            fields: fields, endpoint: endpoint, token: token.value, tokenName: token.name)
        var delay = settings.retryDelay
        var reason = "not sent"
        for attempt in 1...settings.maximumAttempts {
            update(id) { $0.attempts = attempt }
            do {
                let status = try await post(request)
                if (200..<300).contains(status) {
                    update(id) { $0.outcome = .delivered(status: status) }
                    return
                }
                reason = "HTTP \(status)"
            } catch {
                reason = Task.isCancelled ? "stopped" : "\(error.localizedDescription)"
            }
            guard attempt < settings.maximumAttempts, !Task.isCancelled else { break }
            do {
                try await clock.sleep(until: clock.now.addingTimeInterval(delay.timeInterval))
            } catch {
                reason = "stopped"
                break
            }
            delay *= 2
        }
        update(id) { $0.outcome = .failed(reason: reason) }
    }

    /// Sends `request` once and returns the answer's status code (0 for an answer that is not HTTP).
    ///
    /// Not `URLSession.data(for:)`: on Linux its completion resumes the waiting task on the
    /// session's own queue, which needs that task's status lock, while cancelling the task (as
    /// ``stop()`` does) holds that lock and, through `data(for:)`'s handler, waits for the same
    /// queue. `swift test` hung on that deadlock beside parallel builds (issue 53). Here the
    /// answer, or the task's cancellation, ends the wait through a `WaitSlot`, and the
    /// `URLSessionTask` is cancelled from another queue, never inside the cancellation handler.
    private func post(_ request: URLRequest) async throws -> Int {
        let slot = WaitSlot<Int>()
        let task = session.dataTask(with: request) { _, response, error in
            if let error {
                slot.resolve(.failure(error))
            } else {
                slot.resolve(.success((response as? HTTPURLResponse)?.statusCode ?? 0))
            }
        }
        task.resume()
        return try await withTaskCancellationHandler {
            try await slot.value()
        } onCancel: {
            DispatchQueue.global().async { task.cancel() }
        }
    }

    private func update(_ id: Int, _ change: (inout PushDelivery) -> Void) {
        state.withLock { state in
            if let index = state.deliveries.lastIndex(where: { $0.id == id }) {
                change(&state.deliveries[index])
            }
        }
    }

    /// The HTTP request for one message: fields in the query for `GET`, a JSON object for `POST`,
    /// and the token in its header.
    static func request(
        fields: [String: String], endpoint: PushAPIEndpoint, token: String?, tokenName: String
    )
        -> URLRequest
    {
        let sorted = fields.sorted { $0.key < $1.key }
        var request: URLRequest
        switch endpoint.method {
        case .get:
            var components = URLComponents(url: endpoint.url, resolvingAgainstBaseURL: false)
            let existing = components?.percentEncodedQueryItems ?? []
            components?.percentEncodedQueryItems =
                existing + sorted.map { URLQueryItem(name: $0.key, value: Self.percentEncoded($0.value)) }
            request = URLRequest(url: components?.url ?? endpoint.url)
            request.httpMethod = "GET"
        case .post:
            request = URLRequest(url: endpoint.url)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = AttributionPayload(fields.mapValues { .string($0) }).jsonData()
        }
        if let token { request.setValue(token, forHTTPHeaderField: tokenName) }
        return request
    }

    /// `text` percent-encoded for a query value: everything but unreserved characters.
    private static func percentEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
