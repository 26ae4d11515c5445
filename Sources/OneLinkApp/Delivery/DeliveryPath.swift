import OneLinkEmulator

/// One way iOS hands a link to an app: a link kind, the app's state and the app's structure.
public struct DeliveryPath: Sendable, Hashable {
    /// What was opened.
    public var kind: DeliveryLinkKind
    /// The app's state when it was opened.
    public var state: DeliveryAppState
    /// How the app is built.
    public var structure: AppStructure

    /// Creates a path.
    public init(_ kind: DeliveryLinkKind, _ state: DeliveryAppState, _ structure: AppStructure) {
        self.kind = kind
        self.state = state
        self.structure = structure
    }

    /// Every path of one app structure, in link-kind then state order.
    public static func all(for structure: AppStructure) -> [DeliveryPath] {
        DeliveryLinkKind.allCases.flatMap { kind in
            DeliveryAppState.allCases.map { DeliveryPath(kind, $0, structure) }
        }
    }
}

extension DeliveryPath: CustomStringConvertible {
    /// `kind / state / structure`, such as `universal_link / not_running / scenes`.
    public var description: String { "\(kind.rawValue) / \(state.rawValue) / \(structure.rawValue)" }
}
