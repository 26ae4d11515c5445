@_exported import OneLinkEmulator
