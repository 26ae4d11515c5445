import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// What the dashboard keeps as traffic arrives: the newest requests, clicks and install lookups.
///
/// Each history keeps at most ``ServerDashboard/maximumRows`` entries, so it stays
/// bounded whatever the traffic; totals count everything seen.
final class DashboardState: Sendable {
    /// One `install_data` lookup and its answer.
    struct Install: Sendable {
        var deviceID: String
        var installTime: String
        var advertisingID: String?
        /// The answer's conversion data, or `nil` when the lookup failed.
        var answer: AttributionPayload?
        /// The failure, when the lookup failed.
        var failure: String?
    }

    private struct Histories {
        var requests: BoundedHistory<RequestLogEntry>
        var clicks: BoundedHistory<RecordedClick>
        var installs: BoundedHistory<Install>
        var requestTotal = 0
        var clickTotal = 0
        var installTotal = 0
    }

    let settings: ServerDashboard
    private let histories: Locked<Histories>

    init(settings: ServerDashboard) {
        self.settings = settings
        let limit = settings.maximumRows
        histories = Locked(
            Histories(
                requests: BoundedHistory(limit: limit), clicks: BoundedHistory(limit: limit),
                installs: BoundedHistory(limit: limit)))
    }

    /// Whether a request line is the dashboard's own page, which the request table leaves out.
    static func isDashboardRequest(_ line: String) -> Bool {
        line == "GET /" || line.hasPrefix("GET /?")
    }

    func record(_ entry: RequestLogEntry) {
        guard !Self.isDashboardRequest(entry.requestLine) else { return }
        histories.withLock {
            $0.requests.append(entry)
            $0.requestTotal += 1
        }
    }

    func record(_ click: RecordedClick) {
        histories.withLock {
            $0.clicks.append(click)
            $0.clickTotal += 1
        }
    }

    func record(_ install: Install) {
        histories.withLock {
            $0.installs.append(install)
            $0.installTotal += 1
        }
    }

    /// A copy of the histories, newest first, with the totals.
    var snapshot:
        (
            requests: [RequestLogEntry], requestTotal: Int, clicks: [RecordedClick], clickTotal: Int,
            installs: [Install], installTotal: Int
        )
    {
        histories.withLock {
            (
                $0.requests.elements.reversed(), $0.requestTotal, $0.clicks.elements.reversed(),
                $0.clickTotal,
                $0.installs.elements.reversed(), $0.installTotal
            )
        }
    }
}

/// Records each request in the dashboard, then hands it to the configured sink.
struct DashboardLogSink: RequestLogSink {
    let state: DashboardState
    let next: any RequestLogSink

    func record(_ entry: RequestLogEntry) {
        state.record(entry)
        next.record(entry)
    }
}
