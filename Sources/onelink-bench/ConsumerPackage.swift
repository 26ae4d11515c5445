import Foundation

/// A handler package as an app team writes one: a path dependency on the emulator and one test target
/// that imports `OneLinkEmulator` and `OneLinkEmulatorTestSupport` and uses in-memory backends only.
///
/// ``BuildTimeBenchmark`` times its clean `swift build --build-tests` and the rebuild after its test
/// file is touched. The test uses only names both the working tree and older revisions have.
enum ConsumerPackage {
    /// The test file, in `Tests/HandlerTests`.
    static func testFile(in folder: URL) -> URL {
        folder.appendingPathComponent("Tests/HandlerTests/HandlerTests.swift")
    }

    /// Writes the package into `folder`, depending on the package at `dependency`.
    static func write(to folder: URL, dependency: URL) throws {
        // SwiftPM names a path dependency after its folder.
        let identity = dependency.lastPathComponent
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "HandlerBenchConsumer",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: \(literal(dependency.path)))],
                targets: [
                    .testTarget(
                        name: "HandlerTests",
                        dependencies: [
                            .product(name: "OneLinkEmulator", package: \(literal(identity))),
                            .product(name: "OneLinkEmulatorTestSupport", package: \(literal(identity))),
                        ])
                ]
            )

            """
        let test = """
            import Foundation
            import OneLinkEmulator
            import OneLinkEmulatorTestSupport
            import Testing

            /// The app's deep-link handling: it remembers the value to route to.
            // @unchecked as app code writes it: the routed values are only touched under the lock.
            final class Router: NSObject, AppsFlyerLibDelegate, @unchecked Sendable {
                private let lock = NSLock()
                private var routed: [String] = []

                var destinations: [String] { lock.withLock { routed } }

                func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
                func onConversionDataFail(_ error: Error) {}
                func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
                    guard let value = attributionData["deep_link_value"] as? String else { return }
                    lock.withLock { routed.append(value) }
                }
            }

            /// What the app delegate does at launch and when iOS hands it a link.
            func launch(_ sdk: AppsFlyerLib, router: Router, opening url: URL) {
                sdk.appsFlyerDevKey = "DEV_KEY"
                sdk.appleAppID = "123456789"
                sdk.delegate = router
                sdk.start()
                sdk.handleOpen(url, options: [:])
            }

            @Test func shortLinkRoutesToItsValue() async throws {
                let clock = ManualClock()
                let sdk = AppsFlyerLib(
                    shortLinkResolver: .inMemory(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
                    conversionDataSource: .inMemory(.organic, clock: clock),
                    deferredDeepLinkSource: .inMemory(clock: clock), deviceStore: .inMemory(), clock: clock)
                sdk.callbackDelivery = .sdkQueue
                let recorder = CallbackRecorder(observing: sdk)
                let router = Router()
                let url = try #require(URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a"))
                launch(sdk, router: router, opening: url)
                await sdk.waitUntilIdle()
                #expect(recorder.names.sorted() == ["onAppOpenAttribution", "onConversionDataSuccess"])
                #expect(router.destinations == ["apples"])
            }

            """
        let tests = testFile(in: folder)
        try FileManager.default.createDirectory(
            at: tests.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        try Data(test.utf8).write(to: tests)
    }

    /// `text` as a Swift string literal.
    private static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
