@_exported import OneLinkEmulator
@_exported import OneLinkReplay
