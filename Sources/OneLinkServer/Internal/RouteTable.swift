import OneLinkSupport

/// The server's routes as data: each entry is a method and a path template, so the
/// routes can be listed (``OneLinkServer/routes``) and checked against `Docs/openapi.yaml`.
enum RouteTable {
    /// What answers a route.
    enum Endpoint: Sendable, Hashable {
        case sdkShortLink, sdkInstallData, sdkDeferred, sdkLaunch
        case gcd, s2sEvent
        case adminFaultsGet, adminFaultsSet, adminFaultsClear
        case oneLinkV2Create, oneLinkV2Get, oneLinkV2Update, oneLinkV2Delete, oneLinkV2QR, oneLinkV2Quota
        case oneLinkV1Create, oneLinkV1Get, oneLinkV1Update, oneLinkV1Delete
        // Device state and the Test Console API: RouteTable+Devices.swift.
        case adminForgetDevice, adminReset, adminInstall
        case testConsoleAddDevice, testConsoleRemoveDevice, testConsoleListDevices, testConsoleEvents
        case adminShortLinksLoad
    }

    /// One method on one path template, such as `GET /api/v2.0/shortlinks/{onelink-id}/{shortlink-id}`.
    struct Entry: Sendable {
        let method: HTTPMethod
        let path: String
        let endpoint: Endpoint

        /// The template's segments: literal text, or a `{name}` parameter.
        var segments: [Substring] { path.split(separator: "/") }
    }

    /// How a request's method and path fared against the table.
    enum Match {
        /// A route: its endpoint and the path parameters by name.
        case found(Endpoint, [String: String])
        /// The path is a route's, the method is not; the methods the path takes.
        case wrongMethod(allowed: [HTTPMethod])
        /// No route has this path.
        case none
    }

    static let entries: [Entry] =
        sdkEntries + [
            Entry(method: "GET", path: "/install_data/v4.0/{app-id}", endpoint: .gcd),
            Entry(method: "POST", path: "/inappevent/{app-id}", endpoint: .s2sEvent),
            Entry(method: "GET", path: "/onelink-emulator/faults", endpoint: .adminFaultsGet),
            Entry(method: "PUT", path: "/onelink-emulator/faults", endpoint: .adminFaultsSet),
            Entry(method: "DELETE", path: "/onelink-emulator/faults", endpoint: .adminFaultsClear),
            Entry(method: "POST", path: "/api/v2.0/shortlinks/{onelink-id}", endpoint: .oneLinkV2Create),
            Entry(
                method: "GET", path: "/api/v2.0/shortlinks/{onelink-id}/{shortlink-id}",
                endpoint: .oneLinkV2Get),
            Entry(
                method: "PUT", path: "/api/v2.0/shortlinks/{onelink-id}/{shortlink-id}",
                endpoint: .oneLinkV2Update),
            Entry(
                method: "DELETE", path: "/api/v2.0/shortlinks/{onelink-id}/{shortlink-id}",
                endpoint: .oneLinkV2Delete),
            Entry(
                method: "GET", path: "/api/v2.0/shortlinks/{onelink-id}/{shortlink-id}/qr",
                endpoint: .oneLinkV2QR
            ),
            Entry(method: "GET", path: "/api/v2.0/shortlinks-quota/{account-id}", endpoint: .oneLinkV2Quota),
            Entry(method: "POST", path: "/shortlink/v1/{onelink-id}", endpoint: .oneLinkV1Create),
            Entry(method: "GET", path: "/shortlink/v1/{onelink-id}", endpoint: .oneLinkV1Get),
            Entry(method: "PUT", path: "/shortlink/v1/{onelink-id}", endpoint: .oneLinkV1Update),
            Entry(method: "DELETE", path: "/shortlink/v1/{onelink-id}", endpoint: .oneLinkV1Delete),
            Entry(method: "PUT", path: "/onelink-emulator/shortlinks", endpoint: .adminShortLinksLoad),
        ] + deviceEntries

    /// The SDK's own endpoints, from the paths its HTTP backends call (``SDKEndpoint``).
    ///
    /// Events share the launch path, and invites v1's create path, so those two add no entry of their own.
    private static let sdkEntries: [Entry] = SDKEndpoint.allCases.compactMap { endpoint in
        let last = endpoint == .shortLinkResolution ? "{onelink-id}" : "{app-id}"
        let path = "/" + (endpoint.prefix + [last]).joined(separator: "/")
        let method = endpoint.method
        switch endpoint {
        case .shortLinkResolution: return Entry(method: method, path: path, endpoint: .sdkShortLink)
        case .installData: return Entry(method: method, path: path, endpoint: .sdkInstallData)
        case .deferredDeepLink: return Entry(method: method, path: path, endpoint: .sdkDeferred)
        case .launch: return Entry(method: method, path: path, endpoint: .sdkLaunch)
        case .inAppEvent, .shortLinkCreation: return nil
        }
    }

    /// Routes the table does not match but the server answers: the dashboard and OneLink clicks
    /// (a `GET` whose first segment is one of the click handler's templates; any other `GET` is a
    /// wrapped-link lookup).
    static let fallbackRoutes: [RouteDescription] = [
        RouteDescription(method: "GET", path: "/"),
        RouteDescription(method: "GET", path: "/{onelink-id}"),
        RouteDescription(method: "GET", path: "/{onelink-id}/{shortlink-id}"),
    ]

    /// The entry for `method` on the decoded path `segments`.
    static func match(method: HTTPMethod, segments: [String]) -> Match {
        var allowed: [HTTPMethod] = []
        for entry in entries {
            let template = entry.segments
            guard template.count == segments.count else { continue }
            var parameters: [String: String] = [:]
            var matches = true
            for (part, segment) in zip(template, segments) {
                if part.first == "{", part.last == "}" {
                    parameters[String(part.dropFirst().dropLast())] = segment
                } else if part != segment {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            if entry.method == method { return .found(entry.endpoint, parameters) }
            allowed.append(entry.method)
        }
        return allowed.isEmpty ? .none : .wrongMethod(allowed: allowed)
    }
}
