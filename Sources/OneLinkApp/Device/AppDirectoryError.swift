import OneLinkEmulator

/// Why an emulated device refused to install, find or open an app.
public enum AppDirectoryError: Error, Sendable, Hashable {
    /// Another installed app has this bundle ID.
    case duplicateBundleID(String)
    /// The URL scheme is already claimed by another installed app.
    ///
    /// iOS leaves the winner undefined when two apps claim one scheme; the
    /// emulator refuses the second claim so a test never depends on chance.
    case schemeAlreadyClaimed(scheme: String, by: String)
    /// A claimed URL scheme has characters a scheme cannot have, or is empty.
    case invalidScheme(String)
    /// No installed app has this bundle ID.
    case notInstalled(bundleID: String)
    /// The URL has no scheme, so no app can open it.
    case invalidURL(String)
    /// The app's lifecycle rejected a step of the launch or open.
    case lifecycle(bundleID: String, LifecycleError)
}

extension AppDirectoryError: CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
        switch self {
        case .duplicateBundleID(let bundleID): return "an app with bundle ID \(bundleID) is already installed"
        case .schemeAlreadyClaimed(let scheme, let owner):
            return "URL scheme \"\(scheme)\" is already claimed by \(owner)"
        case .invalidScheme(let scheme): return "\"\(scheme)\" is not a valid URL scheme"
        case .notInstalled(let bundleID): return "no app with bundle ID \(bundleID) is installed"
        case .invalidURL(let text): return "\"\(text)\" has no URL scheme"
        case .lifecycle(let bundleID, let error): return "\(bundleID): \(error)"
        }
    }
}
