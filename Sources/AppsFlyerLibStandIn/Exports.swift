// The module `AppsFlyerLibStandIn`: exactly the emulator's SDK surface, for a client file that says
// `import AppsFlyerLib` and is compiled with `-module-alias AppsFlyerLib=AppsFlyerLibStandIn`
// (Docs/getting-started.md). Not named `AppsFlyerLib`: a target of that name would collide with a
// consumer's own, which SwiftPM refuses even when the consumer never uses this one.
//
// The package's one `@_exported import`, a deliberate exception to its rule (Docs/architecture.md):
// this module adds nothing of its own, it only renames OneLinkEmulator. Never put it in a target
// that also links the real SDK: both would be module `AppsFlyerLib` (Docs/getting-started.md).
@_exported import OneLinkEmulator
