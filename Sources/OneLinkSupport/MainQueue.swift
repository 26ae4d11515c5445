import Dispatch

/// Tells whether code runs on the main dispatch queue, which is where the main actor runs.
///
/// `Thread.isMainThread` is not the same test: on Linux, a program with an
/// asynchronous entry point (`swift test`, `async` `@main`) parks the main
/// thread in `dispatch_main()`, and libdispatch then drains the main queue on
/// a worker thread.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    /// Whether the caller runs on the main queue (and so on the main actor).
    package static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }
}
