import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkReplay
import OneLinkServer
import OneLinkSupport

/// The backends `onelink-replay serve` hands to the server, and a summary of what they hold.
struct ServeBackends {
    var shortLinkResolver: InMemoryShortLinkResolver
    var conversionDataSource: any ConversionDataSource
    var deferredDeepLinkSource: any DeferredDeepLinkSource
    var clickHandler: ClickHandler?
    /// What the conversion source remembers per device, for the server's device routes.
    var deviceMemory: (any DeviceMemory)?
    /// The rules installs are matched to clicks by.
    var installMatcher: InstallMatcher = .standard
    /// The seeded short links, keyed `template/shortID`, for the dashboard.
    var shortLinks: [String: AttributionPayload]
    /// One line saying what was loaded, printed to standard error.
    var summary: String

    /// Builds the backends for a seed.
    static func make(
        from seed: ServeOptions.Seed, options: ServeOptions
    ) throws(UsageError)
        -> ServeBackends
    {
        switch seed {
        case .payloads(let folder): return try fromPayloads(folder: folder, options: options)
        case .scenario(let file): return try fromScenario(file: file, bounds: options.bounds)
        }
    }

    /// The scenario's `backend` section on the system clock: its short links and redirects, and
    /// either its install attribution and deferred clicks or, with `backend.server`, its click
    /// handler with conversion data and deferred lookups answered from the recorded clicks.
    static func fromScenario(
        file: String, bounds: ScenarioBackends.Bounds
    ) throws(UsageError) -> ServeBackends {
        let built: ScenarioBackends
        let scenario: Scenario
        do {
            scenario = try Scenario(contentsOf: URL(fileURLWithPath: file), file: file)
            built = try scenario.backends(clock: SystemClock(), bounds: bounds)
        } catch {
            throw UsageError(error.description)
        }
        let clicks =
            built.clickHandler.map { handler in
                "clicks on \(handler.configuration.oneLinkDomains.sorted().joined(separator: ", "))"
            } ?? "no click handler (the scenario has no backend.server)"
        return ServeBackends(
            shortLinkResolver: built.shortLinkResolver, conversionDataSource: built.conversionDataSource,
            deferredDeepLinkSource: built.deferredDeepLinkSource, clickHandler: built.clickHandler,
            deviceMemory: built.deviceMemory, installMatcher: built.installMatcher,
            shortLinks: scenario.backend.shortLinks, summary: "seeded from scenario \(file): \(clicks)")
    }

    /// Short links from `shortlinks.json`; clicks on the OneLink domains and templates of the short
    /// links and sample links; conversion data and deferred lookups from the recorded clicks (organic
    /// / not found without one), except that the sample device gets the deferred-deep-link sample.
    static func fromPayloads(
        folder: String, options: ServeOptions
    ) throws(UsageError)
        -> ServeBackends
    {
        let directory = URL(fileURLWithPath: folder)
        let shortLinksFile = (folder as NSString).appendingPathComponent(PayloadsCommand.shortLinksFile)
        guard FileManager.default.fileExists(atPath: shortLinksFile) else {
            throw UsageError("\(shortLinksFile) does not exist; pass --payloads with the Payloads folder")
        }
        var links: [String: AttributionPayload] = [:]
        var hosts: Set<String> = []
        var templates: Set<String> = []
        let document: AttributionValue
        do {
            document = try PayloadsCommand.readJSON(
                at: directory.appendingPathComponent(PayloadsCommand.shortLinksFile), file: shortLinksFile)
        } catch {
            throw UsageError(error.line)
        }
        guard let shortLinks = try? PayloadsCommand.loadShortLinks(near: directory, folder: folder) else {
            throw UsageError("\(shortLinksFile): not a valid short-link table")
        }
        for (key, parameters) in shortLinks {
            links[key] = parameters
            if let template = key.split(separator: "/").first { templates.insert(String(template)) }
            if let host = document[key]?["host"]?.stringValue { hosts.insert(host.lowercased()) }
        }
        var samplePayload: AttributionPayload?
        let samplesFolder = directory.appendingPathComponent("samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            let file = (folder as NSString).appendingPathComponent("samples/" + name)
            guard
                let sample = try? PayloadsCommand.loadSample(
                    at: samplesFolder.appendingPathComponent(name), file: file)
            else { throw UsageError("\(file) is not a valid sample; run `onelink-replay payloads`") }
            if sample.kind == "deferred-deep-link" { samplePayload = sample.payload }
            if let link = sample.link, let parsed = try? LinkParser().parse(link), parsed.kind != .webLink,
                parsed.kind != .uriScheme
            {
                hosts.insert(parsed.host.lowercased())
                if let template = parsed.template { templates.insert(template) }
            }
        }
        let clock = SystemClock()
        let bounds = options.bounds
        let resolver = InMemoryShortLinkResolver(links: links, clock: clock)
        resolver.requestHistoryLimit = bounds.requestHistoryLimit
        let store = InMemoryClickStore(capacity: bounds.clickCapacity, overflow: bounds.clickOverflow)
        let handler: ClickHandler
        do {
            handler = try ClickHandler(
                configuration: .init(
                    appStoreURL: options.appStoreURL, oneLinkDomains: hosts, templates: templates,
                    interstitialDomain: options.interstitialDomain,
                    appIDs: Self.appIDs(inStoreURL: options.appStoreURL)),
                shortLinks: resolver, store: store, clock: clock)
        } catch {
            throw UsageError(error.description)
        }
        let storeConversion = ClickStoreConversionDataSource(store: store)
        storeConversion.requestHistoryLimit = bounds.requestHistoryLimit
        storeConversion.maximumRememberedDevices = bounds.maximumRememberedDevices
        let storeDeferred = ClickStoreDeferredDeepLinkSource(store: store)
        storeDeferred.requestHistoryLimit = bounds.requestHistoryLimit
        var conversion: any ConversionDataSource = storeConversion
        var memory: any DeviceMemory = storeConversion
        var sampleNote = "no deferred-deep-link sample"
        if let samplePayload {
            let sample = ServeSampleConversionDataSource(
                deviceID: options.sampleDevice, payload: samplePayload, fallback: storeConversion,
                fallbackMemory: storeConversion)
            conversion = sample
            memory = sample
            sampleNote = "device \(options.sampleDevice) gets the deferred-deep-link sample"
        }
        let summary =
            "seeded from \(folder): \(links.count) short link(s), OneLink domain(s) "
            + "\(hosts.sorted().joined(separator: ", ")), template(s) \(templates.sorted().joined(separator: ", ")); "
            + sampleNote
        return ServeBackends(
            shortLinkResolver: resolver, conversionDataSource: conversion,
            deferredDeepLinkSource: storeDeferred, clickHandler: handler, deviceMemory: memory,
            shortLinks: links,
            summary: summary)
    }

    /// The App Store ID in `url` (`id1234567890` in `https://apps.apple.com/app/id1234567890`), the app
    /// ID of raw attribution links (`GET /id1234567890?pid=…`).
    static func appIDs(inStoreURL url: String) -> Set<String> {
        let last = url.split(separator: "?").first?.split(separator: "/").last.map(String.init) ?? ""
        guard last.hasPrefix("id"), last.count > 2, last.dropFirst(2).allSatisfy(\.isASCII),
            last.dropFirst(2).allSatisfy(\.isNumber)
        else { return [] }
        return [last]
    }
}
