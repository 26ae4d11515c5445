// swift-tools-version: 6.1
import PackageDescription

// An app's handler package, set up as Docs/testing.md recommends, built against this checkout.
// The real SDK is a binary framework for Apple platforms only, and SwiftPM resolves (clones) every
// dependency a manifest declares, even one whose product is used only on iOS. So the manifest
// declares it only when it is evaluated on an Apple host: a Mac (Xcode, `xcodebuild`, `swift test`)
// gets the real SDK for the iOS app, and Linux resolves and builds with plain `swift build` and
// `swift test`, no flag, nothing cloned. CI runs exactly that:
//     swift test --package-path Tests/ExampleConsumer
var dependencies: [Package.Dependency] = [.package(name: "OneLinkEmulator", path: "../..")]
var appLinksDependencies: [Target.Dependency] = [
    // `swift test` on a Mac or on Linux builds the handler code against the emulator ...
    .product(
        name: "OneLinkEmulator", package: "OneLinkEmulator", condition: .when(platforms: [.macOS, .linux]))
]
#if canImport(Darwin)
    dependencies.append(.package(url: "https://github.com/AppsFlyerSDK/AppsFlyerFramework", from: "6.0.0"))
    // ... and the app (iOS) gets the real SDK.
    appLinksDependencies.append(
        .product(name: "AppsFlyerLib", package: "AppsFlyerFramework", condition: .when(platforms: [.iOS])))
#endif

let package = Package(
    name: "ExampleConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "AppLinks", targets: ["AppLinks"])],
    dependencies: dependencies,
    targets: [
        .target(name: "AppLinks", dependencies: appLinksDependencies),
        .testTarget(
            name: "AppLinksTests",
            dependencies: [
                "AppLinks", .product(name: "OneLinkEmulator", package: "OneLinkEmulator"),
                .product(name: "OneLinkEmulatorTestSupport", package: "OneLinkEmulator"),
                // ScenarioCheck: the scenario runner, with the kit above reporting its failures.
                .product(name: "OneLinkReplay", package: "OneLinkEmulator"),
                .product(name: "OneLinkReplayTestSupport", package: "OneLinkEmulator"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
