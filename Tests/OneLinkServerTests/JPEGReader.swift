import Foundation

/// Reads baseline grayscale JPEGs (ITU-T T.81: SOF0, one component, Huffman coding) as the server
/// writes them.
///
/// It is written apart from the server's encoder so the tests check that output against an
/// independent decoder. It refuses anything else (progressive, arithmetic coding, colour, restart
/// intervals, markers inside the entropy-coded data, leftover bits) with a `Failure`.
struct JPEGReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A Huffman table as decoded from DHT.
    struct HuffmanTable {
        /// The symbol of each code, keyed by code length and code (T.81 Annex C).
        var symbols: [Int: [UInt32: UInt8]] = [:]

        init(counts: [UInt8], values: [UInt8]) {
            var code: UInt32 = 0
            var index = 0
            for length in 1...16 {
                for _ in 0..<counts[length - 1] {
                    symbols[length, default: [:]][code] = values[index]
                    code += 1
                    index += 1
                }
                code <<= 1
            }
        }

        /// The code of `symbol` as a string of 0s and 1s, or nil.
        func code(of symbol: UInt8) -> String? {
            for (length, codes) in symbols {
                if let code = codes.first(where: { $0.value == symbol })?.key {
                    let bits = String(code, radix: 2)
                    return String(repeating: "0", count: length - bits.count) + bits
                }
            }
            return nil
        }
    }

    /// The marker codes in file order, from SOI (0xD8) to EOI (0xD9).
    private(set) var markers: [UInt8] = []
    /// Each segment's payload (after its length field), by marker.
    private(set) var payloads: [UInt8: [[UInt8]]] = [:]
    private(set) var width = 0
    private(set) var height = 0
    /// Quantization table 0 in row-major order.
    private(set) var quantization: [Int] = []
    private(set) var dcTable: HuffmanTable?
    private(set) var acTable: HuffmanTable?
    /// The entropy-coded data as stored, byte stuffing included.
    private(set) var scanData: [UInt8] = []
    private var pixels: [UInt8] = []

    /// Row-major index of each zig-zag position, as drawn in T.81 Figure A.6.
    static let zigZag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    /// Parses `bytes`; decodes the pixels too unless `decode` is false.
    init(_ bytes: [UInt8], decode: Bool = true) throws {
        guard bytes.starts(with: [0xFF, 0xD8]) else { throw Failure(description: "no SOI") }
        markers = [0xD8]
        var offset = 2
        while true {
            guard offset + 2 <= bytes.count, bytes[offset] == 0xFF else {
                throw Failure(description: "no marker at \(offset)")
            }
            let marker = bytes[offset + 1]
            markers.append(marker)
            offset += 2
            if marker == 0xD9 { break }
            guard offset + 2 <= bytes.count else { throw Failure(description: "truncated") }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2, offset + length <= bytes.count else {
                throw Failure(description: "bad segment length")
            }
            let payload = Array(bytes[offset + 2..<offset + length])
            payloads[marker, default: []].append(payload)
            offset += length
            switch marker {
            case 0xDB: try readQuantization(payload)
            case 0xC0: try readFrame(payload)
            case 0xC4: try readHuffman(payload)
            case 0xDA:
                guard payload == [1, 1, 0x00, 0, 63, 0] else { throw Failure(description: "unexpected SOS") }
                let start = offset
                while offset + 1 < bytes.count, !(bytes[offset] == 0xFF && bytes[offset + 1] != 0x00) {
                    offset += bytes[offset] == 0xFF ? 2 : 1
                }
                scanData = Array(bytes[start..<offset])
            case 0xC1...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw Failure(description: "not baseline: SOF \(marker)")
            case 0xDD, 0xD0...0xD7: throw Failure(description: "restart markers are not expected")
            default: break
            }
        }
        guard offset == bytes.count else { throw Failure(description: "bytes after EOI") }
        if decode { try decodeScan() }
    }

    /// The decoded gray value at (`x`, `y`).
    func pixel(_ x: Int, _ y: Int) -> UInt8 { pixels[y * width + x] }

    private mutating func readQuantization(_ payload: [UInt8]) throws {
        guard payload.count == 65, payload[0] == 0x00 else {
            throw Failure(description: "expected one 8-bit quantization table 0")
        }
        var table = [Int](repeating: 0, count: 64)
        for position in 0..<64 { table[Self.zigZag[position]] = Int(payload[1 + position]) }
        quantization = table
    }

    private mutating func readFrame(_ payload: [UInt8]) throws {
        guard payload.count == 9, payload[0] == 8, payload[5] == 1, payload[7] == 0x11, payload[8] == 0
        else { throw Failure(description: "expected 8-bit, one component, table 0") }
        height = Int(payload[1]) << 8 | Int(payload[2])
        width = Int(payload[3]) << 8 | Int(payload[4])
    }

    private mutating func readHuffman(_ payload: [UInt8]) throws {
        var index = 0
        while index < payload.count {
            guard index + 17 <= payload.count else { throw Failure(description: "truncated DHT") }
            let kind = payload[index]
            let counts = Array(payload[index + 1..<index + 17])
            let total = counts.reduce(0) { $0 + Int($1) }
            guard index + 17 + total <= payload.count else { throw Failure(description: "truncated DHT") }
            let table = HuffmanTable(counts: counts, values: Array(payload[index + 17..<index + 17 + total]))
            switch kind {
            case 0x00: dcTable = table
            case 0x10: acTable = table
            default: throw Failure(description: "unexpected table \(kind)")
            }
            index += 17 + total
        }
    }

    /// Reads the scan bits most significant first, dropping the 0x00 after each 0xFF.
    private struct BitReader {
        let data: [UInt8]
        var index = 0
        var bit = 0

        mutating func next() throws -> UInt32 {
            guard index < data.count else { throw Failure(description: "entropy data ran out") }
            let value = UInt32(data[index] >> (7 - bit)) & 1
            bit += 1
            if bit == 8 {
                bit = 0
                index += data[index] == 0xFF ? 2 : 1
            }
            return value
        }

        mutating func bits(_ count: Int) throws -> Int {
            var value = 0
            for _ in 0..<count { value = value << 1 | Int(try next()) }
            return value
        }

        mutating func symbol(_ table: HuffmanTable) throws -> UInt8 {
            var code: UInt32 = 0
            for length in 1...16 {
                code = code << 1 | (try next())
                if let symbol = table.symbols[length]?[code] { return symbol }
            }
            throw Failure(description: "no such Huffman code")
        }

        /// T.81 F.2.2.1 EXTEND: `count` additional bits as a signed value.
        mutating func signed(_ count: Int) throws -> Int {
            guard count > 0 else { return 0 }
            let value = try bits(count)
            return value < 1 << (count - 1) ? value - (1 << count) + 1 : value
        }
    }

    private mutating func decodeScan() throws {
        guard let dcTable, let acTable, quantization.count == 64, width > 0, height > 0 else {
            throw Failure(description: "tables or frame missing before the scan")
        }
        var reader = BitReader(data: scanData)
        let blocksAcross = (width + 7) / 8
        let blocksDown = (height + 7) / 8
        var image = [UInt8](repeating: 0, count: width * height)
        var predictor = 0
        let cosines: [Double] = (0..<64).map { index in
            let (frequency, position) = (index / 8, index % 8)
            let scale = frequency == 0 ? 1 / 2.0.squareRoot() : 1
            return scale * cos(Double((2 * position + 1) * frequency) * .pi / 16)
        }
        for blockY in 0..<blocksDown {
            for blockX in 0..<blocksAcross {
                var coefficients = [Double](repeating: 0, count: 64)
                let category = Int(try reader.symbol(dcTable))
                guard category <= 11 else { throw Failure(description: "bad DC category") }
                predictor += try reader.signed(category)
                coefficients[0] = Double(predictor * quantization[0])
                var position = 1
                while position < 64 {
                    let runSize = try reader.symbol(acTable)
                    let (run, size) = (Int(runSize >> 4), Int(runSize & 15))
                    if size == 0 {
                        if run == 15 {
                            position += 16
                            continue
                        }
                        break
                    }
                    position += run
                    guard position < 64 else { throw Failure(description: "coefficients past 63") }
                    let index = Self.zigZag[position]
                    coefficients[index] = Double(try reader.signed(size) * quantization[index])
                    position += 1
                }
                guard position <= 64 else { throw Failure(description: "run past 63") }
                // T.81 A.3.3 inverse DCT, straight from its formula.
                for y in 0..<8 {
                    for x in 0..<8 {
                        let (imageX, imageY) = (blockX * 8 + x, blockY * 8 + y)
                        guard imageX < width, imageY < height else { continue }
                        var sum = 0.0
                        for v in 0..<8 {
                            for u in 0..<8 {
                                sum += cosines[u * 8 + x] * cosines[v * 8 + y] * coefficients[v * 8 + u]
                            }
                        }
                        let value = (sum / 4 + 128).rounded()
                        image[imageY * width + imageX] = UInt8(min(255, max(0, value)))
                    }
                }
            }
        }
        // What is left must be the 1-bit padding of the last byte and nothing else.
        while reader.bit != 0 {
            guard try reader.next() == 1 else { throw Failure(description: "padding is not 1 bits") }
        }
        guard reader.index == scanData.count else { throw Failure(description: "unused entropy data") }
        pixels = image
    }
}
