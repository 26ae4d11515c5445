import Foundation
import OneLinkClicks
import OneLinkEmulator
import Testing

/// The user-agent markers (`OS `, `Android `, ` Build/`, `FBLC/`, signature tokens) are found by a
/// byte search; text before and around them that is not ASCII must not shift what is read.
@Suite(.timeLimit(.minutes(5))) struct ClickUserAgentByteSearchTests {
    @Test("a non-ASCII model before ' Build/' is cut at the marker")
    func nonASCIIModel() throws {
        let agent = try UserAgent(
            parsing: "Mozilla/5.0 (Linux; Android 14; Téléphone 🍎 Build/AP1A.240305) AppleWebKit/537.36")
        #expect(agent.platform == .android)
        #expect(agent.deviceModel == "Téléphone 🍎")
        #expect(agent.osVersion == "14")
    }

    @Test("FBLC after non-ASCII text gives the app's language and the Facebook browser")
    func appLanguageAfterNonASCII() throws {
        let agent = try UserAgent(
            parsing:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) Mobile/15E148 [FBAN/FBIOS;FBDV/Ä;FBLC/fr_FR]"
        )
        #expect(agent.osVersion == "17.4.1")
        #expect(agent.language == "fr-FR")
        #expect(agent.inAppBrowser == .facebook)
    }

    @Test("a signature token that is not ASCII is found; a partial token is not")
    func nonASCIISignature() throws {
        let browser = InAppBrowser(rawValue: "Böse")
        let signatures = [InAppBrowser.Signature(token: "BöseApp/", browser: browser)]
        let found = try UserAgent(
            parsing: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) BöseApp/2.1",
            signatures: signatures)
        #expect(found.inAppBrowser == browser)
        let partial = try UserAgent(
            parsing: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) BöseAp", signatures: signatures)
        #expect(partial.inAppBrowser == nil)
    }
}
