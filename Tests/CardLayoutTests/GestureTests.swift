import CardLayout
import CardMapTestSupport
import Testing

@Suite("Gestures and commands (§7)")
struct GestureTests {
  func snap(_ y: Double, _ vy: Double, vertical: SizeClass = .regular) throws -> Snap {
    Snap(y: y, velocity: vy, layout: try layout(try referenceEnvironment(), .dragging(y: y)), vertical: vertical)
  }

  @Test("bands around E, P and C capture the projected end n = y + 0.499·vy")
  func bands() throws {
    #expect(try snap(59 - 22, 0).position == .extended)
    #expect(try snap(59 + 21.99, 0).position == .extended)
    #expect(try snap(392.5 - 44, 0).position == .peaking)
    #expect(try snap(392.5 + 43.99, 0).position == .peaking)
    #expect(try snap(734 - 22, 0).position == .collapsed)
    #expect(try snap(734 + 21.99, 0).position == .collapsed)
    #expect(try snap(300, 100).position == .peaking)  // n = 349.9, in P's band
  }

  @Test("outside the bands the direction decides")
  func direction() throws {
    #expect(try snap(300, -1).position == .extended)  // up, n < P
    #expect(try snap(500, -1).position == .peaking)  // up, n > P
    #expect(try snap(500, 1).position == .collapsed)  // down, n > P
    #expect(try snap(200, 1).position == .peaking)  // down, n < P
    #expect(try snap(500, -1, vertical: .compact).position == .extended)
    #expect(try snap(200, 1, vertical: .compact).position == .collapsed)
  }

  @Test("duration clamp(|Δy|/|vy|, 0.4, 1.3)")
  func duration() throws {
    #expect(try snap(500, 100).duration == 1.3)  // |Δy|/|vy| = (734 − 500)/100 = 2.34, clamped
    #expect(close(try snap(650, 100).duration, 0.84))  // (734 − 650)/100, inside the clamp
    #expect(close(try snap(600, 200).duration, 0.67))
    #expect(try snap(600, 5000).duration == 0.4)
    #expect(try snap(734, 0).duration == 0.4)
    #expect(try snap(600, 0).duration == 1.3)
  }

  @Test("title taps: collapsed → peaking → extended → extended; map tap on a dimmed card → peaking")
  func taps() throws {
    let env = try referenceEnvironment()
    #expect(try layout(env, .settled(.collapsed)).afterTitleTap == .peaking)
    #expect(try layout(env, .settled(.peaking)).afterTitleTap == .extended)
    #expect(try layout(env, .settled(.extended)).afterTitleTap == .extended)
    #expect(try layout(env, .settled(.extended)).afterMapTap == .peaking)
    #expect(try layout(env, .settled(.peaking)).afterMapTap == .peaking)
    let sheet = try layout(try referenceEnvironment(os: OSVersion(27)), .settled(.extended))
    #expect(sheet.afterMapTap == .extended)
  }

  @Test("⌃↑ expands one step, ⌃↓ collapses one step")
  func cardKeys() throws {
    let env = try referenceEnvironment()
    #expect(try layout(env, .settled(.collapsed)).after(.expand) == .peaking)
    #expect(try layout(env, .settled(.extended)).after(.expand) == .extended)
    #expect(try layout(env, .settled(.extended)).after(.collapse) == .peaking)
    #expect(try layout(env, .settled(.collapsed)).after(.collapse) == .collapsed)
    #expect(try layout(env, .settled(.peaking), hasMapContent: false).after(.collapse) == .extended)
    #expect(KeyCommand(rawValue: "ctrl+up") == .expand)
  }

  @Test("table highlight: ↑/↓, ⌘↑/⌘↓, Space/Return select, Esc clears")
  func tableHighlight() {
    var table = TableHighlight(count: 3)
    table.apply(.nextItem)
    #expect(table.index == 0)
    table.apply(.nextItem)
    table.apply(.nextItem)
    table.apply(.nextItem)
    #expect(table.index == 2)
    table.apply(.previousItem)
    #expect(table.index == 1)
    table.apply(.returnKey)
    #expect(table.selected == 1)
    table.apply(.firstItem)
    #expect(table.index == 0)
    table.apply(.lastItem)
    table.apply(.space)
    #expect(table.selected == 2)
    table.apply(.escape)
    #expect(table.index == nil)
    table.apply(.previousItem)
    #expect(table.index == 2)
    var empty = TableHighlight(count: 0)
    empty.apply(.nextItem)
    #expect(empty.index == nil)
  }

  @Test("dragging down in content scrolled to the top hands the gesture to the card")
  func scrollHandoff() {
    var state = ScrollHandoff(cardY: 59, contentOffset: 30)
    state.drag(by: 50, extended: 59)
    #expect(state.contentOffset == 0 && state.cardY == 79)
    state.drag(by: -40, extended: 59)
    #expect(state.cardY == 59 && state.contentOffset == 20)
    state.drag(by: -1000, extended: 59, maxOffset: 300)
    #expect(state.contentOffset == 300)
    var peaking = ScrollHandoff(cardY: 392.5, contentOffset: 0)
    peaking.drag(by: -100, extended: 59)
    #expect(peaking.cardY == 292.5 && peaking.contentOffset == 0)
  }

  @Test("a finger taps until it has moved 10 pt; it then drags across when it moved more across than along")
  func touchSlop() {
    #expect(!TouchSlop.isDragging(dx: 6, dy: 7.9))  // 9.99 pt
    #expect(TouchSlop.isDragging(dx: 6, dy: 8))  // 10 pt
    #expect(TouchSlop.isDragging(dx: 0, dy: -12) && !TouchSlop.isHorizontal(dx: 0, dy: -12))
    #expect(TouchSlop.isHorizontal(dx: -11, dy: 10) && !TouchSlop.isHorizontal(dx: 10, dy: 10))
  }

  @Test("a page swipe turns a page past half the width or flicked at 300 pt/s its way; RTL turns the other way")
  func pageSwipe() {
    #expect(PageSwipe.step(translation: -196, velocity: 0, width: 390, rtl: false) == 1)
    #expect(PageSwipe.step(translation: -195, velocity: 0, width: 390, rtl: false) == 0)
    #expect(PageSwipe.step(translation: 200, velocity: 0, width: 390, rtl: false) == -1)
    #expect(PageSwipe.step(translation: -20, velocity: -300, width: 390, rtl: false) == 1)
    #expect(PageSwipe.step(translation: -20, velocity: -299, width: 390, rtl: false) == 0)
    // Dragged far, then flung back: it springs back.
    #expect(PageSwipe.step(translation: -300, velocity: 500, width: 390, rtl: false) == 0)
    #expect(PageSwipe.step(translation: -300, velocity: 0, width: 390, rtl: true) == -1)
    #expect(PageSwipe.step(translation: .nan, velocity: 0, width: 390, rtl: false) == 0)
  }
}
