public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A click store that keeps clicks in memory, bounded by age and count.
///
/// Clicks older than ``retention`` before the newest recorded click are
/// dropped when a click is recorded, because no lookback reaches them. When
/// ``capacity`` clicks are held, ``overflow`` decides: ``Overflow/refuse`` (the
/// default) makes ``record(_:)`` throw ``ClickError/storageFailed(_:)`` rather
/// than drop a click silently; ``Overflow/dropOldest`` forgets the oldest click
/// and counts it in ``droppedClickCount``.
public final class InMemoryClickStore: ClickStore, Sendable {
    /// The default largest number of clicks held.
    public static let defaultCapacity = 100_000

    /// What ``InMemoryClickStore/record(_:)`` does when ``InMemoryClickStore/capacity`` clicks are held.
    public enum Overflow: String, Sendable, Hashable, CaseIterable {
        /// Refuse the new click with ``ClickError/storageFailed(_:)``; nothing stored is forgotten.
        case refuse
        /// Forget the oldest click to make room, even one still inside its lookback window.
        case dropOldest = "drop-oldest"
    }

    private struct State {
        var clicks: BoundedHistory<RecordedClick>
        var oldest: Date?
        var newest: Date?
        var dropped = 0
    }

    private let state: Locked<State>
    /// The largest number of clicks held at once.
    public let capacity: Int
    /// How long a click is kept after newer ones arrive.
    public let retention: Duration
    /// What happens to a click recorded when ``capacity`` clicks are held.
    public let overflow: Overflow

    /// Creates an empty store, or one holding `clicks`.
    ///
    /// - Parameters:
    ///   - clicks: Clicks to start with, in recording order.
    ///   - capacity: The largest number of clicks held at once.
    ///   - retention: How long a click is kept after newer ones arrive; at least the 30-day maximum lookback.
    ///   - overflow: What a click recorded at capacity does; ``Overflow/refuse`` by default.
    public init(
        clicks: [RecordedClick] = [], capacity: Int = InMemoryClickStore.defaultCapacity,
        retention: Duration = ClickLookback.maximumWindow, overflow: Overflow = .refuse
    ) {
        var history = BoundedHistory<RecordedClick>(limit: .max)
        for click in clicks { history.append(click) }
        self.state = Locked(
            State(
                clicks: history, oldest: clicks.map(\.time).min(), newest: clicks.map(\.time).max()))
        self.capacity = max(1, capacity)
        self.retention = max(retention, ClickLookback.maximumWindow)
        self.overflow = overflow
    }

    /// Every click held, in recording order.
    public var recordedClicks: [RecordedClick] { state.withLock { $0.clicks.elements } }

    /// The number of clicks held.
    public var count: Int { state.withLock { $0.clicks.count } }

    /// The number of clicks held, ``count``.
    public var storedClickCount: Int? { count }

    /// How many clicks ``Overflow/dropOldest`` forgot to make room.
    public var droppedClickCount: Int { state.withLock { $0.dropped } }

    /// Stores one click, first dropping clicks older than ``retention`` before it.
    ///
    /// - Throws: ``ClickError/storageFailed(_:)`` when ``capacity`` clicks are already held and
    ///   ``overflow`` is ``Overflow/refuse``.
    public func record(_ click: RecordedClick) async throws {
        let stored = state.withLock { state -> Bool in
            let newest = max(click.time, state.newest ?? click.time)
            let cutoff = newest.addingTimeInterval(-retention.timeInterval)
            // Scanning only when something is old enough keeps a record O(1) in the usual case.
            if let oldest = state.oldest, oldest < cutoff {
                state.clicks.removeAll { $0.time < cutoff }
                state.oldest = state.clicks.elements.map(\.time).min()
            }
            if state.clicks.count >= capacity {
                guard overflow == .dropOldest else { return false }
                while state.clicks.count >= capacity {
                    state.clicks.removeFirst()
                    state.dropped += 1
                }
                // `oldest` stays a lower bound; the next pruning scan makes it exact again.
            }
            state.clicks.append(click)
            state.newest = newest
            state.oldest = min(click.time, state.oldest ?? click.time)
            return true
        }
        guard stored else {
            throw ClickError.storageFailed("the in-memory click store is full (\(capacity) clicks)")
        }
    }

    /// The clicks whose time lies in `start...end`, oldest first.
    public func clicks(from start: Date, through end: Date) async throws -> [RecordedClick] {
        state.withLock { state in state.clicks.filter { $0.time >= start && $0.time <= end } }
    }

    /// The clicks in `start...end` that could match an install of `device` with `deviceID`, oldest first.
    ///
    /// A click can match only by the same device ID, by an advertising ID, or by a fingerprint with
    /// the same IP address, so only those are copied out; ``InstallMatcher`` applies the full rules
    /// to them. This keeps a lookup from copying every stored click when the store is large.
    public func candidateClicks(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) async throws -> [RecordedClick] {
        candidates(from: start, through: end, device: device, deviceID: deviceID)
    }

    /// ``candidateClicks(from:through:device:deviceID:)``, which never waits: the clicks are in memory.
    public func candidateClicksImmediately(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) -> Result<[RecordedClick], any Error>? {
        .success(candidates(from: start, through: end, device: device, deviceID: deviceID))
    }

    private func candidates(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) -> [RecordedClick] {
        let hasAdvertisingID = device.advertisingID != nil
        return state.withLock { state in
            state.clicks.filter { click in
                click.time >= start && click.time <= end
                    && (click.deviceID == deviceID || (hasAdvertisingID && click.advertisingID != nil)
                        || Self.equalIgnoringCase(click.fingerprint.ipAddress, device.ipAddress))
            }
        }
    }

    /// ASCII case-insensitive equality without allocating; other text is compared lowercased.
    package static func equalIgnoringCase(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var isASCII = true
        let equal = first.utf8.elementsEqual(second.utf8) { left, right in
            if left >= 0x80 || right >= 0x80 { isASCII = false }
            let foldedLeft = (0x41...0x5A).contains(left) ? left | 0x20 : left
            let foldedRight = (0x41...0x5A).contains(right) ? right | 0x20 : right
            return foldedLeft == foldedRight
        }
        return isASCII ? equal : first.lowercased() == second.lowercased()
    }

    /// Forgets every click.
    public func removeAll() async throws {
        state.withLock { state in
            state.clicks.removeAll()
            state.oldest = nil
            state.newest = nil
        }
    }
}

extension ClickStore where Self == InMemoryClickStore {
    /// An in-memory click store.
    public static func inMemory(
        clicks: [RecordedClick] = [], capacity: Int = InMemoryClickStore.defaultCapacity,
        overflow: InMemoryClickStore.Overflow = .refuse
    ) -> InMemoryClickStore {
        InMemoryClickStore(clicks: clicks, capacity: capacity, overflow: overflow)
    }
}
