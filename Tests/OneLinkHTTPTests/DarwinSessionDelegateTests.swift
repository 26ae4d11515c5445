#if canImport(Darwin)
    import Foundation
    import Testing

    @testable import OneLinkHTTP

    /// The URL session delegate on Darwin, where URLSession asks it which selectors it answers.
    @Suite("The session delegate on Darwin", .timeLimit(.minutes(5)))
    struct DarwinSessionDelegateTests {
        @Test("the session delegate answers the selectors URLSession asks for")
        func sessionDelegateSelectors() {
            let delegate = HTTPSessionDelegate()
            for selector in [
                "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:",
                "URLSession:dataTask:didReceiveResponse:completionHandler:",
                "URLSession:dataTask:didReceiveData:",
                "URLSession:task:didCompleteWithError:",
            ] {
                #expect(delegate.responds(to: NSSelectorFromString(selector)), "\(selector)")
            }
        }
    }
#endif
