import Foundation
import OneLinkEmulator

/// An error as the log printed it: `Error Domain=com.appsflyer.sdk.network Code=50 "Status code failure: 403"`.
struct LoggedError: Sendable, Hashable {
    var domain: String
    var code: Int
    var message: String
    /// The `NSURLErrorDomain` code of an underlying error, such as -1001 for a timeout.
    var underlyingCode: Int?

    /// The emulator's error kind for this code, as `didResolveDeepLink` and the scenario format name it.
    var kind: AttributionError.Kind {
        switch code {
        case 0:
            return underlyingCode == -1001 || message.lowercased().contains("timed out") ? .timeout : .network
        case 50: return .httpStatusCode
        // 7.0.1's start completion: `com.appsflyer.sdk.network` 40, "Status code failure: 403" or "Network failure".
        case 40: return httpStatus != nil ? .httpStatusCode : .network
        case 10, 20, 21: return .developerError
        default: return .unexpected
        }
    }

    /// The HTTP status of a `Status code failure: 403` message.
    var httpStatus: Int? {
        guard let range = message.range(of: "Status code failure: ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}

/// A deep-link result as `[DDL] Calling didResolveDeepLink with:` printed it.
struct LoggedDeepLink: Sendable, Hashable {
    /// `FOUND`, `NOT_FOUND` or `ERROR`; empty when the result's print could not be read.
    var status: String
    var isDeferred: Bool?
    var clickEvent: AttributionPayload?
    var error: LoggedError?
}

/// One thing the SDK's log shows, at a line of the paste.
struct LogEvent: Sendable {
    enum Kind: Sendable {
        /// `AppsFlyer SDK version 6.8.0 started build (83)`: a process's first session begins.
        case process(version: String)
        /// `[DDL] Delegate: …`: the app set a deep-link delegate, so UDL.
        case deepLinkDelegate
        /// `[DDL] Start DDL`: the first launch's deferred lookup.
        case deferredStart
        /// `[DDL] DDL already has been resolved`: a later launch in UDL mode.
        case deferredDone
        /// `SEND Start:` with its body: a session's launch request; `counter` 1 is the install's first.
        case launch(counter: Int?, appID: String?)
        /// A line of a session start: `Start`, SDK 7's `[START]` lines, `[WARNING] Skip launch`; lines of one start are one step.
        case start(StartLine)
        /// `AppsFlyer dev key missing or empty. aborting`: a start without a dev key.
        case devKeyMissing
        /// `session_counter=19` in an SDK request's URL (the SKAN S2S request): the sessions the install had so far.
        case sessionCounter(Int)
        /// `[Shortlink] Response Info:` and the short link's HTTP status, when it printed one.
        case shortLinkAnswer(status: Int?)
        /// A universal link, a URI-scheme link, a push or `performOnAppAttribution` handed to the SDK.
        case universalLink(String)
        case openURL(String)
        case push(AttributionPayload)
        case performOnAppAttribution(String)
        /// A callback and its payload, status or error.
        case conversionData(AttributionPayload)
        case conversionFailure(LoggedError)
        case openAttribution(AttributionPayload)
        case openAttributionFailure(LoggedError)
        case deepLink(LoggedDeepLink)
        /// A callback whose payload the paste cut or garbled: the callback was made, its values are not known.
        case unreadCallback(String)
        /// `[Shortlink] OneLink:` and the parameters the short link resolved to.
        case shortLinkStored(AttributionPayload)
        /// `Delegate is nil or does not respond to …`: the callback found no delegate.
        case dropped(callback: String)
        /// An `NSError` of the SDK's domains printed on its own, such as a start completion's.
        case error(LoggedError)
    }

    var line: Int
    var time: Date?
    var kind: Kind
}

extension LogEvent.Kind {
    /// Whether the event is a callback the log printed (made, dropped or unread).
    var isCallback: Bool {
        switch self {
        case .conversionData, .conversionFailure, .openAttribution, .openAttributionFailure, .deepLink,
            .unreadCallback, .dropped:
            return true
        default:
            return false
        }
    }

    /// Whether the event is conversion data received.
    var isConversionData: Bool {
        if case .conversionData = self { true } else { false }
    }
}

/// Which line of a session start the log printed; a start prints at most one of each role.
enum StartLine: Sendable, Hashable {
    /// `[START] isFirstLaunch: true, timestamp: …` (7.0.1; `No`/`NO`/`0` read as false): every start call prints it.
    case attempt(firstLaunch: Bool?)
    /// `[START] Initial start of the application`: a process's first session.
    case initial
    /// `[START] Time from last start(session): X`: a later session of the same process, a warm start.
    case sinceLast
    /// A line saying the start came with the app's return from the background ("`start` since background transition").
    case backgroundTransition
    /// `Start` (6.x before 6.3): a session start.
    case plain
    /// `[WARNING] Skip launch`: a start inside `minTimeBetweenSessions`, with no session.
    case skipped
    /// `Error Domain=com.appsflyer.sdk.event Code=10 "Event timeout. Check minTimeBetweenSessions param"`: a skipped start's completion.
    case skippedCompletion

    /// The role of the line in its start: a start prints one attempt line, one outcome line and one completion.
    var role: Int {
        switch self {
        case .attempt: return 0
        case .initial, .sinceLast, .backgroundTransition, .plain, .skipped: return 1
        case .skippedCompletion: return 2
        }
    }

    /// Whether the line says the install had started before: a warm start or a later launch.
    var isLater: Bool {
        switch self {
        case .attempt(let first): return first == false
        case .sinceLast, .backgroundTransition: return true
        default: return false
        }
    }

    /// Whether the start was skipped (inside `minTimeBetweenSessions`).
    var isSkipped: Bool { self == .skipped || self == .skippedCompletion }
}
