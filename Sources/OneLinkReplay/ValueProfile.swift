public import OneLinkEmulator

/// The value types a platform's callbacks carry, so handler code that is fragile about types shows up.
///
/// The emulator produces iOS values. A profile converts every SDK payload
/// (conversion data, open attribution, a deep link's click event) before it is
/// compared and before it reaches an attached delegate.
public enum ValueProfile: String, Sendable, Hashable, CaseIterable {
    /// iOS, as the real SDK hands values over: link values are strings, `is_first_launch` and `iscache` booleans.
    case ios
    /// iOS as the documentation's sample payloads print it: `true`, `false` and integers in links are
    /// typed, and `is_first_launch` and `iscache` are the numbers `1` and `0`.
    case documented
    /// Android: `is_first_launch` is a boolean, `orig_cost` a number.
    case android
    /// Every top-level value as a string, like Android's `Map<String, String>` App Links sample.
    case strings

    /// How the SDK types link values under this profile.
    public var linkValueTyping: LinkParser.ValueTyping { self == .documented ? .documented : .strings }

    /// Converts a payload to this profile's types.
    public func apply(_ payload: AttributionPayload) -> AttributionPayload {
        switch self {
        case .ios:
            return payload
        case .documented:
            var result = payload
            for key in ["is_first_launch", "iscache"] {
                if case .bool(let flag)? = payload[key] { result[key] = .int(flag ? 1 : 0) }
            }
            return result
        case .android:
            var result = payload
            if let flag = payload["is_first_launch"] {
                switch flag {
                case .int(let value): result["is_first_launch"] = .bool(value != 0)
                case .double(let value): result["is_first_launch"] = .bool(value != 0)
                case .string("1"), .string("true"): result["is_first_launch"] = .bool(true)
                case .string("0"), .string("false"): result["is_first_launch"] = .bool(false)
                default: break
                }
            }
            if let cost = payload["orig_cost"]?.stringValue, let number = Double(cost) {
                result["orig_cost"] = .double(number)
            }
            return result
        case .strings:
            var result = AttributionPayload()
            for (key, value) in payload.values { result.values[key] = .string(value.textValue) }
            return result
        }
    }

    /// Converts a payload held as a value; values that are not objects are returned unchanged.
    public func apply(_ value: AttributionValue) -> AttributionValue {
        guard case .object(let members) = value else { return value }
        return .object(apply(AttributionPayload(members)).values)
    }
}
