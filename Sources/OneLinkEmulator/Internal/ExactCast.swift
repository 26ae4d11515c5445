/// `value` as `Target` when its dynamic type is exactly `Target`, else `nil`.
///
/// For the final classes an SDK looks for among its parts (the in-memory
/// backends, the manual clock): called with an existential, the value is
/// opened and its type compared with `Target` by metadata, where `as?` would
/// go through the runtime's dynamic cast, which for a cast to a protocol also
/// looks the conformance up. Every SDK makes six such casts when it is
/// created, and replay creates an SDK for each wiring-check path. A subclass
/// of `Target` gives `nil`, so `Target` must be final.
@inline(__always)
package func exactly<Value, Target: AnyObject>(_ value: Value, _: Target.Type) -> Target? {
    guard Value.self == Target.self else { return nil }
    // `Value` is `Target`, a class: the value is a reference to it.
    return unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: Target.self)
}
