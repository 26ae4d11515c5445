import Foundation
public import OneLinkEmulator

/// One replayable scenario: backend and device state, SDK configuration, and steps with expected outputs.
///
/// Decode one with ``init(json:file:)`` (a pure function, no I/O) or
/// ``init(contentsOf:file:)``, and replay it with ``ScenarioRunner``. The
/// JSON format is described in `Docs/scenarios.md` and
/// `Payloads/scenario.schema.json`.
public struct Scenario: Sendable, Hashable {
    /// The scenario's name, shown in reports.
    public var name: String
    /// What the scenario shows.
    public var description: String
    /// The file the scenario came from, for messages.
    public var file: String
    /// The value profile the expectations are written in, when the scenario pins one.
    public var pinnedProfile: ValueProfile?
    /// How the emulated SDK is configured.
    public var sdk: SDKSettings
    /// What the backends answer.
    public var backend: BackendSettings
    /// What the device holds before the first step.
    public var device: DeviceSettings
    /// The app-side systems the scenario uses.
    public var app: AppSettings
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// The schedule the run follows at its choice points (`$.schedule`); the default takes every default.
    public var schedule: SDKSchedule = .default
    /// The app's outcome over the whole run, in order, wherever it comes (`$.outcome`): the outputs
    /// it names are checked here and not in the steps; `nil` when the scenario has none.
    public var outcome: [ScenarioExpectation]?

    /// Creates a scenario from its parts.
    public init(
        name: String, description: String = "", file: String = "<memory>", pinnedProfile: ValueProfile? = nil,
        sdk: SDKSettings = SDKSettings(), backend: BackendSettings = BackendSettings(),
        device: DeviceSettings = DeviceSettings(), app: AppSettings = AppSettings(), steps: [ScenarioStep]
    ) {
        self.name = name
        self.description = description
        self.file = file
        self.pinnedProfile = pinnedProfile
        self.sdk = sdk
        self.backend = backend
        self.device = device
        self.app = app
        self.steps = steps
    }
}
