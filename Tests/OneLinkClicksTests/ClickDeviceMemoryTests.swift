import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

/// `ClickStoreConversionDataSource` forgets devices on request (`DeviceMemory`), and an install whose
/// advertising ID is a registered test device is never a reinstall (help center article 207031996).
@Suite("Clicks: forgetting devices and test devices", .timeLimit(.minutes(5)))
struct ClickDeviceMemoryTests {
    static let retargetingLink =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=winback&is_retargeting=true"
    static let idfa = "09AD6F30-A39C-4C6C-8862-636EABD54709"
    static let device = DeviceInfo(ipAddress: "203.0.113.7", advertisingID: idfa)

    func request(_ env: ClickFixtures.Environment, deviceID: String) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: "1234567890", devKey: "dev-key", deviceID: deviceID, installTime: env.clock.now,
            device: Self.device)
    }

    /// Installs as `install-1`, runs `between`, then reinstalls as `install-2` after a retargeting click.
    func reinstall(
        _ source: ClickStoreConversionDataSource, _ env: ClickFixtures.Environment,
        between: () -> Void = {}
    ) async throws -> AttributionPayload {
        _ = try await source.conversionData(for: request(env, deviceID: "install-1"))
        between()
        await env.clock.advance(by: .seconds(3600))
        _ = try await env.handler.handle(ClickFixtures.click(Self.retargetingLink))
        await env.clock.advance(by: .seconds(60))
        return try await source.conversionData(for: request(env, deviceID: "install-2"))
    }

    @Test("without a test device or a forget, the reinstall is a re-attribution")
    func baseline() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        #expect(try await reinstall(source, env)["retargeting_conversion_type"] == "re-attribution")
    }

    @Test("a registered test device (any case) is never a reinstall, for any app")
    func testDevice() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        source.testDevices.register(
            .init(appID: "com.other.app", id: Self.idfa.lowercased(), idType: .idfa, name: "QA"))
        let data = try await reinstall(source, env)
        #expect(data["af_status"] == "Non-organic")
        #expect(data["retargeting_conversion_type"] == "none")
    }

    @Test("forgetting the first install's device ID makes the reinstall a first install")
    func forget() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        let data = try await reinstall(source, env) {
            #expect(source.forgetDevice("install-1"))
            #expect(!source.forgetDevice("install-1"))
        }
        #expect(data["retargeting_conversion_type"] == "none")
        #expect(source.rememberedDeviceCount == 1)
        source.forgetAllDevices()
        #expect(source.rememberedDeviceCount == 0)
    }

    @Test("the registry keeps registration order, replaces a re-registered ID and refuses past its limit")
    func registry() {
        let registry = TestDeviceRegistry(limit: 2)
        #expect(registry.register(.init(appID: "a", id: "ID-1", idType: .idfa, name: "one")))
        #expect(registry.register(.init(appID: "b", id: "id-2", idType: .aid, name: "two")))
        #expect(registry.register(.init(appID: "a", id: "id-1", idType: .idfa, name: "renamed")))
        #expect(!registry.register(.init(appID: "a", id: "id-3", idType: .idfa, name: "three")))
        #expect(registry.devices().map(\.name) == ["renamed", "two"])
        #expect(registry.devices(appID: "b").map(\.id) == ["id-2"])
        #expect(registry.contains(identifier: "ID-2"))
        #expect(registry.remove(appID: "a", id: "ID-1"))
        #expect(!registry.remove(appID: "a", id: "ID-1"))
        registry.removeAll()
        #expect(registry.devices().isEmpty)
    }
}
