/// What a conversion is to a retargeting campaign: the `retargeting_conversion_type` of conversion data.
///
/// From AppsFlyer's retargeting attribution guide (support.appsflyer.com, article 207033786): a
/// **re-engagement** is an existing user opening the app after engaging with a retargeting
/// campaign; a **re-attribution** is a former user reinstalling the app inside the re-attribution
/// window after engaging with one. Everything else is `none`.
public enum RetargetingConversionType: String, Sendable, Hashable, CaseIterable {
    /// Not a retargeting conversion: a first install, a reinstall without a retargeting click, or
    /// a reinstall after the re-attribution window.
    case none = "none"
    /// An existing user opened the app after a retargeting click.
    case reEngagement = "re-engagement"
    /// A former user reinstalled the app inside the re-attribution window after a retargeting click.
    case reAttribution = "re-attribution"
}
