import Foundation
import OneLinkEmulator
import OneLinkServer
import Testing

/// The Push API's per-endpoint message-type and field selection (the configuration API's
/// `event_types` and `selected_fields`, https://dev.appsflyer.com/hc/reference/get_app-app-id)
/// through a running server with a loopback receiver.
@Suite("Server: Push API message types and fields selected", .timeLimit(.minutes(5)))
struct PushAPISelectionTests {
    static let idfa = "CCCCCCCC-1111-2222-3333-444444444444"

    @Test("only the selected message types are sent: an install's in-app event goes, the install does not")
    func eventTypes() async throws {
        try await PushAPIRetargetingTests().withServer(settings: {
            $0.selectedEventTypes = ["install-in-app-event", "organic-install-in-app-event"]
        }) { running in
            _ = try await running.install("device-types", advertisingID: Self.idfa)
            try await running.event("device-types", at: running.clock.now)
            let first = try await running.next()
            #expect(first["event_name"] == "af_purchase", "the install message was not sent")
            #expect(running.server.pushDeliveries.map(\.messageType) == ["organic-install-in-app-event"])
        }
    }

    @Test("only the selected fields are sent, and a selected field the message lacks stays out")
    func fields() async throws {
        try await PushAPIRetargetingTests().withServer(settings: {
            $0.selectedFields = ["event_name", "appsflyer_id", "media_source", "af_sub1"]
        }) { running in
            _ = try await running.install("device-fields", advertisingID: Self.idfa)
            let install = try await running.next()
            #expect(
                install == [
                    "event_name": "install", "appsflyer_id": "device-fields", "media_source": "organic",
                ])
        }
    }

    @Test("every type the emulator sends is one of the configuration API's event_types")
    func knownTypes() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            _ = try await running.install("device-known", advertisingID: Self.idfa)
            try await running.event("device-known", at: running.clock.now)
            _ = try await running.next()
            _ = try await running.next()
            for delivery in running.server.pushDeliveries {
                #expect(PushAPISettings.eventTypes.contains(delivery.messageType), "\(delivery.messageType)")
            }
        }
    }
}
