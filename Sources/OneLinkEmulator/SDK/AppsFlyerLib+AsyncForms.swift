public import Foundation

// The `async` forms Swift generates from the real headers' completion-handler methods. Swift's
// Objective-C import makes one when the last parameter is a block named `completion`,
// `completionHandler` or `withCompletion…` that returns nothing: an `NSError` parameter of the
// block makes the form `throws`, and its other nullable parameter becomes the non-optional result.
// `validateAndLog(inAppPurchase:…)` (two blocks) and `logAndOpenStore(…openStore:)` (not a
// completion name) get none. `start()` and `logEvent(name:values:)` have theirs beside their
// completion forms.

extension AppsFlyerLib {
    /// Validates and logs a purchase and returns the validator's response: the form Swift generates for `validateAndLogInAppPurchase(purchaseDetails:purchaseAdditionalDetails:completion:)`.
    ///
    /// - Throws: The error the completion would receive.
    @discardableResult
    public func validateAndLogInAppPurchase(
        purchaseDetails: AFSDKPurchaseDetails, purchaseAdditionalDetails: [AnyHashable: Any]?
    ) async throws -> [AnyHashable: Any] {
        let result: Result<AttributionPayload, any Error> = await withCheckedContinuation { continuation in
            validateAndLogInAppPurchase(
                purchaseDetails: purchaseDetails, purchaseAdditionalDetails: purchaseAdditionalDetails
            ) { response, error in
                if let error {
                    continuation.resume(returning: .failure(error))
                } else {
                    continuation.resume(
                        returning: .success((try? AttributionPayload(foundation: response ?? [:])) ?? [:]))
                }
            }
        }
        return try result.get().foundationDictionary
    }
}

/// A URL handed across the continuation.
private struct InviteOutcome: Sendable {
    let url: URL?
    let error: (any Error)?
}

extension AppsFlyerShareInviteHelper {
    /// Builds an invite link and returns it: the form Swift generates for `generateInviteUrl(linkGenerator:completionHandler:)`.
    #if SDK7
        @_spi(SDK6)
    #endif
    public static func generateInviteUrl(
        linkGenerator: (AppsFlyerLinkGenerator) -> AppsFlyerLinkGenerator
    ) async -> URL? {
        await withCheckedContinuation { continuation in
            generateInviteUrl(linkGenerator: linkGenerator) { continuation.resume(returning: $0) }
        }
    }

    /// Builds an invite link and returns it: the form Swift generates for SDK 7's `generateInviteLink(linkGenerator:completionHandler:)`.
    ///
    /// - Throws: The error the completion handler would receive with no link.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public static func generateInviteLink(
        linkGenerator: (AppsFlyerLinkGenerator) -> AppsFlyerLinkGenerator
    ) async throws -> URL {
        let outcome: InviteOutcome = await withCheckedContinuation { continuation in
            generateInviteLink(linkGenerator: linkGenerator) { url, error in
                continuation.resume(returning: InviteOutcome(url: url, error: error))
            }
        }
        if let url = outcome.url { return url }
        throw outcome.error ?? AttributionError.unexpected("no invite link and no error")
    }
}
