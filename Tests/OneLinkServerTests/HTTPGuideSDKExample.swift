import Foundation
import OneLinkEmulator
import OneLinkHTTP

func makeSDK() throws -> AppsFlyerLib {
    let base = URL(string: "http://127.0.0.1:8080")!  // or https://attribution-stub.example.com
    let sdk = AppsFlyerLib(
        shortLinkResolver: try HTTPShortLinkResolver(
            baseURL: base, headerProvider: { ["X-Test-Run": "42"] }),
        conversionDataSource: try HTTPConversionDataSource(baseURL: base),
        deferredDeepLinkSource: try HTTPDeferredDeepLinkSource(baseURL: base))
    sdk.deepLinkTimeout = 5000  // also bounds each short-link request
    return sdk
}
