import Foundation
import Testing

/// The HTTP backends and their transport are the `OneLinkHTTP` module's, not the SDK module's: a
/// handler package's tests that use only in-memory backends import `OneLinkEmulator` and get no
/// HTTP type, no `.http(...)` factory and no URLSession transport.
@Suite("The HTTP backends live in OneLinkHTTP", .timeLimit(.minutes(5)))
struct HTTPModuleSplitTests {
    /// Every public type of OneLinkHTTP.
    static let httpTypes = [
        "HTTPBackend", "HTTPBackendConfiguration", "HTTPShortLinkResolver", "HTTPConversionDataSource",
        "HTTPDeferredDeepLinkSource", "HTTPLaunchRecorder", "HTTPEventRecorder", "HTTPShortLinkCreator",
        "HTTPTransport", "URLSessionHTTPTransport", "HTTPRequest", "HTTPResponse",
    ]

    /// The backend protocols of the SDK module that OneLinkHTTP gives a `.http(...)` factory.
    static let backendProtocols = [
        "ShortLinkResolver", "ConversionDataSource", "DeferredDeepLinkSource", "LaunchRecorder",
        "EventRecorder",
        "ShortLinkCreator",
    ]

    @Test("OneLinkEmulator's symbol graph has no HTTP type or factory; OneLinkHTTP's has them all")
    func symbolGraphsSplit() async throws {
        let (sdk, http, factories) = try await SymbolGraphNames.onThread {
            (
                try SymbolGraphNames.publicNames(module: "OneLinkEmulator"),
                try SymbolGraphNames.publicNames(module: "OneLinkHTTP"),
                try SymbolGraphNames.publicNames(module: "OneLinkHTTP", extensionsOf: "OneLinkEmulator")
            )
        }
        #expect(sdk.count > 100 && http.count > 20, "both graphs have the modules' names")
        for type in Self.httpTypes {
            #expect(http.contains(type), "OneLinkHTTP declares \(type)")
            let inSDK = sdk.filter { $0 == type || $0.hasPrefix(type + ".") }
            #expect(inSDK.isEmpty, "OneLinkEmulator still declares \(inSDK)")
        }
        for backend in Self.backendProtocols {
            #expect(
                factories.contains { $0.hasPrefix("\(backend).http(baseURL:") },
                "OneLinkHTTP gives \(backend) its .http factory")
            #expect(!sdk.contains { $0.hasPrefix("\(backend).http(") }, "OneLinkEmulator has \(backend).http")
        }
        // The real SDK's own names may say HTTP (`allHTTPHeaderFieldsForResolveDeepLinkURL`); none starts with it.
        let httpNamed = sdk.filter { name in
            name.split(separator: ".").contains { $0.hasPrefix("HTTP") || $0.contains("URLSession") }
        }
        #expect(httpNamed.isEmpty, "SDK names of HTTP types: \(httpNamed)")
    }
}
