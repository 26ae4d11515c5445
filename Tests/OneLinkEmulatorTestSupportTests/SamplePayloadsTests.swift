import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("SamplePayloads", .timeLimit(.minutes(5)))
struct SamplePayloadsTests {
    static let folder = KitFixtures.packageRoot.appendingPathComponent("Payloads/samples")

    @Test func everySampleFileIsEmbedded() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(SamplePayloads.all.map(\.file).sorted() == files)
    }

    @Test(arguments: SamplePayloads.all)
    func embeddedSampleMatchesItsFile(sample: SamplePayloads.Sample) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(sample.file + ".json"))
        let document = try AttributionValue(json: data)
        guard case .object(let fields) = document else {
            Issue.record("\(sample.file) is not an object")
            return
        }
        #expect(fields["name"]?.stringValue == sample.name)
        #expect(fields["description"]?.stringValue == sample.description)
        #expect(fields["callback"]?.stringValue == sample.callback)
        #expect(fields["kind"]?.stringValue == sample.kind)
        #expect(fields["link"]?.stringValue == sample.link)
        #expect(fields["payload"] == .object(sample.payload.values))
    }

    @Test func samplesBridgeAsTheSDKDeliversThem() {
        let deferred = SamplePayloads.deferredDeepLink.foundationDictionary
        #expect(deferred["af_status"] as? String == "Non-organic")
        #expect(deferred["fruit_amount"] as? Int == 26)
        #expect(deferred["af_sub3"] is NSNull)
        #expect(SamplePayloads.universalLinkShort.callback == "onAppOpenAttribution")
        #expect(SamplePayloads.universalLinkShort.link == KitFixtures.shortLink)
        #expect(SamplePayloads.deferredDeepLink.link == nil)
    }

    @Test func aSampleDrivesAHandlerDirectly() {
        let recorder = CallbackRecorder()
        recorder.onAppOpenAttribution(SamplePayloads.uriSchemeLong.foundationDictionary)
        #expect(recorder.openAttributions.first?["fruit_name"] as? String == "apples")
        #expect(recorder.openAttributionPayloads == [SamplePayloads.uriSchemeLong.payload])
    }
}
