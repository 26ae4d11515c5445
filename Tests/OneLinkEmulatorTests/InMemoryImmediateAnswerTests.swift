import Foundation
import OneLinkEmulator
import Testing

/// An in-memory backend whose behaviour needs no waiting answers without suspending, exactly as its asynchronous call does.
@Suite(.timeLimit(.minutes(5))) struct InMemoryImmediateAnswerTests {
    static let install = InstallAttributionRequest(
        appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1",
        installTime: Date(timeIntervalSince1970: 1_597_244_913.5), device: DeviceInfo())
    static let launch = LaunchRequest(
        appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1", sessionCount: 1,
        device: DeviceInfo(), identity: UserIdentity())
    static let shortLink = ShortLinkRequest(
        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
        link: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
    static let click = DeferredClick(
        time: install.installTime.addingTimeInterval(-60), parameters: ["deep_link_value": "peaches"])

    /// Both ways of a call on two fresh backends with `behavior`: the answer at once (nil when it must wait), and the asynchronous one.
    struct Case: Sendable {
        let name: String
        let atOnce: @Sendable (InMemoryBehavior) -> (answer: Result<String, AttributionError>?, recorded: Int)
        let async: @Sendable (InMemoryBehavior) async -> Result<String, AttributionError>
    }

    static func describe<Value>(_ result: Result<Value, any Error>) -> Result<String, AttributionError> {
        result.map { "\($0)" }.mapError { AttributionError(wrapping: $0) }
    }

    static func outcome<Value>(_ call: () async throws -> Value) async -> Result<String, AttributionError> {
        do {
            return .success("\(try await call())")
        } catch {
            return .failure(AttributionError(wrapping: error))
        }
    }

    static let cases: [Case] = [
        Case(
            name: "resolver",
            atOnce: { behavior in
                let backend = InMemoryShortLinkResolver(
                    links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]], behavior: behavior)
                return (backend.resolveImmediately(shortLink).map(describe), backend.requests.count)
            },
            async: { behavior in
                let backend = InMemoryShortLinkResolver(
                    links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]], behavior: behavior)
                return await outcome { try await backend.resolve(shortLink) }
            }),
        Case(
            name: "unknown short link",
            atOnce: { behavior in
                let backend = InMemoryShortLinkResolver(behavior: behavior)
                return (backend.resolveImmediately(shortLink).map(describe), backend.requests.count)
            },
            async: { behavior in
                let backend = InMemoryShortLinkResolver(behavior: behavior)
                return await outcome { try await backend.resolve(shortLink) }
            }),
        Case(
            name: "conversion data",
            atOnce: { behavior in
                let backend = InMemoryConversionDataSource(behavior: behavior)
                return (backend.conversionDataImmediately(for: install).map(describe), backend.requests.count)
            },
            async: { behavior in
                let backend = InMemoryConversionDataSource(behavior: behavior)
                return await outcome { try await backend.conversionData(for: install) }
            }),
        Case(
            name: "deferred deep link",
            atOnce: { behavior in
                let backend = InMemoryDeferredDeepLinkSource(clicks: [click], behavior: behavior)
                return (
                    backend.deferredDeepLinkImmediately(for: install).map(describe), backend.requests.count
                )
            },
            async: { behavior in
                let backend = InMemoryDeferredDeepLinkSource(clicks: [click], behavior: behavior)
                return await outcome { try await backend.deferredDeepLink(for: install) }
            }),
        Case(
            name: "launch",
            atOnce: { behavior in
                let backend = InMemoryLaunchRecorder(behavior: behavior)
                return (backend.recordLaunchImmediately(launch).map(describe), backend.requests.count)
            },
            async: { behavior in
                let backend = InMemoryLaunchRecorder(behavior: behavior)
                return await outcome { try await backend.recordLaunch(launch) }
            }),
        Case(
            name: "rejected launch",
            atOnce: { behavior in
                let backend = InMemoryLaunchRecorder(validDevKeys: ["other"], behavior: behavior)
                return (backend.recordLaunchImmediately(launch).map(describe), backend.requests.count)
            },
            async: { behavior in
                let backend = InMemoryLaunchRecorder(validDevKeys: ["other"], behavior: behavior)
                return await outcome { try await backend.recordLaunch(launch) }
            }),
    ]

    @Test(
        "immediate and failing behaviours answer at once, as the asynchronous call does, recording the request once",
        arguments: cases)
    func atOnceMatchesTheCall(_ call: Case) async {
        for behavior in [InMemoryBehavior.immediate, .failing(.httpStatus(code: 503, reason: "down"))] {
            let (answer, recorded) = call.atOnce(behavior)
            #expect(answer != nil, "\(call.name), \(behavior)")
            #expect(answer == (await call.async(behavior)), "\(call.name), \(behavior)")
            #expect(recorded == 1, "\(call.name), \(behavior)")
        }
    }

    @Test("behaviours that wait on the clock give no answer at once and record nothing", arguments: cases)
    func waitingGivesNothing(_ call: Case) {
        for behavior in [InMemoryBehavior.delayed(.seconds(1)), .stalled] {
            let (answer, recorded) = call.atOnce(behavior)
            #expect(answer == nil, "\(call.name), \(behavior)")
            #expect(recorded == 0, "\(call.name), \(behavior)")
        }
    }
}

extension InMemoryImmediateAnswerTests.Case: CustomTestStringConvertible {
    var testDescription: String { name }
}
