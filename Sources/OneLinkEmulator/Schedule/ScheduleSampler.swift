/// Picks alternatives for points no schedule names: seeded, so a sample replays, and biased toward the alternatives explored least.
///
/// Half the picks are uniform; the other half take the alternative of the choice that earlier
/// runs took least often (ties broken at random), so rare alternatives are not left out of a
/// large space.
package struct ScheduleSampler: Sendable {
    private var random: SplitMix64
    /// How often each alternative of each choice was taken in earlier runs.
    private let taken: [SDKScheduleChoice: [String: Int]]

    /// Creates a sampler from a seed and the counts of earlier runs.
    package init(seed: UInt64, taken: [SDKScheduleChoice: [String: Int]] = [:]) {
        random = SplitMix64(seed: seed)
        self.taken = taken
    }

    /// An index into `alternatives`.
    package mutating func pick(_ choice: SDKScheduleChoice, alternatives: [String]) -> Int {
        let uniform = Int(random.next() % UInt64(alternatives.count))
        guard random.next() & 1 == 0, let counts = taken[choice] else { return uniform }
        let least = alternatives.map { counts[$0, default: 0] }.min() ?? 0
        let rare = alternatives.indices.filter { counts[alternatives[$0], default: 0] == least }
        return rare[Int(random.next() % UInt64(rare.count))]
    }
}
