import Foundation
package import OneLinkEmulator
package import OneLinkSupport

/// The state a server keeps across restarts (`onelink-replay serve --state DIR`): an
/// ``AppendOnlyJournal`` of the effects of the requests it answered, replayed when it starts.
///
/// Each effect is written before the request's answer is sent, so whatever was answered 2xx
/// survives the process being killed. Give it to ``OneLinkServer/Configuration/stateJournal``; the
/// server replays it into its state as it starts and appends to it from then on. It keeps OneLink
/// API links (with their expiry, TTL, renewal, creator and domain), Test Console test devices, SDK
/// and S2S in-app events, the SDK's launches, answered installs, forgotten devices and resets.
package final class ServerStateJournal: Sendable {
    /// The journal file.
    package let journal: AppendOnlyJournal
    /// The effects read back, oldest first.
    let restored: [JournaledEffect]
    /// The torn last record that opening cut off, if any.
    package let tornTail: AppendOnlyJournal.TornTail?

    /// How many records were read back.
    package var restoredRecordCount: Int { restored.count }

    /// Opens (making when missing) `directory/journal` and reads its records.
    ///
    /// - Throws: ``JournalError``, including ``JournalError/damagedRecord(path:offset:reason:)`` for
    ///   a record that cannot be read or decoded before the end of the file.
    package init(directory: String, syncsEachRecord: Bool = false) throws(JournalError) {
        let opened = try AppendOnlyJournal.open(directory: directory, syncsEachRecord: syncsEachRecord)
        let decoder = JSONDecoder()
        var effects: [JournaledEffect] = []
        effects.reserveCapacity(opened.records.count)
        for record in opened.records {
            guard let effect = try? decoder.decode(JournaledEffect.self, from: Data(record.payload)) else {
                opened.journal.close()
                throw .damagedRecord(
                    path: opened.journal.path, offset: record.offset,
                    reason: "its checksum holds but it is not an effect this version knows")
            }
            effects.append(effect)
        }
        journal = opened.journal
        restored = effects
        tornTail = opened.tornTail
    }

    /// Appends `effect`; the error when it could not be written.
    func record(_ effect: JournaledEffect) -> JournalError? {
        let bytes: Data
        do {
            bytes = try JSONEncoder().encode(effect)
        } catch {
            return .cannotWrite(path: journal.path, reason: "the effect could not be encoded")
        }
        do throws(JournalError) {
            try journal.append(Array(bytes))
            return nil
        } catch {
            return error
        }
    }

    /// Hands every journaled in-app event (SDK and S2S) to `recorder`, oldest first; how many it
    /// accepted.
    ///
    /// The server replays everything else itself as it starts; the event recorder answers
    /// asynchronously, so the caller does this before serving.
    package func restoreEvents(into recorder: any EventRecorder) async -> Int {
        var count = 0
        for case .event(let stored) in restored {
            guard let event = stored.event else { continue }
            if (try? await recorder.recordEvent(event)) != nil { count += 1 }
        }
        return count
    }

    /// Closes the file; later appends fail.
    package func close() {
        journal.close()
    }
}
