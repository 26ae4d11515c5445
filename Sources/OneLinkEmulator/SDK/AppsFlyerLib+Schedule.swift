import OneLinkSupport

extension AppsFlyerLib {
    /// The schedule the SDK follows at its choice points: the default (no decision) is what the emulator does when nobody explores.
    ///
    /// Emulator only. The real SDK does not promise one order for callbacks it computes apart,
    /// and the field shows several (`Docs/behaviour.md`, "Schedules"). A schedule picks, point by
    /// point, another order or latency than the default, so a test can pin the one an explorer
    /// found failing:
    ///
    /// ```swift
    /// sdk.schedule = SDKSchedule("firstLaunchOrder.1=conversionDataFirst")!
    /// ```
    ///
    /// The SDK's points are counted from when the schedule is set (`firstLaunchOrder.1` is the
    /// first first launch after that). A non-default decision logs `sdk.schedule`.
    public var schedule: SDKSchedule {
        get { engine.scheduleRun?.schedule ?? .default }
        set {
            engine.scheduled.withLock { $0.run = newValue.isDefault ? nil : ScheduleRun(schedule: newValue) }
        }
    }

    /// The run an explorer in the package follows and reads: its schedule, the choices it explores, the points met.
    package var scheduleRun: ScheduleRun? {
        get { engine.scheduleRun }
        set { engine.scheduled.withLock { $0.run = newValue } }
    }
}
