import CardMap
import CardMapWire
import Foundation
import Testing

/// `snapshot` stored as it would be (its JSON text, CardMapWire's) and read back.
func stored(_ snapshot: StackSnapshot) throws -> StackSnapshot {
  try StackSnapshot(json: try JSONValue.read(Array(snapshot.json.jsonText(pretty: false).utf8)))
}

func phone(os: OSVersion = OSVersion(26)) throws -> LayoutEnvironment {
  try #require(DeviceProfile.named("iphone-14")).environment(os: os)
}

func device(_ name: String, os: OSVersion = OSVersion(26)) throws -> LayoutEnvironment {
  try #require(DeviceProfile.named(name)).environment(os: os)
}

let sydney = GeoBounds(west: 151.15, south: -33.92, east: 151.3, north: -33.8)
let ferry = GeoBounds(west: 151.2108, south: -33.8611, east: 151.2847, north: -33.8003)

@Suite("Card stack (CardMap's Card stacks and map managers)")
struct CardStackTests {
  @Test("push: appearance order, hand-over between different managers, remembered position, dim 0 → 0.25")
  func push() throws {
    let home = MapManager(id: "home", bounds: sydney)
    let route = MapManager(id: "route", bounds: ferry)
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: home))
    #expect(home.isInCharge && home.camera != nil)
    stack.tapTitle()  // peaking → extended
    #expect(stack.top.position == .extended)
    let events = stack.push(try Card(id: "B", preferredPosition: .collapsed, mapManager: route))
    #expect(
      events == [
        .willDisappear(card: "A"), .willAppear(card: "B"), .cleanUp(manager: "home"), .takeCharge(manager: "route"),
        .didDisappear(card: "A"), .didAppear(card: "B"),
      ])
    #expect(!home.isInCharge && home.camera == nil && route.isInCharge)
    #expect(stack.top.position == .collapsed && stack.entries[0].remembered == .extended)
    #expect(stack.lastTransitionDim?.from == 0 && stack.lastTransitionDim?.to == 0.25)
    #expect(stack.layout.verticalBar == nil)
    // The camera was fitted with the insets of the target position.
    let collapsedInsets = stack.layout.mapInsets
    #expect(collapsedInsets.bottom == 34 + 64)  // H − C with the default 64 pt title
  }

  @Test(
    "pop: restores the remembered position in bottom layouts, keeps the current one in side layouts; never the root")
  func pop() throws {
    let manager = MapManager(id: "m", bounds: sydney)
    var bottom = CardStack(
      environment: try phone(), root: try Card(id: "A", preferredPosition: .collapsed, mapManager: manager))
    _ = bottom.push(try Card(id: "B", preferredPosition: .extended, mapManager: manager))
    let events = bottom.pop()
    #expect(
      events == [.willDisappear(card: "B"), .willAppear(card: "A"), .didDisappear(card: "B"), .didAppear(card: "A")])
    #expect(bottom.top.position == .collapsed)
    #expect(bottom.lastTransitionDim?.from == 0.25 && bottom.lastTransitionDim?.to == 0)
    #expect(bottom.pop().isEmpty && bottom.ids == ["A"])
    var side = CardStack(
      environment: try device("ipad-11"), root: try Card(id: "A", preferredPosition: .collapsed, mapManager: manager))
    _ = side.push(try Card(id: "B", preferredPosition: .extended, mapManager: manager))
    _ = side.pop()
    #expect(side.top.position == .extended)
  }

  @Test("a card without map content in the middle of a stack: extended, not draggable, no manager")
  func noContentInTheMiddle() throws {
    let m = MapManager(id: "m", bounds: sydney)
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    let events = stack.push(try Card(id: "settings", preferredPosition: .collapsed))
    #expect(
      events.contains(.cleanUp(manager: "m")) && !events.contains { if case .takeCharge = $0 { true } else { false } })
    #expect(stack.top.position == .extended && !stack.layout.draggable)
    _ = stack.drag(y: 700, velocity: 2000)
    #expect(stack.layout.position == .extended)
    _ = stack.push(try Card(id: "C", preferredPosition: .peaking, mapManager: m))
    #expect(m.isInCharge && stack.layout.position == .peaking)
    _ = stack.pop()
    #expect(stack.top.position == .extended && !m.isInCharge)
    let back = stack.pop()
    #expect(back.contains(.takeCharge(manager: "m")) && m.isInCharge)
  }

  @Test("paging: a shared manager causes no hand-over; two managers swap without moving the card")
  func paging() throws {
    let shared = MapManager(id: "shared", bounds: ferry)
    let other = MapManager(id: "other", bounds: sydney)
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: shared))
    let sharing = try Card(
      id: "P", preferredPosition: .peaking,
      pages: [Card.Page(id: "P1", mapManager: shared), Card.Page(id: "P2", mapManager: shared)])
    #expect(stack.push(sharing).allSatisfy { if case .takeCharge = $0 { false } else { true } })
    let pageEvents = stack.showPage(1)
    #expect(
      pageEvents == [
        .willDisappear(card: "P1"), .willAppear(card: "P2"), .didDisappear(card: "P1"), .didAppear(card: "P2"),
      ])
    _ = stack.pop()
    let twoManagers = try Card(
      id: "Q", preferredPosition: .peaking,
      pages: [Card.Page(id: "Q1", mapManager: shared), Card.Page(id: "Q2", mapManager: other)])
    _ = stack.push(twoManagers)
    let before = stack.layout.card
    let swap = stack.showPage(1)
    #expect(swap.contains(.cleanUp(manager: "shared")) && swap.contains(.takeCharge(manager: "other")))
    #expect(stack.layout.card == before && stack.top.page == 1)
    #expect(stack.showPage(5).isEmpty)  // clamped to the last page, already showing
    #expect(stack.top.page == 1)
  }

  @Test("rotation: portrait → landscape → portrait returns the card to its position class")
  func rotation() throws {
    let m = MapManager(id: "m", bounds: sydney)
    var stack = CardStack(
      environment: try device("iphone-17"), root: try Card(id: "A", preferredPosition: .collapsed, mapManager: m))
    let portraitCamera = stack.camera
    stack.resize(to: try device("iphone-17-landscape"))
    #expect(stack.layout.position == .extended && stack.layout.presentation == .classicSide)
    #expect(stack.camera != portraitCamera)
    stack.resize(to: try device("iphone-17"))
    #expect(stack.layout.position == .collapsed)
    #expect(stack.camera == portraitCamera)
  }

  @Test("a snapshot restored after a rotation gives the identical layout and camera")
  func restoration() throws {
    let m = MapManager(id: "m", bounds: sydney)
    let n = MapManager(id: "n", bounds: ferry)
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    _ = stack.push(
      try Card(
        id: "P", preferredPosition: .collapsed,
        pages: [Card.Page(id: "P1", mapManager: m), Card.Page(id: "P2", mapManager: n)], rows: 4))
    _ = stack.showPage(1)
    _ = stack.handle(.nextItem)
    let snapshot = stack.snapshot()
    let layout = stack.layout
    let camera = stack.camera
    stack.resize(to: try device("iphone-14-landscape"))
    _ = stack.pop()
    let restored = try CardStack(restoring: snapshot, environment: try phone())
    #expect(restored.ids == ["A", "P"] && restored.top.page == 1 && restored.top.highlight.index == 0)
    #expect(restored.layout == layout)
    #expect(restored.camera == camera)
    #expect(restored.snapshot() == snapshot)
    // Stored as JSON and read back.
    #expect(try stored(snapshot) == snapshot)
  }

  @Test("keyboard only: through a stack and a paging card")
  func keyboard() throws {
    let m = MapManager(id: "m", bounds: sydney)
    var stack = CardStack(
      environment: try phone(), root: try Card(id: "A", preferredPosition: .collapsed, mapManager: m))
    _ = stack.handle(.expand)
    #expect(stack.top.position == .peaking)
    _ = stack.handle(.expand)
    _ = stack.handle(.expand)
    #expect(stack.top.position == .extended)
    _ = stack.handle(.collapse)
    #expect(stack.top.position == .peaking)
    _ = stack.push(
      try Card(id: "P", pages: [Card.Page(id: "P1", mapManager: m), Card.Page(id: "P2", mapManager: m)], rows: 3))
    _ = stack.handle(.nextPage)
    #expect(stack.top.page == 1)
    _ = stack.handle(.nextPage)
    #expect(stack.top.page == 1)
    _ = stack.handle(.previousPage)
    #expect(stack.top.page == 0)
    _ = stack.handle(.lastItem)
    _ = stack.handle(.returnKey)
    #expect(stack.top.highlight.selected == 2)
    _ = stack.handle(.close)
    #expect(stack.ids == ["A"])
    #expect(stack.handle(.close).isEmpty && stack.ids == ["A"])
  }

  @Test("the manager refits as the card is dragged; clean-up is idempotent")
  func refit() throws {
    let m = MapManager(id: "m", bounds: sydney)
    var stack = CardStack(
      environment: try phone(), root: try Card(id: "A", preferredPosition: .collapsed, mapManager: m))
    let collapsed = try #require(m.camera)
    stack.tapTitle()
    let peaking = try #require(m.camera)
    #expect(peaking.zoom < collapsed.zoom)
    m.cleanUp()
    m.cleanUp()
    #expect(!m.isInCharge && m.camera == nil)
  }

  @Test("accessibility: position labels, actions, hidden buttons and a dimmed map")
  func accessibility() throws {
    let m = MapManager(id: "m", bounds: sydney)
    var stack = CardStack(
      environment: try phone(), root: try Card(id: "A", preferredPosition: .collapsed, mapManager: m, topButtons: 2))
    var model = CardAccessibility(layout: stack.layout)
    #expect(model.positionLabel == "minimised" && model.actions == ["Expand"] && model.buttonsAreAccessible)
    stack.tapTitle()
    model = CardAccessibility(layout: stack.layout)
    #expect(model.positionLabel == "half screen" && model.actions == ["Expand", "Collapse"])
    stack.tapTitle()
    model = CardAccessibility(layout: stack.layout)
    #expect(model.positionLabel == "full screen" && model.actions == ["Collapse"])
    #expect(!model.mapIsAccessible && !model.buttonsAreAccessible)
  }
}

@Suite("The on-screen keyboard in a stack (CardMap's Card stacks and map managers, The on-screen keyboard)")
struct StackKeyboardTests {
  @Test("coming up it extends the top card; changing height it stays; going it returns the card where it was")
  func comesAndGoes() throws {
    let m = MapManager(id: "m", bounds: sydney)
    let screen = try device("iphone-17", os: OSVersion(27))
    for start in [CardPosition.collapsed, .peaking, .extended] {
      var stack = CardStack(environment: screen, root: try Card(id: "A", preferredPosition: start, mapManager: m))
      let before = stack.layout
      stack.resize(to: try screen.with(keyboard: 336))
      #expect(stack.layout.position == .extended && stack.positionBeforeKeyboard == start)
      #expect(stack.layout.card.maxY == screen.height - 336)
      if start != .extended {
        let motion = try #require(stack.lastMotion)
        #expect(motion.kind == .keyboard && motion.from == before.card.minY && motion.to == stack.layout.card.minY)
      }
      // The camera keeps its content in what the card and the keyboard leave, on the whole map.
      let fit = try #require(m.fit)
      #expect(fit.insets == stack.layout.mapInsets && fit.height == screen.height)
      #expect(stack.layout.visibleRect.maxY <= screen.height - 336)
      stack.resize(to: try screen.with(keyboard: 300))
      #expect(stack.layout.position == .extended && stack.lastMotion == nil)
      stack.resize(to: screen)
      #expect(stack.layout == before && stack.positionBeforeKeyboard == nil)
      #expect(start == .extended ? stack.lastMotion == nil : stack.lastMotion?.kind == .keyboard)
    }
  }

  @Test("a push or a pop while the keyboard shows forgets the return: the card stays when it goes")
  func pushForgets() throws {
    let m = MapManager(id: "m", bounds: sydney)
    let n = MapManager(id: "n", bounds: ferry)
    let screen = try device("iphone-17", os: OSVersion(27))
    var stack = CardStack(environment: screen, root: try Card(id: "A", preferredPosition: .collapsed, mapManager: m))
    stack.resize(to: try screen.with(keyboard: 336))
    _ = stack.push(try Card(id: "B", preferredPosition: .peaking, mapManager: n))
    #expect(stack.positionBeforeKeyboard == nil && stack.layout.position == .peaking)
    stack.resize(to: screen)
    #expect(stack.layout.position == .peaking && stack.lastMotion == nil)
  }
}
