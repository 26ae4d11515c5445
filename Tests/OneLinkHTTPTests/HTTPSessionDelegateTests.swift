import Foundation
import OneLinkEmulator
import OneLinkSupport
import Testing

@testable import OneLinkHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport's deadline and cancellation end its wait themselves, in any order, without
/// waiting for `URLSession` to report the task it cancelled (issue 38).
@Suite(.timeLimit(.minutes(1)))
struct HTTPSessionDelegateTests {
    static let request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/never")!, timeout: .milliseconds(1))

    /// A task `delegate` tracks but whose session reports to nobody: the lost report, made certain.
    static func unreportedTask(
        in delegate: HTTPSessionDelegate, slot: WaitSlot<HTTPResponse>
    ) -> URLSessionTask {
        let task = URLSession(configuration: .ephemeral).dataTask(with: request.url)
        delegate.register(task, request: request, slot: slot)
        return task
    }

    @Test("a deadline before the waiter registers ends the wait with timedOut")
    func deadlineBeforeTheWait() async {
        let delegate = HTTPSessionDelegate()
        let slot = WaitSlot<HTTPResponse>()
        let task = Self.unreportedTask(in: delegate, slot: slot)
        delegate.stop(task, with: AttributionError.timedOut(milliseconds: 1))
        await #expect(throws: AttributionError.timedOut(milliseconds: 1)) { try await slot.value() }
    }

    @Test(
        "a deadline while the waiter registers, or after, ends the wait with timedOut",
        arguments: [true, false])
    func deadlineDuringOrAfterTheWait(whileRegistering: Bool) async {
        let delegate = HTTPSessionDelegate()
        let stopped = Locked<URLSessionTask?>(nil)
        let slot = WaitSlot<HTTPResponse>(hook: { step, _ in
            if (step == .registering) == whileRegistering, let task = stopped.value {
                delegate.stop(task, with: AttributionError.timedOut(milliseconds: 1))
            }
        })
        stopped.withLock { $0 = Self.unreportedTask(in: delegate, slot: slot) }
        await #expect(throws: AttributionError.timedOut(milliseconds: 1)) { try await slot.value() }
    }

    @Test(
        "the first stop wins: a cancellation after the deadline, and the task's late report, change nothing")
    func firstStopWins() async {
        let delegate = HTTPSessionDelegate()
        let slot = WaitSlot<HTTPResponse>()
        let task = Self.unreportedTask(in: delegate, slot: slot)
        delegate.stop(task, with: AttributionError.timedOut(milliseconds: 1))
        delegate.stop(task, with: CancellationError())
        delegate.urlSession(URLSession.shared, task: task, didCompleteWithError: URLError(.cancelled))
        await #expect(throws: AttributionError.timedOut(milliseconds: 1)) { try await slot.value() }
    }

    @Test("a deadline after the delegate refused an oversized body ends the wait with that refusal")
    func earlierFailureWins() async throws {
        let delegate = HTTPSessionDelegate()
        let slot = WaitSlot<HTTPResponse>()
        let task = try #require(Self.unreportedTask(in: delegate, slot: slot) as? URLSessionDataTask)
        let response = try #require(
            HTTPURLResponse(
                url: Self.request.url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Length": "\(Self.request.maximumResponseBytes + 1)"]))
        delegate.urlSession(URLSession.shared, dataTask: task, didReceive: response) { _ in }
        delegate.stop(task, with: AttributionError.timedOut(milliseconds: 1))
        await #expect(throws: AttributionError.responseTooLarge(limit: Self.request.maximumResponseBytes)) {
            try await slot.value()
        }
    }
}
