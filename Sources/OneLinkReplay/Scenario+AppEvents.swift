import OneLinkEmulator

// Where the app's own events land among the SDK calls of the same moment (`appEvent` choice points).
extension Scenario {
    /// How a step takes part in the arrangement of app events.
    enum ArrangementRole {
        /// One of the app's own events, which may land before, between or after the SDK calls around it.
        case appEvent
        /// A call into the SDK (or a change of its settings) whose order the app events may cross.
        case sdkCall
        /// A step no app event crosses: time moves, the process changes, or another system runs.
        case barrier
    }

    /// The step's role: UI readiness, the router's screens and state, the ATT answer, leaving the screen (SDK 6) and `appEvent` steps are app events; links, sessions, delegates and settings are SDK calls; the rest are barriers.
    func arrangementRole(of step: ScenarioStep) -> ArrangementRole {
        switch step.action {
        case .appEvent, .routerReady, .routerBackground, .routerActive, .setRoot, .pushScreen, .popScreen:
            return .appEvent
        case .background:
            return sdk.version == .v6 ? .appEvent : .sdkCall
        case .sdkSettings(let change):
            let answerOnly =
                change.trackingAuthorization != nil
                && change == SDKSettingsStep(trackingAuthorization: change.trackingAuthorization)
            return answerOnly ? .appEvent : .sdkCall
        case .start, .startWithCompletion, .foreground, .handleOpen, .universalLink, .push,
            .performOnAppAttribution,
            .setDelegate, .clearDelegate, .behaviour:
            return .sdkCall
        case .advance, .reinstall, .relaunch, .launch, .lifecycle, .route, .setPasteboard, .clipboardLink,
            .openURL,
            .click, .delivery:
            return .barrier
        }
    }

    /// The order a run performs the steps in: the written order, with each app event moved where the run's `appEvent` point says.
    ///
    /// Within each stretch of steps between barriers, the SDK calls keep their order and so do
    /// the app events; each app event (labelled `step<index>`) chooses how many of the stretch's
    /// SDK calls come before it, no fewer than for the app event before it. The alternatives are
    /// named after the call the event follows (`afterStep3`) or precedes (`beforeStep0`); the
    /// written place is the default, so the default schedule keeps the written order.
    func arrangedStepIndexes(_ run: ScheduleRun) -> [Int] {
        var order: [Int] = []
        var stretch: [Int] = []
        func flush() {
            order += arrange(stretch, run)
            stretch = []
        }
        for (index, step) in steps.enumerated() {
            if arrangementRole(of: step) == .barrier {
                flush()
                order.append(index)
            } else {
                stretch.append(index)
            }
        }
        flush()
        return order
    }

    private func arrange(_ stretch: [Int], _ run: ScheduleRun) -> [Int] {
        let calls = stretch.filter { arrangementRole(of: steps[$0]) == .sdkCall }
        let events = stretch.filter { arrangementRole(of: steps[$0]) == .appEvent }
        guard !calls.isEmpty, !events.isEmpty else { return stretch }
        func name(_ position: Int) -> String {
            position == 0 ? "beforeStep\(calls[0])" : "afterStep\(calls[position - 1])"
        }
        var floor = 0
        var positions: [Int] = []
        for event in events {
            let written = max(floor, calls.filter { $0 < event }.count)
            let others = (floor...calls.count).filter { $0 != written }
            let alternatives = [written] + others
            let chosen = run.choose(.appEvent, label: "step\(event)", alternatives: alternatives.map(name))
            floor = alternatives[chosen]
            positions.append(floor)
        }
        var order: [Int] = []
        for position in 0...calls.count {
            for (event, at) in zip(events, positions) where at == position { order.append(event) }
            if position < calls.count { order.append(calls[position]) }
        }
        return order
    }
}
