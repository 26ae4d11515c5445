import OneLinkEmulator

/// How a link was opened, which decides whether iOS may hand it to an installed app.
public enum ClickOrigin: Sendable, Hashable, CaseIterable {
    /// A tap on a link in a web page, a message or another app's `open(_:)` call: universal links can fire.
    case linkTap
    /// Typed or pasted into the browser's address bar: universal links never fire.
    case addressBar
    /// Loaded inside an app's own web view: universal links never fire, the request reaches the server.
    case embeddedWebView
}
