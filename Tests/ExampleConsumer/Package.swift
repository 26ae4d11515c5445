// swift-tools-version: 6.1
import PackageDescription

// An app's handler package, set up as Docs/testing.md describes, built against this checkout.
// The real SDK is declared as an app's package declares it. It is a binary framework for Apple
// platforms only, and SwiftPM resolves (clones) every declared dependency, even one whose product
// is used only on iOS. The `RealSDK` trait keeps it out: enabled by default, so Xcode and the app
// get the real SDK on iOS; Linux CI runs `swift test --disable-default-traits`, and the dependency
// is then neither cloned nor built. CI runs exactly that:
//     swift test --package-path Tests/ExampleConsumer --disable-default-traits
let package = Package(
    name: "ExampleConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "AppLinks", targets: ["AppLinks"])],
    traits: [
        .trait(name: "RealSDK", description: "Link the real AppsFlyer SDK into AppLinks on iOS."),
        .default(enabledTraits: ["RealSDK"]),
    ],
    dependencies: [
        .package(url: "https://github.com/AppsFlyerSDK/AppsFlyerFramework", from: "6.0.0"),
        .package(name: "OneLinkEmulator", path: "../.."),
    ],
    targets: [
        .target(
            name: "AppLinks",
            dependencies: [
                // The app (iOS) gets the real SDK, unless the trait is off ...
                .product(
                    name: "AppsFlyerLib", package: "AppsFlyerFramework",
                    condition: .when(platforms: [.iOS], traits: ["RealSDK"])),
                // ... and `swift test` on a Mac or on Linux gets the emulator.
                .product(
                    name: "OneLinkEmulator", package: "OneLinkEmulator",
                    condition: .when(platforms: [.macOS, .linux])),
            ]
        ),
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
