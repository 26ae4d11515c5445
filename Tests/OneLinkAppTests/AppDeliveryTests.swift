import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

#if !canImport(Darwin)
    import class UserActivityStandIn.NSUserActivity
#endif

/// An app delegate that records what UIKit hands it, for the delivery-rule tests.
final class RecordingLaunchAppDelegate: NSObject, UIApplicationDelegate {
    var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    var launches = 0
    var continued: [URL] = []
    var opened: [(URL, String?)] = []
    let finishLaunching: Bool

    init(finishLaunching: Bool = true) {
        self.finishLaunching = finishLaunching
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        launches += 1
        self.launchOptions = launchOptions
        return finishLaunching
    }

    func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool {
        opened.append((url, options[.sourceApplication] as? String))
        AppsFlyerLib.shared().handleOpen(url, sourceApplication: options[.sourceApplication] as? String)
        return true
    }

    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        if let url = userActivity.webpageURL { continued.append(url) }
        return AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
    }
}

/// A scene delegate that records its connection options and its session.
final class RecordingSceneDelegate: NSObject, UIWindowSceneDelegate {
    var connectionOptions: UIScene.ConnectionOptions?
    var session: UISceneSession?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        self.connectionOptions = connectionOptions
        self.session = session
    }
}

@Suite("App delivery paths and the wiring check", .timeLimit(.minutes(5)))
@MainActor
struct AppDeliveryTests {
    typealias Expected = [DeliveryPath: DeliveryVerdict]

    static func failures(_ report: WiringReport) -> Expected {
        Dictionary(uniqueKeysWithValues: report.failures.map { ($0.path, $0.verdict) })
    }

    @Test(
        "each correct wiring delivers every path to the SDK exactly once",
        arguments: [
            WiringFixture.appDelegate, .scenes, .swiftUI,
        ])
    func correctWiringPasses(fixture: WiringFixture) async throws {
        #expect(fixture.isCorrect)
        let report = await WiringCheck().run(fixture.wiring)
        #expect(report.rows.count == 9)
        #expect(report.passed, "\(report.table)")
        try await WiringCheck().verify(fixture.wiring)
    }

    @Test("the three correct wirings together give one passing 27-row table")
    func allCorrectTogether() async throws {
        let report = await WiringCheck().run(WiringFixture.allCases.filter(\.isCorrect).map(\.wiring))
        #expect(report.rows.count == 27)
        #expect(Set(report.rows.map(\.path)).count == 27)
        #expect(report.passed, "\(report.table)")
    }

    static let mistakes: [(WiringFixture, Expected)] = [
        (
            .scenesReadNothingOnConnect,
            [
                DeliveryPath(.universalLink, .notRunning, .scenes): .notAtAll,
                DeliveryPath(.uriScheme, .notRunning, .scenes): .notAtAll,
            ]
        ),
        (
            .scenesForwardTwice,
            Dictionary(
                uniqueKeysWithValues: [DeliveryLinkKind.universalLink, .uriScheme].flatMap { kind in
                    DeliveryAppState.allCases.map {
                        (DeliveryPath(kind, $0, .scenes), DeliveryVerdict.moreThanOnce)
                    }
                })
        ),
        (
            .linksOnlyFromLaunchOptions,
            [
                DeliveryPath(.universalLink, .background, .appDelegate): .notAtAll,
                DeliveryPath(.universalLink, .foreground, .appDelegate): .notAtAll,
                DeliveryPath(.uriScheme, .background, .appDelegate): .notAtAll,
                DeliveryPath(.uriScheme, .foreground, .appDelegate): .notAtAll,
            ]
        ),
        (
            .linksFromLaunchOptionsAndDelegate,
            [
                DeliveryPath(.universalLink, .notRunning, .appDelegate): .moreThanOnce,
                DeliveryPath(.uriScheme, .notRunning, .appDelegate): .moreThanOnce,
            ]
        ),
        (
            .pushOnlyFromLaunchOptions,
            [
                DeliveryPath(.pushTap, .background, .appDelegate): .notAtAll,
                DeliveryPath(.pushTap, .foreground, .appDelegate): .notAtAll,
            ]
        ),
        (.pushFromLaunchOptionsAndCenter, [DeliveryPath(.pushTap, .notRunning, .appDelegate): .moreThanOnce]),
        (
            .scenesPushFromConnectionOptionsAndCenter,
            [DeliveryPath(.pushTap, .notRunning, .scenes): .moreThanOnce]
        ),
        (
            .swiftUIUniversalLinksInContinueUserActivity,
            [
                DeliveryPath(.universalLink, .notRunning, .swiftUI): .notAtAll,
                DeliveryPath(.universalLink, .background, .swiftUI): .notAtAll,
                DeliveryPath(.universalLink, .foreground, .swiftUI): .notAtAll,
            ]
        ),
        (
            .scenesCenterDelegateInWillConnect,
            [DeliveryPath(.pushTap, .notRunning, .scenes): .notAtAll]
        ),
    ]

    @Test("every bundled mistake is caught, on exactly the paths it breaks", arguments: 0..<9)
    func mistakeIsCaught(index: Int) async {
        let (fixture, expected) = Self.mistakes[index]
        #expect(!fixture.isCorrect)
        let report = await WiringCheck().run(fixture.wiring)
        #expect(!report.passed)
        #expect(Self.failures(report) == expected, "\(fixture):\n\(report.table)")
    }

    @Test("a verdict reads as its raw value with spaces, as the table prints it")
    func verdictDescriptions() {
        for verdict in DeliveryVerdict.allCases {
            #expect(verdict.description == verdict.rawValue.split(separator: "_").joined(separator: " "))
        }
        #expect(DeliveryVerdict(count: 0).description == "not at all")
        #expect(DeliveryVerdict(count: 3).description == "more than once")
    }

    @Test("a scene session's identifier is a random version-4 UUID, new for each session")
    @MainActor func sceneSessionIdentifiers() throws {
        let identifiers = (0..<64).map { _ in UISceneSession().persistentIdentifier }
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            let parsed = try #require(UUID(uuidString: identifier))
            #expect(parsed.uuidString == identifier)
            let characters = Array(identifier)
            #expect(characters[14] == "4")
            #expect("89AB".contains(characters[19]))
        }
        // Every random digit varies across the sessions: none is written as a constant.
        for position in 0..<36 where ![8, 13, 14, 18, 23].contains(position) {
            let digits = Set(identifiers.map { Array($0)[position] })
            #expect(digits.count > 1, "digit \(position) is always \(digits)")
        }
    }

    @Test(
        "a launched scene's session has a random version-4 identifier, the same on every read and new for each launch"
    )
    @MainActor func launchedSceneSessionIdentifier() throws {
        let sceneDelegate = RecordingSceneDelegate()
        let process = EmulatedAppProcess(
            wiring: .scenes(appDelegate: { RecordingLaunchAppDelegate() }, sceneDelegate: { sceneDelegate }))
        process.bring(to: .foreground)
        let first = try #require(sceneDelegate.session)
        let identifier = first.persistentIdentifier
        #expect(first.persistentIdentifier == identifier)
        let parsed = try #require(UUID(uuidString: identifier))
        #expect(parsed.uuidString == identifier)
        #expect(Array(identifier)[14] == "4")
        process.terminate()
        process.bring(to: .foreground)
        let second = try #require(sceneDelegate.session)
        #expect(second !== first)
        #expect(second.persistentIdentifier != identifier)
        #expect(first.persistentIdentifier == identifier)
    }

    @Test("every mistake fixture has an expectation")
    func everyMistakeListed() {
        #expect(Set(Self.mistakes.map(\.0)) == Set(WiringFixture.allCases.filter { !$0.isCorrect }))
    }

    @Test("the failure is one table naming each path, its verdict and what iOS called")
    func failureTable() async throws {
        do {
            try await WiringCheck().verify(WiringFixture.scenesReadNothingOnConnect.wiring)
            Issue.record("the check passed a scene delegate that ignores its connection options")
        } catch {
            let text = error.description
            #expect(text.hasPrefix("2 of 9 delivery paths did not reach the SDK exactly once:\n"))
            #expect(text.contains("  | wiring "))
            let lines = text.split(separator: "\n").map(String.init)
            let failing = lines.filter { $0.hasPrefix("✗") }
            #expect(failing.count == 2)
            #expect(
                failing.contains {
                    $0.contains("| universal_link | not_running | scenes    | not at all")
                        && $0.hasSuffix(
                            "application(_:didFinishLaunchingWithOptions:), scene(_:willConnectTo:options:)")
                }, "\(text)")
            #expect(lines.filter { $0.hasPrefix("✓") }.count == 7)
        }
        let twice = await WiringCheck().run(WiringFixture.scenesForwardTwice.wiring)
        #expect(twice.table.contains("more than once (2×)"))
    }

    @Test("iOS calls the documented entry points for each path of the correct wirings")
    func entryPointsFollowApplesRules() async {
        let report = await WiringCheck().run(WiringFixture.allCases.filter(\.isCorrect).map(\.wiring))
        func called(
            _ kind: DeliveryLinkKind, _ state: DeliveryAppState, _ structure: AppStructure
        ) -> [EntryPoint] {
            report.rows.first { $0.path == DeliveryPath(kind, state, structure) }?.entryPoints ?? []
        }
        #expect(
            called(.universalLink, .notRunning, .appDelegate) == [.didFinishLaunching, .continueUserActivity])
        #expect(called(.uriScheme, .notRunning, .appDelegate) == [.didFinishLaunching, .openURL])
        #expect(called(.pushTap, .notRunning, .appDelegate) == [.didFinishLaunching, .notificationResponse])
        #expect(called(.universalLink, .background, .appDelegate) == [.continueUserActivity])
        #expect(called(.uriScheme, .foreground, .appDelegate) == [.openURL])
        #expect(called(.universalLink, .notRunning, .scenes) == [.didFinishLaunching, .sceneWillConnect])
        #expect(called(.uriScheme, .notRunning, .scenes) == [.didFinishLaunching, .sceneWillConnect])
        #expect(
            called(.pushTap, .notRunning, .scenes) == [
                .didFinishLaunching, .sceneWillConnect, .notificationResponse,
            ])
        #expect(called(.universalLink, .background, .scenes) == [.sceneContinue])
        #expect(called(.uriScheme, .foreground, .scenes) == [.sceneOpenURLContexts])
        #expect(called(.pushTap, .background, .scenes) == [.notificationResponse])
        #expect(called(.universalLink, .notRunning, .swiftUI) == [.didFinishLaunching, .onOpenURL])
        #expect(called(.universalLink, .background, .swiftUI) == [.onOpenURL])
        #expect(called(.uriScheme, .foreground, .swiftUI) == [.onOpenURL])
        #expect(called(.pushTap, .foreground, .swiftUI) == [.notificationResponse])
    }

    @Test("a cold app-delegate launch carries the link in the launch options UIKit uses")
    func launchOptionsOfAColdStart() throws {
        let delegate = RecordingLaunchAppDelegate()
        let process = EmulatedAppProcess(wiring: .appDelegate { delegate })
        let link = try #require(URL(string: "https://onelink-basic-app.onelink.me/H5hv?deep_link_value=a"))
        #expect(process.open(.universalLink(link)) == [.didFinishLaunching, .continueUserActivity])
        #expect(process.state == .foreground)
        #expect(delegate.launchOptions?[.userActivityType] as? String == NSUserActivityTypeBrowsingWeb)
        let dictionary = try #require(delegate.launchOptions?[.userActivityDictionary] as? [String: Any])
        let activity = try #require(
            dictionary[UIApplication.LaunchOptionsKey.userActivityKeyInDictionary] as? NSUserActivity)
        #expect(activity.webpageURL == link)
        #expect(delegate.continued == [link])

        process.terminate()
        #expect(process.state == .notRunning)
        let url = try #require(URL(string: "shop://item?id=7"))
        process.open(.uriScheme(url, sourceApplication: "com.apple.mobilesafari"))
        #expect(delegate.launches == 2)
        #expect(delegate.launchOptions?[.url] as? URL == url)
        #expect(delegate.launchOptions?[.sourceApplication] as? String == "com.apple.mobilesafari")
        #expect(delegate.opened.map(\.1) == ["com.apple.mobilesafari"])

        process.terminate()
        process.open(.pushTap(["af": ["deep_link_value": "b"]]))
        let push = try #require(delegate.launchOptions?[.remoteNotification] as? [AnyHashable: Any])
        #expect(try AttributionPayload(foundation: push) == ["af": ["deep_link_value": "b"]])
    }

    @Test("UIKit skips open and continue when didFinishLaunching returns false")
    func falseFromDidFinishLaunching() async {
        let wiring = AppWiring.appDelegate("refuses") { RecordingLaunchAppDelegate(finishLaunching: false) }
        let row = await WiringCheck().check(
            wiring, path: DeliveryPath(.universalLink, .notRunning, .appDelegate))
        #expect(row.entryPoints == [.didFinishLaunching])
        #expect(row.verdict == .notAtAll)
        let warm = await WiringCheck().check(
            wiring, path: DeliveryPath(.universalLink, .background, .appDelegate))
        #expect(warm.verdict == .exactlyOnce)
    }

    @Test("a scene app's launch options carry no link; the connection options do")
    func sceneConnectionOptions() throws {
        let appDelegate = RecordingLaunchAppDelegate()
        let sceneDelegate = RecordingSceneDelegate()
        let process = EmulatedAppProcess(
            wiring: .scenes(appDelegate: { appDelegate }, sceneDelegate: { sceneDelegate }))
        let url = try #require(URL(string: "shop://item?id=7"))
        #expect(
            process.open(.uriScheme(url, sourceApplication: "com.example.mail"))
                == [.didFinishLaunching, .sceneWillConnect])
        #expect(appDelegate.launches == 1)
        #expect(appDelegate.launchOptions == nil)
        let options = try #require(sceneDelegate.connectionOptions)
        #expect(options.urlContexts.map(\.url) == [url])
        #expect(options.urlContexts.first?.options.sourceApplication == "com.example.mail")
        #expect(options.userActivities.isEmpty)
        #expect(options.notificationResponse == nil)
        #expect(appDelegate.opened.isEmpty)

        process.terminate()
        process.open(.pushTap(["af": ["deep_link_value": "c"]]))
        let userInfo = try #require(
            sceneDelegate.connectionOptions?.notificationResponse?.notification.request.content.userInfo)
        #expect(try AttributionPayload(foundation: userInfo) == ["af": ["deep_link_value": "c"]])
    }

    @Test("the process moves between states through the lifecycle and relaunches with new delegates")
    func processStates() throws {
        var made = 0
        let process = EmulatedAppProcess(
            wiring: .appDelegate {
                made += 1
                return RecordingLaunchAppDelegate()
            })
        #expect(process.state == .notRunning)
        process.bring(to: .background)
        #expect(process.lifecycle.state == .background)
        process.bring(to: .foreground)
        #expect(process.lifecycle.state == .active)
        process.bring(to: .notRunning)
        #expect(process.lifecycle.state == .notRunning)
        process.bring(to: .foreground)
        #expect(made == 2)
        let url = try #require(URL(string: "shop://x"))
        process.enterBackground()
        #expect(process.open(.uriScheme(url, sourceApplication: nil)) == [.openURL])
        #expect(process.state == .foreground)
        #expect(process.calls == [.didFinishLaunching, .didFinishLaunching, .openURL])
    }

    @Test("a notification center delegate set after launch misses the launch's push tap")
    func lateNotificationDelegate() async {
        final class LateDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
            func userNotificationCenter(
                _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                withCompletionHandler completionHandler: @escaping () -> Void
            ) {
                AppsFlyerLib.shared().handlePushNotification(response.notification.request.content.userInfo)
                completionHandler()
            }
        }
        let process = EmulatedAppProcess(wiring: .appDelegate { LateDelegate() })
        #expect(process.open(.pushTap(["af": ["deep_link_value": "d"]])) == [.didFinishLaunching])
        #expect(UNUserNotificationCenter.current() !== process.notificationCenter)
    }
}
