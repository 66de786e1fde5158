import CardMap
import Testing

/// The stack's side of the controller rules: motion per call, edge pan, overlays off, VoiceOver.
@Suite("Card stack: motion, edge pan, overlays, VoiceOver")
struct ControllerStackTests {
  func stack(rtl: Bool = false, mode: CardMode = .floating) throws -> CardStack {
    let environment = try #require(DeviceProfile.named("iphone-17")).environment(mode: mode, rtl: rtl)
    return CardStack(
      environment: environment, root: try Card(id: "A", mapManager: MapManager(id: "a", bounds: sydney)))
  }

  @Test("every call that moves the card records its motion; others record none")
  func motion() throws {
    var stack = try stack()
    _ = stack.push(try Card(id: "B", preferredPosition: .peaking, mapManager: MapManager(id: "b", bounds: ferry)))
    let push = try #require(stack.lastMotion)
    #expect(push.kind == .push && push.from == 874 && push.to == stack.layout.card.minY && push.damping == 0.75)
    stack.tapTitle()
    #expect(stack.lastMotion?.kind == .titleTap && stack.lastMotion?.to == stack.layout.card.minY)
    _ = stack.drag(y: 700, velocity: 900)
    #expect(stack.lastMotion?.kind == .snap && stack.lastMotion?.from == 700 && stack.lastMotion?.damping == 0.8)
    _ = stack.handle(.nextItem)
    #expect(stack.lastMotion == nil)
    let top = stack.layout.card.minY
    _ = stack.pop()
    #expect(stack.lastMotion == CardMotion.pop(from: top, viewHeight: 874))
    _ = stack.pop()  // the root never pops
    #expect(stack.lastMotion == nil)
  }

  @Test("edge pan: from the leading edge (right in RTL), floating mode only, never the root")
  func edgePan() throws {
    for rtl in [false, true] {
      var stack = try stack(rtl: rtl)
      _ = stack.push(try Card(id: "B", mapManager: nil))
      #expect(stack.edgePan(from: rtl ? .left : .right).isEmpty && stack.ids == ["A", "B"])
      #expect(!stack.edgePan(from: rtl ? .right : .left).isEmpty && stack.ids == ["A"])
      #expect(stack.edgePan(from: rtl ? .right : .left).isEmpty && stack.ids == ["A"])
    }
    var sidebar = try stack(mode: .sidebar)
    _ = sidebar.push(try Card(id: "B", mapManager: nil))
    #expect(sidebar.edgePan(from: .left).isEmpty && sidebar.ids == ["A", "B"])
  }

  @Test("overlays off: no insets, the camera refitted to the whole view, the card not draggable")
  func overlays() throws {
    var stack = try stack()
    let withCard = try #require(stack.camera)
    stack.showOverlays(false)
    #expect(stack.layout.mapInsets == .zero && !stack.layout.draggable && stack.layout.cardAlpha == 0)
    let whole = try #require(stack.top.manager?.fit)
    #expect(whole.insets == .zero && whole.camera.zoom >= withCard.zoom && whole.camera != withCard)
    stack.showOverlays(true)
    #expect(stack.camera == withCard)
  }

  @Test("VoiceOver: a push from extended stays extended; a focus below the screen extends the card")
  func voiceOver() throws {
    var stack = try stack()
    stack.setVoiceOver(running: true)
    stack.tapTitle()
    #expect(stack.top.position == .extended)
    _ = stack.push(try Card(id: "B", preferredPosition: .collapsed, mapManager: MapManager(id: "b", bounds: ferry)))
    #expect(stack.top.position == .extended)
    _ = stack.handle(.collapse)
    #expect(stack.top.position == .peaking)
    stack.voiceOverFocus(maxY: 500)
    #expect(stack.top.position == .peaking)
    stack.voiceOverFocus(maxY: 900)
    #expect(stack.top.position == .extended && stack.lastMotion?.kind == .command)
    stack.setVoiceOver(running: false)
    _ = stack.handle(.collapse)
    stack.voiceOverFocus(maxY: 900)
    #expect(stack.top.position == .peaking)
  }
}
