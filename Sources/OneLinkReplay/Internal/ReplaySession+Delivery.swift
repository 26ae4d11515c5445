import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkSupport

extension ReplaySession {
    /// Runs a `deliverLink` or `checkWiring` step and records its `delivery` or `wiringCheck` output.
    func perform(_ step: DeliveryStep) async {
        #if !canImport(UIKit)
            switch step {
            case .deliverLink(let name, let state, let link):
                guard let fixture = WiringFixture(rawValue: name) else { return }
                let before = sdk.deliveredEventCount
                // The link is made once, and the callbacks counted in place: no URL made twice, no
                // events copied out to be counted.
                let incoming = Self.incomingLink(link)
                let called = await Self.deliver(
                    fixture.wiring, state: state, link: incoming, sdk: sdk, clock: clock)
                await sdk.settle()
                let received = sdk.deliveredEventCount(from: before, where: Self.isLinkCallback)
                let path = DeliveryPath(incoming.kind, state, fixture.wiring.structure)
                record(
                    "delivery",
                    [
                        "wiring": .string(name), "path": .string(path.description),
                        "entryPoints": .array(called.map { .string($0.rawValue) }),
                        "received": .int(received),
                    ])
            case .checkWiring(let names):
                let wirings = names.compactMap(WiringFixture.init(rawValue:)).map(\.wiring)
                let report = await Self.check(wirings)
                let failures = report.failures.map { row -> AttributionValue in
                    .string("\(row.wiring): \(row.path): \(row.verdict)")
                }
                record(
                    "wiringCheck",
                    [
                        "passed": .bool(report.passed), "paths": .int(report.rows.count),
                        "failures": .array(failures),
                    ])
            }
        #else
            record(
                "wiringCheck",
                ["error": "delivery steps need the UIKit stand-ins, which UIKit platforms do not have"])
        #endif
    }

    private func record(_ output: String, _ fields: [String: AttributionValue]) {
        outputs.withLock { $0.append(ScenarioObservation(output, fields: fields)) }
    }

    #if !canImport(UIKit)
        static func incomingLink(_ link: DeliveryStep.Link) -> IncomingLink {
            switch link {
            case .universalLink(let text):
                return .universalLink(URL(string: text) ?? URL(fileURLWithPath: "/"))
            case .uriScheme(let text, let source):
                return .uriScheme(URL(string: text) ?? URL(fileURLWithPath: "/"), sourceApplication: source)
            case .pushTap(let payload): return .pushTap(payload)
            }
        }

        static func isLinkCallback(_ event: AppsFlyerEvent) -> Bool {
            switch event {
            case .appOpenAttribution, .appOpenAttributionFailure, .deepLink: return true
            case .conversionDataSuccess, .conversionDataFail: return false
            }
        }

        @MainActor
        static func deliver(
            _ wiring: AppWiring, state: DeliveryAppState, link: IncomingLink, sdk: AppsFlyerLib,
            clock: ManualClock
        ) -> [EntryPoint] {
            let process = EmulatedAppProcess(wiring: wiring, sdk: sdk, clock: clock)
            process.bring(to: state)
            return process.open(link)
        }

        @MainActor
        static func check(_ wirings: [AppWiring]) async -> WiringReport {
            await WiringCheck().run(wirings)
        }
    #endif
}
