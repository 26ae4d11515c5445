import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

/// Every pair of launch keys, checked against the documented precedence table in `Docs/app-side.md`.
@Suite(.timeLimit(.minutes(5))) struct AppLaunchPrecedenceTests {
    /// One row of the table: the key it adds to the options and the source it gives when it wins.
    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var source: LaunchSource
        var apply: @Sendable (inout LaunchOptions) -> Void
        var description: String { name }
    }

    static let universalLink = URL(string: "https://shop.onelink.me/H5hv?deep_link_value=shoes")!

    /// The table's rows, highest precedence first.
    static let rows: [Row] = [
        Row(name: "remoteNotification", source: .remotePush) {
            $0.remoteNotification = ["aps": ["alert": "a"]]
        },
        Row(name: "localNotification", source: .localPush) { $0.localNotification = ["id": "reminder"] },
        Row(name: "userActivity (browsing web)", source: .universalLink) {
            $0.userActivity = .universalLink(universalLink)
        },
        Row(name: "url", source: .urlScheme) { $0.url = URL(string: "shop://home")! },
        Row(name: "shortcutItem", source: .shortcut) {
            $0.shortcutItem = LaunchShortcutItem(type: "com.example.search")
        },
        Row(name: "cloudKitShareMetadata", source: .cloudKitShare) {
            $0.cloudKitShareMetadata = ["share": "abc"]
        },
        Row(name: "location", source: .location) { $0.location = true },
        Row(name: "bluetoothCentrals", source: .bluetooth) { $0.bluetoothCentrals = ["central-1"] },
        Row(name: "newsstandDownloads", source: .newsstand) { $0.newsstandDownloads = ["issue-12"] },
    ]

    static var pairs: [(Row, Row)] {
        rows.indices.flatMap { first in rows.indices.filter { $0 > first }.map { (rows[first], rows[$0]) } }
    }

    @Test("Of any two launch keys, the one higher in the table decides the source", arguments: pairs)
    func higherRowWins(higher: Row, lower: Row) {
        var options = LaunchOptions()
        lower.apply(&options)
        higher.apply(&options)
        #expect(LaunchClassification(options: options).source == higher.source)
    }

    @Test("Each key alone gives its own row's source", arguments: rows)
    func aloneGivesItsRow(row: Row) {
        var options = LaunchOptions()
        row.apply(&options)
        #expect(LaunchClassification(options: options).source == row.source)
    }

    @Test("A universal-link activity given only as userActivityType still outranks a URL")
    func userActivityTypeWithURL() {
        let options = LaunchOptions(url: URL(string: "shop://home")!, userActivityType: "com.example.handoff")
        let launch = LaunchClassification(options: options)
        #expect(launch.source == .userActivity)
        #expect(launch.url == URL(string: "shop://home")!)
    }
}
