import Foundation
import OneLinkSupport

/// What the engine's serial queue runs: every call to the SDK that has an effect, as a typed value.
enum EngineCommand: Sendable {
    /// An app's call to an entry point (`start`, a link, a push).
    case action(SDKAction)
    /// The cold-start universal link of SDK 7's `handleLaunchOptions(_:)`: handled as a universal
    /// link, and remembered so the `continue` iOS also makes for it is not handled twice.
    case launchLink(String)
    /// A session's callbacks, delivered after every call queued while the session ran.
    case deliver([AppsFlyerEvent], launch: LaunchOutcome?)
    /// `simulateReinstall()`.
    case reinstall
    /// `simulateRelaunch()`.
    case relaunch
    /// SDK 7's check whether the session-ready listener may fire, for one `didBecomeActive`.
    case sessionReadyCheck(activation: UInt64)
    /// An in-app event to send.
    indirect case event(OutgoingEvent)
    /// A purchase to validate, then log as a validated purchase.
    indirect case purchase(OutgoingPurchase)
    /// A user-invite link to generate.
    indirect case invite(
        InviteLink, context: EventContext, stopped: Bool, completion: Handoff<(URL?) -> Void>)
    /// App blocks to call on the delivery queue in queue order (ATT prompt completions, a cross-promotion's `openStore`).
    case callBlocks([ScopedBlock])

    /// The entry point's name when the command is an app's call to the SDK, as debug logs show it.
    var actionName: String? {
        switch self {
        case .action(let action): return action.name
        case .launchLink: return "handleLaunchOptions(_:)"
        default: return nil
        }
    }

    /// Whether the command hands the SDK a direct deep link, so a first launch makes no deferred lookup.
    var isDirectLink: Bool {
        switch self {
        case .action(.openURL), .action(.universalLink), .action(.push), .launchLink: return true
        default: return false
        }
    }
}

/// A block of app code and the `withShared` instance of the task that handed it over.
struct ScopedBlock: Sendable {
    let body: Handoff<() -> Void>
    let scope: AppsFlyerLib?
}

/// The completion handler of `start(completionHandler:)` and `logEvent(name:values:completionHandler:)`.
typealias Completion = Handoff<([String: Any]?, (any Error)?) -> Void>

/// A command with what it carries through the queue.
struct QueuedCommand: Sendable {
    let command: EngineCommand
    /// When the call was made: a link's deadline counts from here.
    let receivedAt: Date
    let completion: Completion?
    /// The instance `shared()` returned in the task that queued the command, bound again around its callbacks.
    let scope: AppsFlyerLib?
}

/// The SDK's serial action queue.
typealias EngineQueue = ActionQueue<QueuedCommand, AppsFlyerEvent>

/// A command as the queue runs it.
typealias EngineJob = EngineQueue.Job

extension ActionQueue.Job where Command == QueuedCommand {
    /// When the call was made.
    var receivedAt: Date { command.receivedAt }
    /// The completion handler the call carried.
    var completion: Completion? { command.completion }
    /// The task scope of `withShared` that queued the call.
    var scope: AppsFlyerLib? { command.scope }
}
