import CardMap
import Testing

/// `CardStack.apply(_:)`, `presenting` and `restoring`: what `cardmap replay` prints comes from
/// these, so an app that drives a stack with them sees the same events.
@Suite("Stack commands: one typed way to drive a card stack")
struct StackCommandTests {
  @Test("presenting the root: willAppear, its manager takes charge, didAppear")
  func presenting() throws {
    let home = MapManager(id: "home", bounds: sydney)
    let (stack, events) = CardStack.presenting(try Card(id: "A", mapManager: home), in: try phone())
    #expect(events == [.willAppear(card: "A"), .takeCharge(manager: "home"), .didAppear(card: "A")])
    #expect(home.isInCharge && stack.ids == ["A"])
    let (_, plain) = CardStack.presenting(try Card(id: "list"), in: try phone())
    #expect(plain == [.willAppear(card: "list"), .didAppear(card: "list")])
  }

  @Test("a drag's frame: the card's layout at y and the content fitted to it, with nothing changed")
  func dragFrame() throws {
    let home = MapManager(id: "home", bounds: sydney)
    let stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: home))
    let before = (stack.layout, home.fit)
    for y in [0.0, 200, 457, 600, 900] {
      let frame = stack.dragFrame(y: y)
      var state = try CardState(placement: .dragging(y: y))
      state.hasMapContent = true
      let layout = ScreenLayout(environment: try phone(), card: state)
      #expect(frame.layout == layout)
      #expect(frame.fit == (try MapFit(content: sydney, layout: layout)))
    }
    #expect(stack.layout == before.0 && home.fit == before.1)
    let bare = CardStack(environment: try phone(), root: try Card(id: "list", mapManager: nil))
    #expect(bare.dragFrame(y: 300).fit == nil)
  }

  @Test("every command does what its method does: the same events, snap and state")
  func sameAsMethods() throws {
    func script(home: MapManager, route: MapManager) throws -> [StackCommand] {
      [
        .push(try Card(id: "B", preferredPosition: .collapsed, mapManager: route)), .drag(y: 300, velocity: -800),
        .tapTitle, .tapMap, .key(.escape), .edgePan(.left), .showOverlays(false), .showOverlays(true),
        .voiceOver(running: true), .voiceOverFocus(maxY: 700), .resize(try device("ipad-11-landscape")), .pop,
      ]
    }
    let (homeA, routeA) = (MapManager(id: "home", bounds: sydney), MapManager(id: "route", bounds: ferry))
    let (homeB, routeB) = (MapManager(id: "home", bounds: sydney), MapManager(id: "route", bounds: ferry))
    var viaApply = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: homeA))
    var direct = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: homeB))
    for (command, same) in zip(try script(home: homeA, route: routeA), try script(home: homeB, route: routeB)) {
      let step = try viaApply.apply(command)
      var expected = StackStep()
      switch same {
      case .push(let card): expected.events = direct.push(card)
      case .pop: expected.events = direct.pop()
      case .drag(let y, let velocity): expected.snap = direct.drag(y: y, velocity: velocity)
      case .tapTitle: direct.tapTitle()
      case .tapMap: direct.tapMap()
      case .key(let key): expected.events = direct.handle(key)
      case .showPage(let index): expected.events = direct.showPage(index)
      case .swipePage(let translation, let velocity):
        expected.events = direct.swipePage(translation: translation, velocity: velocity)
      case .resize(let environment): direct.resize(to: environment)
      case .edgePan(let edge): expected.events = direct.edgePan(from: edge)
      case .showOverlays(let show): direct.showOverlays(show)
      case .voiceOver(let running): direct.setVoiceOver(running: running)
      case .voiceOverFocus(let maxY): direct.voiceOverFocus(maxY: maxY)
      }
      #expect(step == expected, "\(command)")
      #expect(viaApply.ids == direct.ids && viaApply.layout == direct.layout, "\(command)")
      #expect(viaApply.camera == direct.camera, "\(command)")
    }
  }

  @Test("showPage is strict: a card without pages, or a page it does not have, is an error and changes nothing")
  func strictPages() throws {
    let one = MapManager(id: "one", bounds: sydney)
    let two = MapManager(id: "two", bounds: ferry)
    let pages = [Card.Page(id: "P0", mapManager: one), Card.Page(id: "P1", mapManager: two)]
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", pages: pages))
    #expect(throws: StackCommandError.pageOutOfRange(index: 2, pages: 2)) { try stack.apply(.showPage(2)) }
    #expect(throws: StackCommandError.pageOutOfRange(index: -1, pages: 2)) { try stack.apply(.showPage(-1)) }
    #expect(stack.top.page == 0 && one.isInCharge)
    let step = try stack.apply(.showPage(1))
    #expect(step.events.contains(.takeCharge(manager: "two")) && stack.top.page == 1)
    _ = try stack.apply(.push(try Card(id: "B")))
    #expect(throws: StackCommandError.notPaging(card: "B")) { try stack.apply(.showPage(0)) }
    #expect("\(StackCommandError.notPaging(card: "B"))" == "the top card \"B\" has no pages")
  }

  @Test("a page swipe turns one page past half the width or flicked, springs back otherwise, clamped at the ends")
  func swipePage() throws {
    let one = MapManager(id: "one", bounds: sydney)
    let two = MapManager(id: "two", bounds: ferry)
    let pages = [Card.Page(id: "P0", mapManager: one), Card.Page(id: "P1", mapManager: two)]
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", pages: pages))
    let width = stack.layout.card.width
    #expect(try stack.apply(.swipePage(translation: -width * 0.4, velocity: 0)).events.isEmpty && stack.top.page == 0)
    _ = try stack.apply(.swipePage(translation: -width * 0.6, velocity: 0))
    #expect(stack.top.page == 1 && two.isInCharge && stack.lastMotion == nil)
    #expect(try stack.apply(.swipePage(translation: -width, velocity: -2000)).events.isEmpty && stack.top.page == 1)
    _ = try stack.apply(.swipePage(translation: 30, velocity: 400))
    #expect(stack.top.page == 0 && one.isInCharge)
    _ = try stack.apply(.push(try Card(id: "B")))
    #expect(throws: StackCommandError.notPaging(card: "B")) {
      try stack.apply(.swipePage(translation: -300, velocity: 0))
    }
  }

  @Test("restoring: every manager in charge cleans up, by id, then the restored top's takes charge")
  func restoring() throws {
    let home = MapManager(id: "home", bounds: sydney)
    let route = MapManager(id: "route", bounds: ferry)
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: home))
    let snapshot = stack.snapshot()
    _ = try stack.apply(.push(try Card(id: "B", mapManager: route)))
    #expect(route.isInCharge && !home.isInCharge)
    let (restored, events) = try CardStack.restoring(
      snapshot, in: try phone(), managers: [home, route])
    #expect(events == [.cleanUp(manager: "route"), .takeCharge(manager: "home")])
    #expect(restored.ids == ["A"] && home.isInCharge && !route.isInCharge)
  }
}
