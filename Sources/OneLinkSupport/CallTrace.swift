/// The package functions one SDK ran, in order, for a test to read: the seam through which
/// `Docs/architecture.md` computes its warm-link and first-launch call paths.
///
/// An SDK made while a trace is bound to ``tracing`` (`CallTrace.$tracing.withValue(trace) {
/// AppsFlyerLib(…) }`) keeps it and records a hop at each function of those paths. Any other SDK
/// keeps `nil`, read from the task-local once when it is made, so a hop costs it one test of an
/// optional.
package final class CallTrace: Sendable {
    /// The trace an SDK made in this task records into; `nil` unless a test traces.
    @TaskLocal package static var tracing: CallTrace?

    private let hops = Locked<[String]>([])

    /// Creates an empty trace.
    package init() {}

    /// Records the calling function as `File.swift: function`.
    package func hop(_ file: String = #fileID, _ function: String = #function) {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let call = function.prefix { $0 != "(" }
        hops.withLock { $0.append("\(name): \(call)") }
    }

    /// The hops so far, in the order they ran.
    package var recorded: [String] { hops.withLock { $0 } }
}
