import OneLinkEmulator

/// The operating system a click came from, as its user agent tells.
public enum DevicePlatform: String, Sendable, Hashable, CaseIterable {
    /// iOS or iPadOS (`iPhone`, `iPad`, `iPod` user agents).
    case iOS
    /// Android.
    case android = "Android"
    /// macOS (`Macintosh`).
    case macOS
    /// Windows.
    case windows = "Windows"
    /// Anything else, such as a command-line client or a bot.
    case other
}
