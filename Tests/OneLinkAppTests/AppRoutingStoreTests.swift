import Dispatch
import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkSupport
import Testing

/// A store that calls back into its router while saving, as one that logs the router's state would.
///
/// Under a router that saved while holding its lock, this deadlocked.
final class ReentrantActionStore: PendingActionStore, Sendable {
    private let saved = Locked<[PendingAction]>([])
    private let router = Locked<PendingDeepLinkRouter?>(nil)
    private let seenDuringSave = Locked<[Int]>([])

    var actions: [PendingAction] { saved.value }
    /// The router's pending count, read inside each `save`.
    var pendingCountsSeenWhileSaving: [Int] { seenDuringSave.value }

    func attach(_ router: PendingDeepLinkRouter) { self.router.withLock { $0 = router } }

    func load() throws(StorageError) -> [PendingAction] { saved.value }

    func save(_ actions: [PendingAction]) throws(StorageError) {
        if let router = router.value {
            let count = router.pendingActions.count
            seenDuringSave.withLock { $0.append(count) }
        }
        saved.withLock { $0 = actions }
    }
}

@Suite("The router calls its store outside its lock", .timeLimit(.minutes(5)))
struct AppRoutingStoreTests {
    @Test("a store that reads the router while saving does not deadlock, and ends with the committed list")
    func reentrantStore() throws {
        let store = ReentrantActionStore()
        let router = try PendingDeepLinkRouter(
            configuration: RoutingConfiguration(scheme: "wenxiaoyou"), store: store, clock: ManualClock())
        store.attach(router)
        _ = try router.receive(actionText: "wenxiaoyou://a")
        _ = try router.receive(actionText: "wenxiaoyou://b")
        #expect(store.pendingCountsSeenWhileSaving == [0, 1])
        #expect(store.actions.map(\.action.text) == ["wenxiaoyou://a", "wenxiaoyou://b"])

        let seen = AppRecorder<String>()
        router.setRoot(RouteHandler(name: "home") { seen.append($0.text) })
        #expect(seen.all == ["wenxiaoyou://a", "wenxiaoyou://b"])
        #expect(store.actions.isEmpty)
        #expect(router.pendingActions.isEmpty)
    }

    @Test("concurrent receives and deliveries: every action runs once, and the store matches the router")
    func concurrentChanges() throws {
        let store = InMemoryPendingActionStore()
        let router = try PendingDeepLinkRouter(
            configuration: RoutingConfiguration(scheme: "wenxiaoyou"), store: store, clock: ManualClock())
        let seen = AppRecorder<String>()
        let count = 400
        DispatchQueue.concurrentPerform(iterations: count) { index in
            _ = try? router.receive(actionText: "wenxiaoyou://item/\(index)")
            if index == count / 2 {
                router.setRoot(RouteHandler(name: "home") { seen.append($0.text) })
            }
            if index % 50 == 0 { router.deliverPending() }
        }
        router.deliverPending()
        #expect(router.pendingActions.isEmpty)
        #expect(try store.load().isEmpty)
        let delivered = seen.all
        #expect(delivered.count == count)
        #expect(Set(delivered).count == count)
    }

    @Test("while the UI is not ready, concurrent receives all end up both pending and stored, in one order")
    func concurrentHolds() throws {
        let store = InMemoryPendingActionStore()
        let router = try PendingDeepLinkRouter(
            configuration: RoutingConfiguration(scheme: "wenxiaoyou"), store: store, clock: ManualClock())
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            _ = try? router.receive(actionText: "wenxiaoyou://item/\(index)")
        }
        #expect(router.pendingActions.count == 200)
        #expect(try store.load().map(\.id) == router.pendingActions.map(\.id))
    }
}
