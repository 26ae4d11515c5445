public import OneLinkEmulator

/// Why an action could not be taken in, or could not be kept, by ``PendingDeepLinkRouter``.
///
/// The router throws these from its `receive` methods and also reports every
/// one to its error sink, so an action is never dropped without a trace, even
/// when the caller ignores the thrown error.
public enum RoutingError: Error, Sendable, Hashable {
    /// The action text is empty or has no `scheme://` prefix.
    case missingScheme(text: String)
    /// The action's scheme is not the app's action scheme.
    case wrongScheme(expected: String, found: String, text: String)
    /// The action has no name between `scheme://` and `?`.
    case emptyActionName(text: String)
    /// A `%` is not followed by two hex digits, or the decoded bytes are not UTF-8.
    case badPercentEncoding(text: String, component: String)
    /// The action contains whitespace or control characters.
    case invalidCharacters(text: String)
    /// A query item has an empty name, as in `?=1`.
    case emptyParameterName(text: String)
    /// A parameter appears twice; the router does not guess which one was meant.
    case duplicateParameter(name: String, text: String)
    /// The action has a `#fragment`, which actions do not use.
    case fragmentNotAllowed(text: String)
    /// A push or callback payload holds none of the keys that carry an action.
    case missingAction(source: ActionSource, keys: [String])
    /// A payload key that carries an action holds a value of the wrong type.
    case wrongValueType(source: ActionSource, key: String, expected: String, found: String)
    /// The pending-action store failed; the action is not taken in (on receive) or stays pending (on delivery).
    case storage(StorageError)
    /// The router's configuration is unusable, such as an action scheme with invalid characters.
    case invalidConfiguration(reason: String)
}

extension RoutingError: CustomStringConvertible {
    /// A one-line explanation naming the offending text or key.
    public var description: String {
        switch self {
        case .missingScheme(let text):
            return "action has no scheme:// prefix: \"\(LinkError.abbreviate(text))\""
        case .wrongScheme(let expected, let found, let text):
            return
                "action scheme \"\(found)\" is not the app's scheme \"\(expected)\": \"\(LinkError.abbreviate(text))\""
        case .emptyActionName(let text):
            return "action has no name: \"\(LinkError.abbreviate(text))\""
        case .badPercentEncoding(let text, let component):
            return "bad percent-encoding in \(component) of \"\(LinkError.abbreviate(text))\""
        case .invalidCharacters(let text):
            return "action contains whitespace or control characters: \"\(LinkError.abbreviate(text))\""
        case .emptyParameterName(let text):
            return "action has a parameter with an empty name: \"\(LinkError.abbreviate(text))\""
        case .duplicateParameter(let name, let text):
            return "action repeats parameter \"\(name)\": \"\(LinkError.abbreviate(text))\""
        case .fragmentNotAllowed(let text):
            return "action has a #fragment: \"\(LinkError.abbreviate(text))\""
        case .missingAction(let source, let keys):
            return "\(source) payload has none of the action keys \(keys.joined(separator: ", "))"
        case .wrongValueType(let source, let key, let expected, let found):
            return "\(source) payload key \"\(key)\" should be \(expected), found \(found)"
        case .storage(let error):
            return "pending-action store failed: \(error)"
        case .invalidConfiguration(let reason):
            return "invalid router configuration: \(reason)"
        }
    }
}
