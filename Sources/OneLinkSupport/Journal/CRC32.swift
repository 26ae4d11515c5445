/// The CRC-32 of ISO 3309 and zlib (reflected polynomial `0xEDB88320`), which ``AppendOnlyJournal``
/// seals each record with.
package enum CRC32 {
    /// The 256 partial remainders, one per byte value.
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }

    /// The checksum of `bytes`, continuing from `initial` (the checksum of the bytes before them).
    package static func checksum<Bytes: Sequence<UInt8>>(
        _ bytes: Bytes, continuing initial: UInt32 = 0
    ) -> UInt32 {
        var crc = ~initial
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }
}
