/// A team's handler that also hears the app's own events of a replay: a scenario's `appEvent` steps, such as `uiReady`.
///
/// The replay calls ``handleAppEvent(_:)`` for each `{"do": "appEvent", "name": ...}` step,
/// where the step falls in the run, so an explorer can move the event among the SDK's calls
/// (`Docs/testing.md`, "Every order the SDK can deliver in").
public protocol ScenarioAppEventHandler: AnyObject {
    /// The app's event `name` happened, such as `uiReady` (its first screen is up).
    func handleAppEvent(_ name: String)
}
