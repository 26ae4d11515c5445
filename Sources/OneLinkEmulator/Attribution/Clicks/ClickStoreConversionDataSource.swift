import Foundation

/// A conversion-data source that attributes installs to the clicks in a ``ClickStore``.
///
/// The first request for a device ID is matched with the ``InstallMatcher``
/// and its answer is kept, so later requests for the same device ID get the
/// same conversion data even after new clicks arrive: the service attributes
/// an install once. Store failures are reported as
/// ``AttributionError/unexpected(_:)``.
public final class ClickStoreConversionDataSource: ConversionDataSource, @unchecked Sendable {
    private struct State {
        var answers: [String: AttributionPayload] = [:]
        var requests: [ConversionDataRequest] = []
    }

    private let state = Locked(State())
    /// The clicks installs are matched against.
    public let store: any ClickStore
    /// The matching rules.
    public let matcher: InstallMatcher

    /// Creates a source.
    public init(store: any ClickStore, matcher: InstallMatcher = .standard) {
        self.store = store
        self.matcher = matcher
    }

    /// Every request received so far, oldest first.
    public var requests: [ConversionDataRequest] { state.withLock { $0.requests } }

    /// Returns the install's conversion data: non-organic with the matched click's parameters, or organic.
    ///
    /// - Throws: ``AttributionError/unexpected(_:)`` when the store fails, `CancellationError` when cancelled.
    public func conversionData(for request: ConversionDataRequest) async throws -> AttributionPayload {
        let cached = state.withLock { state in
            state.requests.append(request)
            return state.answers[request.deviceID]
        }
        if let cached { return cached }
        try Task.checkCancellation()
        let data: AttributionPayload
        do {
            data = try await matcher.conversionData(
                device: request.device, deviceID: request.deviceID, installTime: request.installTime,
                in: store)
        } catch {
            throw AttributionError.unexpected("click store: \(error)")
        }
        return state.withLock { state in
            if let first = state.answers[request.deviceID] { return first }
            state.answers[request.deviceID] = data
            return data
        }
    }
}

extension ConversionDataSource where Self == ClickStoreConversionDataSource {
    /// A source that attributes installs to the clicks in `store`.
    public static func clickStore(
        _ store: any ClickStore, matcher: InstallMatcher = .standard
    ) -> ClickStoreConversionDataSource {
        ClickStoreConversionDataSource(store: store, matcher: matcher)
    }
}
