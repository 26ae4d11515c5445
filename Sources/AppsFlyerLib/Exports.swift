// The module `AppsFlyerLib`: exactly the emulator's SDK surface under the real SDK's module name, so
// a client file that says `import AppsFlyerLib` compiles unmodified in a package's tests.
//
// The package's one `@_exported import`, a deliberate exception to its rule (Docs/architecture.md):
// this module adds nothing of its own, it only renames OneLinkEmulator. Never put it in a target
// that also links the real SDK: both would be module `AppsFlyerLib` (Docs/getting-started.md).
@_exported import OneLinkEmulator
