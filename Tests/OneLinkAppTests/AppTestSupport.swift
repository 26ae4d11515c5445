import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkSupport

/// One call an ``AppRecordingDriver`` saw.
enum AppDriverCall: Equatable, Sendable {
    case start
    case open(URL?, sourceApplication: String?)
    case push(AttributionPayload?)
    case universalLink(URL)
}

/// A fake SDK that records the calls a launch or a lifecycle makes.
final class AppRecordingDriver: AttributionSDKDriver, Sendable {
    private let recorded = Locked<[AppDriverCall]>([])

    var calls: [AppDriverCall] { recorded.value }

    var startCount: Int { calls.filter { $0 == .start }.count }

    private func record(_ call: AppDriverCall) {
        recorded.withLock { $0.append(call) }
    }

    func start() { record(.start) }

    func handleOpen(_ url: URL?, options: [AnyHashable: Any]?) {
        let source = options?[LaunchClassification.openURLSourceApplicationKey] as? String
        record(.open(url, sourceApplication: source))
    }

    func handlePushNotification(_ pushPayload: [AnyHashable: Any]?) {
        record(.push(pushPayload.flatMap { try? AttributionPayload(foundation: $0) }))
    }

    func handleUniversalLink(_ url: URL) { record(.universalLink(url)) }
}

/// A thread-safe list that test closures append to.
final class AppRecorder<Element: Sendable>: Sendable {
    private let elements = Locked<[Element]>([])

    var all: [Element] { elements.value }

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }
}

/// Builds a URL from a literal known to be valid in tests.
func appURL(_ text: String) throws -> URL {
    guard let url = URL(string: text) else { throw AppTestFailure("not a URL: \(text)") }
    return url
}

struct AppTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
