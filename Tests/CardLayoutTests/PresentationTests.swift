import CardLayout
import CardMapTestSupport
import Testing

/// The seed's presentation table (seed 000, "System sheets on iOS 27+"), row by row (CardLayout's Layout rules, Presentation).
@Suite("Presentation")
struct PresentationTests {
  @Test("compact width, e.g. iPhone portrait: sheet at the bottom, full width")
  func iPhonePortrait() throws {
    let result = try layout(try DeviceProfile.named("iphone-14").unwrap().environment())
    #expect(result.presentation == .sheetBottom && result.usesSystemSheet)
    #expect(result.card.x == 0 && result.card.width == 390)
  }

  @Test("otherwise, e.g. iPad or iPhone landscape: sheet on the leading edge, 400 pt wide")
  func iPadAndLandscape() throws {
    for name in ["ipad-11", "ipad-13-landscape", "iphone-14-landscape", "iphone-17-pro-max-landscape"] {
      let env = try DeviceProfile.named(name).unwrap().environment()
      let result = try layout(env)
      #expect(result.presentation == .sheetLeading, "\(name)")
      #expect(result.card.width == min(400, env.width - env.safeArea.left - env.safeArea.right - 16), "\(name)")
    }
    let ipad = try layout(try DeviceProfile.named("ipad-11").unwrap().environment())
    #expect(ipad.card.width == 400 && ipad.card.x == 8)
  }

  @Test("Mac Catalyst, visionOS, mode = .sidebar: classic")
  func classicPlatforms() throws {
    for name in ["mac-catalyst", "vision"] {
      let env = try DeviceProfile.named(name).unwrap().environment()
      #expect(!env.usesSystemSheet && env.presentation == .classicSide, "\(name)")
    }
    let sidebar = try DeviceProfile.named("ipad-11").unwrap().environment(mode: .sidebar)
    #expect(!sidebar.usesSystemSheet && sidebar.presentation == .sidebar)
  }

  @Test("the card controller is itself presented, not full screen: classic")
  func notFullScreen() throws {
    let env = try DeviceProfile.named("iphone-14").unwrap().environment(presentedFullScreen: false)
    #expect(!env.usesSystemSheet && env.presentation == .classicBottom)
  }

  @Test("iOS 26 and earlier, or built with Xcode 26 and earlier: classic")
  func olderOSOrSDK() throws {
    let profile = try DeviceProfile.named("iphone-14").unwrap()
    #expect(try profile.environment(os: OSVersion(26, 4)).presentation == .classicBottom)
    #expect(try profile.environment(sdk: OSVersion(26)).presentation == .classicBottom)
    #expect(try profile.environment(sdk: OSVersion(27), os: OSVersion(27, 1)).usesSystemSheet)
    #expect(try DeviceProfile.named("ipad-11").unwrap().environment(os: OSVersion(18)).presentation == .classicSide)
  }

  @Test("derived size classes and idiom (§1)")
  func derivedTraits() throws {
    let phoneLandscape = try LayoutEnvironment(width: 844, height: 390)
    #expect(
      phoneLandscape.idiom == .phone && phoneLandscape.vertical == .compact && phoneLandscape.horizontal == .compact)
    let bigPhoneLandscape = try LayoutEnvironment(width: 932, height: 430)
    #expect(bigPhoneLandscape.horizontal == .regular)
    let pad = try LayoutEnvironment(width: 834, height: 1194)
    #expect(pad.idiom == .pad && pad.horizontal == .regular && pad.vertical == .regular)
    let padSplit = try LayoutEnvironment(width: 590, height: 834, idiom: .pad)
    #expect(padSplit.horizontal == .compact)
  }

  @Test("classic side card widths: 360 when regular, else min(0.38·W, 414) (§4)")
  func sideWidths() throws {
    let landscape = try layout(try DeviceProfile.named("iphone-14-landscape").unwrap().environment(os: OSVersion(26)))
    #expect(landscape.presentation == .classicSide)
    #expect(close(landscape.card.width, 0.38 * 844))
    #expect(landscape.card.x == 47 + 8)
    let ipad = try layout(try DeviceProfile.named("ipad-11").unwrap().environment(os: OSVersion(26)))
    #expect(ipad.card.width == 360)
  }
}
