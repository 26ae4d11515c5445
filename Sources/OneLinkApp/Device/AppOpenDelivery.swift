public import Foundation
import OneLinkEmulator

/// What an emulated app receives when it is launched or handed a URL.
///
/// A cold delivery stands for `application(_:didFinishLaunchingWithOptions:)`
/// with the launch options; a warm one for `application(_:open:options:)` on
/// a running app. Either way ``classification`` says what opened the app.
public struct AppOpenDelivery: Sendable, Hashable {
    /// The bundle ID of the app receiving the delivery.
    public var bundleID: String
    /// What opened the app, with the options it came with.
    public var classification: LaunchClassification
    /// Whether the app was not running and has just been launched.
    public var isColdLaunch: Bool

    /// Creates a delivery record.
    public init(bundleID: String, classification: LaunchClassification, isColdLaunch: Bool) {
        self.bundleID = bundleID
        self.classification = classification
        self.isColdLaunch = isColdLaunch
    }

    /// The URL delivered, if any.
    public var url: URL? { classification.url }

    /// The bundle ID of the app that opened the URL, if any.
    public var sourceApplication: String? { classification.sourceApplication }
}
