import Foundation

/// A click store that keeps clicks in memory, bounded by age and count.
///
/// Clicks older than ``retention`` before the newest recorded click are
/// dropped when a click is recorded, because no lookback reaches them. When
/// ``capacity`` clicks are held, ``record(_:)`` throws
/// ``ClickError/storageFailed(_:)`` rather than dropping a click silently.
public final class InMemoryClickStore: ClickStore, @unchecked Sendable {
    /// The default largest number of clicks held.
    public static let defaultCapacity = 100_000

    private let state: Locked<[RecordedClick]>
    /// The largest number of clicks held at once.
    public let capacity: Int
    /// How long a click is kept after newer ones arrive.
    public let retention: Duration

    /// Creates an empty store, or one holding `clicks`.
    ///
    /// - Parameters:
    ///   - clicks: Clicks to start with, in recording order.
    ///   - capacity: The largest number of clicks held at once.
    ///   - retention: How long a click is kept after newer ones arrive; at least the 30-day maximum lookback.
    public init(
        clicks: [RecordedClick] = [], capacity: Int = InMemoryClickStore.defaultCapacity,
        retention: Duration = ClickLookback.maximumWindow
    ) {
        self.state = Locked(clicks)
        self.capacity = max(1, capacity)
        self.retention = max(retention, ClickLookback.maximumWindow)
    }

    /// Every click held, in recording order.
    public var recordedClicks: [RecordedClick] { state.withLock { $0 } }

    /// The number of clicks held.
    public var count: Int { state.withLock { $0.count } }

    /// Stores one click, first dropping clicks older than ``retention`` before it.
    ///
    /// - Throws: ``ClickError/storageFailed(_:)`` when ``capacity`` clicks are already held.
    public func record(_ click: RecordedClick) async throws {
        let stored = state.withLock { clicks -> Bool in
            let newest = max(click.time, clicks.last?.time ?? click.time)
            let cutoff = newest.addingTimeInterval(-retention.timeInterval)
            let kept = clicks.filter { $0.time >= cutoff }
            guard kept.count < capacity else { return false }
            clicks = kept
            clicks.append(click)
            return true
        }
        guard stored else {
            throw ClickError.storageFailed("the in-memory click store is full (\(capacity) clicks)")
        }
    }

    /// The clicks whose time lies in `start...end`, oldest first.
    public func clicks(from start: Date, through end: Date) async throws -> [RecordedClick] {
        state.withLock { clicks in clicks.filter { $0.time >= start && $0.time <= end } }
    }

    /// Forgets every click.
    public func removeAll() async throws {
        state.withLock { $0.removeAll() }
    }
}

extension ClickStore where Self == InMemoryClickStore {
    /// An in-memory click store.
    public static func inMemory(
        clicks: [RecordedClick] = [], capacity: Int = InMemoryClickStore.defaultCapacity
    ) -> InMemoryClickStore {
        InMemoryClickStore(clicks: clicks, capacity: capacity)
    }
}
