// swift-tools-version: 6.1
import PackageDescription

// A consumer package with targets of its own named `AppsFlyerLib` and `AppTrackingTransparency`,
// built against this checkout. SwiftPM refuses two targets of one name in a package graph, even
// when the consumer uses no product of the package that declares the other one; this package
// builds only because OneLinkEmulator declares no target of either name. The two targets are the
// migration Docs/getting-started.md gives: client files keep `import AppsFlyerLib` and
// `import AppTrackingTransparency` unmodified. CI runs
//     swift test --package-path Tests/NameCollisionConsumer
var handlersDependencies: [Target.Dependency] = ["AppsFlyerLib"]
var targets: [Target] = [
    // The SDK under its real module name: one file, `@_exported import OneLinkEmulator`.
    .target(
        name: "AppsFlyerLib", dependencies: [.product(name: "OneLinkEmulator", package: "OneLinkEmulator")]),
    // The other way, for a package that also declares the real SDK (whose binary target is named
    // `AppsFlyerLib` too): the compiler's module alias, on the platforms that build the emulator.
    .target(
        name: "AliasHandlers",
        dependencies: [
            .product(
                name: "AppsFlyerLibStandIn", package: "OneLinkEmulator",
                condition: .when(platforms: [.macOS, .linux]))
        ],
        swiftSettings: [
            .unsafeFlags(
                ["-module-alias", "AppsFlyerLib=AppsFlyerLibStandIn"], .when(platforms: [.macOS, .linux]))
        ]),
    .testTarget(
        name: "HandlersTests",
        dependencies: [
            "Handlers", "AliasHandlers", .product(name: "OneLinkEmulator", package: "OneLinkEmulator"),
        ]),
]
// Apple's framework exists only on Apple platforms: elsewhere, a module of the same name that
// re-exports the emulator's stand-in. Declared only there, so a Mac build imports Apple's.
#if !canImport(Darwin)
    targets.append(
        .target(
            name: "AppTrackingTransparency",
            dependencies: [.product(name: "AppTrackingTransparencyStandIn", package: "OneLinkEmulator")]))
    handlersDependencies.append("AppTrackingTransparency")
#endif
targets.append(.target(name: "Handlers", dependencies: handlersDependencies))

let package = Package(
    name: "NameCollisionConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "OneLinkEmulator", path: "../..")],
    targets: targets,
    swiftLanguageModes: [.v6]
)
