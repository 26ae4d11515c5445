public import Foundation

/// One line the emulated SDK prints in the real AppsFlyer iOS SDK's shape, so its log and a device's compare line by line.
///
/// The debug log (``AppsFlyerLib/isDebug``) has two parts: the emulator's own
/// explanation of each decision (``DebugLogEntry``) and, for the events the
/// real SDK logs, the line it logs (this type): `AppsFlyer SDK version 6.17.0
/// started build (1)`, `[DDL] Calling didResolveDeepLink with: {...}`,
/// `[GCD-A02] -[AppDelegate onConversionDataSuccess:]:` and the others that
/// `Docs/log-import.md` lists with the SDK versions they were seen in.
/// `onelink-replay import-log` reads these lines back into a scenario.
public struct DeviceLogLine: Sendable, Hashable {
    /// When the SDK printed it, on the SDK's clock.
    public var time: Date
    /// The message, without Xcode's prefix; a multi-line message (a dictionary, a request body) has several lines.
    public var text: String

    /// Creates a line.
    public init(time: Date, text: String) {
        self.time = time
        self.text = text
    }

    /// The line as Xcode's console shows it, such as `2020-08-12 15:08:00.000000+0000 App[1:1] [AppsFlyerSDK] [com.appsflyer.serial] Start`.
    ///
    /// The time is UTC on the SDK's clock. Continuation lines of a multi-line message carry no
    /// prefix, as in Xcode's console.
    ///
    /// - Parameter process: The process name the prefix shows.
    public func rendered(process: String = "OneLinkEmulator") -> String {
        let stamp = AttributionTimestamp.string(from: time) + "000+0000"
        return "\(stamp) \(process)[1:1] [AppsFlyerSDK] [com.appsflyer.serial] \(text)"
    }
}
