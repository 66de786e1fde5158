import JSONValues

/// The screen a card is laid out on (<doc:LayoutRules#Inputs>): size, safe area, size classes, OS, header, bar.
///
/// Size classes and idiom are derived when not given: the idiom is `pad` when min(W, H) ≥ 600,
/// else `phone`; vertical is compact iff the idiom is `phone` and H < 500; horizontal is regular iff
/// W ≥ 896, or the idiom is `pad` and W ≥ 600.
///
/// ```swift
/// let phone = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34))
/// phone.presentation  // .sheetBottom on iOS 27
/// ```
public struct LayoutEnvironment: Hashable, Sendable {
  public var width: Double
  public var height: Double
  /// The system safe area, `sT, sL, sB, sR`, with left and right as on screen.
  public var safeArea: Insets
  public var horizontal: SizeClass
  public var vertical: SizeClass
  public var idiom: Idiom
  /// The OS version running.
  public var os: OSVersion
  /// The SDK the app was built with.
  public var sdk: OSVersion
  public var mode: CardMode
  /// False when the card controller is itself presented, not full screen.
  public var presentedFullScreen: Bool
  /// The height of a header's content (e.g. a page card's header), or nil for none.
  public var header: Double?
  /// A vertical bar on one edge; only shown from iOS 27.1 on (see `activeVerticalBar`).
  public var verticalBar: VerticalBar?
  /// Right-to-left: leading is the right edge, and every horizontal rule mirrors.
  public var rtl: Bool
  /// The height of the on-screen keyboard over the view's bottom edge, 0 when none shows
  /// (<doc:LayoutRules#The-on-screen-keyboard>): the card, its content and the visible rect lie
  /// above it (`aboveKeyboard`), the map still under it all.
  public var keyboard: Double

  /// Creates an environment and checks it.
  ///
  /// - Throws: `LayoutError` for a size that is not positive and finite, a negative or
  ///   non-finite safe area, a safe area that leaves no room, a negative header, or a vertical bar
  ///   that is negative or as wide as the view.
  // (Compiled once, not inlined into its callers: its checks' messages are most of it.)
  @inline(never)
  public init(
    width: Double, height: Double, safeArea: Insets = .zero,
    horizontal: SizeClass? = nil, vertical: SizeClass? = nil, idiom: Idiom? = nil,
    os: OSVersion = OSVersion(27), sdk: OSVersion? = nil, mode: CardMode = .floating,
    presentedFullScreen: Bool = true, header: Double? = nil, verticalBar: VerticalBar? = nil,
    rtl: Bool = false, keyboard: Double = 0
  ) throws(LayoutError) {
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
      throw LayoutError(input: "viewport", reason: "expected a positive finite size, got \(width)×\(height)")
    }
    for (name, value) in [
      ("top", safeArea.top), ("left", safeArea.left), ("bottom", safeArea.bottom), ("right", safeArea.right),
    ] where !(value.isFinite && value >= 0) {
      throw LayoutError(input: "safeArea.\(name)", reason: "expected a finite inset ≥ 0, got \(value)")
    }
    guard safeArea.top + safeArea.bottom < height, safeArea.left + safeArea.right < width else {
      throw LayoutError(input: "safeArea", reason: "the safe area \(safeArea) leaves no room in \(width)×\(height)")
    }
    if let header, !(header.isFinite && header >= 0) {
      throw LayoutError(input: "header", reason: "expected a finite height ≥ 0, got \(header)")
    }
    if let bar = verticalBar, !(bar.width.isFinite && bar.width >= 0 && bar.width < width) {
      throw LayoutError(
        input: "verticalBar", reason: "expected a width from 0 to less than the view's \(width), got \(bar.width)")
    }
    try Self.check(keyboard: keyboard, height: height, safeTop: safeArea.top)
    let idiom = idiom ?? (min(width, height) >= 600 ? .pad : .phone)
    self.init(
      checkedWidth: width, height: height, safeArea: safeArea,
      horizontal: horizontal ?? (width >= 896 || (idiom == .pad && width >= 600) ? .regular : .compact),
      vertical: vertical ?? (idiom == .phone && height < 500 ? .compact : .regular), idiom: idiom, os: os,
      sdk: sdk ?? os, mode: mode, presentedFullScreen: presentedFullScreen, header: header, verticalBar: verticalBar,
      rtl: rtl, keyboard: keyboard)
  }

  /// An environment from values already known to pass `init`'s checks (`init` after checking,
  /// and the device catalogue's constants), the inputs not given at their defaults.
  init(
    checkedWidth width: Double, height: Double, safeArea: Insets, horizontal: SizeClass, vertical: SizeClass,
    idiom: Idiom, os: OSVersion, sdk: OSVersion? = nil, mode: CardMode = .floating, presentedFullScreen: Bool = true,
    header: Double? = nil, verticalBar: VerticalBar?, rtl: Bool = false, keyboard: Double = 0
  ) {
    self.width = width
    self.height = height
    self.safeArea = safeArea
    self.horizontal = horizontal
    self.vertical = vertical
    self.idiom = idiom
    self.os = os
    self.sdk = sdk ?? os
    self.mode = mode
    self.presentedFullScreen = presentedFullScreen
    self.header = header
    self.verticalBar = verticalBar
    self.rtl = rtl
    self.keyboard = keyboard
  }

  /// This screen with an on-screen keyboard `height` tall (0: none), checked as `init` checks it.
  public func with(keyboard height: Double) throws(LayoutError) -> LayoutEnvironment {
    try Self.check(keyboard: height, height: self.height, safeTop: safeArea.top)
    var screen = self
    screen.keyboard = height
    return screen
  }

  /// A keyboard leaves room under the top safe area.
  static func check(keyboard: Double, height: Double, safeTop: Double) throws(LayoutError) {
    guard keyboard.isFinite, keyboard >= 0, safeTop + keyboard < height else {
      throw LayoutError(
        input: "keyboard",
        reason: "expected a finite height ≥ 0 leaving room under the top safe area (\(safeTop)) of the view's "
          + "\(height), got \(keyboard)")
    }
  }

  /// The part of the view above the on-screen keyboard, as a screen of its own
  /// (<doc:LayoutRules#The-on-screen-keyboard>): `keyboard` shorter, its bottom safe area what the
  /// keyboard leaves of it (the keyboard covers the home indicator), its size classes, idiom and the
  /// rest unchanged (a keyboard does not make a phone compact); the environment itself without one.
  public var aboveKeyboard: LayoutEnvironment {
    guard keyboard > 0 else { return self }
    var above = self
    above.height -= keyboard
    above.safeArea.bottom = max(0, safeArea.bottom - keyboard)
    above.keyboard = 0
    return above
  }

  /// The vertical bar when the OS shows one (iOS 27.1 and later), else nil (<doc:LayoutRules#Inputs>).
  public var activeVerticalBar: VerticalBar? {
    os >= .verticalBar ? verticalBar : nil
  }

  /// The safe inset on the leading edge (left, or right under RTL).
  public var leadingSafeInset: Double { rtl ? safeArea.right : safeArea.left }
  /// The safe inset on the trailing edge.
  public var trailingSafeInset: Double { rtl ? safeArea.left : safeArea.right }

  /// What obstructs an edge: the safe inset, or the vertical bar's width when it is on that edge
  /// and wider (<doc:LayoutRules#Card-frame>; <doc:LayoutRules#Map-insets-and-the-visible-rect>; <doc:LayoutRules#Dimming-alphas-and-buttons>).
  public func obstruction(_ edge: HorizontalEdge) -> Double {
    let safe = edge == .leading ? leadingSafeInset : trailingSafeInset
    guard let bar = activeVerticalBar, bar.edge == edge else { return safe }
    return max(safe, bar.width)
  }

  /// The vertical bar's width on an edge, 0 when it is elsewhere or absent.
  public func barWidth(_ edge: HorizontalEdge) -> Double {
    guard let bar = activeVerticalBar, bar.edge == edge else { return 0 }
    return bar.width
  }
}
