/// A named screen: size, safe area and size classes of a real device or window (<doc:LayoutRules#Inputs>).
///
/// `Data/devices.json` is this catalogue as `cardmap devices` prints it; a test keeps the two equal.
/// Safe areas are the system's for iOS 27 in points; landscape phones hide the status bar.
public struct DeviceProfile: Hashable, Sendable {
  public var name: String
  public var summary: String
  /// The screen: size, safe area, size classes, idiom, the OS it ships with and its vertical bar
  /// (the other inputs at their defaults).
  public var screen: LayoutEnvironment

  /// The profile's environment with the other inputs given, checked as any environment.
  public func environment(
    sdk: OSVersion? = nil, mode: CardMode = .floating, presentedFullScreen: Bool = true,
    header: Double? = nil, rtl: Bool = false, os: OSVersion? = nil, keyboard: Double = 0
  ) throws(LayoutError) -> LayoutEnvironment {
    try LayoutEnvironment(
      width: screen.width, height: screen.height, safeArea: screen.safeArea, horizontal: screen.horizontal,
      vertical: screen.vertical, idiom: screen.idiom, os: os ?? screen.os, sdk: sdk, mode: mode,
      presentedFullScreen: presentedFullScreen, header: header, verticalBar: screen.verticalBar, rtl: rtl,
      keyboard: keyboard)
  }

  /// The profile named `name`, or nil.
  public static func named(_ name: String) -> DeviceProfile? {
    // (As UTF-8: a `String`'s `==` would link Unicode's tables into the WebAssembly engine.)
    catalog.first { $0.name.utf8.elementsEqual(name.utf8) }
  }

  private init(
    _ name: String, _ summary: String, _ width: Double, _ height: Double, safe: Insets,
    _ horizontal: SizeClass, _ vertical: SizeClass, _ idiom: Idiom, os: OSVersion = OSVersion(27),
    bar: VerticalBar? = nil
  ) {
    self.name = name
    self.summary = summary
    // The catalogue's own constants (a test checks each against LayoutEnvironment's checks).
    screen = LayoutEnvironment(
      checkedWidth: width, height: height, safeArea: safe, horizontal: horizontal, vertical: vertical, idiom: idiom,
      os: os, verticalBar: bar)
  }

  /// Every profile, phones first.
  public static let catalog: [DeviceProfile] = [
    DeviceProfile(
      "iphone-se", "iPhone SE (3rd gen), portrait, no home indicator", 375, 667,
      safe: Insets(top: 20), .compact, .regular, .phone),
    DeviceProfile(
      "iphone-se-landscape", "iPhone SE (3rd gen), landscape", 667, 375,
      safe: Insets(), .compact, .compact, .phone),
    DeviceProfile(
      "iphone-13-mini", "iPhone 13 mini, portrait (small)", 375, 812,
      safe: Insets(top: 50, bottom: 34), .compact, .regular, .phone),
    DeviceProfile(
      "iphone-13-mini-landscape", "iPhone 13 mini, landscape", 812, 375,
      safe: Insets(left: 50, bottom: 21, right: 50), .compact, .compact, .phone),
    DeviceProfile(
      "iphone-14", "iPhone 14, portrait (the layout rules' reference screen)", 390, 844,
      safe: Insets(top: 47, bottom: 34), .compact, .regular, .phone),
    DeviceProfile(
      "iphone-14-landscape", "iPhone 14, landscape", 844, 390,
      safe: Insets(left: 47, bottom: 21, right: 47), .compact, .compact, .phone),
    DeviceProfile(
      "iphone-17", "iPhone 17, portrait (standard)", 402, 874,
      safe: Insets(top: 62, bottom: 34), .compact, .regular, .phone),
    DeviceProfile(
      "iphone-17-landscape", "iPhone 17, landscape", 874, 402,
      safe: Insets(left: 62, bottom: 20, right: 62), .compact, .compact, .phone),
    DeviceProfile(
      "iphone-17-pro-max", "iPhone 17 Pro Max, portrait", 440, 956,
      safe: Insets(top: 62, bottom: 34), .compact, .regular, .phone),
    DeviceProfile(
      "iphone-17-pro-max-landscape", "iPhone 17 Pro Max, landscape (regular width)", 956, 440,
      safe: Insets(left: 62, bottom: 20, right: 62), .regular, .compact, .phone),
    DeviceProfile(
      "iphone-duo-outer", "A phone's outer display with a trailing vertical bar (iOS 27.1)", 420, 900,
      safe: Insets(top: 54, bottom: 30), .compact, .regular, .phone, os: OSVersion(27, 1),
      bar: VerticalBar(edge: .trailing, width: 56)),
    DeviceProfile(
      "ipad-11", "iPad Pro 11-inch, portrait", 834, 1194,
      safe: Insets(top: 24, bottom: 20), .regular, .regular, .pad),
    DeviceProfile(
      "ipad-11-landscape", "iPad Pro 11-inch, landscape", 1194, 834,
      safe: Insets(top: 24, bottom: 20), .regular, .regular, .pad),
    DeviceProfile(
      "ipad-11-split-half", "iPad Pro 11-inch, landscape, half of Split View", 590, 834,
      safe: Insets(top: 24, bottom: 20), .compact, .regular, .pad),
    DeviceProfile(
      "ipad-11-split-third", "iPad Pro 11-inch, landscape, a third of Split View", 375, 834,
      safe: Insets(top: 24, bottom: 20), .compact, .regular, .pad),
    DeviceProfile(
      "ipad-11-split-two-thirds", "iPad Pro 11-inch, landscape, two thirds of Split View", 809, 834,
      safe: Insets(top: 24, bottom: 20), .regular, .regular, .pad),
    DeviceProfile(
      "ipad-13", "iPad Pro 13-inch, portrait", 1032, 1376,
      safe: Insets(top: 24, bottom: 20), .regular, .regular, .pad),
    DeviceProfile(
      "ipad-13-landscape", "iPad Pro 13-inch, landscape", 1376, 1032,
      safe: Insets(top: 24, bottom: 20), .regular, .regular, .pad),
    DeviceProfile(
      "mac-catalyst", "Mac Catalyst window", 1280, 800,
      safe: Insets(top: 28), .regular, .regular, .mac),
    DeviceProfile(
      "vision", "visionOS window", 1280, 720,
      safe: Insets(), .regular, .regular, .vision),
  ]
}
