import Foundation
public import Testing

/// How many times a repeated test runs: a handful by default, its full soak count behind one switch.
///
/// The default `swift test` stays fast and leaves the cooperative pool and
/// the main actor to the tests around it; the full counts, which find the
/// race that shows once in a thousand runs, run where they are asked for:
/// `Scripts/stress.sh` and `.ci/run`'s soak step set `ONELINK_SOAK`.
///
/// `ONELINK_SOAK` unset, empty or `0`: the quick count. `1`: the full count.
/// Any other positive number scales the full count (`0.1` under
/// ThreadSanitizer, where every run is several times slower), never below the
/// quick count.
public enum Soak {
    /// The factor `ONELINK_SOAK` sets, or `nil` when soak counts are off.
    public static let scale: Double? = parse(ProcessInfo.processInfo.environment["ONELINK_SOAK"])

    /// Whether `ONELINK_SOAK` asks for soak counts.
    public static var isOn: Bool { scale != nil }

    /// The number of repetitions: `quick` by default, `full` scaled by ``scale`` with `ONELINK_SOAK` set.
    public static func count(_ full: Int, quick: Int) -> Int {
        guard let scale else { return min(quick, full) }
        return max(min(quick, full), Int((Double(full) * scale).rounded()))
    }

    /// What `text`, the value of `ONELINK_SOAK`, asks for: `nil` for off, or the scale.
    static func parse(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value > 0,
            value.isFinite
        else { return nil }
        return value
    }
}

extension Tag {
    /// A test that repeats itself: quick by default, its full count with `ONELINK_SOAK` (``Soak``).
    @Tag public static var soak: Self
}
