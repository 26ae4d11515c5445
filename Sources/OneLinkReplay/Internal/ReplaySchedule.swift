package import OneLinkEmulator

/// What a replay explores or follows: the schedule run the SDK shares, and the releases the app supports.
package struct ReplaySchedule: Sendable {
    /// The run: its schedule, the explored choices, the points met.
    package let run: ScheduleRun
    /// The releases whose quirks a run may switch (`quirk` points); `nil` offers none unless the schedule names one.
    package let releases: ClosedRange<SDKRelease>?

    /// Creates the replay's side of a schedule run.
    package init(run: ScheduleRun, releases: ClosedRange<SDKRelease>? = nil) {
        self.run = run
        self.releases = releases
    }

    /// Meets the run's `quirk` points for the scenario's `configured` quirks, before any other (``ScheduleRun/chooseQuirks(_:releases:)``).
    func chooseQuirks(_ configured: Set<SDKQuirk>) {
        run.chooseQuirks(configured, releases: releases)
    }
}
