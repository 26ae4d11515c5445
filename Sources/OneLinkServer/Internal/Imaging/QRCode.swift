import OneLinkSupport

/// A QR code (ISO/IEC 18004) for a short text, such as a short link.
///
/// Byte mode, error correction level M, versions 1 to 10 (up to 213 bytes), with the mask of lowest
/// penalty; written here so the server needs no package.
struct QRCode: Sendable {
    /// Modules per side: 21 for version 1, 4 more per version.
    let size: Int
    /// The version, 1 to 10.
    let version: Int
    /// The mask pattern chosen, 0 to 7.
    private(set) var mask: Int
    /// `modules[y][x]`: `true` is dark.
    private(set) var modules: [[Bool]]
    private var isFunction: [[Bool]]

    /// Per version (index 1…10) at level M: EC codewords per block, and the data codewords of each block.
    private static let blocks: [(ec: Int, data: [Int])] = [
        (0, []), (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]),
        (16, [27, 27, 27, 27]), (18, [31, 31, 31, 31]), (22, [38, 38, 39, 39]),
        (22, [36, 36, 36, 37, 37]), (26, [43, 43, 43, 43, 44]),
    ]
    private static let alignment: [[Int]] = [
        [], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
        [6, 28, 50],
    ]

    /// The code for `text`, or `nil` when its UTF-8 does not fit version 10-M.
    init?(text: String) {
        let bytes = Array(text.utf8)
        guard
            let version = (1...10).first(where: { version in
                let capacity = Self.blocks[version].data.reduce(0, +) * 8
                return 4 + (version < 10 ? 8 : 16) + bytes.count * 8 <= capacity
            })
        else { return nil }
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
        mask = 0
        drawFunctionPatterns()
        let codewords = Self.interleaved(Self.dataCodewords(bytes, version: version), version: version)
        drawCodewords(codewords)
        var best: (mask: Int, penalty: Int)?
        for candidate in 0..<8 {
            var trial = self
            trial.applyMask(candidate)
            trial.drawFormatBits(mask: candidate)
            let penalty = trial.penalty()
            if best.map({ penalty < $0.penalty }) ?? true { best = (candidate, penalty) }
        }
        let chosen = best?.mask ?? 0
        applyMask(chosen)
        drawFormatBits(mask: chosen)
        mask = chosen
    }

    // MARK: Codewords

    /// Mode, count, bytes, terminator and padding, as codewords.
    private static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let capacity = blocks[version].data.reduce(0, +)
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) {
                bits.append((value >> shift) & 1 == 1)
            }
        }
        append(0b0100, 4)
        append(bytes.count, version < 10 ? 8 : 16)
        for byte in bytes { append(Int(byte), 8) }
        append(0, min(4, capacity * 8 - bits.count))
        while bits.count % 8 != 0 { bits.append(false) }
        var codewords: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// The data split into blocks, each with its Reed-Solomon codewords, interleaved.
    private static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let layout = blocks[version]
        let divisor = ReedSolomon.divisor(degree: layout.ec)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for count in layout.data {
            dataBlocks.append(Array(data[start..<start + count]))
            start += count
        }
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder(of: $0, divisor: divisor) }
        var result: [UInt8] = []
        for index in 0..<(layout.data.max() ?? 0) {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<layout.ec {
            for block in ecBlocks { result.append(block[index]) }
        }
        return result
    }

    // MARK: Drawing

    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    private mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = cx + dx
                    let y = cy + dy
                    guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                    let distance = max(abs(dx), abs(dy))
                    set(x, y, distance != 2 && distance != 4)
                }
            }
        }
        let positions = Self.alignment[version]
        for (i, cy) in positions.enumerated() {
            for (j, cx) in positions.enumerated() {
                let last = positions.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormatBits(mask: 0)
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for index in 0..<18 {
                let dark = (bits >> index) & 1 == 1
                let a = size - 11 + index % 3
                let b = index / 3
                set(a, b, dark)
                set(b, a, dark)
            }
        }
    }

    /// The 15 format bits (level M, `mask`) in both copies, and the dark module.
    private mutating func drawFormatBits(mask: Int) {
        let bits = Self.formatBits(mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0..<6 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    /// The BCH-protected format information for level M (bits `00`) and `mask`.
    static func formatBits(mask: Int) -> Int {
        let data = mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    private mutating func drawCodewords(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y][x], index < codewords.count * 8 else { continue }
                    modules[y][x] = (codewords[index >> 3] >> (7 - UInt8(index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    private mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] && Self.masks(mask, x: x, y: y) {
                modules[y][x].toggle()
            }
        }
    }

    static func masks(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: return (x + y) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (x + y) % 3 == 0
        case 4: return (x / 3 + y / 2) % 2 == 0
        case 5: return x * y % 2 + x * y % 3 == 0
        case 6: return (x * y % 2 + x * y % 3) % 2 == 0
        default: return ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    // MARK: Penalty

    /// The standard's penalty score: long runs, 2×2 blocks, finder-like patterns and dark balance.
    private func penalty() -> Int {
        var score = 0
        let finderLike: [Bool] = [true, false, true, true, true, false, true]
        let light4 = [Bool](repeating: false, count: 4)
        for transposed in [false, true] {
            for a in 0..<size {
                let line = (0..<size).map { b in transposed ? modules[b][a] : modules[a][b] }
                var run = 1
                for index in 1...size {
                    if index < size, line[index] == line[index - 1] {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                    }
                }
                for start in 0...(size - 11) {
                    let window = Array(line[start..<start + 11])
                    if window == finderLike + light4 || window == light4 + finderLike { score += 40 }
                }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let color = modules[y][x]
                if modules[y][x + 1] == color, modules[y + 1][x] == color, modules[y + 1][x + 1] == color {
                    score += 3
                }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let percent = dark * 100 / (size * size)
        score += abs(percent - 50) / 5 * 10
        return score
    }

    // MARK: Image

    /// A grayscale PNG of the code, `size` pixels square (at least one pixel per module), with a
    /// 4-module quiet zone when `margin` is on.
    func png(size pixels: Int, margin: Bool) -> [UInt8] {
        let rows = pixelRows(size: pixels, margin: margin)
        return PNGEncoder.grayscale(rows: rows, width: rows.count)
    }

    /// The same image as ``png(size:margin:)``, as a baseline grayscale JPEG.
    func jpeg(size pixels: Int, margin: Bool) -> [UInt8] {
        let rows = pixelRows(size: pixels, margin: margin)
        return JPEGEncoder.grayscale(rows: rows, width: rows.count)
    }

    /// The code's image as rows of gray bytes (0 dark, 255 light), square: `size` pixels, or one
    /// pixel per module when `size` is smaller than the code and its quiet zone.
    func pixelRows(size pixels: Int, margin: Bool) -> [[UInt8]] {
        let border = margin ? 4 : 0
        let span = self.size + 2 * border
        let scale = max(1, pixels / span)
        let side = max(pixels, span)
        let offset = (side - span * scale) / 2
        var rows: [[UInt8]] = []
        rows.reserveCapacity(side)
        for py in 0..<side {
            var row = [UInt8](repeating: 255, count: side)
            let my = (py - offset) / scale - border
            if py >= offset, my >= 0, my < self.size {
                for px in offset..<(offset + span * scale) {
                    let mx = (px - offset) / scale - border
                    if mx >= 0, mx < self.size, modules[my][mx] { row[px] = 0 }
                }
            }
            rows.append(row)
        }
        return rows
    }
}

/// Reed-Solomon error correction over GF(256) with the QR polynomial 0x11D.
enum ReedSolomon {
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result = 0
        for shift in stride(from: 7, through: 0, by: -1) {
            result = (result << 1) ^ ((result >> 7) * 0x11D)
            result ^= Int((b >> UInt8(shift)) & 1) * Int(a)
        }
        return UInt8(result & 0xFF)
    }

    /// The generator polynomial of `degree`, highest coefficient (1) dropped.
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords of `data`.
    static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in 0..<result.count { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
