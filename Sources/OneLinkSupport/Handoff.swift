/// App code (a delegate, a block, a completion handler) that the SDK carries to the delivery queue and calls only there.
///
/// The one box the SDK uses for values that are not `Sendable` and must
/// cross threads: an app's completion handlers, `success`/`failure` blocks,
/// the session-ready listener, an ATT prompt's completion, the app's delegates
/// (kept in one behind the engine's lock) and a batch of them taken for one delivery.
// @unchecked because `Value` is not Sendable: the SDK only moves the box between its own threads and
// calls what it holds on the delivery queue (the main queue, or the SDK's queue for `.sdkQueue`), one
// call at a time, while the SDK's serial queue waits for that call to return. The one other reader is
// the delegates' box, which is read and replaced only under the engine's lock, and holds weak
// references, whose loads the runtime makes atomic.
package struct Handoff<Value>: @unchecked Sendable {
    /// The app's value.
    package let value: Value

    /// Wraps `value` for the trip to the delivery queue.
    package init(_ value: Value) {
        self.value = value
    }
}
