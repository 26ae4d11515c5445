/// A call app code makes into the SDK that can start its work: `start()`, a link or a push.
///
/// The raw values start at 1, so ``CalledEntryPoints`` can keep each in four bits with 0 for none.
enum SDKEntryPoint: UInt32, CaseIterable, Sendable {
    case start = 1
    case handleOpen
    case continueUserActivity
    case handlePushNotification
    case performOnAppAttribution
    case handleLaunchOptions

    /// The entry point's name, as debug logs show it.
    var name: String {
        switch self {
        case .start: "start()"
        case .handleOpen: "handleOpen(_:options:)"
        case .continueUserActivity: "continue(_:restorationHandler:)"
        case .handlePushNotification: "handlePushNotification(_:)"
        case .performOnAppAttribution: "performOnAppAttribution(with:)"
        case .handleLaunchOptions: "handleLaunchOptions(_:)"
        }
    }
}
