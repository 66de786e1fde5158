import CardLayout
import CardMapTestSupport
import Testing

/// The rest of TGCardViewController: motion, floating buttons, map buttons, info view, overlays off,
/// content size (CardLayout's Controller rules), each with its numbers.
@Suite("Controller rules")
struct ControllerTests {
  func phone(rtl: Bool = false) throws -> LayoutEnvironment {
    try DeviceProfile.named("iphone-17").unwrap().environment(rtl: rtl)
  }

  @Test("motion: TG's durations and damping ratios")
  func motionNumbers() throws {
    let push = CardMotion.push(to: 457, viewHeight: 874)
    #expect(push.from == 874 && push.to == 457 && push.duration == 0.25 && push.damping == 0.75)
    let pop = CardMotion.pop(from: 457, viewHeight: 874)
    #expect(pop.to == 874 && pop.duration == 0.3125 && pop.duration == 1.25 * push.duration && pop.damping == 1)
    let layout = ScreenLayout(environment: try phone(), card: try CardState(placement: .dragging(y: 300)))
    let snap = Snap(y: 300, velocity: -800, layout: layout, vertical: .regular)
    let motion = CardMotion.snap(from: 300, snap, positions: layout.positions)
    #expect(motion.damping == 0.8 && motion.duration == snap.duration && motion.to == layout.positions[snap.position])
    let tap = CardMotion.tap(.titleTap, from: 776, to: 457)
    #expect(tap.duration == 0.25 && tap.damping == 1)
  }

  @Test(
    "the spring settles within 0.5 pt at the duration; damping 1 never overshoots; less overshoots as the model says")
  func spring() {
    for damping in [0.75, 0.8, 1.0] {
      for (from, to) in [(874.0, 457.0), (300, 59), (457, 874), (100, 100.3)] {
        let motion = CardMotion(kind: .snap, from: from, to: to, duration: 0.4, damping: damping)
        #expect(motion.y(at: 0) == from && motion.y(at: 0.4) == to && motion.y(at: 9) == to)
        #expect(abs(motion.y(at: 0.4 - 1e-9) - to) <= 0.5 + 1e-6, "\(damping) \(from)→\(to)")
        var past = 0.0
        for step in 0...4000 {
          let y = motion.y(at: 0.4 * Double(step) / 4000)
          past = max(past, (y - to) * (to > from ? 1 : -1))
        }
        if damping == 1 {
          #expect(past <= 1e-9, "damping 1 overshot by \(past)")
        } else if abs(from - to) > 1 {
          #expect(abs(past - motion.overshoot) <= 1e-3 * max(motion.overshoot, 1), "\(past) vs \(motion.overshoot)")
          #expect(motion.overshoot > 0)
        }
      }
    }
    // 417 pt at damping 0.75: |Δ|·e^(−0.75π/√(1−0.5625)) = 417·e^(−3.5621) = 11.83 pt.
    #expect(abs(CardMotion.push(to: 457, viewHeight: 874).overshoot - 11.83) < 0.01)
  }

  @Test("samples: dim, content and button alpha follow y")
  func samples() throws {
    let env = try phone()
    let card = try CardState()
    let samples = CardMotion.push(to: 457, viewHeight: 874).samples(9, environment: env, card: card)
    #expect(samples.count == 9 && samples.first?.y == 874 && samples.last?.y == 457)
    for sample in samples {
      var state = card
      state.placement = .dragging(y: sample.y)
      let layout = ScreenLayout(environment: env, card: state)
      #expect(sample.contentAlpha == layout.contentAlpha && sample.buttonAlpha == layout.buttonAlpha)
      #expect(sample.mapDimAlpha == layout.mapDimAlpha)
    }
  }

  @Test("floating toolbar: 44 pt items 8 apart, 16 pt above the safe bottom and inside the card; four alignments")
  func floatingToolbar() throws {
    let env = try phone()
    for (alignment, x) in [(FloatingAlignment.center, 127.0), (.leading, 16), (.trailing, 238), (.fill, 16)] {
      let layout = ScreenLayout(
        environment: env, card: try CardState(floatingItems: 3, floatingAlignment: alignment))
      let frame = try layout.floatingToolbar.unwrap()
      #expect(frame.y == 874 - 34 - 16 - 44 && frame.height == 44)
      #expect(frame.x == x && frame.width == (alignment == .fill ? 402 - 32 : 3 * 44 + 2 * 8), "\(alignment)")
    }
    #expect(ScreenLayout(environment: env, card: try CardState()).floatingToolbar == nil)
  }

  @Test("map buttons: compass then user tracking then the card's; the compass slot collapses at bearing 0")
  func mapButtons() throws {
    let env = try phone()
    let north = ScreenLayout(
      environment: env, card: try CardState(topButtons: 1, showsCompass: true, showsUserTracking: true, bearing: 0))
    #expect(north.toolbarItems.map(\.role) == [.userTracking, .card])
    #expect(north.topToolbar?.height == Optional(89.0))  // 2 items: 2 · 44 + 1
    let rotated = ScreenLayout(
      environment: env, card: try CardState(topButtons: 1, showsCompass: true, showsUserTracking: true, bearing: 30))
    #expect(rotated.toolbarItems.map(\.role) == [.compass, .userTracking, .card])
    #expect(rotated.topToolbar?.height == Optional(134.0))  // 3 items: 3 · 44 + 2
    let frames = rotated.toolbarItems.map(\.frame)
    let ys: [Double] = [70, 115, 160]  // sT + 8, then 45 pt steps (44 + a 1 pt separator)
    #expect(frames.map(\.y) == ys)
    #expect(frames.allSatisfy { $0.x == 350 })  // W − 8 − 44
    #expect(ScreenLayout(environment: env, card: try CardState(showsCompass: true, bearing: 360)).topToolbar == nil)
    // Right to left, every item mirrors: the bottom toolbar's first item is at its right end.
    let state = try CardState(topButtons: 1, bottomButtons: 2, showsCompass: true, bearing: 30)
    let ltr = ScreenLayout(environment: env, card: state).toolbarItems
    let rtl = ScreenLayout(environment: try phone(rtl: true), card: state).toolbarItems
    #expect(rtl.map(\.role) == ltr.map(\.role) && rtl.map(\.frame) == ltr.map { $0.frame.mirrored(in: 402) })
  }

  @Test("info view: at sT + 8, centred between its neighbours, 8 pt from each")
  func infoView() throws {
    let bottom = ScreenLayout(
      environment: try phone(), card: try CardState(topButtons: 1, infoView: Size(width: 240, height: 44)))
    let toolbar = try bottom.topToolbar.unwrap()
    #expect(bottom.infoView == Rect(x: (toolbar.minX - 240) / 2, y: 62 + 8, width: 240, height: 44))
    let side = ScreenLayout(
      environment: try DeviceProfile.named("ipad-11-landscape").unwrap().environment(),
      card: try CardState(topButtons: 1, infoView: Size(width: 2000, height: 40)))
    let view = try side.infoView.unwrap()
    let sideToolbar = try side.topToolbar.unwrap()
    #expect(abs(view.minX - (side.card.maxX + 8)) < 1e-9 && abs(view.maxX - (sideToolbar.minX - 8)) < 1e-9)
  }

  @Test("overlays off: card and buttons at alpha 0, not draggable, no insets")
  func overlaysHidden() throws {
    let layout = ScreenLayout(environment: try phone(), card: try CardState(topButtons: 2, overlaysHidden: true))
    #expect(layout.cardAlpha == 0 && layout.buttonAlpha == 0 && layout.contentAlpha == 0 && !layout.draggable)
    #expect(layout.mapInsets == .zero && layout.visibleRect == layout.view)
  }

  @Test("content scrolls only when taller than the card's content area: H − top − title − sB")
  func contentSize() throws {
    let env = try phone()
    let peaking = ScreenLayout(environment: env, card: try CardState(contentHeight: 300))
    let area = 874 - peaking.card.minY - 64 - 34
    #expect(peaking.contentScrollable == (300 > area))
    #expect(ScreenLayout(environment: env, card: try CardState(contentHeight: area)).contentScrollable == false)
    #expect(ScreenLayout(environment: env, card: try CardState(contentHeight: area + 1)).contentScrollable == true)
    #expect(ScreenLayout(environment: env, card: try CardState()).contentScrollable == nil)
    // Content that fits does not scroll: an upward drag at extended moves nothing, a downward one the card.
    let extended = ScreenLayout(
      environment: env, card: try CardState(placement: .settled(.extended), contentHeight: 100))
    #expect(extended.contentScrollable == false)
    var handoff = ScrollHandoff(cardY: extended.card.minY, contentOffset: 0)
    handoff.drag(by: -80, extended: extended.positions.extended, maxOffset: max(100 - extended.contentAreaHeight, 0))
    #expect(handoff.contentOffset == 0 && handoff.cardY == extended.card.minY)
    handoff.drag(by: 50, extended: extended.positions.extended, maxOffset: 0)
    #expect(handoff.cardY == extended.card.minY + 50)
  }

  @Test(
    "on every device at every position: the floating toolbar inside the card's extent and above the safe bottom; the info view clear of the toolbar"
  )
  func invariants() throws {
    for device in DeviceProfile.catalog {
      for rtl in [false, true] {
        let env = try device.environment(rtl: rtl)
        for position in CardPosition.allCases {
          for alignment in FloatingAlignment.allCases {
            let state = try CardState(
              placement: .settled(position), topButtons: 2, floatingItems: 4, floatingAlignment: alignment,
              showsCompass: true, showsUserTracking: true, bearing: 10, infoView: Size(width: 300, height: 44))
            let layout = ScreenLayout(environment: env, card: state)
            let floating = try layout.floatingToolbar.unwrap()
            #expect(floating.minX >= layout.card.minX + 16 - 1e-9 && floating.maxX <= layout.card.maxX - 16 + 1e-9)
            #expect(floating.maxY <= env.height - env.safeArea.bottom - 16 + 1e-9)
            let info = try layout.infoView.unwrap()
            let toolbar = try layout.topToolbar.unwrap()
            #expect(info.intersection(toolbar) == nil, "\(device.name) \(position) rtl \(rtl)")
          }
        }
      }
    }
  }
}
