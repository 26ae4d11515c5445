import Foundation

extension ScenarioCheck {
    /// The mangled name of `TestFailure.Relay` in OneLinkEmulatorTestSupport, which reports a failure to
    /// Swift Testing or XCTest.
    ///
    /// This module cannot import the kit: the kit links the test frameworks, and the `onelink-replay`
    /// tool that shares this module must run without them. So the relay is found at run time, through
    /// the type metadata every linked module registers; in a process that does not link the kit (the
    /// tool) it is simply absent. A test in OneLinkEmulatorTestSupportTests pins the name.
    package static let testFailureRelayName = "26OneLinkEmulatorTestSupport0D7FailureO5RelayV"

    /// The `JSONDecoder.userInfo` key under which the relay expects the failure.
    package static let testFailureRelayKey = CodingUserInfoKey(
        rawValue: "OneLinkEmulatorTestSupport.TestFailure")!

    /// One failure, as the relay reads it: message, `#fileID`, `#filePath`, line and column.
    package typealias RelayedFailure = (
        message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
    )

    /// The kit's relay, or `nil` when this process does not link OneLinkEmulatorTestSupport.
    package static var testFailureRelay: (any Decodable.Type)? {
        _typeByName(testFailureRelayName) as? any Decodable.Type
    }

    /// Records one failure in the running test through `relay`, or writes it with `writeError` without one.
    package static func recordFailure(
        _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt,
        relay: (any Decodable.Type)? = testFailureRelay,
        writeError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        if let relay {
            let decoder = JSONDecoder()
            decoder.userInfo[testFailureRelayKey] =
                (message, fileID, filePath, line, column) as RelayedFailure
            // Decoding the relay from an empty object records the failure; it throws only without one.
            if (try? decoder.decode(relay, from: Data("{}".utf8))) != nil { return }
        }
        writeError(
            """
            \(fileID):\(line): \(message)
            (not reported to the test: add OneLinkEmulatorTestSupport to the test target's dependencies)

            """)
    }
}
