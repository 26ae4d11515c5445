public import Foundation
public import OneLinkEmulator

/// An action the router holds until a screen can run it.
public struct PendingAction: Sendable, Hashable {
    /// A unique identifier, assigned when the router takes the action in.
    public var id: String
    /// The action to run.
    public var action: DeepLinkAction
    /// Where the action came from.
    public var source: ActionSource
    /// When the router took the action in.
    public var receivedAt: Date

    /// Creates a pending action.
    public init(
        id: String = UUID.randomIdentifierString(), action: DeepLinkAction, source: ActionSource,
        receivedAt: Date
    ) {
        self.id = id
        self.action = action
        self.source = source
        self.receivedAt = receivedAt
    }
}

extension PendingAction {
    /// The action as stored: `{"id", "action", "source", "received_at_ms"}`, the action in its canonical text.
    public var attributionValue: AttributionValue {
        [
            "id": .string(id), "action": .string(action.text), "source": .string(source.rawValue),
            "received_at_ms": .int(Int((receivedAt.timeIntervalSince1970 * 1000).rounded())),
        ]
    }

    /// Reads an action written by ``attributionValue``.
    ///
    /// - Parameter location: Where the value came from, for error messages.
    /// - Throws: ``StorageError/corrupt(location:reason:)`` naming the bad field.
    public init(attributionValue value: AttributionValue, location: String) throws(StorageError) {
        func corrupt(_ reason: String) -> StorageError { .corrupt(location: location, reason: reason) }
        guard case .object(let object) = value else {
            throw corrupt("action is \(value.typeName), not object")
        }
        guard let id = object["id"]?.stringValue, !id.isEmpty else {
            throw corrupt("id missing or not a string")
        }
        guard let text = object["action"]?.stringValue else {
            throw corrupt("action missing or not a string")
        }
        let action: DeepLinkAction
        do {
            action = try DeepLinkAction(parsing: text)
        } catch {
            throw corrupt("action \(id): \(error)")
        }
        guard let sourceName = object["source"]?.stringValue, let source = ActionSource(rawValue: sourceName)
        else {
            throw corrupt("source of action \(id) missing or unknown")
        }
        guard let milliseconds = object["received_at_ms"]?.intValue else {
            throw corrupt("received_at_ms of action \(id) missing or not an integer")
        }
        self.init(
            id: id, action: action, source: source,
            receivedAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
