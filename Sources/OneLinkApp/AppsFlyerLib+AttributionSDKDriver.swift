import OneLinkEmulator

extension AppsFlyerLib: AttributionSDKDriver {}
