import Testing

@testable import OneLinkEmulator

/// The values the engine keeps across an `await` stay small: each copy takes room in an async
/// frame, and a frame that outgrows the task allocator's block (about 1 KB) costs a `malloc`
/// outside the allocator's fast path on every command's run.
@Suite("Engine value sizes")
struct FrameSizeTests {
    @Test("a queued command is a few words: its large payloads are boxed")
    func queuedCommand() {
        #expect(MemoryLayout<EngineCommand>.size <= 48)
        #expect(MemoryLayout<EngineJob>.size <= 96)
    }

    @Test("a link step is a few words: a pending link is boxed")
    func linkStep() {
        #expect(MemoryLayout<LinkStep>.size <= 32)
    }

}
