// swift-tools-version: 6.1
import PackageDescription

// An app that ships AppsFlyerLib-Strict (no IDFA, no ATT wait), tested against this checkout with
// the Strict trait. CI runs `swift test --package-path Tests/StrictConsumer`; the root package does
// not build it. An app on the real Strict build adds
//     .package(url: "https://github.com/AppsFlyerSDK/AppsFlyerFramework-Strict", from: "6.0.0")
// for its iOS target and keeps `.package(path: ..., traits: ["Strict"])` for the emulator.
let package = Package(
    name: "StrictConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "OneLinkEmulator", path: "../..", traits: ["Strict"])],
    targets: [
        .testTarget(
            name: "StrictAppTests",
            dependencies: [.product(name: "OneLinkEmulator", package: "OneLinkEmulator")],
            // SDKSurfaceNamesTests.swift (a link to the root package's test) checks the Strict surface.
            swiftSettings: [.define("Strict")]
        )
    ],
    swiftLanguageModes: [.v6]
)
