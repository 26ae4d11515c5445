/// The entry points app code called on an SDK, each once, in the order first called.
///
/// Four bits per entry point (its ``SDKEntryPoint`` raw value) in one integer, the first called
/// lowest: a list of names cost every SDK an allocation.
struct CalledEntryPoints: Sendable {
    private var codes: UInt32 = 0

    /// Whether no entry point was called.
    var isEmpty: Bool { codes == 0 }

    /// Adds `entryPoint`, unless it was called before.
    mutating func insert(_ entryPoint: SDKEntryPoint) {
        var rest = codes
        var shift: UInt32 = 0
        while rest != 0 {
            if rest & 0xF == entryPoint.rawValue { return }
            rest >>= 4
            shift += 4
        }
        codes |= entryPoint.rawValue << shift
    }

    /// The entry points, first called first.
    var entryPoints: [SDKEntryPoint] {
        var entryPoints: [SDKEntryPoint] = []
        var rest = codes
        while let entryPoint = SDKEntryPoint(rawValue: rest & 0xF) {
            entryPoints.append(entryPoint)
            rest >>= 4
        }
        return entryPoints
    }
}
