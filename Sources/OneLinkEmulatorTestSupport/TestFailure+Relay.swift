import Foundation

extension TestFailure {
    /// Records a failure for a module that cannot link Swift Testing or XCTest: OneLinkReplay's `ScenarioCheck`.
    ///
    /// OneLinkReplay is shared with the `onelink-replay` tool, so it cannot import this kit, and the kit
    /// depends only on OneLinkEmulator. `ScenarioCheck` finds this type by its mangled name at run time
    /// and decodes one from `{}` with the failure in the decoder's `userInfo`; decoding records it with
    /// ``TestFailure/record(_:fileID:filePath:line:column:)``. `Decodable` is the contract because both
    /// modules know it without knowing each other.
    package struct Relay: Decodable {
        /// The `userInfo` key of the failure; `ScenarioCheck.testFailureRelayKey` matches it.
        package static let key = CodingUserInfoKey(rawValue: "OneLinkEmulatorTestSupport.TestFailure")!
        /// The failure under ``key``; `ScenarioCheck.RelayedFailure` matches it.
        package typealias Failure = (
            message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
        )

        /// Records the failure found in `decoder.userInfo`; throws when there is none.
        package init(from decoder: any Decoder) throws {
            guard let failure = decoder.userInfo[Self.key] as? Failure else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "no failure under \(Self.key.rawValue)"))
            }
            TestFailure.record(
                failure.message, fileID: failure.fileID, filePath: failure.filePath, line: failure.line,
                column: failure.column)
        }
    }
}
