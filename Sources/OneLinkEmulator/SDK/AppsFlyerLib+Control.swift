import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    // MARK: - Stop and anonymize

    /// Whether the SDK is stopped: while set, it sends no request and calls no callback.
    ///
    /// Calls made while stopped are dropped with a `control.stopped` debug
    /// log, as the real SDK ignores them. Clearing the flag resumes the SDK;
    /// the next `start()` begins a session as usual.
    public var isStopped: Bool {
        get { configuration[\.isStopped] }
        set { configuration[\.isStopped] = newValue }
    }

    /// Whether the user is anonymized: everything is still sent, without the user's identifiers.
    ///
    /// As the dev hub's iOS privacy page describes it: sessions, in-app events,
    /// ad revenue and purchases are sent, and AppsFlyer removes or hashes every
    /// identifier, the IP address included, as they arrive. The emulated backends
    /// see no advertising ID, no customer user ID or other identity, and an empty
    /// IP address; completions succeed as usual. Only ``isStopped`` stops sending.
    public var anonymizeUser: Bool {
        get { configuration[\.flags.anonymizeUser] }
        set { configuration[\.flags.anonymizeUser] = newValue }
    }

    // MARK: - Recorded flags

    /// Opts out of Apple Search Ads attribution; recorded only.
    public var disableCollectASA: Bool {
        get { configuration[\.flags.disableCollectASA] }
        set { configuration[\.flags.disableCollectASA] = newValue }
    }

    /// Opts out of Apple Ads attribution; recorded only.
    public var disableAppleAdsAttribution: Bool {
        get { configuration[\.flags.disableAppleAdsAttribution] }
        set { configuration[\.flags.disableAppleAdsAttribution] = newValue }
    }

    /// Opts out of SKAdNetwork; recorded only.
    public var disableSKAdNetwork: Bool {
        get { configuration[\.flags.disableSKAdNetwork] }
        set { configuration[\.flags.disableSKAdNetwork] = newValue }
    }

    /// Stops collecting the advertising identifier: ``advertisingIdentifier`` becomes empty and no request carries it.
    ///
    /// Not in the Strict build (unavailable with the `Strict` trait), which collects none.
    #if Strict
        @available(*, unavailable, message: "AppsFlyerLib-Strict collects no IDFA (AFSDK_NO_IDFA)")
    #endif
    public var disableAdvertisingIdentifier: Bool {
        get { configuration[\.flags.disableAdvertisingIdentifier] }
        set { configuration[\.flags.disableAdvertisingIdentifier] = newValue }
    }

    /// Stops collecting the vendor identifier (IDFV); recorded only.
    public var disableIDFVCollection: Bool {
        get { configuration[\.flags.disableIDFVCollection] }
        set { configuration[\.flags.disableIDFVCollection] = newValue }
    }

    /// Collects the device name; recorded only.
    public var shouldCollectDeviceName: Bool {
        get { configuration[\.flags.shouldCollectDeviceName] }
        set { configuration[\.flags.shouldCollectDeviceName] = newValue }
    }

    /// Validates purchases against Apple's sandbox; recorded only.
    public var useReceiptValidationSandbox: Bool {
        get { configuration[\.flags.useReceiptValidationSandbox] }
        set { configuration[\.flags.useReceiptValidationSandbox] = newValue }
    }

    /// Tests uninstall measurement against Apple's sandbox; recorded only.
    public var useUninstallSandbox: Bool {
        get { configuration[\.flags.useUninstallSandbox] }
        set { configuration[\.flags.useUninstallSandbox] = newValue }
    }

    // MARK: - Host

    /// The host the SDK's requests go to; `appsflyersdk.com` unless `setHost(_:withHostPrefix:)` changed it.
    public var host: String { configuration[\.host] }

    /// The prefix put before ``host``'s subdomains; empty unless `setHost(_:withHostPrefix:)` set one.
    public var hostPrefix: String { configuration[\.hostPrefix] }

    /// Points the SDK's requests at another host, such as `onelink-replay serve`.
    ///
    /// Every request carries the host and prefix, and the HTTP backends send to it.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setHost(_ host: String, withHostPrefix hostPrefix: String) {
        setHostAndPrefix(host: host, prefix: hostPrefix)
    }

    /// The body of `setHost(_:withHostPrefix:)` (SDK 6) and `setHost(_:hostName:)` (SDK 7, prefix first).
    func setHostAndPrefix(host: String, prefix hostPrefix: String) {
        configuration.withLock {
            $0.host = host
            $0.hostPrefix = hostPrefix
        }
    }

    // MARK: - Recorded calls

    /// The calls whose only real effect is to forward data to AppsFlyer's servers, oldest first.
    ///
    /// Emulator only; at most ``storageErrorLimit`` are kept.
    public var recordedCalls: [RecordedCall] { configuration[\.recordedCalls].elements }

    func record(_ name: String, _ arguments: AttributionPayload = [:]) {
        debug(.callRecorded, "\(name) recorded")
        configuration.withLock { state in
            state.recordedCalls.append(RecordedCall(name: name, arguments: arguments))
        }
    }
}
