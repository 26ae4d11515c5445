import Foundation
import OneLinkEmulator
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// The test framework running the current test, as the kit's helpers see it.
public enum TestFramework: Sendable, Hashable {
    /// A Swift Testing `@Test` is running on this task.
    case swiftTesting
    /// No Swift Testing test is running on this task; failures go to XCTest.
    case xcTest
    /// Neither framework is available to report to.
    case none

    /// The framework a failure reported from here would reach.
    ///
    /// Swift Testing is detected through `Test.current`, which is bound to the
    /// test's task and the tasks it creates. Anything else is taken as XCTest
    /// when XCTest can be imported, so call the helpers from the test's own
    /// task, not from a `DispatchQueue` callback of a Swift Testing test.
    public static var current: TestFramework {
        if Test.current != nil { return .swiftTesting }
        #if canImport(XCTest)
            return .xcTest
        #else
            return .none
        #endif
    }
}

/// Reports test failures to whichever framework runs the test: Swift Testing or XCTest.
public enum TestFailure {
    /// Records one failure at the caller's location.
    ///
    /// Under Swift Testing this is `Issue.record`; under XCTest it is `XCTFail`.
    /// Without either, the message goes to standard error so it is not lost.
    /// `OneLinkReplayTestSupport`'s `ScenarioCheck` reports through here too.
    public static func record(
        _ message: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        switch TestFramework.current {
        case .swiftTesting:
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        case .xcTest:
            #if canImport(XCTest)
                XCTFail(message, file: filePath, line: line)
            #endif
        case .none:
            FileHandle.standardError.write(Data("test failure at \(filePath):\(line): \(message)\n".utf8))
        }
    }
}
