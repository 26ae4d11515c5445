extension AppsFlyerLib: AttributionSDKDriver {}
