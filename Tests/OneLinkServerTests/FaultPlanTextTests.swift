import Foundation
import OneLinkServer
import OneLinkTestThreads
import Testing

/// `serve --fault ROUTE=FAULT`: the text form of a fault plan, and a served fault.
@Suite("Server: fault rules as text (serve --fault)", .timeLimit(.minutes(5)))
struct FaultPlanTextTests {
    @Test("each fault reads, several on one route add up, and bad rules say why")
    func parsing() throws {
        var plan = FaultPlan.none
        try plan.add(rule: "install_data=status:503")
        try plan.add(rule: "shortlink=delay:2s,garbage-body")
        try plan.add(rule: "shortlink=delay:250ms")
        try plan.add(rule: "onelink_api=body:[1],close")
        try plan.add(
            rule: "wrapper=redirect-chain:11,redirect-loop,truncated-body,reset-mid-body,close-after-head")
        try plan.add(rule: "click=oversized-body:4096")
        #expect(plan[.route(.installData)] == [.status(503)])
        #expect(plan[.route(.shortLink)] == [.delay(.seconds(2)), .garbageBody, .delay(.milliseconds(250))])
        #expect(plan[.route(.oneLinkAPI)] == [.body("[1]"), .closeWithoutResponse])
        #expect(
            plan[.route(.wrapper)] == [
                .redirectChain(hops: 11), .redirectLoop, .truncatedBody, .resetMidBody, .closeAfterHead,
            ])
        #expect(plan[.route(.click)] == [.oversizedBody(bytes: 4096)])
        for bad in [
            "nowhere=status:503", "install_data", "install_data=status:99", "install_data=delay:2h",
            "install_data=teapot", "install_data=close:now",
        ] {
            var plan = FaultPlan.none
            #expect(throws: FaultPlan.TextError.self, "\(bad)") { try plan.add(rule: bad) }
        }
    }

    @Test("serve --fault injects the fault from the first request")
    func servedFault() async throws {
        let child = try await BrowserServeChild(arguments: ["--fault", "install_data=status:503"])
        let response: RawHTTPConnection.Response
        do {
            response = try await child.get(
                "/install_data/v5.0/id1?device_id=d&install_time=2020-08-12%2015%3A08%3A33.500")
        } catch {
            try await child.stop()
            throw error
        }
        try await child.stop()
        #expect(response.status == 503)
        #expect(response.body == #"{"error_reason":"injected fault","status_code":503}"#)
    }
}

/// The admin route sets, shows and lifts the fault plan of a server.
@Suite("Server: the fault admin route", .timeLimit(.minutes(5)))
struct FaultAdminRouteTests {
    @Test(
        "PUT sets the rules (the route itself takes none), GET shows them, DELETE lifts them; a bad rule is 400"
    )
    func setShowAndLift() async throws {
        let server = EmbeddedServer()
        let wrapper = "/nothing-here"
        #expect(try await server.call("GET", wrapper).status == 404)
        let set = try await server.call(
            "PUT", "/onelink-emulator/faults", body: "wrapper=status:503\n\ninstall_data=delay:1s\n")
        #expect(set.status == 200)
        #expect(set.body.contains("wrapper: status(503"))
        #expect(server.faultPlan[.route(.wrapper)] == [.status(503)])
        #expect(try await server.call("GET", wrapper).status == 503)
        // Even a fault on every route leaves the admin route answering.
        #expect(try await server.call("GET", "/onelink-emulator/faults").status == 200)
        let bad = try await server.call(
            "PUT", "/onelink-emulator/faults", body: "wrapper=teapot")
        #expect(bad.status == 400 && bad.body.contains("teapot is not a fault"))
        #expect(server.faultPlan[.route(.wrapper)] == [.status(503)])
        let lifted = try await server.call("DELETE", "/onelink-emulator/faults")
        #expect(lifted.body == #"{"rules":[]}"#)
        #expect(try await server.call("GET", wrapper).status == 404)
    }
}
