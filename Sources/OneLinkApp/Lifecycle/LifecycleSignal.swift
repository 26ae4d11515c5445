import OneLinkEmulator

/// One input to ``AppLifecycle``: a UIKit lifecycle notification or a system action.
///
/// The first six cases are the `UIApplication` notifications (and their
/// `UIApplicationDelegate` callbacks); ``suspend`` and ``purge`` are what the
/// system does to a background app without telling it.
public enum LifecycleSignal: Sendable, Hashable {
    /// `didFinishLaunchingNotification`: the process started, in the given mode.
    case didFinishLaunching(LaunchMode)
    /// `didBecomeActiveNotification`: the app is in the foreground and receiving events.
    case didBecomeActive
    /// `willResignActiveNotification`: an overlay, the app switcher, or a move to the background begins.
    case willResignActive
    /// `didEnterBackgroundNotification`: the app left the screen.
    case didEnterBackground
    /// `willEnterForegroundNotification`: the app is coming back on screen.
    case willEnterForeground
    /// `willTerminateNotification`: the process is about to end while not suspended.
    case willTerminate
    /// The system suspends a background app; no notification is sent.
    case suspend
    /// The system reclaims a suspended app's memory; no notification is sent and no code runs.
    case purge

    /// The case name without payload (`didFinishLaunching`), for logs and scenario data.
    public var name: String {
        switch self {
        case .didFinishLaunching: return "didFinishLaunching"
        case .didBecomeActive: return "didBecomeActive"
        case .willResignActive: return "willResignActive"
        case .didEnterBackground: return "didEnterBackground"
        case .willEnterForeground: return "willEnterForeground"
        case .willTerminate: return "willTerminate"
        case .suspend: return "suspend"
        case .purge: return "purge"
        }
    }

    /// Reads a signal from its ``name``; `didFinishLaunching` takes an optional passive reason.
    ///
    /// - Parameters:
    ///   - name: A case name, such as `didEnterBackground`.
    ///   - passiveReason: For `didFinishLaunching`, the reason of a background launch; `nil` for a foreground one.
    /// - Throws: ``LifecycleError/unknownSignal(_:)`` for any other name, or when a
    ///   reason is given with a signal other than `didFinishLaunching`.
    public init(name: String, passiveReason: PassiveLaunchReason? = nil) throws(LifecycleError) {
        let signal: LifecycleSignal
        switch name {
        case "didFinishLaunching":
            self = .didFinishLaunching(passiveReason.map { .background($0) } ?? .foreground)
            return
        case "didBecomeActive": signal = .didBecomeActive
        case "willResignActive": signal = .willResignActive
        case "didEnterBackground": signal = .didEnterBackground
        case "willEnterForeground": signal = .willEnterForeground
        case "willTerminate": signal = .willTerminate
        case "suspend": signal = .suspend
        case "purge": signal = .purge
        default: throw .unknownSignal(name)
        }
        if let passiveReason { throw .unknownSignal("\(name) with passive reason \(passiveReason)") }
        self = signal
    }
}

extension LifecycleSignal: CustomStringConvertible {
    /// The case name, with the launch mode for `didFinishLaunching`.
    public var description: String {
        switch self {
        case .didFinishLaunching(.foreground): return "didFinishLaunching(foreground)"
        case .didFinishLaunching(.background(let reason)): return "didFinishLaunching(background: \(reason))"
        default: return name
        }
    }
}
