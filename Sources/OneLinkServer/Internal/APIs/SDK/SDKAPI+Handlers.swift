import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The SDK's calls: short links, conversion data, the deferred lookup, launches, in-app events and
/// invite links.
extension SDKAPI {
    func shortLink(_ request: ServerRequest, template: String) async -> ServerResponse {
        guard let shortID = query(request, "id"), !shortID.isEmpty else {
            return .error(400, "missing query parameter id")
        }
        oneLinkAPIService?.purgeIfExpired(template: template, shortID: shortID)
        let headers = request.headerFields
        let host = (request.header(.host) ?? "").split(separator: ":").first.map(String.init) ?? ""
        let link = ShortLinkRequest(
            host: host, template: template, shortID: shortID, link: context.wrapperBase + request.target,
            headers: headers)
        do {
            let answer = try await configuration.shortLinkResolver.resolve(link)
            // An open through a universal link never reaches the click path: this is its click.
            oneLinkAPIService?.renewOnClick(template: template, shortID: shortID)
            return .json(200, answer)
        } catch {
            return Self.failure(error)
        }
    }

    func installData(_ request: ServerRequest, appID: String) async -> ServerResponse {
        if let refusal = GCDAPI.devKeyRefusal(request, configuration: configuration, requiringOne: false) {
            return refusal
        }
        guard let deviceID = query(request, "device_id"), !deviceID.isEmpty else {
            return .error(400, "missing query parameter device_id")
        }
        guard let timeText = query(request, "install_time"),
            let installTime = AttributionTimestamp.date(from: timeText)
        else { return .error(400, "missing or invalid install_time (yyyy-MM-dd HH:mm:ss.SSS)") }
        let device = DeviceInfo(
            ipAddress: query(request, "ip") ?? "", model: query(request, "model") ?? "",
            osVersion: query(request, "os_version") ?? "", language: query(request, "language") ?? "",
            advertisingID: query(request, "advertising_id"))
        let conversion = InstallAttributionRequest(
            appID: appID, devKey: query(request, "devkey") ?? "", deviceID: deviceID,
            installTime: installTime,
            device: device)
        var install = DashboardState.Install(
            deviceID: deviceID, installTime: timeText, advertisingID: device.advertisingID)
        do {
            let answer = try await configuration.conversionDataSource.conversionData(for: conversion)
            install.answer = answer
            dashboard?.record(install)
            let isNewInstall = installs.remember(
                appID: appID, deviceID: deviceID, answer: answer, advertisingID: device.advertisingID,
                device: device, time: configuration.clock.now)
            let stored = JournaledEffect.StoredInstall(
                appID: appID, deviceID: deviceID, answer: answer.jsonText(),
                advertisingID: device.advertisingID,
                ipAddress: device.ipAddress, model: device.model, osVersion: device.osVersion,
                language: device.language, time: configuration.clock.now.timeIntervalSinceReferenceDate)
            if let failure = context.journal(.install(stored)) {
                return .error(500, "the state journal did not keep the install: \(failure)")
            }
            if isNewInstall {
                context.push.pushInstall(
                    appID: appID, deviceID: deviceID, installTime: timeText, device: device, answer: answer)
            }
            return .json(200, answer)
        } catch {
            install.failure = String(describing: error)
            dashboard?.record(install)
            return Self.failure(error)
        }
    }

    func deferred(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let body: AttributionPayload
        do {
            body = try AttributionPayload(json: request.body)
        } catch {
            return .error(400, "the body is not a JSON object: \(error)")
        }
        guard let deviceID = body["device_id"]?.stringValue, !deviceID.isEmpty else {
            return .error(400, "the body has no device_id string")
        }
        guard let timeText = body["install_time"]?.stringValue,
            let installTime = AttributionTimestamp.date(from: timeText)
        else { return .error(400, "the body has no valid install_time (yyyy-MM-dd HH:mm:ss.SSS)") }
        let device = body["device"]
        let info = DeviceInfo(
            ipAddress: device?["ip"]?.stringValue ?? "", model: device?["model"]?.stringValue ?? "",
            osVersion: device?["os_version"]?.stringValue ?? "",
            language: device?["language"]?.stringValue ?? "",
            advertisingID: device?["advertising_id"]?.stringValue)
        let lookup = InstallAttributionRequest(
            appID: appID, devKey: query(request, "devkey") ?? "", deviceID: deviceID,
            installTime: installTime,
            device: info)
        do {
            let answer = try await configuration.deferredDeepLinkSource.deferredDeepLink(for: lookup)
            return .json(
                200, ["found": .bool(answer.found), "click_event": .object(answer.clickEvent.values)])
        } catch {
            return Self.failure(error)
        }
    }

    /// Reads a launch body (`appsflyer_id`, `counter`, optional `customer_user_id` and `af_deeplink`)
    /// and records it.
    ///
    /// Once the recorder accepts it, it is remembered for the Test Console with the server clock's
    /// time, and a re-engagement goes to the Push API (PushAPI.swift).
    func launch(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let (body, deviceID): (AttributionPayload, String)
        do throws(Rejection) {
            (body, deviceID) = try Self.deviceBody(of: request)
        } catch {
            return error.response
        }
        guard let counter = body["counter"]?.intValue, counter >= 1 else {
            return .error(400, "the body has no counter of at least 1")
        }
        let launch = LaunchRequest(
            appID: appID, devKey: request.header(.authentication) ?? "", deviceID: deviceID,
            sessionCount: Int(clamping: counter), device: DeviceInfo(),
            identity: UserIdentity(customerUserID: body["customer_user_id"]?.stringValue))
        do {
            let answer = try await configuration.launchRecorder.recordLaunch(launch)
            let now = configuration.clock.now
            if let failure = context.journal(
                .launch(
                    appID: appID, deviceID: deviceID, counter: launch.sessionCount,
                    customerUserID: launch.identity.customerUserID, time: now.timeIntervalSinceReferenceDate))
            {
                return .error(500, "the state journal did not keep the launch: \(failure)")
            }
            launches.remember(
                LaunchMemory.Launch(
                    appID: appID, deviceID: deviceID, counter: launch.sessionCount,
                    customerUserID: launch.identity.customerUserID, time: now))
            await context.push.pushReengagement(appID: appID, deviceID: deviceID, launch: body)
            return .json(200, answer)
        } catch {
            return Self.failure(error)
        }
    }

    /// The emulated SDK's own event call: `POST /api/v6/iosevent/{appID}` with an `eventName`.
    ///
    /// The real SDK posts events to the launch path on the `inapps.` host. Reads `appsflyer_id`,
    /// `eventName`, `eventValue` (an object or a JSON string), optional `eventTime`,
    /// `customer_user_id` and `eventCurrency`, records it, remembers it for the Test Console once the
    /// recorder accepts it, and answers the recorder's JSON.
    func sdkEvent(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let (body, deviceID): (AttributionPayload, String)
        do throws(Rejection) {
            (body, deviceID) = try Self.deviceBody(of: request)
        } catch {
            return error.response
        }
        guard let name = body["eventName"]?.stringValue, !name.isEmpty else {
            return .error(400, "the body has no eventName string")
        }
        var values: AttributionPayload = [:]
        switch body["eventValue"] {
        case .object(let object)?: values = AttributionPayload(object)
        case .string(let text)? where !text.isEmpty:
            guard let parsed = try? AttributionPayload(jsonString: text) else {
                return .error(400, "eventValue is a string that does not hold a JSON object")
            }
            values = parsed
        case nil, .null?, .string?: break
        default: return .error(400, "eventValue must be a JSON object or a string holding one")
        }
        var time = configuration.clock.now
        if let text = body["eventTime"]?.stringValue {
            guard let parsed = AttributionTimestamp.date(from: text) else {
                return .error(400, "eventTime is not yyyy-MM-dd HH:mm:ss.SSS")
            }
            time = parsed
        }
        let event = InAppEvent(
            appID: appID, devKey: request.header(.authentication) ?? "", deviceID: deviceID, name: name,
            values: values, customerUserID: body["customer_user_id"]?.stringValue,
            currencyCode: body["eventCurrency"]?.stringValue, time: time)
        do {
            let answer = try await configuration.eventRecorder.recordEvent(event)
            if let failure = context.journal(.event(.init(event, source: "sdk"))) {
                return .error(500, "the state journal did not keep the event: \(failure)")
            }
            launches.remember(event)
            context.records.events.remember(event, source: .sdk)
            context.push.pushEvent(event, source: "SDK")
            return .json(200, answer)
        } catch {
            return Self.failure(error)
        }
    }

    /// Reads `{"brand_domain": …, "data": {…}}`, creates the short link and answers it as plain text.
    func createShortLink(_ request: ServerRequest, template: String) async -> ServerResponse {
        guard let creator = configuration.shortLinkCreator else {
            return .error(404, "this server creates no short links")
        }
        let body: AttributionPayload
        do throws(Rejection) {
            body = try Self.jsonBody(of: request)
        } catch {
            return error.response
        }
        guard let data = body["data"]?.objectValue else {
            return .error(400, "the body has no data object")
        }
        var parameters: [String: String] = [:]
        for (key, value) in data {
            switch value {
            case .object, .array: return .error(400, "data.\(key) must be a string, number or boolean")
            case .null: continue
            default: parameters[key] = value.textValue
            }
        }
        let domain = body["brand_domain"]?.stringValue ?? AppsFlyerShareInviteHelper.defaultDomain
        let creation = ShortLinkCreationRequest(
            template: template, domain: domain, parameters: parameters, appID: "",
            devKey: request.header(.authentication) ?? "")
        do {
            let link = try await creator.createShortLink(creation)
            return ServerResponse(
                status: 200, headers: [(.contentType, "text/plain; charset=utf-8")], body: Array(link.utf8))
        } catch {
            return Self.failure(error)
        }
    }
}
