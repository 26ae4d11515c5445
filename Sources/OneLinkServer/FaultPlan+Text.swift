import Foundation
import OneLinkSupport

extension FaultPlan {
    /// Why a fault's text form does not read.
    public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, quoting the text.
        public var description: String
    }

    /// Adds the faults of one `ROUTE=FAULT[,FAULT…]` rule, such as `install_data=status:503` or
    /// `shortlink=delay:2s,garbage-body`, to the plan (as `serve --fault` takes them).
    ///
    /// `ROUTE` is a ``ServerRoute`` raw value. Each `FAULT` is `delay:DURATION` (`500ms`, `2s`; on
    /// the server's clock), `status:CODE`, `body:TEXT` (without commas), `garbage-body`, `truncated-body`,
    /// `oversized-body:BYTES`, `close-after-head`, `reset-mid-body`, `close`, `redirect-chain:HOPS`
    /// or `redirect-loop`.
    ///
    /// - Throws: ``TextError`` naming the route or fault that does not read.
    public mutating func add(rule: String) throws(TextError) {
        let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let route = ServerRoute(rawValue: parts[0]) else {
            let routes = ServerRoute.allCases.map(\.rawValue).joined(separator: ", ")
            throw TextError(
                description: "\(QuotedInput.prefix(rule)) is not ROUTE=FAULT with ROUTE one of \(routes)")
        }
        var faults = self[.route(route)]
        for text in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            faults.append(try Self.fault(String(text)))
        }
        self[.route(route)] = faults
    }

    private static func fault(_ text: String) throws(TextError) -> ServerFault {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts[0]
        let argument = parts.count > 1 ? parts[1] : nil
        func number(_ range: ClosedRange<Int>) throws(TextError) -> Int {
            guard let argument, let value = Int(argument), range.contains(value) else {
                throw TextError(
                    description:
                        "\(QuotedInput.prefix(text)): \(name) needs a number from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            return value
        }
        switch (name, argument) {
        case ("status", _): return .status(try number(100...599))
        case ("oversized-body", _): return .oversizedBody(bytes: try number(14...100_000_000))
        case ("redirect-chain", _): return .redirectChain(hops: try number(1...100))
        case ("body", let body?): return .body(body)
        case ("delay", let duration?):
            let milliseconds: Int?
            if duration.hasSuffix("ms") {
                milliseconds = Int(duration.dropLast(2))
            } else if duration.hasSuffix("s") {
                milliseconds = Int(duration.dropLast()).map { $0 * 1000 }
            } else {
                milliseconds = nil
            }
            guard let milliseconds, (0...3_600_000).contains(milliseconds) else {
                throw TextError(
                    description:
                        "\(QuotedInput.prefix(text)): delay needs a duration such as 500ms or 2s (at most 3600s)"
                )
            }
            return .delay(.milliseconds(milliseconds))
        case ("garbage-body", nil): return .garbageBody
        case ("truncated-body", nil): return .truncatedBody
        case ("close-after-head", nil): return .closeAfterHead
        case ("reset-mid-body", nil): return .resetMidBody
        case ("close", nil): return .closeWithoutResponse
        case ("redirect-loop", nil): return .redirectLoop
        default:
            throw TextError(
                description:
                    "\(QuotedInput.prefix(text)) is not a fault (delay:2s, status:503, body:TEXT, garbage-body, truncated-body, "
                    + "oversized-body:BYTES, close-after-head, reset-mid-body, close, redirect-chain:HOPS, redirect-loop)"
            )
        }
    }
}
