import Foundation
import OneLinkSupport

/// Answers the launch (session) request that every started session sends, as AppsFlyer's launch endpoint does.
///
/// Contract:
/// - ``recordLaunch(_:)`` is called once for each session that starts, before
///   the session's conversion data is requested.
/// - It returns the response body that `start(completionHandler:)` and
///   `try await start()` hand to the app, or throws an ``AttributionError``:
///   an invalid dev key is answered with ``AttributionError/httpStatus(code:reason:)``
///   and status 400, an account whose plan does not cover SDK traffic with 403,
///   as AppsFlyer's endpoint does (Docs/behaviour.md, rule 14).
/// - A thrown error fails the session: the SDK reports it to the completion
///   handler and through `onConversionDataFail`.
/// - It may suspend; the SDK bounds the call with its conversion-data time limit.
public protocol LaunchRecorder: Sendable {
    /// Records one launch and returns the response body.
    ///
    /// - Throws: ``AttributionError`` when the launch is rejected or cannot be sent.
    func recordLaunch(_ request: LaunchRequest) async throws -> AttributionPayload

    /// The answer to the request when the backend has it without waiting, or `nil` to be asked through ``recordLaunch(_:)``.
    ///
    /// The SDK asks this first, for every call: an answer here is taken as
    /// ``recordLaunch(_:)``'s answer, with no task, timer or continuation, and
    /// `nil` sends the call through ``recordLaunch(_:)``, raced against its
    /// deadline. An answer must be what ``recordLaunch(_:)`` would give, and the
    /// request must be recorded as that call records it; `nil` records
    /// nothing. The default is `nil`: a backend that always waits (over the
    /// network, say) need not implement it.
    func recordLaunchImmediately(_ request: LaunchRequest) -> Result<AttributionPayload, any Error>?
}

extension LaunchRecorder {
    /// No answer without waiting: every call goes through ``recordLaunch(_:)``.
    public func recordLaunchImmediately(_ request: LaunchRequest) -> Result<AttributionPayload, any Error>? {
        nil
    }
}

/// What a session's launch request carries.
public struct LaunchRequest: Sendable, Hashable {
    /// The fields, in one immutable box that copies share: a copy is one retain, a change a new box.
    private var storage: SharedFields<Fields>

    /// The app's Apple ID.
    public var appID: String {
        get { storage.fields.appID }
        set { storage.update { $0.appID = newValue } }
    }
    /// The dev key the SDK was configured with.
    public var devKey: String {
        get { storage.fields.devKey }
        set { storage.update { $0.devKey = newValue } }
    }
    /// The AppsFlyer device ID of this install.
    public var deviceID: String {
        get { storage.fields.deviceID }
        set { storage.update { $0.deviceID = newValue } }
    }
    /// The number of sessions this install has started, this one included (1 on the first launch).
    public var sessionCount: Int {
        get { storage.fields.sessionCount }
        set { storage.update { $0.sessionCount = newValue } }
    }
    /// The device's fingerprint and advertising ID.
    public var device: DeviceInfo {
        get { storage.fields.device }
        set { storage.update { $0.device = newValue } }
    }
    /// Who the user is, as the app told the SDK (`customerUserID`, `customData`, ...).
    public var identity: UserIdentity {
        get { storage.fields.identity }
        set { storage.update { $0.identity = newValue } }
    }
    /// The host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    public var host: String? {
        get { storage.fields.host }
        set { storage.update { $0.host = newValue } }
    }

    /// Creates a request.
    public init(
        appID: String, devKey: String, deviceID: String, sessionCount: Int, device: DeviceInfo,
        identity: UserIdentity = UserIdentity(), host: String? = nil
    ) {
        storage = SharedFields(
            Fields(
                appID: appID, devKey: devKey, deviceID: deviceID, sessionCount: sessionCount, device: device,
                identity: identity, host: host))
    }

    /// The stored values.
    private struct Fields: Hashable, Sendable {
        var appID: String
        var devKey: String
        var deviceID: String
        var sessionCount: Int
        var device: DeviceInfo
        var identity: UserIdentity
        var host: String?
    }
}

extension LaunchRequest: CustomReflectable {
    /// The fields, as the mirror of a struct with them stored would show them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "appID": appID, "devKey": devKey, "deviceID": deviceID, "sessionCount": sessionCount,
                "device": device, "identity": identity, "host": host as Any,
            ],
            displayStyle: .struct)
    }
}
/// A launch recorder that accepts every launch, or rejects dev keys it does not know, after an optional delay.
///
/// Accepted launches are answered with ``acceptedResponse``. With
/// ``validDevKeys`` set, any other dev key is answered with HTTP 400, as the
/// dev hub's iOS troubleshooting page shows AppsFlyer's endpoint answering an
/// invalid dev key. With ``planCoversSDK`` off, every launch is answered 403
/// `forbidden`, as threads show for an account whose plan does not cover SDK traffic.
public final class InMemoryLaunchRecorder: LaunchRecorder, InMemoryBackend {
    private struct State: Sendable {
        var validDevKeys: Set<String>?
        var planCoversSDK = true
    }

    /// The body of an accepted launch: `{"status": "ok"}`.
    public static let acceptedResponse: AttributionPayload = ["status": "ok"]

    private let state: Locked<State>
    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<LaunchRequest>

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - validDevKeys: The dev keys that are accepted; `nil` accepts every key.
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` rejects every launch.
    ///   - clock: The clock that measures delays.
    public init(
        validDevKeys: Set<String>? = nil, behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) {
        self.state = Locked(State(validDevKeys: validDevKeys))
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// The dev keys that are accepted; `nil` accepts every key.
    public var validDevKeys: Set<String>? {
        get { state.withLock { $0.validDevKeys } }
        set { state.withLock { $0.validDevKeys = newValue } }
    }

    /// Whether the account's plan covers SDK traffic; `false` answers every launch 403 `forbidden`.
    ///
    /// Threads show 403 for a plan that does not cover SDK traffic (the Zero
    /// plan): appsflyer-flutter-plugin#254, react-native-appsflyer#253.
    public var planCoversSDK: Bool {
        get { state.withLock { $0.planCoversSDK } }
        set { state.withLock { $0.planCoversSDK = newValue } }
    }

    /// Accepts or rejects the launch.
    ///
    /// - Throws: ``AttributionError/httpStatus(code:reason:)`` with 400 for an
    ///   unknown dev key or 403 when ``planCoversSDK`` is off, the error of a
    ///   failing behaviour, or `CancellationError` when cancelled while delayed.
    public func recordLaunch(_ request: LaunchRequest) async throws -> AttributionPayload {
        core.record(request)
        let (validDevKeys, planCoversSDK) = state.withLock { ($0.validDevKeys, $0.planCoversSDK) }
        try await core.answer()
        return try Self.response(to: request, validDevKeys: validDevKeys, planCoversSDK: planCoversSDK)
    }

    /// ``recordLaunch(_:)`` without suspending, when the behaviour needs no waiting; `nil` (and nothing recorded) otherwise.
    public func recordLaunchImmediately(_ request: LaunchRequest) -> Result<AttributionPayload, any Error>? {
        guard let answer = core.immediateAnswer else { return nil }
        core.record(request)
        let (validDevKeys, planCoversSDK) = state.withLock { ($0.validDevKeys, $0.planCoversSDK) }
        return answer.flatMap {
            Result {
                try Self.response(to: request, validDevKeys: validDevKeys, planCoversSDK: planCoversSDK)
            }
        }
    }

    private static func response(
        to request: LaunchRequest, validDevKeys: Set<String>?, planCoversSDK: Bool
    ) throws -> AttributionPayload {
        if let validDevKeys, !validDevKeys.contains(request.devKey) {
            throw AttributionError.httpStatus(code: 400, reason: "invalid dev key")
        }
        if !planCoversSDK {
            throw AttributionError.httpStatus(code: 403, reason: "forbidden")
        }
        return acceptedResponse
    }
}

extension LaunchRecorder where Self == InMemoryLaunchRecorder {
    /// A recorder that accepts every launch, or only the given dev keys.
    public static func inMemory(
        validDevKeys: Set<String>? = nil, behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryLaunchRecorder {
        InMemoryLaunchRecorder(validDevKeys: validDevKeys, behavior: behavior, clock: clock)
    }
}
