// The consumer's own module `AppsFlyerLib`: the emulator's SDK surface under the real SDK's module
// name, so the handler files below say `import AppsFlyerLib` as they do in the app.
@_exported import OneLinkEmulator
