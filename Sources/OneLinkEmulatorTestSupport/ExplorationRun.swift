public import OneLinkEmulator

/// One run of an ``Explorer`` body: the schedule it follows, which the body hands to the SDK it builds.
///
/// ```swift
/// await Explorer().explore { run in
///     let sdk = AppsFlyerLib(conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
///     run.attach(sdk)   // before the first call: the run's schedule decides its choice points
///     ...
/// }
/// ```
public final class ExplorationRun: Sendable {
    let run: ScheduleRun
    let releases: ClosedRange<SDKRelease>?

    init(_ run: ScheduleRun, releases: ClosedRange<SDKRelease>?) {
        self.run = run
        self.releases = releases
    }

    /// The schedule this run follows: the decisions met so far (the points after them take what the explorer picks).
    public var schedule: SDKSchedule { run.followed }

    /// Makes `sdk` follow this run's schedule: its choice points, and the release quirks the run switches on or off.
    ///
    /// Call it once the SDK is configured (its `sdkQuirks` set) and before its first call.
    public func attach(_ sdk: AppsFlyerLib) {
        run.chooseQuirks(sdk.sdkQuirks, releases: releases)
        sdk.scheduleRun = run
    }
}
