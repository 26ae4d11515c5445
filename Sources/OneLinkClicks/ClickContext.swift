import OneLinkEmulator

/// What the emulated device knows about a click that the server cannot see.
///
/// The server only learns about a click when iOS did not open the app for it,
/// so these facts decide whether a ``ClickHandler`` answers
/// ``ClickDecision/Kind/openedApp(universalLink:)`` (nothing reaches the server)
/// or serves the click.
public struct ClickContext: Sendable, Hashable {
    /// Whether the app that owns the link's domain is installed on the device.
    public var appInstalled: Bool
    /// Whether the user turned the universal link off for this domain.
    ///
    /// The user does so by long-pressing and choosing to open the link in the
    /// browser, or by tapping the breadcrumb back to the browser. iOS then lets
    /// requests through until the user chooses to open in the app again.
    public var universalLinkBypassed: Bool
    /// How the link was opened.
    public var origin: ClickOrigin

    /// Creates a context; the defaults describe a tap in a browser on a device without the app.
    public init(
        appInstalled: Bool = false, universalLinkBypassed: Bool = false, origin: ClickOrigin = .linkTap
    ) {
        self.appInstalled = appInstalled
        self.universalLinkBypassed = universalLinkBypassed
        self.origin = origin
    }
}
