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
        everyPath[structure.ordinal]
    }

    /// Every path, by app structure (in ``AppStructure/allCases`` order), each in link-kind then state order.
    private static let everyPath = AppStructure.allCases.map { structure in
        DeliveryLinkKind.allCases.flatMap { kind in
            DeliveryAppState.allCases.map { DeliveryPath(kind, $0, structure) }
        }
    }

    /// A table of `value(path)` for every path, indexed by ``ordinal``: for values of a path that never change.
    static func table<Value>(_ value: (DeliveryPath) -> Value) -> [Value] {
        let paths = everyPath.joined().sorted { $0.ordinal < $1.ordinal }
        return paths.map(value)
    }

    /// The path's position in a ``table(_:)``: link kind, then state, then structure, each in `allCases` order.
    var ordinal: Int { (kind.ordinal * 3 + state.ordinal) * 3 + structure.ordinal }
}

extension DeliveryPath: CustomStringConvertible {
    /// `kind / state / structure`, such as `universal_link / not_running / scenes`.
    public var description: String { Self.descriptions[ordinal] }

    private static let descriptions = table {
        "\($0.kind.rawValue) / \($0.state.rawValue) / \($0.structure.rawValue)"
    }
}
