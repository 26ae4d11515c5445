import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkServer
import Testing

/// The public conversion-data API for SDK attribution testing
/// (https://dev.appsflyer.com/hc/reference/overview-6): `GET /install_data/v4.0/{app-id}?devkey=&device_id=`
/// reads back what a device's install was answered; 404 for an unknown device, 403 for a bad dev key.
@Suite("Server: GCD API v4.0", .timeLimit(.minutes(5)))
struct GCDTests {
    func withServer(
        devKeys: Set<String> = ["DEV_KEY"], conversion: InMemoryConversionDataSource,
        _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        try await body(
            EmbeddedServer(configuration: .init(conversionDataSource: conversion, devKeys: devKeys)))
    }

    /// Runs `body` against a server whose only install is device `known`'s.
    func withKnownDevice(
        devKeys: Set<String> = ["DEV_KEY"], _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        try await withServer(devKeys: devKeys, conversion: InMemoryConversionDataSource()) { server in
            _ = try await Self.install("known", server: server)
            try await body(server)
        }
    }

    static func get(_ target: String, on server: EmbeddedServer) async throws -> RouteAnswer {
        try await server.call("GET", target)
    }

    /// Expects `status`, and `body` when given, for a GET of each of `targets`.
    static func expect(
        _ status: Int, body: String? = nil, for targets: [String], on server: EmbeddedServer,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for target in targets {
            let response = try await get(target, on: server)
            #expect(response.status == status, "\(target)", sourceLocation: sourceLocation)
            if let body { #expect(response.body == body, "\(target)", sourceLocation: sourceLocation) }
        }
    }

    /// The SDK's own install request, through the package's HTTP client.
    static func install(_ deviceID: String, server: EmbeddedServer) async throws -> AttributionPayload {
        try await server.backend(HTTPConversionDataSource.self).conversionData(
            for: InstallAttributionRequest(
                appID: "id123456789", devKey: "DEV_KEY", deviceID: deviceID,
                installTime: try #require(AttributionTimestamp.date(from: "2026-11-20 10:00:00.000")),
                device: DeviceInfo()))
    }

    @Test("after the SDK's install the API answers the same conversion data, organic or not; any app ID form")
    func readsBackInstalls() async throws {
        let conversion = InMemoryConversionDataSource()
        conversion[deviceID: "1600000000000-2"] = .nonOrganic([
            "media_source": "Email", "campaign": "spring", "match_type": "id_matching",
        ])
        try await withServer(conversion: conversion) { server in
            let organic = try await Self.install("1600000000000-1", server: server)
            let paid = try await Self.install("1600000000000-2", server: server)
            // Non-organic data gets the keys of the reference's example the SDK adds on its own path.
            var paidPage = paid
            paidPage["iscache"] = .bool(true)
            paidPage["is_incentivized"] = .bool(false)
            for (device, expected) in [("1600000000000-1", organic), ("1600000000000-2", paidPage)] {
                for app in ["id123456789", "123456789"] {
                    let response = try await Self.get(
                        "/install_data/v4.0/\(app)?devkey=DEV_KEY&device_id=\(device)", on: server)
                    #expect(response.status == 200)
                    #expect(try AttributionPayload(jsonString: response.body) == expected)
                }
            }
            #expect(organic["af_status"] == .string("Organic"))
            #expect(paid["af_status"] == .string("Non-organic"))
        }
    }

    @Test("an unknown device, or another app's, is the documented 404")
    func unknownDevice() async throws {
        try await withKnownDevice { server in
            try await Self.expect(
                404,
                body:
                    #"{"error_reason":"Attribution data for this AppsFlyer ID is not available","status_code":404}"#,
                for: [
                    "/install_data/v4.0/id123456789?devkey=DEV_KEY&device_id=stranger",
                    "/install_data/v4.0/id999?devkey=DEV_KEY&device_id=known",
                    "/install_data/v4.0/id123456789?devkey=DEV_KEY",
                ], on: server)
        }
    }

    @Test("a wrong or missing dev key is 403; without configured keys any non-empty key is accepted")
    func devKeys() async throws {
        try await withKnownDevice { server in
            try await Self.expect(
                403,
                for: [
                    "/install_data/v4.0/id123456789?devkey=WRONG&device_id=known",
                    "/install_data/v4.0/id123456789?device_id=known",
                ], on: server)
        }
        try await withKnownDevice(devKeys: []) { server in
            let any = try await Self.get(
                "/install_data/v4.0/id123456789?devkey=x&device_id=known", on: server)
            #expect(any.status == 200)
            let none = try await Self.get("/install_data/v4.0/id123456789?device_id=known", on: server)
            #expect(none.status == 403)
        }
    }
}
