public import Foundation
import OneLinkEmulator

/// A system pasteboard shared by every app on a device, mirroring `UIPasteboard.general` without UIKit.
///
/// Contract for conforming types:
/// - ``contents()`` returns everything the pasteboard holds. On iOS 14+ each
///   such read shows the user a "pasted from" banner, so implementations may
///   count reads; ``changeCount`` does not count as a read.
/// - ``setContents(_:)`` replaces everything and increments ``changeCount`` by one.
///   As with `UIPasteboard`, setting one representation replaces the others:
///   `setString(_:)` then `setImageData(_:)` leaves only the image.
/// - ``setContents(_:ifChangeCountIs:)`` replaces the contents only when nothing
///   changed them since the caller read `changeCount`, atomically, so a late
///   clean-up never wipes what the user copied meanwhile.
/// - All methods are safe to call from many threads at once.
public protocol Pasteboard: Sendable {
    /// Reads everything the pasteboard holds.
    func contents() -> PasteboardContents

    /// A number that grows by one with every change of the contents.
    var changeCount: Int { get }

    /// Replaces the contents.
    func setContents(_ contents: PasteboardContents)

    /// Replaces the contents when ``changeCount`` still equals `expected`.
    ///
    /// - Returns: Whether the contents were replaced.
    @discardableResult
    func setContents(_ contents: PasteboardContents, ifChangeCountIs expected: Int) -> Bool
}

extension Pasteboard {
    /// The string on the pasteboard; reading it counts as a paste.
    public var string: String? { contents().string }

    /// The URL on the pasteboard; reading it counts as a paste.
    public var url: URL? { contents().url }

    /// The image bytes on the pasteboard; reading them counts as a paste.
    public var imageData: Data? { contents().imageData }

    /// Replaces the contents with a string.
    public func setString(_ string: String) { setContents(PasteboardContents(string: string)) }

    /// Replaces the contents with a URL.
    public func setURL(_ url: URL) { setContents(PasteboardContents(url: url)) }

    /// Replaces the contents with image bytes.
    public func setImageData(_ data: Data) { setContents(PasteboardContents(imageData: data)) }

    /// Empties the pasteboard.
    public func clear() { setContents(.empty) }
}
