/// What the emulated user does when app code asks `ATTrackingManager.requestTrackingAuthorization`: emulator only.
///
/// Set it on ``AppsFlyerLib/trackingPromptAnswer`` before the app asks. The
/// emulated device shows the prompt only while the status is
/// `.notDetermined`, as iOS does; once decided, every request gets the
/// decided status back without a prompt.
public enum TrackingPromptAnswer: Sendable, Hashable, CaseIterable {
    /// The user taps "Allow": the status becomes `.authorized`.
    case authorize
    /// The user taps "Ask App Not to Track": the status becomes `.denied`.
    case deny
    /// The user leaves the prompt open: the completion runs when the test sets ``AppsFlyerLib/trackingAuthorizationStatus``.
    case noAnswer

    /// The status the answer decides; `nil` for ``noAnswer``.
    public var status: TrackingAuthorizationStatus? {
        switch self {
        case .authorize: return .authorized
        case .deny: return .denied
        case .noAnswer: return nil
        }
    }
}
