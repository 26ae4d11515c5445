import OneLinkEmulator
import OneLinkSupport

/// A pasteboard in memory that counts reads, so a test can check an app did not peek at it.
public final class InMemoryPasteboard: Pasteboard, Sendable {
    private struct State {
        var contents: PasteboardContents
        var changeCount = 0
        var readCount = 0
    }

    private let state: Locked<State>

    /// Creates a pasteboard holding `contents`, with a change count of zero.
    public init(_ contents: PasteboardContents = .empty) {
        state = Locked(State(contents: contents))
    }

    /// Reads everything; increments ``readCount``.
    public func contents() -> PasteboardContents {
        state.withLock { state in
            state.readCount += 1
            return state.contents
        }
    }

    /// The number of changes so far.
    public var changeCount: Int { state.withLock { $0.changeCount } }

    /// How many times ``contents()`` has been called (each a "pasted from" banner on iOS 14+).
    public var readCount: Int { state.withLock { $0.readCount } }

    /// What the pasteboard holds, without counting a read.
    public var peek: PasteboardContents { state.withLock { $0.contents } }

    /// Replaces the contents and increments ``changeCount``.
    public func setContents(_ contents: PasteboardContents) {
        state.withLock { state in
            state.contents = contents
            state.changeCount += 1
        }
    }

    /// Replaces the contents when ``changeCount`` equals `expected`.
    ///
    /// - Returns: Whether the contents were replaced.
    @discardableResult
    public func setContents(_ contents: PasteboardContents, ifChangeCountIs expected: Int) -> Bool {
        state.withLock { state in
            guard state.changeCount == expected else { return false }
            state.contents = contents
            state.changeCount += 1
            return true
        }
    }
}

extension Pasteboard where Self == InMemoryPasteboard {
    /// A pasteboard in memory holding `contents`.
    public static func inMemory(_ contents: PasteboardContents = .empty) -> InMemoryPasteboard {
        InMemoryPasteboard(contents)
    }
}
