public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A phone with installed emulated apps, a shared pasteboard, and app-to-app URL opening.
///
/// Each installed app gets its own ``EmulatedAppProcess`` on the device's
/// clock, which decides whether an opening is cold or warm.
/// ``open(_:from:)`` follows what iOS does when one app opens another's URL
/// scheme: the source app resigns active and enters the background; the
/// target is launched with the URL in its launch options when it was not
/// running (a cold delivery), or brought back to the front and handed the URL
/// when it was (a warm delivery); then it becomes active.
///
/// ```swift
/// let device = EmulatedDevice(clock: clock)
/// try device.install(EmulatedApp(bundleID: "com.example.a", queriesSchemes: ["appb"]))
/// try device.install(EmulatedApp(bundleID: "com.example.b", urlSchemes: ["appb"]) { delivery in ... })
/// device.canOpenURL(URL(string: "appb://page2")!, from: "com.example.a")   // true
/// await device.open(URL(string: "appb://page2?from=a")!, from: "com.example.a")   // .launched(...)
/// ```
public final class EmulatedDevice: Sendable {
    private struct Installed {
        let app: EmulatedApp
        let process: EmulatedAppProcess
    }

    private let apps: Locked<[String: Installed]>
    /// The clock every app's lifecycle reads.
    public let clock: any EmulatorClock
    /// The device facts every app's lifecycle events carry.
    public let properties: DeviceProperties
    /// The general pasteboard, shared by every app.
    public let pasteboard: any Pasteboard

    /// Creates a device with no apps.
    public init(
        clock: any EmulatorClock = SystemClock(), properties: DeviceProperties = DeviceProperties(),
        pasteboard: any Pasteboard = InMemoryPasteboard()
    ) {
        self.clock = clock
        self.properties = properties
        self.pasteboard = pasteboard
        apps = Locked([:])
    }

    /// The bundle IDs of the installed apps, sorted.
    public var installedBundleIDs: [String] { apps.withLock { $0.keys.sorted() } }

    /// Installs an app; it starts not running, on its first launch.
    ///
    /// - Throws: ``AppDirectoryError/duplicateBundleID(_:)``, ``AppDirectoryError/invalidScheme(_:)``
    ///   or ``AppDirectoryError/schemeAlreadyClaimed(scheme:by:)``.
    public func install(_ app: EmulatedApp) throws(AppDirectoryError) {
        for scheme in app.urlSchemes + app.queriesSchemes {
            let bytes = Array(scheme.utf8)
            guard let first = bytes.first, DeepLinkAction.isAlpha(first),
                bytes.allSatisfy(DeepLinkAction.isSchemeByte)
            else { throw .invalidScheme(scheme) }
        }
        let process = EmulatedAppProcess(clock: clock, device: properties)
        let result: Result<Void, AppDirectoryError> = apps.withLock { apps in
            if apps[app.bundleID] != nil { return .failure(.duplicateBundleID(app.bundleID)) }
            for scheme in app.urlSchemes {
                if let owner = apps.values.first(where: { $0.app.urlSchemes.contains(scheme) }) {
                    return .failure(.schemeAlreadyClaimed(scheme: scheme, by: owner.app.bundleID))
                }
            }
            apps[app.bundleID] = Installed(app: app, process: process)
            return .success(())
        }
        try result.get()
    }

    /// Deletes an app, with its process.
    ///
    /// - Throws: ``AppDirectoryError/notInstalled(bundleID:)``.
    public func uninstall(_ bundleID: String) throws(AppDirectoryError) {
        let removed = apps.withLock { $0.removeValue(forKey: bundleID) }
        guard removed != nil else { throw .notInstalled(bundleID: bundleID) }
    }

    /// The process of an installed app, or `nil` when it is not installed.
    public func process(of bundleID: String) -> EmulatedAppProcess? {
        apps.withLock { $0[bundleID]?.process }
    }

    /// The lifecycle of an installed app's process, or `nil` when it is not installed.
    public func lifecycle(of bundleID: String) -> AppLifecycle? {
        process(of: bundleID)?.lifecycle
    }

    /// The bundle ID of the installed app that registers `scheme`, or `nil`.
    public func bundleID(forScheme scheme: String) -> String? {
        let scheme = scheme.lowercased()
        return apps.withLock { apps in
            apps.values.first(where: { $0.app.urlSchemes.contains(scheme) })?.app.bundleID
        }
    }

    /// Whether an installed app can open `url`, as `UIApplication.canOpenURL(_:)` answers.
    ///
    /// When `source` is given, the answer is also `false` unless the source app
    /// lists the scheme in its ``EmulatedApp/queriesSchemes``, as iOS 9+ requires.
    public func canOpenURL(_ url: URL, from source: String? = nil) -> Bool {
        guard let scheme = url.scheme?.lowercased(), bundleID(forScheme: scheme) != nil else { return false }
        guard let source else { return true }
        return apps.withLock { $0[source]?.app.queriesSchemes.contains(scheme) ?? false }
    }

    /// Opens `url` in the app that registers its scheme, as `UIApplication.open(_:options:)` does.
    ///
    /// Opening needs no ``EmulatedApp/queriesSchemes`` entry. The delivery's
    /// classification is ``LaunchSource/urlScheme`` with `source` as the source application.
    ///
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - source: The bundle ID of the app asking; it moves to the background when it is active.
    public func open(_ url: URL, from source: String? = nil) async -> OpenURLResult {
        guard let scheme = url.scheme?.lowercased() else { return .failed(.invalidURL(url.absoluteString)) }
        guard let target = bundleID(forScheme: scheme) else { return .notInstalled(scheme: scheme) }
        if let source, source != target, let sourceProcess = process(of: source),
            sourceProcess.lifecycle.state == .active
        {
            sourceProcess.enterBackground()
        }
        do {
            let delivery = try bringToFront(
                target, options: .urlScheme(url, sourceApplication: source), passiveAllowed: false)
            return delivery.isColdLaunch ? .launched(delivery) : .delivered(delivery)
        } catch {
            return .failed(error)
        }
    }

    /// Launches an installed app with launch options, or brings a running one to the front.
    ///
    /// A not-running app gets `didFinishLaunching` in the mode its classification
    /// implies (``LaunchMode/init(_:)``): a background launch stops there; a
    /// foreground one continues to `didBecomeActive`. A running app in the
    /// background is brought to the front (a warm delivery). The app's
    /// ``EmulatedAppProcess/bringToFront(launching:_:)`` makes the decision.
    ///
    /// - Returns: What the app received.
    /// - Throws: ``AppDirectoryError/notInstalled(bundleID:)``, or
    ///   ``AppDirectoryError/lifecycle(bundleID:_:)`` for a background launch of a running app.
    @discardableResult
    public func launch(
        _ bundleID: String, options: LaunchOptions = .none
    ) throws(AppDirectoryError) -> AppOpenDelivery {
        try bringToFront(bundleID, options: options, passiveAllowed: true)
    }

    private func bringToFront(
        _ bundleID: String, options: LaunchOptions, passiveAllowed: Bool
    ) throws(AppDirectoryError) -> AppOpenDelivery {
        guard let installed = apps.withLock({ $0[bundleID] }) else { throw .notInstalled(bundleID: bundleID) }
        let classification = LaunchClassification(options: options)
        let mode = passiveAllowed ? LaunchMode(classification) : .foreground
        var delivery = AppOpenDelivery(
            bundleID: bundleID, classification: classification, isColdLaunch: false)
        do {
            try installed.process.bringToFront(launching: mode) { isColdLaunch in
                delivery.isColdLaunch = isColdLaunch
                installed.app.onOpen?(delivery)
            }
            return delivery
        } catch {
            throw .lifecycle(bundleID: bundleID, error)
        }
    }
}
