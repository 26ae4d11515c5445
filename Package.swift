// swift-tools-version: 6.1
import PackageDescription

// CI (and `.ci/run`) sets ONELINK_STRICT=1 to turn every warning into an error.
// The flag is applied only then, so the package stays usable as a dependency.
let strict = Context.environment["ONELINK_STRICT"] == "1"
let strictSettings: [SwiftSetting] = strict ? [.unsafeFlags(["-warnings-as-errors"])] : []
// Existentials are spelled `any P` in the package's own code. Consumer-shaped test code keeps the
// spelling real apps use (`_ error: Error`), so that target builds without the feature.
// A file imports every module whose members it uses (MemberImportVisibility, SE-0444).
// A plain `import` is internal: a module whose names a public (or package) declaration uses is
// imported `public` (or `package`) in that file (InternalImportsByDefault, SE-0409).
// A nonisolated async function runs on its caller's actor; one that must leave it is marked
// `@concurrent` (NonisolatedNonsendingByDefault, SE-0461).
let settings: [SwiftSetting] =
    [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ] + strictSettings

let package = Package(
    name: "OneLinkEmulator",
    // The floor is set by Duration, ContinuousClock, Clock and Task.sleep(for:) in the public API
    // (Swift 5.7 runtime). Anything newer is guarded; Docs/platforms.md lists it and
    // Scripts/availability-audit.sh checks it.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "OneLinkEmulator", targets: ["OneLinkEmulator"]),
        .library(name: "OneLinkHTTP", targets: ["OneLinkHTTP"]),
        .library(name: "OneLinkApp", targets: ["OneLinkApp"]),
        .library(name: "OneLinkClicks", targets: ["OneLinkClicks"]),
        .library(name: "OneLinkServer", targets: ["OneLinkServer"]),
        .library(name: "OneLinkReplay", targets: ["OneLinkReplay"]),
        .library(name: "OneLinkEmulatorTestSupport", targets: ["OneLinkEmulatorTestSupport"]),
        .library(name: "OneLinkReplayTestSupport", targets: ["OneLinkReplayTestSupport"]),
        .executable(name: "onelink-replay", targets: ["onelink-replay"]),
        .executable(name: "onelink-bench", targets: ["onelink-bench"]),
        // `swift package onelink-replay run Tests/Scenarios` in a package that depends on this one.
        .plugin(name: "onelink-replay-plugin", targets: ["OneLinkReplayPlugin"]),
    ],
    // A consumer that enables the SDK7 trait gets the AppsFlyer iOS SDK 7 names from OneLinkEmulator
    // (`#if SDK7` in the sources); without it the SDK 6 names stay. Docs/migrating-to-sdk7.md.
    // A consumer that enables the Strict trait gets the AppsFlyerLib-Strict build: no IDFA names, no
    // ATT wait, and no advertising ID in any request (Docs/sdk-versions.md, "The Strict build").
    traits: [
        .trait(
            name: "SDK7",
            description: "Expose the AppsFlyer iOS SDK 7 surface (renames, removals, session-ready listener)."
        ),
        .trait(
            name: "Strict",
            description:
                "Play AppsFlyerLib-Strict: no advertisingIdentifier, disableAdvertisingIdentifier or waitForATTUserAuthorization, and no IDFA sent."
        ),
    ],
    targets: [
        // What several modules share and no app sees: the lock, bounded histories, quoting input in
        // messages, reading regular files, header lookup, the SDK's endpoints, the argument reader.
        // Not a product: its declarations are `package`.
        .target(name: "OneLinkSupport", swiftSettings: settings),
        // The SDK: everything `import OneLinkEmulator` gives an app's handler tests.
        .target(name: "OneLinkEmulator", dependencies: ["OneLinkSupport"], swiftSettings: settings),
        // The HTTP backends and their URLSession transport, apart so in-memory tests link no networking.
        .target(
            name: "OneLinkHTTP", dependencies: ["OneLinkEmulator", "OneLinkSupport"], swiftSettings: settings),
        // The app side: devices, launches, lifecycle, UIKit stand-ins, pending routing.
        .target(
            name: "OneLinkApp", dependencies: ["OneLinkEmulator", "OneLinkSupport"], swiftSettings: settings),
        // The click service: OneLink clicks, the click store, click-to-install matching.
        .target(
            name: "OneLinkClicks", dependencies: ["OneLinkEmulator", "OneLinkSupport"],
            swiftSettings: settings),
        // The HTTP transport that serves the SDK's and the click service's endpoints on loopback.
        .target(
            name: "OneLinkServer", dependencies: ["OneLinkEmulator", "OneLinkClicks", "OneLinkSupport"],
            swiftSettings: settings
        ),
        .target(
            name: "OneLinkReplay",
            dependencies: [
                "OneLinkEmulator", "OneLinkApp", "OneLinkClicks", "OneLinkSupport",
            ],
            swiftSettings: settings
        ),
        .target(
            name: "OneLinkEmulatorTestSupport", dependencies: ["OneLinkEmulator", "OneLinkSupport"],
            swiftSettings: settings),
        // One-line scenario checks in a test: replay plus the kit's failure reporting. Apart from
        // OneLinkReplay, which the onelink-replay tool shares and which links no test framework.
        .target(
            name: "OneLinkReplayTestSupport",
            dependencies: ["OneLinkEmulator", "OneLinkEmulatorTestSupport", "OneLinkReplay"],
            swiftSettings: settings),
        .executableTarget(
            name: "onelink-replay",
            dependencies: [
                "OneLinkEmulator", "OneLinkClicks", "OneLinkServer", "OneLinkReplay", "OneLinkSupport",
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "onelink-bench",
            dependencies: [
                "OneLinkEmulator", "OneLinkHTTP", "OneLinkReplay", "OneLinkServer", "OneLinkSupport",
            ],
            swiftSettings: settings
        ),
        // Forwards its arguments to the onelink-replay tool, built for the host (Docs/scenarios.md).
        .plugin(
            name: "OneLinkReplayPlugin",
            capability: .command(
                intent: .custom(
                    verb: "onelink-replay",
                    description: "Run onelink-replay (run, diagram, serve, payloads) on this package's files")
            ),
            dependencies: ["onelink-replay"]
        ),
        // A child process for the crash-safety test: it keeps saving device state until killed.
        .executableTarget(
            name: "onelink-store-writer",
            dependencies: ["OneLinkEmulator", "OneLinkStoreWriterState"],
            path: "Tests/Support/onelink-store-writer",
            swiftSettings: settings
        ),
        // A plain program that spins RunLoop.main, for the main-queue delivery test.
        .executableTarget(
            name: "onelink-runloop-client",
            dependencies: ["OneLinkSupport", "OneLinkEmulator"],
            path: "Tests/Support/onelink-runloop-client",
            swiftSettings: settings
        ),
        // The states the writer saves, shared with the crash-safety test. Not a product, and apart
        // from the test-support kit so the writer links neither Testing nor XCTest.
        .target(
            name: "OneLinkStoreWriterState", dependencies: ["OneLinkEmulator"],
            path: "Tests/Support/OneLinkStoreWriterState", swiftSettings: settings),
        // Repetition counts: a handful by default, the full soak counts with ONELINK_SOAK (Docs/testing.md).
        .target(name: "OneLinkTestSoak", path: "Tests/Support/OneLinkTestSoak", swiftSettings: settings),
        // Blocking test work (child processes, sockets) moved off the cooperative pool.
        .target(
            name: "OneLinkTestThreads", path: "Tests/Support/OneLinkTestThreads", swiftSettings: settings),
        // Click fixtures shared by the click-service tests and the SDK's invite and bounds tests.
        .target(
            name: "OneLinkClickFixtures", dependencies: ["OneLinkEmulator", "OneLinkClicks"],
            path: "Tests/Support/OneLinkClickFixtures", swiftSettings: settings),
        // Hostile inputs of Payloads/bad-input, shared by the SDK's, the HTTP backends', the server's and
        // replay's bad-input tests.
        .target(
            name: "OneLinkBadInputCorpus", dependencies: ["OneLinkEmulator"],
            path: "Tests/Support/OneLinkBadInputCorpus", swiftSettings: settings),
        .testTarget(
            name: "OneLinkEmulatorTests",
            dependencies: [
                "OneLinkEmulator", "OneLinkSupport", "OneLinkEmulatorTestSupport", "OneLinkBadInputCorpus",
                "OneLinkStoreWriterState", "OneLinkTestThreads", "OneLinkTestSoak", "onelink-store-writer",
                "onelink-runloop-client",
                // Still here (issue 39 leaves them): the SDK's invite links and bounded request logs against
                // the click service, and the app side's lifecycle driving it.
                "OneLinkClicks", "OneLinkClickFixtures", "OneLinkApp",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "OneLinkHTTPTests",
            dependencies: [
                "OneLinkHTTP", "OneLinkEmulator", "OneLinkSupport", "OneLinkEmulatorTestSupport",
                "OneLinkBadInputCorpus", "OneLinkClicks",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "OneLinkSupportTests", dependencies: ["OneLinkSupport"], swiftSettings: settings),
        // The commands of onelink-replay, run in process (`@testable import onelink_replay`); the
        // signal tests alone start the built executable, since the process boundary is what they test.
        .testTarget(
            name: "OneLinkReplayToolTests",
            dependencies: [
                "onelink-replay", "OneLinkApp", "OneLinkEmulator", "OneLinkReplay", "OneLinkServer",
                "OneLinkSupport",
                "OneLinkTestThreads", "OneLinkTestSoak",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "OneLinkBenchTests", dependencies: ["onelink-bench", "OneLinkSupport"],
            swiftSettings: settings),
        .testTarget(
            name: "OneLinkAppTests",
            dependencies: ["OneLinkApp", "OneLinkEmulator", "OneLinkSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "OneLinkClicksTests",
            dependencies: ["OneLinkClicks", "OneLinkClickFixtures", "OneLinkEmulator", "OneLinkServer"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "OneLinkServerTests",
            dependencies: [
                "OneLinkBadInputCorpus",
                "OneLinkSupport",
                "OneLinkServer", "OneLinkEmulator", "OneLinkClicks", "OneLinkEmulatorTestSupport",
                "OneLinkTestThreads", "OneLinkTestSoak", "OneLinkHTTP",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "OneLinkReplayTests",
            dependencies: [
                "OneLinkReplay", "OneLinkApp", "OneLinkClicks", "OneLinkEmulator",
                "OneLinkEmulatorTestSupport", "OneLinkBadInputCorpus",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "OneLinkEmulatorTestSupportTests",
            dependencies: [
                "OneLinkSupport",
                "OneLinkEmulatorTestSupport", "OneLinkEmulator", "OneLinkReplay", "OneLinkReplayTestSupport",
                "OneLinkServer",
                "OneLinkTestThreads", "OneLinkTestSoak",
            ],
            swiftSettings: settings),
        // Package.swift's dependencies against the files' imports, and the graph in Docs/architecture.md.
        .testTarget(
            name: "PackageStructureTests", dependencies: ["OneLinkTestThreads"], swiftSettings: settings),
        .testTarget(
            name: "ConsumerCompatibilityTests",
            // OneLinkHTTP, OneLinkServer, OneLinkSupport and the tool: PurchaseServeTests sends the
            // surface files' purchases to `onelink-replay serve`, run in process.
            dependencies: [
                "OneLinkEmulator", "OneLinkHTTP", "OneLinkServer", "OneLinkSupport", "onelink-replay",
            ],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)

// The emulator's SDK surface under a module name of its own, for client files that say
// `import AppsFlyerLib` (Docs/getting-started.md). No target here is named `AppsFlyerLib` or
// `AppTrackingTransparency`: SwiftPM refuses two targets of one name in a package graph, even one
// the consumer never uses, so such a target would break every consumer package with its own
// (Tests/NameCollisionConsumer). The consumer-shaped targets keep their unmodified
// `import AppsFlyerLib` through the compiler's module alias. Never in a target that links the real SDK.
let appsFlyerLibAlias: [SwiftSetting] = [.unsafeFlags(["-module-alias", "AppsFlyerLib=AppsFlyerLibStandIn"])]
package.products.append(.library(name: "AppsFlyerLibStandIn", targets: ["AppsFlyerLibStandIn"]))
package.targets += [
    .target(name: "AppsFlyerLibStandIn", dependencies: ["OneLinkEmulator"], swiftSettings: settings),
    // Consumer-shaped: `import AppsFlyerLib` only, without ExistentialAny, as app code is.
    .testTarget(
        name: "AppsFlyerLibModuleTests", dependencies: ["AppsFlyerLibStandIn"],
        swiftSettings: strictSettings + appsFlyerLibAlias),
]
// Consumer-shaped files say `#if canImport(AppsFlyerLib)`, as a client file that builds with the real
// SDK or the emulator does; declared, the branch they take never depends on build order.
for target in package.targets
where ["ConsumerCompatibilityTests", "OneLinkEmulatorTestSupportTests"].contains(target.name) {
    target.dependencies.append("AppsFlyerLibStandIn")
    target.swiftSettings = (target.swiftSettings ?? []) + appsFlyerLibAlias
}

// Apple's AppTrackingTransparency exists only on Apple platforms. Elsewhere the package offers a
// stand-in module (Sources/AppTrackingTransparencyStandIn), so app code that asks for tracking
// permission compiles in a package's tests; on a Darwin host the product does not exist, so
// `import AppTrackingTransparency` is always Apple's framework there (Docs/platforms.md). Not named
// like Apple's framework, for the reason given above for AppsFlyerLibStandIn.
#if !canImport(Darwin)
    package.products.append(
        .library(name: "AppTrackingTransparencyStandIn", targets: ["AppTrackingTransparencyStandIn"]))
    package.targets.append(
        .target(
            name: "AppTrackingTransparencyStandIn", dependencies: ["OneLinkEmulator"], swiftSettings: settings
        ))
    // Foundation on Linux has no NSUserActivity: the stand-in is a module of its own, which the SDK
    // uses and a file that handles activities without the SDK can import (Docs/sdk-versions.md).
    package.products.append(.library(name: "UserActivityStandIn", targets: ["UserActivityStandIn"]))
    package.targets.append(.target(name: "UserActivityStandIn", swiftSettings: settings))
    // Every target with a file that imports it under `#if !canImport(Darwin)`.
    for target in package.targets
    where [
        "OneLinkEmulator", "OneLinkApp", "OneLinkEmulatorTests", "OneLinkReplayTests",
        "OneLinkEmulatorTestSupportTests",
    ]
    .contains(target.name) {
        target.dependencies.append("UserActivityStandIn")
    }
    // The import switch of Docs/sdk-versions.md, as a consumer without the alias writes it.
    for target in package.targets where target.name == "OneLinkEmulatorTestSupportTests" {
        target.dependencies.append("AppTrackingTransparencyStandIn")
    }
    // TrackingPromptApp keeps its unmodified `import AppTrackingTransparency`.
    for target in package.targets where target.name == "ConsumerCompatibilityTests" {
        target.dependencies += ["AppTrackingTransparencyStandIn", "UserActivityStandIn"]
        target.swiftSettings =
            (target.swiftSettings ?? []) + [
                .unsafeFlags(["-module-alias", "AppTrackingTransparency=AppTrackingTransparencyStandIn"])
            ]
    }
#endif
