import Foundation

extension AppsFlyerLib {
    // MARK: - Stop and anonymize

    /// Whether the SDK is stopped: while set, it sends no request and calls no callback.
    ///
    /// Calls made while stopped are dropped with a `control.stopped` debug
    /// log, as the real SDK ignores them. Clearing the flag resumes the SDK;
    /// the next `start()` begins a session as usual.
    public var isStopped: Bool {
        get { configuration.withLock { $0.isStopped } }
        set { configuration.withLock { $0.isStopped = newValue } }
    }

    /// Whether the user opted out of logging: sessions still deliver attribution, but no in-app events are sent.
    public var anonymizeUser: Bool {
        get { flag(\.anonymizeUser) }
        set { setFlag(\.anonymizeUser, newValue) }
    }

    // MARK: - Recorded flags

    /// Opts out of Apple Search Ads attribution; recorded only.
    public var disableCollectASA: Bool {
        get { flag(\.disableCollectASA) }
        set { setFlag(\.disableCollectASA, newValue) }
    }

    /// Opts out of Apple Ads attribution; recorded only.
    public var disableAppleAdsAttribution: Bool {
        get { flag(\.disableAppleAdsAttribution) }
        set { setFlag(\.disableAppleAdsAttribution, newValue) }
    }

    /// Opts out of SKAdNetwork; recorded only.
    public var disableSKAdNetwork: Bool {
        get { flag(\.disableSKAdNetwork) }
        set { setFlag(\.disableSKAdNetwork, newValue) }
    }

    /// Stops collecting the advertising identifier: ``advertisingIdentifier`` becomes empty and no request carries it.
    public var disableAdvertisingIdentifier: Bool {
        get { flag(\.disableAdvertisingIdentifier) }
        set { setFlag(\.disableAdvertisingIdentifier, newValue) }
    }

    /// Stops collecting the vendor identifier (IDFV); recorded only.
    public var disableIDFVCollection: Bool {
        get { flag(\.disableIDFVCollection) }
        set { setFlag(\.disableIDFVCollection, newValue) }
    }

    /// Collects the device name; recorded only.
    public var shouldCollectDeviceName: Bool {
        get { flag(\.shouldCollectDeviceName) }
        set { setFlag(\.shouldCollectDeviceName, newValue) }
    }

    /// Validates purchases against Apple's sandbox; recorded only.
    public var useReceiptValidationSandbox: Bool {
        get { flag(\.useReceiptValidationSandbox) }
        set { setFlag(\.useReceiptValidationSandbox, newValue) }
    }

    /// Tests uninstall measurement against Apple's sandbox; recorded only.
    public var useUninstallSandbox: Bool {
        get { flag(\.useUninstallSandbox) }
        set { setFlag(\.useUninstallSandbox, newValue) }
    }

    private func flag(_ key: WritableKeyPath<PrivacyFlags, Bool>) -> Bool {
        configuration.withLock { $0.flags[keyPath: key] }
    }

    private func setFlag(_ key: WritableKeyPath<PrivacyFlags, Bool>, _ value: Bool) {
        configuration.withLock { $0.flags[keyPath: key] = value }
    }

    // MARK: - Host

    /// The host the SDK's requests go to; `appsflyersdk.com` unless `setHost(_:withHostPrefix:)` changed it.
    public var host: String { configuration.withLock { $0.host } }

    /// The prefix put before ``host``'s subdomains; empty unless `setHost(_:withHostPrefix:)` set one.
    public var hostPrefix: String { configuration.withLock { $0.hostPrefix } }

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
    public var recordedCalls: [RecordedCall] { configuration.withLock { $0.recordedCalls } }

    func record(_ name: String, _ arguments: AttributionPayload = [:]) {
        debug(.callRecorded, "\(name) recorded")
        configuration.withLock { state in
            state.recordedCalls.append(RecordedCall(name: name, arguments: arguments))
            if state.recordedCalls.count > Self.storageErrorLimit { state.recordedCalls.removeFirst() }
        }
    }
}
