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
    case event(OutgoingEvent)
    /// A purchase to validate, then log as a validated purchase.
    case purchase(OutgoingPurchase)
    /// A user-invite link to generate.
    case invite(
        InviteLink, context: EventContext, stopped: Bool, completion: Handoff<(URL?) -> Void>)
    /// App blocks to call on the delivery queue in queue order (ATT prompt completions, a cross-promotion's `openStore`).
    case callBlocks([ScopedBlock])

    /// The entry point's name when the command is an app's call to the SDK, as debug logs show it.
    var actionName: String? { entryPoint?.name }

    /// The entry point when the command is an app's call to the SDK.
    var entryPoint: SDKEntryPoint? {
        switch self {
        case .action(let action): return action.entryPoint
        case .launchLink: return .handleLaunchOptions
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
    /// A queue of another framework's own to call it on, still inside ``scope``, instead of the delivery queue (the ATT prompt's completion).
    var queue: DispatchQueue? = nil
}

/// The completion handler of `start(completionHandler:)` and `logEvent(name:values:completionHandler:)`.
typealias Completion = Handoff<([String: Any]?, (any Error)?) -> Void>

/// A command with what it carries through the queue.
struct QueuedCommand: Sendable {
    /// What the call asks for.
    let command: EngineCommand
    /// When the call was made: a link's deadline counts from here.
    let receivedAt: Date
    /// The completion handler the call carried.
    let completion: Completion?
    /// The instance `shared()` returned in the task that queued the command, bound again around its callbacks.
    let scope: AppsFlyerLib?
    /// The commands a caller waits for together with this one; the queue sets it on enqueue.
    var group = CommandQueue.Group.unassigned

    /// A command as an app's call queues it.
    init(
        _ command: consuming EngineCommand, receivedAt: Date, completion: Completion? = nil,
        scope: AppsFlyerLib?
    ) {
        self.command = command
        self.receivedAt = receivedAt
        self.completion = completion
        self.scope = scope
    }

    /// A step of this command: `command`, with the call's time, completion, scope and group.
    func step(_ command: EngineCommand) -> QueuedCommand {
        var step = QueuedCommand(command, receivedAt: receivedAt, completion: completion, scope: scope)
        step.group = group
        return step
    }
}
