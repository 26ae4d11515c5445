import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport

/// Shared set-up for the kit's tests: an SDK on in-memory backends and scenario files written on the fly.
enum KitFixtures {
    static let shortLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    /// An SDK with one short link and an organic install, on a manual clock.
    static func sdk(clock: ManualClock = ManualClock()) -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        return sdk
    }

    /// A scenario whose one step starts the SDK and expects `af_status` to be `status`.
    static func scenario(expectingStatus status: String) -> String {
        """
        {"name": "kit: start expects \(status)", "description": "written by the kit tests",
         "steps": [{"do": "start", "expect": [
            {"output": "onConversionDataSuccess", "match": "subset", "payload": {"af_status": "\(status)"}}]}]}
        """
    }

    /// Writes `text` to a new temporary file and returns its URL.
    static func temporaryFile(_ text: String, name: String = "scenario.json") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "onelink-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// A stand-in for an app's own handler: it routes `deep_link_value`s.
final class RoutingHandler: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, Sendable {
    private let routed = Locked<[String]>([])

    /// The values routed so far.
    var values: [String] { routed.value }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
    func onConversionDataFail(_ error: any Error) {}
    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        if let value = attributionData["deep_link_value"] as? String { routed.withLock { $0.append(value) } }
    }
    func didResolveDeepLink(_ result: DeepLinkResult) {
        if let value = result.deepLink?.deeplinkValue { routed.withLock { $0.append(value) } }
    }
}
