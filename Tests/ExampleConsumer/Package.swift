// swift-tools-version: 6.0
import PackageDescription

// An app's handler package, set up as Docs/testing.md describes, built against this checkout.
// CI runs `swift test --package-path Tests/ExampleConsumer`; the root package does not build it.
// The real SDK is left out: it is a binary framework for Apple platforms only. An app adds
//     .package(url: "https://github.com/AppsFlyerSDK/AppsFlyerFramework", from: "6.0.0")
// and, to AppLinks,
//     .product(name: "AppsFlyerLib", package: "AppsFlyerFramework", condition: .when(platforms: [.iOS]))
let package = Package(
    name: "ExampleConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "AppLinks", targets: ["AppLinks"])],
    dependencies: [.package(name: "OneLinkEmulator", path: "../..")],
    targets: [
        .target(
            name: "AppLinks",
            dependencies: [
                .product(
                    name: "OneLinkEmulator", package: "OneLinkEmulator",
                    condition: .when(platforms: [.macOS, .linux]))
            ]
        ),
        .testTarget(
            name: "AppLinksTests",
            dependencies: [
                "AppLinks", .product(name: "OneLinkEmulator", package: "OneLinkEmulator"),
                .product(name: "OneLinkEmulatorTestSupport", package: "OneLinkEmulator"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
