public import Foundation

/// An existing user's open the attribution service credits to a retargeting click.
public struct Reengagement: Sendable, Hashable {
    /// The retargeting click the open is credited to.
    public var click: RecordedClick
    /// When the app was opened.
    public var openTime: Date
    /// When the re-engagement window (`af_reengagement_window`) closes; `nil` for `lifetime`.
    public var end: Date?

    /// Creates a re-engagement.
    public init(click: RecordedClick, openTime: Date, end: Date?) {
        self.click = click
        self.openTime = openTime
        self.end = end
    }

    /// Whether activity at `time` is still credited to the retargeting click, edges included.
    public func covers(_ time: Date) -> Bool {
        time >= openTime && (end.map { time <= $0 } ?? true)
    }
}
