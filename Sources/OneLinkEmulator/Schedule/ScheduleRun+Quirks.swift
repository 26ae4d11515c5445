// A run's release quirks: which an explorer may switch for the releases an app supports.
extension ScheduleRun {
    /// Meets the run's `quirk` points, one per known quirk the `releases` let it switch (or the
    /// schedule names), before any of the SDK's: `configured` is what each is without a decision.
    ///
    /// A quirk's point is offered when the releases hold one release with the quirk and one
    /// without (for an intermittent quirk, one with it is enough: those releases did and did not).
    /// The engine applies the decisions (``applyingQuirkDecisions(to:)``).
    package func chooseQuirks(_ configured: Set<SDKQuirk>, releases: ClosedRange<SDKRelease>?) {
        for quirk in SDKQuirk.allKnown {
            let label = quirk.rawValue
            let named = schedule.alternative(for: .quirk, label: label) != nil
            guard named || isSwitchable(quirk, configured: configured.contains(quirk), releases: releases)
            else {
                continue
            }
            _ = choose(
                .quirk, label: label,
                alternatives: configured.contains(quirk) ? ["on", "off"] : ["off", "on"])
        }
    }

    /// `configured` with each quirk the schedule, or a point met, switches `on` or `off`.
    package func applyingQuirkDecisions(to configured: Set<SDKQuirk>) -> Set<SDKQuirk> {
        let decided =
            schedule.decisions.filter { $0.choice == .quirk }.map { ($0.label, $0.alternative) }
            + points.filter { $0.choice == .quirk }.map { ($0.label, $0.alternative) }
        guard !decided.isEmpty else { return configured }
        var quirks = configured
        for (name, alternative) in decided {
            if alternative == "on" { quirks.insert(SDKQuirk(rawValue: name)) }
            if alternative == "off" { quirks.remove(SDKQuirk(rawValue: name)) }
        }
        return quirks
    }

    private func isSwitchable(_ quirk: SDKQuirk, configured: Bool, releases: ClosedRange<SDKRelease>?) -> Bool
    {
        guard let releases, explored.contains(.quirk) else { return false }
        let with = quirk.releases.contains {
            $0.lowerBound <= releases.upperBound && releases.lowerBound < $0.upperBound
        }
        if quirk.isIntermittent { return with }
        return configured ? !Self.covers(quirk.releases, releases) : with
    }

    /// Whether `ranges` hold every release of `releases`.
    static func covers(_ ranges: [Range<SDKRelease>], _ releases: ClosedRange<SDKRelease>) -> Bool {
        var next = releases.lowerBound
        while let range = ranges.first(where: { $0.contains(next) }) {
            if range.upperBound > releases.upperBound { return true }
            next = range.upperBound
        }
        return false
    }
}
