public import Foundation
import OneLinkApp
import OneLinkClicks
public import OneLinkEmulator
import OneLinkSupport

extension Scenario {
    /// The fields a scenario's top level accepts.
    public static let topLevelFields = [
        "$schema", "name", "description", "profile", "sdk", "backend", "device", "app", "steps", "notes",
        "schedule", "outcome",
    ]
    static let sdkFields = [
        "version", "mode", "devKey", "appID", "customDomains", "resolveDeepLinkURLs", "pushPaths",
        "deepLinkTimeout",
        "minTimeBetweenSessions", "conversionDataTimeout", "debug", "device", "sdkVersion", "quirks",
    ]
    static let deviceInfoFields = ["ip", "model", "osVersion", "language", "advertisingID"]
    static let backendFields = [
        "shortLinks", "redirects", "install", "deferredClicks", "behaviour", "server", "clipboardTokens",
    ]
    static let behaviourFields = ["shortLinks", "conversion", "deferred", "launch"]
    static let errorFields = ["kind", "status", "message", "milliseconds"]
    static let serverFields = [
        "appStoreURL", "playStoreURL", "oneLinkDomains", "customDomains", "templates", "interstitialDomain",
        "smartLinkDomain", "reattributionWindow",
    ]
    static let deviceFields = [
        "state", "installedAgo", "conversionData", "firstLaunchUsed", "sessions", "pasteboard", "apps",
    ]
    static let appFields = ["routing", "routeCallbacks", "bundleID", "handler"]
    static let routingFields = ["scheme", "pushActionKey", "callbackValueKey", "callbackLinkKey"]
    static let clickContextFields = ["appInstalled", "universalLinkBypassed", "origin"]
    static let errorKindNames = AttributionError.Kind.allCases.map(\.rawValue)

    /// The user agent a `click` step sends when it names none: Safari on the default device (iPhone, iOS 17.4).
    public static let defaultUserAgent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Version/17.4 Mobile/15E148 Safari/604.1"

    /// Decodes a scenario from JSON, without touching the file system.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON text.
    ///   - file: The name used in error messages and reports.
    /// - Throws: ``ScenarioError`` naming the file, the JSON path and the problem.
    public init(json: some Collection<UInt8>, file: String) throws(ScenarioError) {
        let document: AttributionValue
        do {
            document = try AttributionValue(json: json)
        } catch {
            switch error {
            case .duplicateKey(let path, _), .nestingTooDeep(let path, _):
                throw ScenarioError(file: file, path: path, reason: .invalidJSON(error.description))
            default:
                throw ScenarioError(file: file, path: "$", reason: .invalidJSON(error.description))
            }
        }
        try self.init(document: consume document, file: file)
    }

    /// Reads and decodes a scenario file.
    ///
    /// - Parameters:
    ///   - url: The file's location.
    ///   - file: The name used in messages; the URL's path when `nil`.
    /// - Throws: ``ScenarioError``.
    public init(contentsOf url: URL, file: String? = nil) throws(ScenarioError) {
        let name = file ?? url.path
        try self.init(json: try Self.contents(of: url, file: name), file: name)
    }

    /// The bytes of the scenario file at `url`; a file that cannot be read is a ``ScenarioError``
    /// at `$` of `file`.
    static func contents(of url: URL, file: String) throws(ScenarioError) -> Data {
        do {
            return try RegularFile.contents(of: url.path)
        } catch {
            throw ScenarioError(file: file, path: "$", reason: .unreadable(error.description))
        }
    }

    /// Decodes a scenario from an already parsed JSON document.
    ///
    /// - Throws: ``ScenarioError``.
    public init(document: AttributionValue, file: String) throws(ScenarioError) {
        let reader = ScenarioReader(file: file)
        var top = try reader.object(consume document, at: .root, allowed: Self.topLevelFields)
        let name = try top.string("name")
        guard !name.isEmpty else { throw reader.fail(top.at("name"), .invalidValue("must not be empty")) }
        var profile: ValueProfile?
        if let value = top["profile"] {
            profile = ValueProfile(
                rawValue: try reader.oneOf(
                    value, ValueProfile.allCases.map(\.rawValue), at: top.at("profile")))
        }
        if let notes = top["notes"] {
            // Comments, such as what `import-log` guessed: strings, read and otherwise ignored.
            for (index, note) in try reader.array(notes, at: top.at("notes")).enumerated() {
                guard case .string = note else {
                    throw reader.wrongType(note, expected: "a string", at: top.at("notes") + "[\(index)]")
                }
            }
        }
        let sdk = try Self.decodeSDK(top, reader)
        let backend = try Self.decodeBackend(top, reader)
        let device = try Self.decodeDevice(top, reader)
        let app = try Self.decodeApp(top, reader)
        var steps: [ScenarioStep] = []
        guard let stepsValue = top.take("steps") else { throw reader.fail(top.path, .missingField("steps")) }
        var stepValues = try reader.array(consume stepsValue, at: top.at("steps"))
        steps.reserveCapacity(stepValues.count)
        let stepsNode = top.child("steps").node
        let hasRouting = app.routing != nil
        let hasServer = backend.server != nil
        for index in stepValues.indices {
            // Moved out of the document, so that what a step keeps of it is not copied.
            var value = AttributionValue.null
            swap(&value, &stepValues[index])
            let step = try Self.decodeStep(consume value, at: stepsNode.element(index), reader)
            if !hasRouting, step.action.needsRouting {
                throw reader.fail(
                    "$.steps[\(index)].do", .invalidValue("step \"\(step.kind)\" needs \"app.routing\""))
            }
            if !hasServer, case .click = step.action {
                throw reader.fail(
                    "$.steps[\(index)].do", .invalidValue("step \"click\" needs \"backend.server\""))
            }
            // Consumed, so the step is moved into the array rather than copied.
            steps.append(consume step)
        }
        if sdk.mode == .legacy, !backend.deferredClicks.isEmpty,
            !steps.contains(where: {
                if case .setDelegate(deepLink: true) = $0.action { true } else { false }
            })
        {
            // The deferred lookup is UDL's: in legacy mode nothing asks for these clicks.
            throw reader.fail(
                "$.backend.deferredClicks",
                .invalidValue(
                    "has no effect in legacy mode: the UDL deferred lookup never runs; set \"sdk\": {\"mode\": \"udl\"}, "
                        + "add a {\"do\": \"setDelegate\", \"delegate\": \"deepLinkDelegate\"} step before the first start, "
                        + "or put the click's parameters in \"backend.install\" (legacy mode's deferred deep link)"
                ))
        }
        self.init(
            name: name, description: try top.optionalString("description") ?? "", file: file,
            pinnedProfile: profile, sdk: sdk, backend: backend, device: device, app: app, steps: steps)
        schedule = try Self.decodeSchedule(top, reader)
        outcome = try Self.decodeOutcome(top, reader)
    }

    // MARK: - Sections

    private static func decodeSDK(
        _ top: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> SDKSettings {
        var settings = SDKSettings()
        guard let sdk = try top.object("sdk", allowed: sdkFields) else { return settings }
        if let value = sdk["mode"] {
            settings.mode =
                DeepLinkMode(rawValue: try reader.oneOf(value, ["udl", "legacy"], at: sdk.at("mode")))
                ?? .legacy
        }
        if let version = try sdk.optionalUnsigned("version") {
            guard let known = SDKVersion(rawValue: Int(clamping: version)) else {
                throw reader.fail(sdk.at("version"), .invalidValue("expected 6 or 7, found \(version)"))
            }
            settings.version = known
        }
        if let devKey = try sdk.optionalString("devKey") { settings.devKey = devKey }
        if let appID = try sdk.optionalString("appID") { settings.appID = appID }
        settings.customDomains = try sdk.optionalStrings("customDomains")
        settings.resolveDeepLinkURLs = try sdk.optionalStrings("resolveDeepLinkURLs")
        if let value = sdk["pushPaths"] {
            for (index, path) in try reader.array(value, at: sdk.at("pushPaths")).enumerated() {
                settings.pushPaths.append(try reader.strings(path, at: sdk.at("pushPaths") + "[\(index)]"))
            }
        }
        if let timeout = try sdk.optionalUnsigned("deepLinkTimeout") { settings.deepLinkTimeout = timeout }
        if let seconds = try sdk.optionalUnsigned("minTimeBetweenSessions") {
            settings.minTimeBetweenSessions = seconds
        }
        if let timeout = try sdk.optionalUnsigned("conversionDataTimeout") {
            settings.conversionDataTimeout = timeout
        }
        if let debug = try sdk.optionalBool("debug") { settings.debug = debug }
        try decodeRelease(sdk, reader, settings: &settings)
        if let info = try sdk.object("device", allowed: deviceInfoFields) {
            // One initialiser call: each setter of `DeviceInfo` makes a new shared box.
            let defaults = settings.deviceInfo
            let ip = try info.optionalString("ip")
            let model = try info.optionalString("model")
            let osVersion = try info.optionalString("osVersion")
            let language = try info.optionalString("language")
            settings.deviceInfo = DeviceInfo(
                ipAddress: ip ?? defaults.ipAddress, model: model ?? defaults.model,
                osVersion: osVersion ?? defaults.osVersion, language: language ?? defaults.language,
                advertisingID: try info.optionalString("advertisingID"))
        }
        return settings
    }

    private static func decodeBackend(
        _ top: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> BackendSettings {
        var settings = BackendSettings()
        guard let backend = try top.object("backend", allowed: backendFields) else { return settings }
        if let links = try backend.object("shortLinks", allowed: nil) {
            for key in links.members.keys.sorted() {
                let parts = key.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw reader.fail(
                        links.at(key), .invalidValue("expected a key of the form \"template/shortID\""))
                }
                settings.shortLinks[key] = try reader.payload(links.members[key] ?? .null, at: links.at(key))
            }
        }
        if let redirects = try backend.object("redirects", allowed: nil) {
            for (key, value) in redirects.members {
                settings.redirects[key] = try reader.string(value, at: redirects.at(key))
            }
        }
        if let value = backend["install"] {
            settings.install = try decodeInstall(value, at: backend.child("install"), reader)
        }
        if let value = backend["deferredClicks"] {
            let clicksNode = backend.child("deferredClicks").node
            for (index, click) in try reader.array(value, at: backend.at("deferredClicks")).enumerated() {
                let fields = try reader.object(
                    click, at: clicksNode.element(index),
                    allowed: ["at", "parameters", "matchType"])
                settings.deferredClicks.append(
                    TimedClick(
                        offsetMilliseconds: try reader.duration(
                            try fields.required("at"), at: fields.at("at")),
                        parameters: try reader.payload(
                            try fields.required("parameters"), at: fields.at("parameters")),
                        matchType: MatchType(
                            rawValue: try fields.optionalString("matchType") ?? "probabilistic")))
            }
        }
        if let behaviour = try backend.object("behaviour", allowed: behaviourFields) {
            let decoded = try decodeBehaviours(behaviour, reader)
            settings.shortLinkBehavior = decoded.0 ?? .immediate
            settings.conversionBehavior = decoded.1 ?? .immediate
            settings.deferredBehavior = decoded.2 ?? .immediate
            if let launch = behaviour["launch"] {
                settings.launchBehavior = try decodeBehaviour(launch, at: behaviour.child("launch"), reader)
            }
        }
        if let server = try backend.object("server", allowed: serverFields) {
            for key in ["install", "deferredClicks"] where backend[key] != nil {
                throw reader.fail(
                    backend.at(key),
                    .invalidValue(
                        "cannot be combined with \"server\": installs are matched against recorded clicks"))
            }
            let configuration = ClickHandler.Configuration(
                appStoreURL: try server.string("appStoreURL"),
                playStoreURL: try server.optionalString("playStoreURL"),
                oneLinkDomains: Set(try server.optionalStrings("oneLinkDomains") ?? []),
                customDomains: Set(try server.optionalStrings("customDomains") ?? []),
                templates: Set(try server.optionalStrings("templates") ?? []),
                interstitialDomain: try server.string("interstitialDomain"),
                smartLinkDomain: try server.optionalString("smartLinkDomain"))
            do {
                try configuration.validate()
            } catch {
                throw reader.fail(server.path, .invalidValue(error.description))
            }
            settings.server = configuration
            if let window = try server.optionalDuration("reattributionWindow") {
                do {
                    settings.matcher = try InstallMatcher(reattributionWindow: .milliseconds(window))
                } catch {
                    throw reader.fail(server.at("reattributionWindow"), .invalidValue(error.description))
                }
            }
        }
        if let tokens = try backend.object("clipboardTokens", allowed: nil) {
            for (key, value) in tokens.members {
                settings.clipboardTokens[key] = try reader.payload(value, at: tokens.at(key))
            }
        }
        return settings
    }

    private static func decodeInstall(
        _ value: AttributionValue, at location: ScenarioReader.Path, _ reader: ScenarioReader
    ) throws(ScenarioError) -> InstallAttribution {
        if case .string = value {
            _ = try reader.oneOf(value, ["organic"], at: location.text)
            return .organic
        }
        guard case .object(let members) = value else {
            throw reader.wrongType(value, expected: "\"organic\" or an object", at: location.text)
        }
        guard members.count == 1, let key = members.keys.first, key == "nonOrganic" || key == "failure" else {
            throw reader.fail(
                location.text,
                .invalidValue("expected \"organic\", {\"nonOrganic\": {...}} or {\"failure\": {...}}"))
        }
        let inner = location.member(key)
        if key == "nonOrganic" {
            return .nonOrganic(try reader.payload(members[key] ?? .null, at: inner.text))
        }
        return .failure(try decodeError(members[key] ?? .null, at: inner, reader))
    }

    static func decodeError(
        _ value: AttributionValue, at location: ScenarioReader.Path, _ reader: ScenarioReader
    ) throws(ScenarioError) -> AttributionError {
        let fields = try reader.object(value, at: location, allowed: errorFields)
        let kind = try reader.oneOf(
            try fields.required("kind"), errorKindNames, at: fields.at("kind"))
        let message = try fields.optionalString("message")
        switch AttributionError.Kind(rawValue: kind) ?? .unexpected {
        case .timeout:
            return .timedOut(milliseconds: Int(try fields.optionalUnsigned("milliseconds") ?? 3000))
        case .network:
            return .connectionFailed(message ?? "connection refused")
        case .httpStatusCode:
            return .httpStatus(code: Int(try fields.optionalUnsigned("status") ?? 500), reason: message)
        case .unexpected:
            return .unexpected(message ?? "unexpected failure")
        case .developerError:
            return .developerError(message ?? "developer error")
        }
    }

    static func decodeBehaviours(
        _ fields: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> (InMemoryBehavior?, InMemoryBehavior?, InMemoryBehavior?) {
        func behaviour(_ key: String) throws(ScenarioError) -> InMemoryBehavior? {
            guard let value = fields[key] else { return nil }
            return try decodeBehaviour(value, at: fields.child(key), reader)
        }
        return (try behaviour("shortLinks"), try behaviour("conversion"), try behaviour("deferred"))
    }

    static func decodeBehaviour(
        _ value: AttributionValue, at location: ScenarioReader.Path, _ reader: ScenarioReader
    ) throws(ScenarioError) -> InMemoryBehavior {
        if case .string = value {
            return try reader.oneOf(value, ["immediate", "stall"], at: location.text) == "stall"
                ? .stalled : .immediate
        }
        guard case .object(let members) = value else {
            throw reader.wrongType(
                value, expected: "\"immediate\", \"stall\" or an object", at: location.text)
        }
        let fields = try reader.object(value, at: location, allowed: ["delay", "fail"])
        guard members.count == 1 else {
            throw reader.fail(location.text, .invalidValue("expected exactly one of \"delay\", \"fail\""))
        }
        if let delay = try fields.optionalDuration("delay") {
            guard delay >= 0 else {
                throw reader.fail(fields.at("delay"), .invalidValue("must not be negative"))
            }
            return .delayed(.milliseconds(delay))
        }
        return .failing(try decodeError(try fields.required("fail"), at: fields.child("fail"), reader))
    }

    private static func decodeDevice(
        _ top: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> DeviceSettings {
        var settings = DeviceSettings()
        guard let device = try top.object("device", allowed: deviceFields) else { return settings }
        let state = try device["state"].map { value throws(ScenarioError) in
            try reader.oneOf(value, ["fresh", "installed"], at: device.at("state"))
        }
        if state == "installed" {
            var installed = InstalledState()
            if let ago = try device.optionalDuration("installedAgo") {
                guard ago >= 0 else {
                    throw reader.fail(device.at("installedAgo"), .invalidValue("must not be negative"))
                }
                installed.installedAgoMilliseconds = ago
            }
            installed.conversionData = try device.optionalPayload("conversionData")
            if let used = try device.optionalBool("firstLaunchUsed") { installed.firstLaunchUsed = used }
            if let sessions = try device.optionalUnsigned("sessions") { installed.sessions = Int(sessions) }
            settings.installed = installed
        } else {
            for key in ["installedAgo", "conversionData", "firstLaunchUsed", "sessions"]
            where device[key] != nil {
                throw reader.fail(device.at(key), .invalidValue("only allowed with \"state\": \"installed\""))
            }
        }
        settings.pasteboard = try device.optionalString("pasteboard")
        if let apps = device["apps"] {
            let appsNode = device.child("apps").node
            for (index, app) in try reader.array(apps, at: device.at("apps")).enumerated() {
                let fields = try reader.object(
                    app, at: appsNode.element(index),
                    allowed: ["bundleID", "schemes", "queriesSchemes"])
                settings.apps.append(
                    OtherApp(
                        bundleID: try fields.string("bundleID"),
                        schemes: try fields.optionalStrings("schemes") ?? [],
                        queriesSchemes: try fields.optionalStrings("queriesSchemes") ?? []))
            }
        }
        return settings
    }

    private static func decodeApp(
        _ top: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> AppSettings {
        var settings = AppSettings()
        guard let app = try top.object("app", allowed: appFields) else { return settings }
        if let routing = try app.object("routing", allowed: routingFields) {
            var configuration = RoutingConfiguration(scheme: try routing.string("scheme"))
            if let key = try routing.optionalString("pushActionKey") { configuration.pushActionKey = key }
            if let key = try routing.optionalString("callbackValueKey") {
                configuration.callbackValueKey = key
            }
            if let key = try routing.optionalString("callbackLinkKey") { configuration.callbackLinkKey = key }
            do {
                _ = try PendingDeepLinkRouter(configuration: configuration)
            } catch {
                throw reader.fail(routing.at("scheme"), .invalidValue(error.description))
            }
            settings.routing = configuration
        }
        if let flag = try app.optionalBool("routeCallbacks") {
            guard !flag || settings.routing != nil else {
                throw reader.fail(app.at("routeCallbacks"), .invalidValue("needs \"routing\""))
            }
            settings.routeCallbacks = flag
        }
        if let bundleID = try app.optionalString("bundleID") { settings.bundleID = bundleID }
        settings.handler = try decodeHandler(app, reader)
        return settings
    }
}
