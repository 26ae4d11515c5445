import Foundation
import OneLinkEmulator

/// The OneLink API's links in and out of the state journal.
extension OneLinkAPIService {
    /// The journal's form of a link.
    static func stored(
        _ template: String, _ shortID: String, _ parameters: AttributionPayload, _ record: Record
    ) -> JournaledEffect.StoredLink {
        JournaledEffect.StoredLink(
            template: template, shortID: shortID, parameters: parameters.jsonText(),
            expiry: record.expiry.timeIntervalSinceReferenceDate, ttlSeconds: record.ttlSeconds,
            renews: record.renews,
            createdBy: record.createdBy == .v1 ? "v1" : "v2", domain: record.domain,
            migratedFromV1: record.migratedFromV1)
    }

    /// Replays one journaled link effect (other effects are ignored).
    func restore(_ effect: JournaledEffect) {
        let links = settings.links
        switch effect {
        case .linkStored(let stored):
            guard let parameters = try? AttributionPayload(jsonString: stored.parameters) else { return }
            links[template: stored.template, shortID: stored.shortID] = parameters
            restoreRecord(
                template: stored.template, shortID: stored.shortID,
                Record(
                    expiry: Date(timeIntervalSinceReferenceDate: stored.expiry),
                    ttlSeconds: stored.ttlSeconds,
                    renews: stored.renews, createdBy: stored.createdBy == "v1" ? .v1 : .v2,
                    domain: stored.domain,
                    migratedFromV1: stored.migratedFromV1))
        case .linkRemoved(let template, let shortID):
            links[template: template, shortID: shortID] = nil
            restoreRecord(template: template, shortID: shortID, nil)
        case .linkRenewed(let template, let shortID, let expiry, let ttlSeconds):
            guard var record = self.record(template: template, shortID: shortID) else { return }
            record.expiry = Date(timeIntervalSinceReferenceDate: expiry)
            record.ttlSeconds = ttlSeconds
            restoreRecord(template: template, shortID: shortID, record)
        default: break
        }
    }

}
