/// A first-in, first-out list that keeps at most ``limit`` elements, dropping the oldest.
///
/// Request logs and histories that grow with traffic use it, so a long-lived server's memory
/// stays bounded. Appending is amortized O(1); the storage never exceeds about twice the limit.
@usableFromInline package struct BoundedHistory<Element> {
    // Inlinable, so each module specialises it for its own elements: unspecialised, every append
    // and read went through the runtime's generic metadata and value witnesses.
    @usableFromInline var storage: [Element] = []
    @usableFromInline var start = 0

    /// The most elements kept; 0 keeps none.
    @usableFromInline package var limit: Int {
        didSet {
            limit = max(0, limit)
            trim()
        }
    }

    /// How many elements were dropped to respect ``limit`` since creation.
    @usableFromInline package internal(set) var droppedCount = 0

    /// Creates an empty history that keeps at most `limit` elements.
    @inlinable package init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The number of elements kept.
    @inlinable package var count: Int { storage.count - start }

    /// Whether no element is kept.
    @inlinable package var isEmpty: Bool { count == 0 }

    /// The kept elements, oldest first.
    @inlinable package var elements: [Element] { Array(storage[start...]) }

    /// The kept elements from position `index` of ``elements`` on (none when `index` is past the end), oldest first.
    @inlinable package func elements(from index: Int) -> [Element] {
        guard index < count else { return [] }
        return Array(storage[(start + max(0, index))...])
    }

    /// The newest `count` elements (all of them when there are fewer), oldest first.
    @inlinable package func newest(_ count: Int) -> [Element] {
        guard count > 0 else { return [] }
        return Array(storage[max(start, storage.count - count)...])
    }

    /// The oldest kept element.
    @inlinable package var first: Element? { isEmpty ? nil : storage[start] }

    /// The newest kept element.
    @inlinable package var last: Element? { isEmpty ? nil : storage[storage.count - 1] }

    /// How many elements from the `index`-th kept one on satisfy `predicate`, counted in place.
    @inlinable package func count(from index: Int, where predicate: (Element) -> Bool) -> Int {
        guard index < count else { return 0 }
        var found = 0
        for element in storage[(start + max(0, index))...] where predicate(element) { found += 1 }
        return found
    }

    /// The kept elements that satisfy `isIncluded`, oldest first.
    @inlinable package func filter(_ isIncluded: (Element) -> Bool) -> [Element] {
        storage[start...].filter(isIncluded)
    }

    /// Appends `element`, dropping the oldest ones beyond ``limit``.
    @inlinable package mutating func append(_ element: Element) {
        guard limit > 0 else {
            droppedCount += 1
            return
        }
        storage.append(element)
        trim()
    }

    /// Drops the oldest element.
    @inlinable package mutating func removeFirst() {
        guard !isEmpty else { return }
        start += 1
        compactIfSparse()
    }

    /// Drops the elements for which `shouldRemove` holds, keeping the others in order.
    @inlinable package mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        storage = storage[start...].filter { !shouldRemove($0) }
        start = 0
    }

    /// Drops every element.
    @inlinable package mutating func removeAll() {
        storage.removeAll()
        start = 0
    }

    @inlinable mutating func trim() {
        let excess = count - limit
        guard excess > 0 else { return }
        start += excess
        droppedCount += excess
        compactIfSparse()
    }

    @inlinable mutating func compactIfSparse() {
        // Shifting only once half the storage is dead keeps appends amortized O(1).
        if start > 0, start * 2 >= storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }
}

extension BoundedHistory: Sendable where Element: Sendable {}
