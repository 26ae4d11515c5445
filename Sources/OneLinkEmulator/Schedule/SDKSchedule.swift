/// Which alternative each choice point of a run takes: a value that prints, parses and replays the same on every machine.
///
/// A schedule lists only its *decisions*, the points that take another alternative than the
/// emulator's default; every other point takes the default, so ``default`` (no decision) is
/// exactly what the emulator does without exploration. A point is named by its choice and a
/// label: the choice's count within the run for the SDK's own points (`firstLaunchOrder.1`), the
/// step for a scenario's app event (`appEvent.step2`), the quirk's name for a release quirk
/// (`quirk.duplicateURISchemeDeepLink`).
///
/// ```swift
/// sdk.schedule = SDKSchedule("firstLaunchOrder.1=conversionDataFirst")!
/// print(sdk.schedule)  // firstLaunchOrder.1=conversionDataFirst
/// ```
///
/// The engine is deterministic on a ``ManualClock``, so a schedule that made a run fail makes it
/// fail again: the explorers print the smallest one they found, and a replay scenario carries one
/// in its `schedule` field.
public struct SDKSchedule: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// One point's alternative.
    public struct Decision: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The choice the point belongs to.
        public var choice: SDKScheduleChoice
        /// The point's label within the run: a count (`1`), a step (`step2`) or a quirk's name.
        public var label: String
        /// The alternative the point takes.
        public var alternative: String

        /// Creates a decision.
        public init(_ choice: SDKScheduleChoice, _ label: String, _ alternative: String) {
            self.choice = choice
            self.label = label
            self.alternative = alternative
        }

        /// `choice.label`, the point's name.
        public var point: String { "\(choice).\(label)" }

        /// `choice.label=alternative`.
        public var description: String { "\(point)=\(alternative)" }

        /// Orders decisions by choice, then by label (counts numerically), so a schedule prints the same however it was built.
        public static func < (lhs: Decision, rhs: Decision) -> Bool {
            if lhs.choice != rhs.choice { return lhs.choice < rhs.choice }
            if lhs.label != rhs.label {
                switch (Int(lhs.label), Int(rhs.label)) {
                case (let left?, let right?): return left < right
                default:
                    return lhs.label.count != rhs.label.count
                        ? lhs.label.count < rhs.label.count : lhs.label < rhs.label
                }
            }
            return lhs.alternative < rhs.alternative
        }
    }

    /// A point a run met: its choice and label, the alternatives it offered (the default first) and the one it took.
    public struct Point: Sendable, Hashable, CustomStringConvertible {
        /// The choice.
        public var choice: SDKScheduleChoice
        /// The point's label.
        public var label: String
        /// The alternatives it offered, the default first.
        public var alternatives: [String]
        /// The index of the alternative it took.
        public var chosen: Int

        /// Creates a point.
        public init(choice: SDKScheduleChoice, label: String, alternatives: [String], chosen: Int) {
            self.choice = choice
            self.label = label
            self.alternatives = alternatives
            self.chosen = chosen
        }

        /// The alternative it took.
        public var alternative: String { alternatives[chosen] }

        /// The decision it made, `nil` when it took the default.
        public var decision: Decision? {
            chosen == 0 ? nil : Decision(choice, label, alternatives[chosen])
        }

        /// `choice.label=alternative of [alternatives]`.
        public var description: String {
            "\(choice).\(label)=\(alternative) of [\(alternatives.joined(separator: ", "))]"
        }
    }

    /// The decisions, sorted: every point they do not name takes its default.
    public private(set) var decisions: [Decision]

    /// The schedule without decisions: what the emulator does when nobody explores.
    public static let `default` = SDKSchedule()

    /// Creates a schedule from decisions; a later decision for the same point replaces an earlier one.
    public init(_ decisions: [Decision] = []) {
        var byPoint: [String: Decision] = [:]
        for decision in decisions { byPoint[decision.point] = decision }
        self.decisions = byPoint.values.sorted()
    }

    /// The schedule of the points a run met: their non-default alternatives.
    public init(points: [Point]) {
        self.init(points.compactMap(\.decision))
    }

    /// Reads a schedule as ``description`` prints it; `nil` for anything else.
    ///
    /// The decisions, `choice.label=alternative`, may be separated by commas, semicolons or white
    /// space; `default` or an empty text is the default schedule.
    public init?(_ description: String) {
        let separators: Set<Character> = [",", ";", " ", "\n", "\t"]
        let parts = description.split(whereSeparator: { separators.contains($0) }).map(String.init)
        if parts == ["default"] || parts.isEmpty {
            self.init()
            return
        }
        var decisions: [Decision] = []
        for part in parts {
            guard let decision = Self.decision(part) else { return nil }
            decisions.append(decision)
        }
        self.init(decisions)
    }

    /// Reads one `choice.label=alternative`.
    package static func decision(_ text: String) -> Decision? {
        guard text.count <= 256, let equals = text.firstIndex(of: "="),
            let dot = text[..<equals].firstIndex(of: ".")
        else { return nil }
        let choice = String(text[..<dot])
        let label = String(text[text.index(after: dot)..<equals])
        let alternative = String(text[text.index(after: equals)...])
        let allowed: (Character) -> Bool = {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")
        }
        guard !choice.isEmpty, !label.isEmpty, !alternative.isEmpty, choice.allSatisfy(allowed),
            label.allSatisfy(allowed), alternative.allSatisfy(allowed)
        else { return nil }
        return Decision(SDKScheduleChoice(rawValue: choice), label, alternative)
    }

    /// Whether the schedule makes no decision.
    public var isDefault: Bool { decisions.isEmpty }

    /// The decisions joined by `, `, or `default`.
    public var description: String {
        decisions.isEmpty ? "default" : decisions.map(\.description).joined(separator: ", ")
    }

    /// The alternative the schedule names for a point, `nil` when it takes the default.
    public func alternative(for choice: SDKScheduleChoice, label: String) -> String? {
        decisions.first { $0.choice == choice && $0.label == label }?.alternative
    }

    /// Whether a decision changes what is delivered, not only the order (``SDKScheduleChoice/changesOutcome(_:)``).
    public var changesOutcome: Bool { decisions.contains { $0.choice.changesOutcome($0.alternative) } }

    /// This schedule without the decision for one point.
    public func removing(_ decision: Decision) -> SDKSchedule {
        SDKSchedule(decisions.filter { $0.point != decision.point })
    }

    /// This schedule with one more decision, replacing any for the same point.
    public func adding(_ decision: Decision) -> SDKSchedule {
        SDKSchedule(decisions + [decision])
    }
}
