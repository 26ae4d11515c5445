public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UIUserActivityRestoring`, the element type of a continue-activity restoration handler.
    @MainActor
    public protocol UIUserActivityRestoring: NSObjectProtocol {}
#endif
