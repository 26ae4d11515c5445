import OneLinkEmulator

/// What happened when an emulated device was asked to open a URL.
public enum OpenURLResult: Sendable, Hashable {
    /// The target app was not running: it was launched with the URL in its launch options.
    case launched(AppOpenDelivery)
    /// The target app was running: the URL was handed to its open handler and it came to the front.
    case delivered(AppOpenDelivery)
    /// No installed app registers the URL's scheme (`openURL` completes with `false`).
    case notInstalled(scheme: String)
    /// The URL could not be opened for another reason.
    case failed(AppDirectoryError)

    /// The delivery, when the URL reached an app.
    public var delivery: AppOpenDelivery? {
        switch self {
        case .launched(let delivery), .delivered(let delivery): return delivery
        case .notInstalled, .failed: return nil
        }
    }
}
