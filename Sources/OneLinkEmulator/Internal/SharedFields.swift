/// A value type's fields in one immutable box that copies share: a copy costs one retain instead of
/// one per field, and a change puts the changed fields in a new box.
///
/// The SDK copies its request types (``DeviceInfo``, ``UserIdentity``, ``LaunchRequest``,
/// ``InstallAttributionRequest``) into every request and every backend's log, so those copies were
/// about a tenth of a replay's retains. Equality and hashing go by the fields, so a type whose only
/// stored property is its `SharedFields` keeps value semantics with synthesised conformances.
struct SharedFields<Fields: Hashable & Sendable>: Hashable, Sendable {
    /// The box: immutable, so values on any thread may share it.
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Boxes `fields`.
    init(_ fields: Fields) { box = Box(fields) }

    /// The fields.
    var fields: Fields { box.fields }

    /// Puts the fields, changed, in a new box: other values may share the old one.
    mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.box.fields == rhs.box.fields }

    func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }
}
