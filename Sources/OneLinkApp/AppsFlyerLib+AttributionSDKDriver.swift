@_spi(SDK7) import OneLinkEmulator

extension AppsFlyerLib: AttributionSDKDriver {}
