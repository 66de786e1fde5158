import CardLayout
import Testing

/// Properties that hold on every device profile at every position.
@Suite("Invariants over device profiles")
struct InvariantTests {
  static let environments: [(String, LayoutEnvironment)] = DeviceProfile.catalog.flatMap { device in
    [OSVersion(26), OSVersion(27)].flatMap { (os: OSVersion) in
      [false, true].compactMap { rtl in
        (try? device.environment(rtl: rtl, os: os)).map { ("\(device.name) iOS \(os)\(rtl ? " rtl" : "")", $0) }
      }
    }
  }

  @Test("every profile's screen passes LayoutEnvironment's checks and is its environment at the defaults")
  func profilesAreChecked() throws {
    for device in DeviceProfile.catalog {
      let s = device.screen
      let checked = try LayoutEnvironment(
        width: s.width, height: s.height, safeArea: s.safeArea, horizontal: s.horizontal, vertical: s.vertical,
        idiom: s.idiom, os: s.os, verticalBar: s.verticalBar)
      let environment = try device.environment()
      #expect(checked == s && environment == s, "\(device.name)")
    }
  }

  @Test("E < P < C where draggable; insets inside the view; visible rect non-empty; alphas in [0, 1]")
  func settledInvariants() throws {
    #expect(Self.environments.count == DeviceProfile.catalog.count * 4)
    for (name, env) in Self.environments {
      for position in CardPosition.allCases {
        let result = try layout(env, .settled(position), titleHeight: 64, top: 2, bottom: 1)
        let p = result.positions
        if result.draggable {
          #expect(p.extended < p.peaking && p.peaking < p.collapsed, "\(name)")
        } else {
          #expect(result.position == .extended, "\(name)")
        }
        let i = result.mapInsets
        #expect(i.isValid, "\(name) \(position)")
        #expect(i.left + i.right < env.width && i.top + i.bottom < env.height, "\(name) \(position)")
        #expect(!result.visibleRect.isEmpty, "\(name) \(position)")
        for alpha in [result.mapDimAlpha, result.contentAlpha, result.buttonAlpha] {
          #expect((0...1).contains(alpha), "\(name)")
        }
        #expect(result.card.minX >= 0 && result.card.maxX <= env.width + 1e-9, "\(name)")
      }
    }
  }

  @Test("insets change continuously as y moves")
  func continuity() throws {
    for (name, env) in Self.environments {
      var previous: Insets?
      var y = 0.0
      while y <= env.height {
        let insets = try layout(env, .dragging(y: y)).mapInsets
        if let previous, env.presentation.isBottom {
          #expect(abs(insets.bottom - previous.bottom) <= 0.5 + 1e-9, "\(name) y \(y)")
          #expect(insets.top == previous.top && insets.left == previous.left && insets.right == previous.right)
        }
        previous = insets
        y += 0.5
      }
    }
  }

  @Test("in side layouts the chosen candidate has the larger unobscured area")
  func sideCandidates() throws {
    for (name, env) in Self.environments where !env.presentation.isBottom {
      for y in stride(from: 0.0, through: env.height, by: 7) {
        let result = try layout(env, .dragging(y: y))
        let card = result.card
        // The two candidates of CardLayout's Layout rules, Map insets, built here from the card, the
        // safe area and the vertical bar alone: the bar's edge takes max(safe inset, bar width).
        let leading = max(env.leadingSafeInset, env.activeVerticalBar.map { $0.edge == .leading ? $0.width : 0 } ?? 0)
        let trailing = max(
          env.trailingSafeInset, env.activeVerticalBar.map { $0.edge == .trailing ? $0.width : 0 } ?? 0)
        let safe = Insets(
          top: env.safeArea.top, left: env.rtl ? trailing : leading, bottom: env.safeArea.bottom,
          right: env.rtl ? leading : trailing)
        var beside = safe
        if env.rtl { beside.right = env.width - card.minX } else { beside.left = card.maxX }
        var above = safe
        above.bottom = env.height - card.minY
        let besideArea = beside.rect(inWidth: env.width, height: env.height).area
        let aboveArea = above.rect(inWidth: env.width, height: env.height).area
        let expected = env.presentation == .sidebar || besideArea >= aboveArea ? beside : above
        #expect(result.mapInsets == expected, "\(name) y \(y): beside \(besideArea), above \(aboveArea)")
        #expect(result.visibleRect.area == max(besideArea, aboveArea) || env.presentation == .sidebar, "\(name)")
      }
    }
  }

  @Test("RTL is the mirror image of LTR")
  func rtlMirror() throws {
    for device in DeviceProfile.catalog {
      for os in [OSVersion(26), OSVersion(27, 1)] {
        let ltrEnv = try device.environment(os: os)
        // Mirror the physical safe area too, as a device held the other way would have it.
        var rtlEnv = try device.environment(rtl: true, os: os)
        rtlEnv.safeArea = ltrEnv.safeArea.mirrored
        let card = try CardState(
          placement: .settled(.peaking), topButtons: 2, bottomButtons: 2, showsCloseButton: true,
          isPaging: true, verticalBarActions: 2)
        let ltr = ScreenLayout(environment: ltrEnv, card: card)
        let rtl = ScreenLayout(environment: rtlEnv, card: card)
        let w = ltrEnv.width
        #expect(rtl.card == ltr.card.mirrored(in: w), "\(device.name)")
        #expect(rtl.mapInsets == ltr.mapInsets.mirrored, "\(device.name)")
        #expect(rtl.visibleRect == ltr.visibleRect.mirrored(in: w), "\(device.name)")
        #expect(rtl.topToolbar == ltr.topToolbar?.mirrored(in: w), "\(device.name)")
        #expect(rtl.bottomToolbar == ltr.bottomToolbar?.mirrored(in: w), "\(device.name)")
        #expect(rtl.verticalBar?.frame == ltr.verticalBar?.frame.mirrored(in: w), "\(device.name)")
        #expect(rtl.verticalBar?.items.map(\.frame) == ltr.verticalBar?.items.map { $0.frame.mirrored(in: w) })
        #expect(rtl.positions == ltr.positions && rtl.buttonAlpha == ltr.buttonAlpha)
      }
    }
  }
}
