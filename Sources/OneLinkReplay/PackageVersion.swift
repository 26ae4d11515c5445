import OneLinkEmulator

/// The version of the OneLinkEmulator package, as `onelink-replay --version` prints it.
///
/// It follows Semantic Versioning (see the README's versioning policy). Between
/// releases it is the next version with a `-dev` suffix; `CHANGELOG.md` lists the
/// changes under `Unreleased`, and `PackagingTests` checks the two agree.
public enum PackageVersion {
    /// The version text, such as `0.2.0-dev` or `0.2.0`.
    public static let current = "0.2.0-dev"
}
