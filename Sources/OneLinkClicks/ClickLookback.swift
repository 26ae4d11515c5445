public import OneLinkEmulator

/// Reads a link's `af_click_lookback`: how long after a click an install can still be attributed to it.
///
/// The accepted values follow AppsFlyer's "Lookback windows explained"
/// (support.appsflyer.com, article 208338403): click-through attribution by
/// referrer or ID matching takes `1d`…`30d` or `1h`…`23h`, default 7 days.
/// Minutes (`30m`), zero, other units, upper-case units and values out of
/// range are refused with ``ClickError/invalidLookback(_:)``.
public enum ClickLookback {
    /// The lookback of a link without `af_click_lookback`: 7 days.
    public static let defaultWindow: Duration = .seconds(7 * 24 * 3600)
    /// The longest accepted lookback: 30 days.
    public static let maximumWindow: Duration = .seconds(30 * 24 * 3600)

    /// The lookback a link parameter sets; ``defaultWindow`` when `value` is `nil`.
    ///
    /// - Throws: ``ClickError/invalidLookback(_:)`` for anything but `1d`…`30d` or `1h`…`23h`.
    public static func window(from value: AttributionValue?) throws(ClickError) -> Duration {
        guard let value else { return defaultWindow }
        guard case .string(let text) = value else { throw .invalidLookback(value.textValue) }
        return try window(parsing: text)
    }

    /// Parses `20d`, `12h` and the like.
    ///
    /// - Throws: ``ClickError/invalidLookback(_:)`` for anything but `1d`…`30d` or `1h`…`23h`.
    public static func window(parsing text: String) throws(ClickError) -> Duration {
        guard let unit = text.last, text.count >= 2, text.count <= 3 else { throw .invalidLookback(text) }
        let digits = text.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0", let amount = Int(digits)
        else { throw .invalidLookback(text) }
        switch unit {
        case "d" where (1...30).contains(amount): return .seconds(amount * 24 * 3600)
        case "h" where (1...23).contains(amount): return .seconds(amount * 3600)
        default: throw .invalidLookback(text)
        }
    }
}
