import Foundation
import Testing

@testable import OneLinkServer

/// The server's baseline JPEG encoder (for OneLink API v2.0 QR codes with `format=jpg`), checked
/// byte by byte against ITU-T T.81 and decoded again by the tests' own `JPEGReader`.
@Suite("Server: JPEG encoder", .timeLimit(.minutes(5)))
struct JPEGEncoderTests {
    /// `width` × `height` gray rows from `value(x, y)`.
    static func image(width: Int, height: Int, _ value: (Int, Int) -> UInt8) -> [[UInt8]] {
        (0..<height).map { y in (0..<width).map { x in value(x, y) } }
    }

    /// A black-and-white pattern of 3-pixel cells, like a small QR code, 37 × 29 (neither a
    /// multiple of 8).
    static let cells = image(width: 37, height: 29) { x, y in
        (x / 3 * 7 + y / 3 * 13) % 5 < 2 ? 0 : 255
    }

    @Test("The file is SOI, APP0 JFIF, DQT, SOF0, DHT, SOS, entropy data, EOI")
    func structure() throws {
        let file = JPEGEncoder.grayscale(rows: Self.cells, width: 37)
        let jpeg = try JPEGReader(file)
        #expect(jpeg.markers == [0xD8, 0xE0, 0xDB, 0xC0, 0xC4, 0xDA, 0xD9])
        #expect(file.suffix(2) == [0xFF, 0xD9])
        let app0 = try #require(jpeg.payloads[0xE0]?.first)
        #expect(app0.count == 14 && app0.starts(with: Array("JFIF".utf8) + [0, 1, 1]))
        let frame = try #require(jpeg.payloads[0xC0]?.first)
        // 8-bit samples, 29 lines, 37 samples a line, one component.
        #expect(frame == [8, 0, 29, 0, 37, 1, 1, 0x11, 0])
        #expect(jpeg.width == 37 && jpeg.height == 29)
        #expect(!jpeg.scanData.isEmpty)
    }

    @Test("DQT is the standard luminance table (T.81 K.1) in zig-zag order, scaled by quality")
    func quantizationTable() throws {
        let standard = try JPEGReader(JPEGEncoder.grayscale(rows: Self.cells, width: 37, quality: 50))
        // Table K.1's corners and first column, read back through Figure A.6's zig-zag order.
        #expect(standard.quantization[0] == 16 && standard.quantization[1] == 11)
        #expect(standard.quantization[7] == 61 && standard.quantization[56] == 72)
        #expect(standard.quantization[63] == 99 && standard.quantization[8] == 12)
        #expect(standard.quantization[36] == 68 && standard.quantization[27] == 29)
        let fine = try JPEGReader(JPEGEncoder.grayscale(rows: Self.cells, width: 37))
        #expect(fine.quantization[0] == 3 && fine.quantization[63] == 20)
        let finest = try JPEGReader(JPEGEncoder.grayscale(rows: Self.cells, width: 37, quality: 100))
        #expect(finest.quantization.allSatisfy { $0 == 1 })
    }

    @Test("DHT carries the typical luminance Huffman tables of T.81 Annex K.3")
    func huffmanTables() throws {
        let jpeg = try JPEGReader(JPEGEncoder.grayscale(rows: Self.cells, width: 37))
        let dc = try #require(jpeg.dcTable)
        let ac = try #require(jpeg.acTable)
        // Table K.3 (DC differences by category).
        let dcCodes: [UInt8: String] = [
            0: "00", 1: "010", 2: "011", 5: "110", 6: "1110", 7: "11110", 10: "11111110", 11: "111111110",
        ]
        for (category, code) in dcCodes { #expect(dc.code(of: category) == code, "DC \(category)") }
        // Table K.5 (AC run/size), including EOB (0/0) and ZRL (F/0).
        let acCodes: [UInt8: String] = [
            0x00: "1010", 0x01: "00", 0x02: "01", 0x03: "100", 0x04: "1011", 0x05: "11010",
            0x06: "1111000", 0x0A: "1111111110000011", 0x11: "1100", 0x12: "11011", 0x13: "1111001",
            0xF0: "11111111001", 0xFA: "1111111111111110",
        ]
        for (symbol, code) in acCodes { #expect(ac.code(of: symbol) == code, "AC \(symbol)") }
        // Every run 0...15 with every size 1...10, plus EOB and ZRL: 162 symbols.
        let runSizes: [UInt8] = (0..<16).flatMap { run in (1...10).map { UInt8(run << 4 | $0) } }
        let symbols = runSizes + [0x00, 0xF0]
        #expect(symbols.allSatisfy { ac.code(of: $0) != nil })
        #expect(ac.symbols.values.reduce(0) { $0 + $1.count } == 162)
    }

    @Test("Every 0xFF in the entropy-coded data is followed by a stuffed 0x00")
    func byteStuffing() throws {
        var state: UInt32 = 12_345
        let noise = Self.image(width: 64, height: 48) { _, _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let jpeg = try JPEGReader(JPEGEncoder.grayscale(rows: noise, width: 64))
        let data = jpeg.scanData
        var stuffed = 0
        for index in data.indices where data[index] == 0xFF {
            #expect(index + 1 < data.count && data[index + 1] == 0x00, "0xFF at \(index) not stuffed")
            stuffed += 1
        }
        // Noise codes long runs of 1 bits, so the check above did see 0xFF bytes.
        #expect(stuffed > 0)
        // And it decodes back close to the noise, each pixel within the quantization error.
        var total = 0
        for y in 0..<48 {
            for x in 0..<64 { total += abs(Int(jpeg.pixel(x, y)) - Int(noise[y][x])) }
        }
        #expect(Double(total) / Double(64 * 48) < 12)
    }

    @Test("A black-and-white pattern decodes to the same black and white at every pixel")
    func roundTripCells() throws {
        let jpeg = try JPEGReader(JPEGEncoder.grayscale(rows: Self.cells, width: 37))
        var worst = 0
        for y in 0..<29 {
            for x in 0..<37 {
                let (source, decoded) = (Int(Self.cells[y][x]), Int(jpeg.pixel(x, y)))
                worst = max(worst, abs(source - decoded))
                #expect((decoded < 128) == (source < 128), "pixel (\(x), \(y)) is \(decoded)")
            }
        }
        #expect(worst < 64)
    }

    @Test("A smooth gradient decodes within a few gray levels")
    func roundTripGradient() throws {
        let gradient = Self.image(width: 50, height: 21) { x, y in UInt8(x * 4 + y * 2) }
        let jpeg = try JPEGReader(JPEGEncoder.grayscale(rows: gradient, width: 50))
        for y in 0..<21 {
            for x in 0..<50 {
                #expect(abs(Int(jpeg.pixel(x, y)) - Int(gradient[y][x])) <= 4, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("Partial blocks are padded by repeating the edge, so flat blocks stay exact")
    func edgeReplication() throws {
        // Black with a white last row and column: with edge padding every block is flat, so the
        // image comes back exactly; padding with any fixed value would make ringing at the edge.
        let framed = Self.image(width: 9, height: 9) { x, y in x == 8 || y == 8 ? 255 : 0 }
        let jpeg = try JPEGReader(JPEGEncoder.grayscale(rows: framed, width: 9))
        for y in 0..<9 {
            for x in 0..<9 { #expect(jpeg.pixel(x, y) == framed[y][x], "pixel (\(x), \(y))") }
        }
    }

    @Test("The reader catches a damaged file, so the round trips above can fail")
    func damagedFile() throws {
        let file = JPEGEncoder.grayscale(rows: Self.cells, width: 37)
        #expect(throws: JPEGReader.Failure.self) { try JPEGReader(Array(file.dropLast(3)) + [0xFF, 0xD9]) }
        var flipped = file
        let scanStart =
            try #require(
                (0..<file.count - 1).first { file[$0] == 0xFF && file[$0 + 1] == 0xDA }) + 10
        flipped[scanStart + 1] ^= 0x5A
        let decoded = try? JPEGReader(flipped)
        let original = try JPEGReader(file)
        let differs =
            decoded.map { decoded in
                (0..<29).contains { y in
                    (0..<37).contains { x in decoded.pixel(x, y) != original.pixel(x, y) }
                }
            } ?? true
        #expect(differs)
    }

    @Test("A QR code of 3000 pixels is a 3000 × 3000 JPEG")
    func largestQRCode() throws {
        let code = try #require(QRCode(text: "https://myapp.onelink.me/A1b3/my_shortlink_id"))
        let jpeg = try JPEGReader(code.jpeg(size: 3000, margin: true), decode: false)
        #expect(jpeg.width == 3000 && jpeg.height == 3000)
        #expect(jpeg.markers.last == 0xD9)
    }
}
