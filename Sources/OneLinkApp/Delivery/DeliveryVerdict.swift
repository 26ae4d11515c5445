import Foundation
import OneLinkEmulator

/// How many times the SDK received a link opened through one delivery path.
public enum DeliveryVerdict: String, Sendable, Hashable, CaseIterable {
    /// Received once: the wiring is right for this path.
    case exactlyOnce = "exactly_once"
    /// Never received: the link was dropped.
    case notAtAll = "not_at_all"
    /// Received two or more times: the link was forwarded twice.
    case moreThanOnce = "more_than_once"

    /// The verdict for a count of receptions.
    public init(count: Int) {
        switch count {
        case 0: self = .notAtAll
        case 1: self = .exactlyOnce
        default: self = .moreThanOnce
        }
    }
}

extension DeliveryVerdict: CustomStringConvertible {
    /// `exactly once`, `not at all` or `more than once`.
    public var description: String {
        switch self {
        case .exactlyOnce: "exactly once"
        case .notAtAll: "not at all"
        case .moreThanOnce: "more than once"
        }
    }
}
