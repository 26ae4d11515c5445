/// The bound on the request logs the in-memory and click-store backends keep.
///
/// Every backend that records the requests it receives (`requests`) keeps only the newest
/// ``defaultLimit`` of them unless its `requestHistoryLimit` says otherwise, so a long-lived
/// server's memory does not grow with traffic. Dropped requests are counted in
/// `droppedRequestCount`.
public enum RequestHistory {
    /// The number of requests a backend keeps by default: 1,000.
    public static let defaultLimit = 1000
}
