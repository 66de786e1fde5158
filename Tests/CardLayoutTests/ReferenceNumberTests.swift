import CardLayout
import CardMapTestSupport
import Testing

/// Every reference number CardLayout's Layout rules, Card positions; CardLayout's Layout rules, Map insets; CardLayout's Layout rules, Dimming, alphas and buttons give.
@Suite("Reference numbers of the layout rules")
struct ReferenceNumberTests {
  @Test("E 59, C 734, classic P 392.5 (§3)")
  func classicPositions() throws {
    let result = try layout(referenceEnvironment())
    #expect(result.presentation == .classicBottom)
    #expect(result.positions == CardPositions(extended: 59, peaking: 392.5, collapsed: 734))
  }

  @Test("sheet P 434.5 (§3)")
  func sheetPeaking() throws {
    let result = try layout(referenceEnvironment(os: OSVersion(27)))
    #expect(result.presentation == .sheetBottom)
    #expect(result.usesSystemSheet)
    #expect(result.positions == CardPositions(extended: 59, peaking: 434.5, collapsed: 734))
  }

  @Test("insets: bottom 451.5 peaking and extended, 110 collapsed, top 47 (§5)")
  func referenceInsets() throws {
    let env = try referenceEnvironment()
    for (position, bottom) in [(CardPosition.peaking, 451.5), (.extended, 451.5), (.collapsed, 110)] {
      let result = try layout(env, .settled(position))
      #expect(result.mapInsets == Insets(top: 47, left: 0, bottom: bottom, right: 0), "\(position)")
      #expect(result.visibleRect == Rect(x: 0, y: 47, width: 390, height: 844 - 47 - bottom))
    }
  }

  @Test("button alpha 0 from y = 292.45 up, 1 from P down (§6)")
  func buttonAlpha() throws {
    let env = try referenceEnvironment()
    #expect(close(try layout(env, .dragging(y: 292.45)).buttonAlpha, 0))
    #expect(try layout(env, .dragging(y: 200)).buttonAlpha == 0)
    #expect(try layout(env, .dragging(y: 292.46)).buttonAlpha > 0)
    #expect(close(try layout(env, .dragging(y: 342.475)).buttonAlpha, 0.5))
    #expect(try layout(env, .dragging(y: 392.5)).buttonAlpha == 1)
    #expect(try layout(env, .dragging(y: 700)).buttonAlpha == 1)
  }

  @Test("content alpha clamp((C − y)/(C − P), 0, 1) (§6)")
  func contentAlpha() throws {
    let env = try referenceEnvironment()
    #expect(try layout(env, .settled(.collapsed)).contentAlpha == 0)
    #expect(try layout(env, .settled(.peaking)).contentAlpha == 1)
    #expect(close(try layout(env, .dragging(y: (734 + 392.5) / 2)).contentAlpha, 0.5))
  }

  @Test("dimming: 0.25 only for an extended classic bottom card; sheets never dim (§6)")
  func dimming() throws {
    let classic = try layout(referenceEnvironment(), .settled(.extended))
    #expect(classic.mapDimAlpha == 0.25 && !classic.mapInteractive)
    #expect(try layout(referenceEnvironment(), .settled(.peaking)).mapDimAlpha == 0)
    let sheet = try layout(referenceEnvironment(os: OSVersion(27)), .settled(.extended))
    #expect(sheet.mapDimAlpha == 0 && sheet.mapInteractive)
  }

  @Test("drag classification thresholds (§3)")
  func classification() throws {
    let positions = CardPositions(extended: 59, peaking: 392.5, collapsed: 734)
    #expect(positions.classify(348.5) == .extended)
    #expect(positions.classify(348.6) == .peaking)
    #expect(positions.classify(690) == .peaking)
    #expect(positions.classify(690.1) == .collapsed)
  }

  @Test("the collapsed card shows at least 29.04 pt, and P stays between E and C (§3)")
  func orderKept() throws {
    let env = try referenceEnvironment()
    #expect(try layout(env, titleHeight: 10).positions.collapsed == 844 - 34 - 29.04)
    let tiny = try LayoutEnvironment(
      width: 390, height: 150, safeArea: Insets(top: 20), vertical: .regular, idiom: .phone)
    let positions = CardPositions(environment: tiny, titleHeight: 64)
    #expect(positions.extended < positions.peaking && positions.peaking < positions.collapsed)
  }

  @Test("any title or header size keeps E < P < C inside the view; ordinary sizes are untouched")
  func orderForAnySize() throws {
    for device in DeviceProfile.catalog {
      for os in [OSVersion(26), OSVersion(27)] {
        for header in [nil, 0, 60, 400, 900, 5000] as [Double?] {
          let env = try device.environment(header: header, os: os)
          for title in [1.0, 29.04, 64, 76, 300, 600, 1000, 10_000] {
            let p = CardPositions(environment: env, titleHeight: title)
            let lowest = env.height - env.safeArea.bottom - 29.04
            #expect(
              p.extended < p.peaking && p.peaking < p.collapsed, "\(device.name) header \(header ?? -1) title \(title)")
            #expect(p.collapsed <= lowest + 1e-9 && p.extended >= 0, "\(device.name) header \(header ?? -1)")
          }
        }
      }
    }
    // The reference screen with a title taller than the view, and a header taller than it.
    let env = try referenceEnvironment()
    let tall = CardPositions(environment: env, titleHeight: 1000)
    #expect((tall.extended, tall.peaking, tall.collapsed) == (59, 60, 61))
    let headed = CardPositions(
      environment: try LayoutEnvironment(
        width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26), header: 5000),
      titleHeight: 64)
    let lowest = 844 - 34 - 29.04
    #expect((headed.extended, headed.peaking, headed.collapsed) == (lowest - 2, lowest - 1, lowest))
    let plain = CardPositions(environment: env, titleHeight: 76)
    #expect((plain.extended, plain.peaking, plain.collapsed) == (59, 392.5, 734))
  }

  @Test("a header: E stops 8 below it, the map's top is below it, top buttons move to the bottom toolbar")
  func header() throws {
    let env = try LayoutEnvironment(
      width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26), header: 60)
    let result = try layout(env, top: 2, bottom: 1)
    #expect(result.positions.extended == 47 + 60 + 8)
    #expect(result.mapInsets.top == 107)
    #expect(result.header == Rect(x: 0, y: 0, width: 390, height: 107))
    #expect(result.topToolbar == nil)
    #expect(result.bottomToolbar?.width ?? 0 == 134.0)
    #expect(result.mapInsets.right == 0 + 8 + 134)
  }
}
