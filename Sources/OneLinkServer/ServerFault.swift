import OneLinkEmulator
import OneLinkSupport

/// One misbehaviour the server can inject into an answer, for testing clients.
///
/// A ``FaultPlan`` lists faults per route or per short link. The server first
/// waits for every ``delay(_:)`` and ``realTimeDelay(_:)`` in the list, in
/// order, then applies the first other fault; without one it answers normally.
public enum ServerFault: Sendable, Hashable {
    /// Waits this long on the server's ``OneLinkServer/Configuration/clock`` before answering.
    ///
    /// With a `ManualClock` the answer waits until the test advances the clock (or the
    /// server stops), so a client timeout can be reached without sleeping.
    case delay(Duration)
    /// Waits this long in real time (`Task.sleep` on the continuous clock), whatever the configured clock.
    case realTimeDelay(Duration)
    /// Answers this status instead; `body` replaces the JSON
    /// `{"error_reason": "injected fault", "status_code": …}` body when given (sent as
    /// `application/json`).
    case status(Int, body: String? = nil)
    /// Answers 200 with this exact body as `application/json`, such as `[1, 2]` (JSON, not an object).
    case body(String)
    /// Answers 200 with a body that is not JSON (`<html>not json</html>`) as `application/json`.
    case garbageBody
    /// Sends the real head, announcing the real `Content-Length`, then only the first half of the
    /// body (rounded down), then closes the connection.
    case truncatedBody
    /// Answers 200 with a JSON object of exactly this many bytes (`{"padding":"xxx…"}`).
    case oversizedBody(bytes: Int)
    /// Sends the complete real head (with `Content-Length`) and closes before any body byte.
    ///
    /// The server never closes inside the head itself: swift-corelibs-foundation stops the client
    /// process when that happens (see `Docs/http.md`, "Known limitation on Linux").
    case closeAfterHead
    /// Sends the real head and half of the body, then resets the connection (`SO_LINGER` 0).
    case resetMidBody
    /// Closes the connection without sending a byte.
    case closeWithoutResponse
    /// Answers `hops` times with `302` to the same target with `af_fault_hop=1…hops` appended,
    /// then gives the real answer.
    case redirectChain(hops: Int)
    /// Answers `302` to the target with `af_fault_hop=1` appended, and that URL with `302` back to
    /// the original target: a two-URL loop.
    case redirectLoop
}
