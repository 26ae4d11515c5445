import Foundation
import OneLinkSupport

/// The Push API's endpoints and token as the sender uses them: first the configuration's
/// (``PushAPISettings``, its filters applied to every endpoint), then whatever the Push API
/// configuration API last set (per endpoint, as that API configures them).
final class PushEndpointTable: Sendable {
    /// One endpoint and its filters, as the configuration API's `RegularIosConfig` describes it.
    struct Endpoint: Sendable, Hashable {
        var endpoint: PushAPIEndpoint
        /// `event_types`: the message types sent; `nil` for every one.
        var eventTypes: Set<String>?
        /// `selected_fields`: the fields sent; `nil` for `all` (or `default`, see ``defaultFields``).
        var selectedFields: [String]?
        /// Whether `selected_fields` was `default` rather than `all` or a list.
        var defaultFields = false
        /// `selected_inapps`: the in-app events whose messages are sent; `nil` for `all`.
        var selectedInApps: [String]?
        /// `enabled`: a disabled endpoint gets no messages.
        var enabled = true
    }

    private struct State: Sendable {
        var endpoints: [Endpoint]
        var token: String?
        var tokenName: String
    }

    private let state: Locked<State>

    /// The table of `settings`: each endpoint with the settings' filters.
    init(settings: PushAPISettings) {
        let endpoints = settings.endpoints.map {
            Endpoint(
                endpoint: $0, eventTypes: settings.selectedEventTypes,
                selectedFields: settings.selectedFields?.sorted(),
                selectedInApps: settings.selectedInAppEvents?.sorted())
        }
        state = Locked(State(endpoints: endpoints, token: settings.token, tokenName: settings.tokenName))
    }

    /// The endpoints, in order.
    var endpoints: [Endpoint] {
        get { state.withLock { $0.endpoints } }
        set { state.withLock { $0.endpoints = newValue } }
    }

    /// The token and its header.
    var token: (value: String?, name: String) {
        state.withLock { ($0.token, $0.tokenName) }
    }

    /// Sets the token; a `nil` or empty `name` keeps the last one, as the token API documents.
    func setToken(_ token: String?, name: String?) {
        state.withLock { state in
            state.token = token
            if let name, !name.isEmpty { state.tokenName = name }
        }
    }

    /// The enabled endpoints a message of `messageType` for `eventName` goes to, each with the fields
    /// it selects (`nil`: every field).
    func targets(
        messageType: String, eventName: String
    ) -> [(endpoint: PushAPIEndpoint, fields: Set<String>?)] {
        endpoints.compactMap { target in
            guard target.enabled else { return nil }
            if let types = target.eventTypes, !types.contains(messageType) { return nil }
            if messageType.hasSuffix("in-app-event"), let events = target.selectedInApps,
                !events.contains(eventName)
            {
                return nil
            }
            return (target.endpoint, target.selectedFields.map(Set.init))
        }
    }
}
