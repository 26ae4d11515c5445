import Foundation
import OneLinkSupport

/// A minimal JPEG writer: baseline sequential DCT with Huffman coding (ITU-T T.81), one 8-bit
/// grayscale component, in a JFIF file, so any JPEG reader opens it and no image library is needed.
///
/// The quantization table is the standard luminance table of T.81 Annex K.1, scaled for `quality`;
/// the Huffman tables are the typical luminance tables of Annex K.3. Partial 8×8 blocks at the right
/// and bottom edges are padded by repeating the last column and row, as T.81 A.2.4 suggests, so the
/// padding adds no edge of its own.
enum JPEGEncoder {
    /// The JPEG file of `rows`, each `width` gray bytes (0 black, 255 white).
    ///
    /// `quality` 1...100 scales the quantization table (the higher, the finer). `width` and the
    /// row count are 1...65,535.
    static func grayscale(rows: [[UInt8]], width: Int, quality: Int = 90) -> [UInt8] {
        precondition(!rows.isEmpty && width > 0 && width <= 65_535 && rows.count <= 65_535)
        precondition(rows.allSatisfy { $0.count == width })
        let height = rows.count
        let quantization = quantizationTable(quality: quality)
        var file: [UInt8] = [0xFF, 0xD8]
        // APP0: "JFIF\0", version 1.01, no density units, 1:1 pixel aspect, no thumbnail.
        file += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        // DQT: 8-bit precision, table 0, in zig-zag order.
        file += segment(0xDB, [0x00] + zigZag.map { UInt8(quantization[$0]) })
        // SOF0: 8-bit samples, the size, one component (ID 1, no subsampling, table 0).
        file += segment(
            0xC0, [8] + bigEndian16(height) + bigEndian16(width) + [1, 1, 0x11, 0])
        // DHT: DC table 0 and AC table 0.
        file += segment(
            0xC4,
            [0x00] + HuffmanTable.dc.counts + HuffmanTable.dc.symbols + [0x10] + HuffmanTable.ac.counts
                + HuffmanTable.ac.symbols)
        // SOS: one component using tables 0/0, the whole spectral range, no successive approximation.
        file += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        file += entropyCodedData(rows: rows, width: width, height: height, quantization: quantization)
        file += [0xFF, 0xD9]
        return file
    }

    /// The marker `code` with its length and `payload`.
    private static func segment(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, code] + bigEndian16(payload.count + 2) + payload
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    // MARK: Tables

    /// The luminance quantization table of T.81 Annex K.1 (Table K.1), in row-major order.
    static let standardLuminance: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99,
    ]

    /// The standard table scaled for `quality` (50 keeps it; 100 makes every step 1), row-major,
    /// with the usual percentage scaling of the Independent JPEG Group's quality setting.
    static func quantizationTable(quality: Int) -> [Int] {
        let quality = min(100, max(1, quality))
        let percent = quality < 50 ? 5_000 / quality : 200 - 2 * quality
        return standardLuminance.map { min(255, max(1, ($0 * percent + 50) / 100)) }
    }

    /// Row-major index of each zig-zag position (T.81 Figure A.6): the anti-diagonals in turn,
    /// walked up and to the right on even ones and down and to the left on odd ones.
    static let zigZag: [Int] = {
        var order: [Int] = []
        for diagonal in 0...14 {
            let rows = max(0, diagonal - 7)...min(7, diagonal)
            let walk = diagonal % 2 == 0 ? Array(rows.reversed()) : Array(rows)
            for row in walk { order.append(row * 8 + diagonal - row) }
        }
        return order
    }()

    /// A Huffman table as DHT carries it (how many codes of each length 1...16, then the symbols in
    /// code order) with the canonical codes of T.81 Annex C derived from it.
    struct HuffmanTable: Sendable {
        let counts: [UInt8]
        let symbols: [UInt8]
        /// The code of each symbol, in the low `lengths[symbol]` bits.
        let codes: [UInt32]
        /// The code length of each symbol; 0 when the symbol has no code.
        let lengths: [Int]

        init(counts: [UInt8], symbols: [UInt8]) {
            self.counts = counts
            self.symbols = symbols
            var codes = [UInt32](repeating: 0, count: 256)
            var lengths = [Int](repeating: 0, count: 256)
            var code: UInt32 = 0
            var index = 0
            for length in 1...16 {
                for _ in 0..<Int(counts[length - 1]) {
                    codes[Int(symbols[index])] = code
                    lengths[Int(symbols[index])] = length
                    code += 1
                    index += 1
                }
                code <<= 1
            }
            self.codes = codes
            self.lengths = lengths
        }

        /// Table K.3: luminance DC difference categories 0...11.
        static let dc = HuffmanTable(
            counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))

        /// Table K.5: luminance AC run/size symbols (run in the high nibble, size in the low one).
        static let ac = HuffmanTable(
            counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
            symbols: [
                0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
                0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52,
                0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25,
                0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45,
                0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64,
                0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83,
                0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99,
                0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6,
                0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3,
                0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8,
                0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA,
            ])
    }

    // MARK: Transform

    /// `basis[u * 8 + x]` is C(u)/2 · cos((2x + 1)uπ/16), so the 2-D forward DCT of T.81 A.3.3 is
    /// this matrix applied to the rows and then to the columns of a block.
    private static let basis: [Double] = (0..<64).map { index in
        let (u, x) = (index / 8, index % 8)
        let scale = u == 0 ? 1 / (2 * 2.0.squareRoot()) : 0.5
        return scale * cos(Double((2 * x + 1) * u) * Double.pi / 16)
    }

    /// The quantized DCT coefficients of one block of level-shifted samples, row-major.
    private static func quantizedCoefficients(_ block: [Int], quantization: [Int]) -> [Int] {
        var coefficients = [Int](repeating: 0, count: 64)
        var rowPass = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for x in 0..<8 { sum += basis[u * 8 + x] * Double(block[y * 8 + x]) }
                rowPass[y * 8 + u] = sum
            }
        }
        for v in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for y in 0..<8 { sum += basis[v * 8 + y] * rowPass[y * 8 + u] }
                let index = v * 8 + u
                coefficients[index] = Int((sum / Double(quantization[index])).rounded())
            }
        }
        return coefficients
    }

    // MARK: Entropy coding

    /// `rows` as one buffer padded to whole 8×8 blocks by repeating the last column and row.
    private static func paddedSamples(
        rows: [[UInt8]], width: Int, height: Int
    ) -> (samples: [UInt8], width: Int, height: Int) {
        let paddedWidth = (width + 7) / 8 * 8
        let paddedHeight = (height + 7) / 8 * 8
        var samples: [UInt8] = []
        samples.reserveCapacity(paddedWidth * paddedHeight)
        for row in rows {
            samples += row.prefix(width)
            samples += repeatElement(row[width - 1], count: paddedWidth - width)
        }
        let lastRow = samples.suffix(paddedWidth)
        for _ in height..<paddedHeight { samples += lastRow }
        return (samples, paddedWidth, paddedHeight)
    }

    /// The scan's entropy-coded segment: every block left to right, top to bottom (T.81 A.2.1).
    private static func entropyCodedData(
        rows: [[UInt8]], width: Int, height: Int, quantization: [Int]
    ) -> [UInt8] {
        let padded = paddedSamples(rows: rows, width: width, height: height)
        var writer = BitWriter()
        var previousDC = 0
        var block = [Int](repeating: 0, count: 64)
        // Reads through a buffer pointer: with array subscripts a 3000-pixel image took seconds to
        // encode in debug builds.
        padded.samples.withUnsafeBufferPointer { samples in
            for top in stride(from: 0, to: padded.height, by: 8) {
                for left in stride(from: 0, to: padded.width, by: 8) {
                    let first = samples[top * padded.width + left]
                    var isFlat = true
                    for y in 0..<8 {
                        let start = (top + y) * padded.width + left
                        for x in 0..<8 {
                            let sample = samples[start + x]
                            if sample != first { isFlat = false }
                            block[y * 8 + x] = Int(sample) - 128
                        }
                    }
                    if isFlat {
                        // A flat block (most of a QR code) has only a DC term, 1/4 · C(0)² · 64 · sample,
                        // and so its AC part is just the end-of-block code.
                        let dc = Int((Double(8 * block[0]) / Double(quantization[0])).rounded())
                        writer.write(difference: dc - previousDC)
                        writer.write(symbol: 0x00, table: .ac)
                        previousDC = dc
                    } else {
                        let coefficients = quantizedCoefficients(block, quantization: quantization)
                        writer.write(difference: coefficients[0] - previousDC)
                        writer.write(acCoefficients: coefficients)
                        previousDC = coefficients[0]
                    }
                }
            }
        }
        writer.padToByte()
        return writer.bytes
    }

    /// SSSS of T.81 F.1.2.1: how many bits the magnitude of `value` needs.
    static func magnitudeCategory(_ value: Int) -> Int {
        var magnitude = abs(value)
        var category = 0
        while magnitude > 0 {
            category += 1
            magnitude >>= 1
        }
        return category
    }

    /// Packs codes most significant bit first, inserting a 0x00 after every 0xFF byte (T.81 F.1.2.3)
    /// so no marker appears inside the entropy-coded data.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer: UInt32 = 0
        private var count = 0

        mutating func write(bits: UInt32, length: Int) {
            guard length > 0 else { return }
            buffer = buffer << UInt32(length) | (bits & ((1 << UInt32(length)) - 1))
            count += length
            while count >= 8 {
                let byte = UInt8((buffer >> UInt32(count - 8)) & 0xFF)
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0x00) }
                count -= 8
            }
            buffer &= (1 << UInt32(count)) - 1
        }

        mutating func write(symbol: Int, table: HuffmanTable) {
            write(bits: table.codes[symbol], length: table.lengths[symbol])
        }

        /// The additional bits of a coefficient or DC difference (T.81 F.1.2.1): the value itself
        /// when positive, value − 1 in the same number of bits when negative.
        mutating func write(amount value: Int) {
            let length = magnitudeCategory(value)
            let bits = value < 0 ? value - 1 : value
            write(bits: UInt32(truncatingIfNeeded: bits), length: length)
        }

        /// A DC difference: its category's code, then its bits (T.81 F.1.2.1).
        mutating func write(difference: Int) {
            write(symbol: magnitudeCategory(difference), table: .dc)
            write(amount: difference)
        }

        /// The AC coefficients 1...63 of a row-major block in zig-zag order as run/size codes and
        /// their bits: 0xF0 for each 16 zeros before a coefficient, 0x00 when only zeros remain
        /// (T.81 F.1.2.2).
        mutating func write(acCoefficients coefficients: [Int]) {
            var zeroRun = 0
            for position in 1..<64 {
                let value = coefficients[zigZag[position]]
                if value == 0 {
                    zeroRun += 1
                    continue
                }
                while zeroRun > 15 {
                    write(symbol: 0xF0, table: .ac)
                    zeroRun -= 16
                }
                write(symbol: zeroRun << 4 | magnitudeCategory(value), table: .ac)
                write(amount: value)
                zeroRun = 0
            }
            if zeroRun > 0 { write(symbol: 0x00, table: .ac) }
        }

        /// Fills the last byte with 1 bits (T.81 F.1.2.3).
        mutating func padToByte() {
            if count > 0 { write(bits: 0xFF, length: 8 - count) }
        }
    }
}
