/// A deterministic slice of the scenario list: `--shard i/n` keeps every n-th file starting at the i-th.
struct ReplayShard: Sendable, Hashable {
    /// The one-based shard number, `1...count`.
    var index: Int
    /// The number of shards.
    var count: Int

    /// Parses `i/n` with `1 <= i <= n`; `nil` for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1, index <= count
        else { return nil }
        self.index = index
        self.count = count
    }

    /// The elements of `items` (in their order) that belong to this shard: positions `index - 1`, `index - 1 + count`, ...
    func select<Element>(_ items: [Element]) -> [Element] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
