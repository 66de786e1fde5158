import CardLayout
import CardMapTestSupport
import Testing

@Suite("Frames, insets, toolbars and the vertical bar")
struct RuleTests {
  @Test("cards that cannot be dragged: compact height, sidebar, no map content (§3)")
  func notDraggable() throws {
    let landscape = try DeviceProfile.named("iphone-14-landscape").unwrap().environment(os: OSVersion(26))
    let compact = try layout(landscape, .settled(.collapsed))
    #expect(!compact.draggable && compact.position == .extended)
    #expect(compact.positions.peaking == compact.positions.extended)
    let noContent = try layout(try referenceEnvironment(), .settled(.collapsed), hasMapContent: false)
    #expect(!noContent.draggable && noContent.position == .extended && noContent.card.minY == 59)
    let sidebar = try layout(try DeviceProfile.named("ipad-11").unwrap().environment(mode: .sidebar), .dragging(y: 500))
    #expect(!sidebar.draggable && sidebar.card.minY == 24 && sidebar.card.x == 0)
  }

  @Test("side layouts take the larger of the area beside and the area above the card (§5)")
  func sideInsets() throws {
    let ipad = try DeviceProfile.named("ipad-11").unwrap().environment(os: OSVersion(26))
    let extended = try layout(ipad, .settled(.extended))
    #expect(extended.mapInsets == Insets(top: 24, left: 8 + 360, bottom: 20, right: 0))
    let collapsed = try layout(ipad, .settled(.collapsed), titleHeight: 64)
    let top = collapsed.card.minY
    #expect(collapsed.mapInsets == Insets(top: 24, left: 0, bottom: 1194 - top, right: 0))
    let sidebar = try layout(try DeviceProfile.named("ipad-11").unwrap().environment(mode: .sidebar))
    #expect(sidebar.mapInsets.left == 360)
  }

  @Test("a tie between the candidates goes to the leading inset (§5)")
  func tieGoesLeading() throws {
    // A 1000 × 800 pad, classic side card 360 wide at x 8: beside = (1000 − 368)·800 = 505 600 pt²;
    // above = 1000·y, equal at y = 505.6.
    let env = try LayoutEnvironment(width: 1000, height: 800, idiom: .pad, os: OSVersion(26))
    #expect(env.presentation == .classicSide)
    #expect(try layout(env, .dragging(y: 505.6)).mapInsets == Insets(left: 368))
    #expect(try layout(env, .dragging(y: 505.7)).mapInsets == Insets(bottom: 800 - 505.7))
    #expect(try layout(env, .dragging(y: 505.5)).mapInsets == Insets(left: 368))
  }

  @Test("toolbars: top at W − R − 8 − 44, sT + 8; bottom 8 above the card or at H − max(sB, 8) − 44 (§6)")
  func toolbars() throws {
    let result = try layout(try referenceEnvironment(), .settled(.peaking), top: 3, bottom: 2)
    #expect(result.topToolbar == Rect(x: 390 - 8 - 44, y: 55, width: 44, height: 3 * 44 + 2))
    #expect(result.bottomToolbar == Rect(x: 390 - 8 - 89, y: 392.5 - 8 - 44, width: 89, height: 44))
    #expect(result.mapInsets.right == 8 + 89)
    let ipad = try layout(try DeviceProfile.named("ipad-11").unwrap().environment(), bottom: 1)
    #expect(ipad.bottomToolbar == Rect(x: 834 - 8 - 44, y: 1194 - 20 - 44, width: 44, height: 44))
    #expect(ipad.mapInsets.right == 0)
  }

  @Test("the vertical bar: cards stay clear of it, its items are laid out, from iOS 27.1 (§1, §4)")
  func verticalBar() throws {
    let duo = try DeviceProfile.named("iphone-duo-outer").unwrap()
    let card = try CardState(topButtons: 1, showsCloseButton: true, isPaging: true, verticalBarActions: 2)
    let result = ScreenLayout(environment: try duo.environment(), card: card)
    #expect(result.presentation == .sheetBottom)
    #expect(result.card.x == 0 && result.card.width == 420 - 56)
    #expect(result.mapInsets.right == 56)
    #expect(result.topToolbar?.x ?? 0 == 312.0)
    let bar = try #require(result.verticalBar)
    #expect(bar.frame == Rect(x: 364, y: 0, width: 56, height: 900))
    #expect(bar.items.map(\.role) == [.close, .previous, .next, .action, .action])
    #expect(bar.items[0].frame == Rect(x: 370, y: 62, width: 44, height: 44))
    #expect(bar.items[4].frame.maxY == 900 - 30)
    #expect(bar.items[3].frame.maxY == bar.items[4].frame.minY - 8)
    #expect(result.showsVerticalBarActions)
    let before = ScreenLayout(environment: try duo.environment(os: OSVersion(27)), card: card)
    #expect(before.verticalBar == nil && before.card.width == 420)
    let leading = try LayoutEnvironment(
      width: 834, height: 1194, safeArea: Insets(top: 24, bottom: 20), os: OSVersion(27, 1),
      verticalBar: VerticalBar(edge: .leading, width: 60))
    let side = try layout(leading)
    #expect(side.card.x == 60 + 8 && side.mapInsets.left >= 60)
  }

  @Test(
    "bad input is a typed error, never a trap",
    arguments: [
      (-1.0, 844.0, Insets()), (.nan, 844, Insets()), (390, .infinity, Insets()), (390, 0, Insets()),
      (390, 844, Insets(top: -1)), (390, 844, Insets(top: .nan)), (390, 844, Insets(top: 500, bottom: 400)),
      (390, 844, Insets(left: 200, right: 200)),
    ])
  func badEnvironment(width: Double, height: Double, safeArea: Insets) {
    #expect(throws: LayoutError.self) { try LayoutEnvironment(width: width, height: height, safeArea: safeArea) }
  }

  @Test("bad card input is a typed error")
  func badCard() {
    #expect(throws: LayoutError.self) { try CardState(placement: .dragging(y: .nan)) }
    #expect(throws: LayoutError.self) { try CardState(titleHeight: 0) }
    #expect(throws: LayoutError.self) { try CardState(topButtons: -1) }
    #expect(throws: LayoutError.self) { try LayoutEnvironment(width: 390, height: 844, header: -5) }
    #expect(throws: LayoutError.self) {
      try LayoutEnvironment(width: 390, height: 844, verticalBar: VerticalBar(edge: .leading, width: 400))
    }
  }

  @Test("a view too small for a card: insets stay inside it and the visible rect is never negative")
  func tinyView() throws {
    for (w, h) in [(1.0, 1.0), (30, 500), (500, 30), (0.5, 2000)] {
      let env = try LayoutEnvironment(width: w, height: h, safeArea: Insets(top: min(20, h / 2)))
      for position in CardPosition.allCases {
        let result = try layout(env, .settled(position), top: 3, bottom: 3)
        #expect(result.mapInsets.isValid)
        #expect(result.visibleRect.width >= 0 && result.visibleRect.height >= 0, "\(w)×\(h)")
        #expect(result.card.width >= 0 && result.card.height >= 0, "\(w)×\(h)")
      }
    }
  }

  @Test("a drag outside the view is clamped into it")
  func dragClamped() throws {
    let env = try referenceEnvironment()
    #expect(try layout(env, .dragging(y: -100)).card.minY == 0)
    #expect(try layout(env, .dragging(y: 5000)).card.minY == 844)
  }
}
