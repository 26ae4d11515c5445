public import OneLinkEmulator

/// Reads a retargeting link's `af_reengagement_window`: how long after a re-engagement the user's
/// activity stays attributed to the retargeting media source.
///
/// AppsFlyer's retargeting macros (support.appsflyer.com, article 207033796) give the window as
/// `af_reengagement_window=30`, "range of 1-90 days or lifetime"; the attribution-link wizard
/// writes it with a unit (`30d`, as the re-attribution payloads in the field show, and hours for
/// windows under a day). Accepted: `1h`…`23h`, `1d`…`90d`, a bare day count `1`…`90`, and
/// `lifetime` (no end). A link without the parameter gets ``defaultWindow``. Anything else is
/// refused with ``ClickError/invalidReengagementWindow(_:)``.
public enum ReengagementWindow {
    /// The window of a retargeting link without `af_reengagement_window`: 30 days.
    public static let defaultWindow: Duration = .seconds(30 * 24 * 3600)
    /// The longest finite window: 90 days.
    public static let maximumWindow: Duration = .seconds(90 * 24 * 3600)

    /// The window a link parameter sets: ``defaultWindow`` when `value` is `nil`, `nil` for `lifetime`.
    ///
    /// - Throws: ``ClickError/invalidReengagementWindow(_:)`` for an unusable value.
    public static func window(from value: AttributionValue?) throws(ClickError) -> Duration? {
        guard let value else { return defaultWindow }
        switch value {
        case .string(let text): return try window(parsing: text)
        case .int(let days): return try window(parsing: String(days))
        default: throw .invalidReengagementWindow(value.textValue)
        }
    }

    /// Parses `30d`, `12h`, `30` (days) or `lifetime`; `nil` stands for `lifetime`.
    ///
    /// - Throws: ``ClickError/invalidReengagementWindow(_:)`` for anything else.
    public static func window(parsing text: String) throws(ClickError) -> Duration? {
        if text == "lifetime" { return nil }
        guard !text.isEmpty, text.count <= 3 else { throw .invalidReengagementWindow(text) }
        let unit: Character = text.last?.isNumber == true ? "d" : text.last ?? "d"
        let digits = text.last?.isNumber == true ? Substring(text) : text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0",
            let amount = Int(digits)
        else { throw .invalidReengagementWindow(text) }
        switch unit {
        case "d" where (1...90).contains(amount): return .seconds(amount * 24 * 3600)
        case "h" where (1...23).contains(amount): return .seconds(amount * 3600)
        default: throw .invalidReengagementWindow(text)
        }
    }
}
