/// Random numbers for identifiers (install IDs, scene sessions, pending actions): seeded once from the system, then drawn without a system call.
///
/// `SystemRandomNumberGenerator` asks the kernel on every call (`getrandom`
/// on Linux), and replay and the wiring check make identifiers for every
/// fresh install and every emulated launch. These identifiers need to be
/// unique and unpredictable across runs, not secret, so a SplitMix64
/// sequence seeded from the system generator serves them; all instances
/// share one sequence behind a lock.
package struct IdentifierRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private static let state: Locked<UInt64> = {
        var system = SystemRandomNumberGenerator()
        return Locked(system.next())
    }()

    /// A generator over the shared sequence; every instance draws from the same one.
    package init() {}

    /// The next value of the shared SplitMix64 sequence.
    package mutating func next() -> UInt64 {
        var word = Self.state.withLock { state -> UInt64 in
            state &+= 0x9E37_79B9_7F4A_7C15
            return state
        }
        word = (word ^ (word >> 30)) &* 0xBF58_476D_1CE4_E5B9
        word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
        return word ^ (word >> 31)
    }

    /// A random (version 4) UUID in its canonical upper-case form, as `UUID().uuidString` writes it.
    package static func uuidString() -> String {
        var generator = IdentifierRandomNumberGenerator()
        // The version (4) and variant (10) bits, as RFC 9562 sets them.
        let high = generator.next() & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
        let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            func write(_ word: UInt64, digits: Int) {
                for index in stride(from: digits - 1, through: 0, by: -1) {
                    let nibble = UInt8(truncatingIfNeeded: word >> (4 * UInt64(index))) & 0x0F
                    buffer[at] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
                    at += 1
                }
            }
            func dash() {
                buffer[at] = UInt8(ascii: "-")
                at += 1
            }
            write(high >> 32, digits: 8)
            dash()
            write(high >> 16, digits: 4)
            dash()
            write(high, digits: 4)
            dash()
            write(low >> 48, digits: 4)
            dash()
            write(low, digits: 12)
            return at
        }
    }
}
