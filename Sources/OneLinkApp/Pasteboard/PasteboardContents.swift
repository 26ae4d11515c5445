public import Foundation
import OneLinkEmulator

/// What a pasteboard holds: a string, a URL and image bytes, each optional.
public struct PasteboardContents: Sendable, Hashable {
    /// The plain-text representation.
    public var string: String?
    /// The URL representation.
    public var url: URL?
    /// The image representation, as encoded bytes (PNG, JPEG, ...).
    public var imageData: Data?

    /// Creates contents; every representation is absent unless given.
    public init(string: String? = nil, url: URL? = nil, imageData: Data? = nil) {
        self.string = string
        self.url = url
        self.imageData = imageData
    }

    /// An empty pasteboard.
    public static let empty = PasteboardContents()

    /// Whether no representation is present.
    public var isEmpty: Bool { string == nil && url == nil && imageData == nil }
}
