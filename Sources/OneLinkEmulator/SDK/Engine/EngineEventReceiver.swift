/// A delegate from inside the package that takes the SDK's callbacks as the engine holds them.
///
/// The engine hands an event to a delegate that conforms instead of calling
/// its `AppsFlyerLibDelegate` method, so it skips building the Foundation
/// dictionary the delegate would not read. Replay's own delegate conforms: it
/// builds the dictionary only when it forwards the callback to a team's
/// delegate. Only the attribution callbacks that carry a payload come this
/// way; every other callback still reaches the delegate's own method.
package protocol EngineEventReceiver: AnyObject {
    /// Receives a conversion-data or app-open-attribution success, in place of the delegate method that takes `[AnyHashable: Any]`.
    func receive(_ event: AppsFlyerEvent)
}
