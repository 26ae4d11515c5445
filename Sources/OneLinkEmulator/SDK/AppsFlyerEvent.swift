/// One callback the SDK delivered, in typed form.
///
/// Every callback is also published on ``AppsFlyerLib/events`` and returned
/// by ``AppsFlyerLib/perform(_:)``, whether or not a delegate was set.
public enum AppsFlyerEvent: Sendable, Equatable {
    /// `onConversionDataSuccess` with the conversion data.
    case conversionDataSuccess(AttributionPayload)
    /// `onConversionDataFail` with the error.
    case conversionDataFail(AttributionError)
    /// `onAppOpenAttribution` with the link's attribution data.
    case appOpenAttribution(AttributionPayload)
    /// `onAppOpenAttributionFailure` with the error.
    case appOpenAttributionFailure(AttributionError)
    /// `didResolveDeepLink` with the UDL result.
    case deepLink(DeepLinkResult)

    /// The delegate method this event calls, such as `onConversionDataSuccess`.
    public var callbackName: String {
        switch self {
        case .conversionDataSuccess: return "onConversionDataSuccess"
        case .conversionDataFail: return "onConversionDataFail"
        case .appOpenAttribution: return "onAppOpenAttribution"
        case .appOpenAttributionFailure: return "onAppOpenAttributionFailure"
        case .deepLink: return "didResolveDeepLink"
        }
    }

    /// The payload the callback carries: conversion data, attribution data or the deep link's click event.
    public var payload: AttributionPayload? {
        switch self {
        case .conversionDataSuccess(let payload), .appOpenAttribution(let payload): return payload
        case .deepLink(let result): return result.deepLink?.clickEventPayload
        default: return nil
        }
    }

    /// The error the callback carries, if it is a failure.
    public var error: AttributionError? {
        switch self {
        case .conversionDataFail(let error), .appOpenAttributionFailure(let error): return error
        case .deepLink(let result): return result.attributionError
        default: return nil
        }
    }
}

extension AppsFlyerEvent: CustomStringConvertible {
    /// The callback name followed by its payload or error.
    public var description: String {
        switch self {
        case .deepLink(let result): return "\(callbackName) \(result)"
        default:
            if let payload { return "\(callbackName) \(payload.jsonText())" }
            return "\(callbackName) \(error?.explanation ?? "")"
        }
    }
}
