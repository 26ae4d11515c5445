public import Foundation

extension UUID {
    /// A random (version 4) UUID's string, from the system's random number generator.
    ///
    /// Foundation's `UUID()` on Linux opens and reads `/dev/urandom` for each
    /// one; the wiring check makes a scene session per path, so that was a
    /// system call pair per path. `SystemRandomNumberGenerator` draws from the
    /// same kernel source without opening a file.
    @usableFromInline static func systemRandomString() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        func byte(_ word: UInt64, _ index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
        }
        let uuid = UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6) & 0x0F | 0x40, byte(high, 7),
                byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
                byte(low, 5), byte(low, 6), byte(low, 7)
            ))
        return uuid.uuidString
    }
}
