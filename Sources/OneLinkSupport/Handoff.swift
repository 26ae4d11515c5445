/// App code (a delegate, a block, a completion handler) that the SDK carries to the delivery queue and calls only there.
///
/// The one box the SDK uses for values that are not `Sendable` and must
/// cross threads: an app's completion handlers, `success`/`failure` blocks,
/// the session-ready listener, an ATT prompt's completion, and a batch of
/// delegates taken for one delivery.
// @unchecked because `Value` is not Sendable: the SDK only moves the box between its own threads and
// touches `value` on the delivery queue (the main queue, or the SDK's queue for `.sdkQueue`), one call
// at a time, while the SDK's serial queue waits for that call to return; nothing else reads it.
package struct Handoff<Value>: @unchecked Sendable {
    /// The app's value.
    package let value: Value

    /// Wraps `value` for the trip to the delivery queue.
    package init(_ value: Value) {
        self.value = value
    }
}
