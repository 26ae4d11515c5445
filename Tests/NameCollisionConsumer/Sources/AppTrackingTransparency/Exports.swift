// The consumer's own module `AppTrackingTransparency` (Linux only): the emulator's ATT stand-in
// under Apple's framework name.
@_exported import AppTrackingTransparencyStandIn
