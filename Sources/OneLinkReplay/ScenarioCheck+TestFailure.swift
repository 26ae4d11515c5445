import Foundation

extension ScenarioCheck {
    /// The mangled name of `TestFailure.Relay` in OneLinkEmulatorTestSupport, which reports a failure to
    /// Swift Testing or XCTest.
    ///
    /// This module cannot import the kit: the kit links the test frameworks, and the `onelink-replay`
    /// tool that shares this module must run without them. So the relay is found at run time, through
    /// the type metadata every linked module registers; in a process that does not link the kit (the
    /// tool) it is simply absent. A test in OneLinkEmulatorTestSupportTests pins the name.
    package static let testFailureRelayName = "26OneLinkEmulatorTestSupport11TestFailureO5RelayV"

    /// The `JSONDecoder.userInfo` key under which the relay expects the failure.
    package static let testFailureRelayKey = CodingUserInfoKey(rawValue: "OneLinkEmulatorTestSupport.TestFailure")!

    /// One failure, as the relay reads it: message, `#fileID`, `#filePath`, line and column.
    package typealias RelayedFailure = (
        message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
    )

    /// Records one failure in the running test through the kit, or writes it to standard error without the kit.
    static func recordFailure(
        _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
    ) {
        let failure: RelayedFailure = (message, fileID, filePath, line, column)
        if let relay = _typeByName(testFailureRelayName) as? any Decodable.Type {
            let decoder = JSONDecoder()
            decoder.userInfo[testFailureRelayKey] = failure
            // Decoding the relay from an empty object records the failure; it cannot fail to decode.
            if (try? decoder.decode(relay, from: Data("{}".utf8))) != nil { return }
        }
        FileHandle.standardError.write(
            Data(
                """
                \(fileID):\(line): \(message)
                (not reported to the test: add OneLinkEmulatorTestSupport to the test target's dependencies)

                """.utf8))
    }
}
