import Foundation
import OneLinkEmulator
import OneLinkSupport

// A plain command-line program with a synchronous entry point: it spins `RunLoop.main`, as an app
// does, and prints where each callback ran. The delivery test runs it as a child process.

final class Client: NSObject, AppsFlyerLibDelegate, AppsFlyerDeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: `lines` is a Locked.
    private let lines = Locked<[String]>([])

    var finished: [String] { lines.value }

    private func note(_ name: String) {
        lines.withLock {
            $0.append("\(name) mainQueue=\(MainQueue.isCurrent) mainThread=\(Thread.isMainThread)")
        }
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) { note("onConversionDataSuccess") }
    func onConversionDataFail(_ error: any Error) { note("onConversionDataFail") }
    func didResolveDeepLink(_ result: DeepLinkResult) { note("didResolveDeepLink \(result.status)") }
}

let client = Client()
AppsFlyerLib.sharedOverride = AppsFlyerLib(
    shortLinkResolver: .inMemory(links: ["H5hv/abc": ["deep_link_value": "apples"]]))
AppsFlyerLib.shared().setCredentials(devKey: "DEV_KEY", appID: "123456789")
AppsFlyerLib.shared().delegate = client
AppsFlyerLib.shared().deepLinkDelegate = client
// The order of a cold start from a link: the scene hands the link over before it becomes active
// and starts the SDK, so the first launch's deferred lookup always sees the direct link.
AppsFlyerLib.shared().handleOpen(URL(string: "https://app.onelink.me/H5hv/abc"), options: nil)
AppsFlyerLib.shared().start()

// Each pass returns once the run loop has handled a source (the main queue's callbacks among them),
// so the loop checks again on each delivery instead of every few milliseconds; the deadline only
// bounds a child whose callbacks never come.
let deadline = Date().addingTimeInterval(20)
while client.finished.count < 2, Date() < deadline {
    _ = RunLoop.main.run(mode: .default, before: deadline)
}
for line in client.finished { print(line) }
exit(client.finished.count == 2 ? 0 : 1)
