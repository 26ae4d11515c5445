import Foundation
import OneLinkEmulator
import Testing

/// The `NSNumber` casts `Docs/platforms.md` says behave the same on Linux and on Darwin.
@Suite("NSNumber casts on every platform", .timeLimit(.minutes(5)))
struct FoundationBridgingPlatformTests {
    @Test func zeroAndOneCastToBoolButTwoDoesNot() {
        #expect(NSNumber(value: 1) as? Bool == true)
        #expect(NSNumber(value: 0) as? Bool == false)
        #expect(NSNumber(value: 2) as? Bool == nil)
    }

    @Test func aBooleanNumberCastsToInt() {
        #expect(NSNumber(value: true) as? Int == 1)
    }

    @Test func aSwiftIntInAnyDoesNotCastToBool() {
        let one: Any = 1
        #expect(one as? Bool == nil)
    }

    @Test func booleansHaveTheirOwnNumberClass() {
        let yes = AttributionValue.bool(true).foundationObject
        let one = AttributionValue.int(1).foundationObject
        #expect(type(of: yes) != type(of: one))
        #expect(type(of: yes) == type(of: NSNumber(value: false)))
    }

    @Test func isFirstLaunchReadsAsBoolWhetherBoolOrOne() {
        let delivered: [AnyHashable: Any] = ["a": NSNumber(value: true), "b": NSNumber(value: 1)]
        #expect(delivered["a"] as? Bool == true)
        #expect(delivered["b"] as? Bool == true)
    }
}
