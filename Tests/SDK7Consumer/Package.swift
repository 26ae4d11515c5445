// swift-tools-version: 6.1
import PackageDescription

// An app's handler tests written only against the AppsFlyer iOS SDK 7 names, built against this
// checkout with the SDK7 trait. CI runs `swift test --package-path Tests/SDK7Consumer`; the root
// package does not build it. An app on the real SDK 7 adds
//     .package(url: "https://github.com/AppsFlyerSDK/AppsFlyerFramework", from: "7.0.0")
// and keeps `.package(path: ..., traits: ["SDK7"])` (or the URL form) for the emulator.
let package = Package(
    name: "SDK7Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "OneLinkEmulator", path: "../..", traits: ["SDK7"])],
    targets: [
        .testTarget(
            name: "SDK7CompatibilityTests",
            dependencies: [.product(name: "OneLinkEmulator", package: "OneLinkEmulator")],
            // SDKSurfaceNamesTests.swift (a link to the root package's test) checks the SDK 7 list.
            swiftSettings: [.define("SDK7")]
        )
    ],
    swiftLanguageModes: [.v6]
)

// On hosts without Darwin the package's ATT stand-in plays the prompt for the apps that ask for
// tracking permission (TrackingSampleApps7.swift imports whichever exists), as
// Docs/sdk-versions.md tells a consumer to add it.
#if !canImport(Darwin)
    for target in package.targets where target.name == "SDK7CompatibilityTests" {
        target.dependencies.append(
            .product(name: "AppTrackingTransparencyStandIn", package: "OneLinkEmulator"))
    }
#endif
