import OneLinkEmulator

/// An app's embedded browser that cannot open universal links.
///
/// A link loaded inside WeChat, Facebook, Instagram and similar apps stays in
/// the app's web view: iOS never hands it to the target app, so the OneLink
/// server answers with an ``InterstitialPage`` instead. The set is open: make
/// a new value with ``init(rawValue:)`` and add a ``Signature`` for it to
/// ``ClickHandler/Configuration/inAppBrowserSignatures``.
public struct InAppBrowser: RawRepresentable, Sendable, Hashable {
    /// The browser's name, such as `wechat`.
    public var rawValue: String

    /// Creates a browser value from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// WeChat (`MicroMessenger`).
    public static let weChat = InAppBrowser(rawValue: "wechat")
    /// Facebook (`FBAN`/`FBAV`/`FB_IAB`).
    public static let facebook = InAppBrowser(rawValue: "facebook")
    /// Facebook Messenger (`FBAN/MessengerForiOS`, `FB_IAB/MESSENGER`).
    public static let messenger = InAppBrowser(rawValue: "messenger")
    /// Instagram.
    public static let instagram = InAppBrowser(rawValue: "instagram")
    /// LINE (`Line/`).
    public static let line = InAppBrowser(rawValue: "line")
    /// Twitter / X.
    public static let twitter = InAppBrowser(rawValue: "twitter")
    /// TikTok (`musical_ly`, `BytedanceWebview`).
    public static let tikTok = InAppBrowser(rawValue: "tiktok")
    /// Snapchat.
    public static let snapchat = InAppBrowser(rawValue: "snapchat")
    /// LinkedIn (`LinkedInApp`).
    public static let linkedIn = InAppBrowser(rawValue: "linkedin")
    /// Pinterest.
    public static let pinterest = InAppBrowser(rawValue: "pinterest")
    /// Sina Weibo.
    public static let weibo = InAppBrowser(rawValue: "weibo")

    /// A user-agent token that reveals an in-app browser.
    public struct Signature: Sendable, Hashable {
        /// The case-sensitive text to find in the user agent, such as `MicroMessenger/`.
        public var token: String
        /// The browser the token reveals.
        public var browser: InAppBrowser

        /// Creates a signature.
        public init(token: String, browser: InAppBrowser) {
            self.token = token
            self.browser = browser
        }
    }

    /// The built-in signatures, checked in order; the first token found wins.
    ///
    /// Messenger comes before Facebook because its user agent carries both tokens.
    public static let defaultSignatures: [Signature] = [
        Signature(token: "MicroMessenger", browser: .weChat),
        Signature(token: "FBAN/MessengerForiOS", browser: .messenger),
        Signature(token: "FB_IAB/MESSENGER", browser: .messenger),
        Signature(token: "FBAN/", browser: .facebook),
        Signature(token: "FBAV/", browser: .facebook),
        Signature(token: "FB_IAB/", browser: .facebook),
        Signature(token: "FBIOS", browser: .facebook),
        Signature(token: "Instagram", browser: .instagram),
        Signature(token: "Line/", browser: .line),
        Signature(token: "Twitter", browser: .twitter),
        Signature(token: "musical_ly", browser: .tikTok),
        Signature(token: "BytedanceWebview", browser: .tikTok),
        Signature(token: "TikTok", browser: .tikTok),
        Signature(token: "Snapchat", browser: .snapchat),
        Signature(token: "LinkedInApp", browser: .linkedIn),
        Signature(token: "Pinterest", browser: .pinterest),
        Signature(token: "Weibo", browser: .weibo),
    ]

    /// The first browser whose signature token occurs in `userAgent`, or `nil` for an ordinary browser.
    public static func detect(
        in userAgent: String, signatures: [Signature] = InAppBrowser.defaultSignatures
    ) -> InAppBrowser? {
        // The user agent's bytes are borrowed once for every signature, not once per signature.
        var text = userAgent
        return text.withUTF8 { bytes in
            signatures.first { !$0.token.isEmpty && String.utf8Offset(of: $0.token, in: bytes) != nil }?
                .browser
        }
    }
}

extension InAppBrowser: CustomStringConvertible {
    /// The browser's name.
    public var description: String { rawValue }
}
