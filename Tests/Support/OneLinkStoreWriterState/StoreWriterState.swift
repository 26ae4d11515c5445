import Foundation
public import OneLinkEmulator

/// The states `onelink-store-writer` saves, and the rule the crash-safety test checks them by.
///
/// One definition for both sides, so the writer and the test cannot drift apart.
public enum StoreWriterState {
    /// State number `counter`: its session count, timestamps and payload are all derived from `counter`.
    public static func state(counter: Int) -> DeviceState {
        DeviceState(
            deviceID: "writer-device", installTime: Date(timeIntervalSince1970: 1_700_000_000),
            conversionData: ["counter": .int(counter), "blob": .string(blob(counter))],
            sessionCount: counter,
            lastSessionStart: Date(timeIntervalSince1970: Double(1_700_000_000 + counter)))
    }

    /// A payload string whose length (700 to 4,900 bytes) and contents depend on `counter`.
    public static func blob(_ counter: Int) -> String {
        let unit = "\(counter):" + String(repeating: "abcdefghij", count: 3)
        return String(repeating: unit, count: (counter % 7 + 1) * 700 / unit.utf8.count + 1)
    }

    /// The counter of a whole state, or `nil` when its parts disagree.
    public static func counter(of state: DeviceState) -> Int? {
        let counter = state.sessionCount
        return state == Self.state(counter: counter) ? counter : nil
    }
}
