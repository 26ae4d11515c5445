/// The framework or wrapper an app integrates the SDK through, for `setPluginInfo(plugin:version:additionalParams:)`.
public enum Plugin: Int, Sendable, Hashable, CaseIterable {
    /// A native iOS app.
    case iOSNative
    /// Unity.
    case unity
    /// Flutter.
    case flutter
    /// React Native.
    case reactNative
    /// Adobe AIR.
    case adobeAir
    /// Adobe Mobile.
    case adobeMobile
    /// Cocos2d-x.
    case cocos2dx
    /// Cordova.
    case cordova
    /// mParticle.
    case mparticle
    /// NativeScript.
    case nativeScript
    /// Expo.
    case expo
    /// Unreal Engine.
    case unreal
    /// Xamarin.
    case xamarin
    /// Capacitor.
    case capacitor
    /// Segment.
    case segment
    /// Adobe Experience Platform (Swift).
    case adobeSwiftAEP
}
