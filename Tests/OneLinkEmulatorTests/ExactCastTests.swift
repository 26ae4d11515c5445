import Foundation
import OneLinkEmulator
import Testing

/// `exactly(_:_:)` finds a final class behind an existential by its type, and nothing else.
@Suite struct ExactCastTests {
    private struct ResolverStandIn: ShortLinkResolver {
        func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload { [:] }
        func redirectTarget(of url: String, headers: [String: String]) async throws -> String? { nil }
    }

    private class Base {}
    private final class Derived: Base {}

    @Test("an existential holding the class gives the same instance back")
    func sameInstance() {
        let clock = ManualClock()
        let asClock: any EmulatorClock = clock
        #expect(exactly(asClock, ManualClock.self) === clock)
        let resolver = InMemoryShortLinkResolver()
        let asResolver: any ShortLinkResolver = resolver
        #expect(exactly(asResolver, InMemoryShortLinkResolver.self) === resolver)
    }

    @Test("another type behind the existential gives nil")
    func otherType() {
        let clock: any EmulatorClock = SystemClock()
        #expect(exactly(clock, ManualClock.self) == nil)
        let resolver: any ShortLinkResolver = ResolverStandIn()
        #expect(exactly(resolver, InMemoryShortLinkResolver.self) == nil)
        let conversion: any ConversionDataSource = InMemoryConversionDataSource()
        #expect(exactly(conversion, InMemoryConversionDataSource.self) != nil)
        #expect(exactly(conversion, InMemoryLaunchRecorder.self) == nil)
    }

    @Test("behind an existential, a subclass is not the class: the targets must be final")
    func subclass() {
        let derived = Derived()
        let value: Any = derived
        #expect(exactly(value, Base.self) == nil)
        #expect(exactly(value, Derived.self) === derived)
    }
}
