import CardLayout
import Testing

@Suite("The on-screen keyboard (CardLayout's Layout rules, The on-screen keyboard)")
struct KeyboardTests {
  @Test(
    "the card, its content and the visible rect lie above the keyboard; the map's bottom inset includes it; E stays",
    arguments: [(26, 0.0), (26, 336), (27, 291), (27, 20), (26, 500)])
  func aboveTheKeyboard(os: Int, k: Double) throws {
    let screen = try referenceEnvironment(os: OSVersion(os)).with(keyboard: k)
    let plain = try layout(try referenceEnvironment(os: OSVersion(os)))
    // Card positions with H − k for H and what the keyboard leaves of sB: E = sT + 12 (the home
    // indicator's gap although covered), C = H′ − sB′ − title, P the sheet's medium detent or the classic half.
    let (h, sB) = (844 - k, max(0, 34 - k))
    let e = 47.0 + 12
    let c = h - sB - 76
    let p = plain.presentation.isSheet ? h - sB - (h - sB - e) / 2 : (h - e) / 2
    for position in CardPosition.allCases {
      let with = try layout(screen, .settled(position))
      #expect(with.positions == CardPositions(extended: e, peaking: p, collapsed: c))
      #expect(with.card.minY == with.positions[position] && with.card.maxY == h)
      #expect(with.contentAreaHeight == h - with.card.minY - 76 - sB)
      #expect(with.visibleRect.maxY <= h && with.mapInsets.bottom == 844 - with.visibleRect.maxY)
      #expect(with.view == Rect(x: 0, y: 0, width: 390, height: 844))
      if k == 0 { #expect(with == (try layout(try referenceEnvironment(os: OSVersion(os)), .settled(position)))) }
    }
  }

  @Test("a keyboard does not make a phone compact: the card still drags above it")
  func staysRegular() throws {
    let se = try LayoutEnvironment(width: 375, height: 667, safeArea: Insets(top: 20), os: OSVersion(26))
    let typing = try se.with(keyboard: 260)
    #expect(typing.aboveKeyboard.height == 407 && typing.aboveKeyboard.vertical == .regular)
    let peaking = try layout(typing, .settled(.peaking))
    #expect(peaking.draggable && peaking.card.maxY == 407)
    #expect(try se.with(keyboard: 0) == se && se.aboveKeyboard == se)
  }

  @Test("a keyboard that is negative, not finite or leaves no room under the top safe area is refused")
  func refused() throws {
    let screen = try referenceEnvironment()
    for bad in [-1, .nan, .infinity, 797, 900] {
      #expect(throws: LayoutError.self) { try screen.with(keyboard: bad) }
      #expect(throws: LayoutError.self) {
        try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), keyboard: bad)
      }
    }
    #expect(try screen.with(keyboard: 796.5).aboveKeyboard.height == 47.5)
  }
}
