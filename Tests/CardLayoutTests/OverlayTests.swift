import CardLayout
import Testing

@Suite("Modal cards (seed 001)")
struct ModalCardTests {
  /// A legacy device: a 20 pt status bar, no home indicator.
  let legacy = Insets(top: 20, left: 0, bottom: 0, right: 0)
  /// A modern one.
  let modern = Insets(top: 47, left: 0, bottom: 34, right: 0)

  @Test("the seed's example: defaultModal, sides 20, bottom 20 without a bottom safe area, top 8 under a legacy bar")
  func seedExample() {
    var card = ModalCard.defaultModal
    card.corners = .all
    card.set(ModalCard.EdgeRule(inset: 20, avoidance: .content), for: [.left, .right])
    card.edges[.bottom] = ModalCard.EdgeRule(inset: 20, condition: .safeArea(false), avoidance: .card)
    card.edges[.top] = ModalCard.EdgeRule(inset: 8, condition: .safeAreaLegacyStatusBar, avoidance: .card)
    // Legacy: bottom 20 + 0, sides 20; the top bound is 8 + 20 = 28, so tall content stops there.
    let tall = card.layout(width: 320, height: 568, safeArea: legacy, contentSize: (nil, 2000))
    #expect(tall.card == Rect(x: 20, y: 28, width: 280, height: 568 - 28 - 20))
    let short = card.layout(width: 320, height: 568, safeArea: legacy, contentSize: (nil, 200))
    #expect(short.card == Rect(x: 20, y: 568 - 20 - 200, width: 280, height: 200))
    // Modern: no bottom inset (s ≠ 0), the card avoids the home indicator instead; the top 8 is off.
    let modernLayout = card.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 200))
    #expect(modernLayout.card == Rect(x: 20, y: 844 - 34 - 200, width: 350, height: 200))
    #expect(modernLayout.corners == .all && modernLayout.cornerRadius == 32)
  }

  @Test("content avoidance pads the content, the card runs under the unsafe area")
  func contentAvoidance() {
    let layout = ModalCard.defaultModal.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 300))
    #expect(layout.card == Rect(x: 0, y: 844 - 334, width: 390, height: 334))
    #expect(layout.content == Rect(x: 0, y: 844 - 334, width: 390, height: 300))
    #expect(layout.mapInsets == Insets(top: 47, left: 0, bottom: 334, right: 0))
  }

  @Test("the presets' documented values")
  func presets() {
    let system = ModalCard.system.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 200))
    #expect(system.card == Rect(x: 6, y: 844 - 6 - 200, width: 378, height: 200) && system.cornerRadius == 24)
    let notification = ModalCard.notification.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 80))
    #expect(notification.card == Rect(x: 12, y: 47, width: 366, height: 80))
    let legacyNotification = ModalCard.notification.layout(
      width: 320, height: 568, safeArea: legacy, contentSize: (nil, 80))
    #expect(legacyNotification.card.y == 32)
    let banner = ModalCard.banner.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 60))
    #expect(banner.card == Rect(x: 0, y: 0, width: 390, height: 107) && banner.corners == .bottom)
    let toast = ModalCard.toast.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 50))
    #expect(toast.card == Rect(x: 12, y: 844 - 34 - 50, width: 366, height: 50) && toast.cornerRadius == 16)
    let alert = ModalCard.alert.layout(width: 390, height: 844, safeArea: modern, contentSize: (270, 150))
    #expect(alert.card == Rect(x: 60, y: 347, width: 270, height: 150))
    #expect(ModalCard.presets.map(\.name) == ["defaultModal", "system", "notification", "banner", "toast", "alert"])
  }

  @Test("a notification rebuilt with anchor bottom")
  func notificationAtBottom() {
    var card = ModalCard.notification
    card.anchor = .bottom
    let layout = card.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 80))
    // Bottom: 12 only without a bottom safe area (off here), card avoidance adds 34.
    #expect(layout.card == Rect(x: 12, y: 844 - 34 - 80, width: 366, height: 80))
    let legacyLayout = card.layout(width: 320, height: 568, safeArea: legacy, contentSize: (nil, 80))
    #expect(legacyLayout.card == Rect(x: 12, y: 568 - 12 - 80, width: 296, height: 80))
  }

  @Test("side anchors mirror top and bottom")
  func sideAnchors() {
    var card = ModalCard.system
    card.anchor = .left
    let layout = card.layout(width: 1000, height: 700, safeArea: Insets(top: 20), contentSize: (300, 0))
    #expect(layout.card == Rect(x: 6, y: 6, width: 300, height: 688))
  }

  @Test("swipe to dismiss: past half the card's size, or at 1000 pt/s")
  func swipe() {
    #expect(ModalCard.swipeDismisses(translation: 101, velocity: 0, size: 200))
    #expect(!ModalCard.swipeDismisses(translation: 100, velocity: 999, size: 200))
    #expect(ModalCard.swipeDismisses(translation: 10, velocity: 1000, size: 200))
  }

  @Test("a swipe moves the card only towards its anchor's edge, what it covers with it; it hides just past that edge")
  func dismissal() {
    let size = (width: 390.0, height: 844.0)
    func card(_ anchor: ModalCard.Anchor) -> ModalCard {
      var card = ModalCard.system
      card.anchor = anchor
      return card
    }
    // (anchor, the way it goes, its edge's distance to leave the view from rest)
    let cases: [(ModalCard.Anchor, (Double, Double))] = [
      (.bottom, (0, 1)), (.top, (0, -1)), (.left, (-1, 0)), (.right, (1, 0)), (.center, (0, 1)),
    ]
    for (anchor, way) in cases {
      let modal = card(anchor)
      #expect(modal.dismissal == way, "\(anchor)")
      let rest = modal.layout(width: size.width, height: size.height, safeArea: modern, contentSize: (120, 200))
      let moved = modal.layout(
        width: size.width, height: size.height, safeArea: modern, contentSize: (120, 200), translation: 50)
      #expect(moved.card.x == rest.card.x + 50 * way.0 && moved.card.y == rest.card.y + 50 * way.1, "\(anchor)")
      #expect(moved.content.x - moved.card.x == rest.content.x - rest.card.x, "\(anchor): the content moves with it")
      // Never the other way.
      let back = modal.layout(
        width: size.width, height: size.height, safeArea: modern, contentSize: (120, 200), translation: -50)
      #expect(back == rest, "\(anchor)")
      // Moved by its hidden translation, a sliding card lies just outside the view.
      let hidden = modal.hiddenTranslation(of: rest, width: size.width, height: size.height)
      let gone = modal.layout(
        width: size.width, height: size.height, safeArea: modern, contentSize: (120, 200), translation: hidden)
      switch anchor {
      case .bottom: #expect(gone.card.minY == size.height)
      case .top: #expect(gone.card.maxY == 0)
      case .left: #expect(gone.card.maxX == 0)
      case .right: #expect(gone.card.minX == size.width)
      case .center: #expect(hidden == 0 && modal.fades)
      }
    }
    // A bottom card half off the screen covers only what still shows: the map gets the rest back.
    let bottom = card(.bottom)
    let rest = bottom.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 200))
    let half = bottom.layout(width: 390, height: 844, safeArea: modern, contentSize: (nil, 200), translation: 100)
    #expect(half.mapInsets.bottom == rest.mapInsets.bottom - 100)
  }

  @Test("showing, dismissing and springing back: a push's, a pop's and a snap's timing; a centred card fades")
  func motions() {
    let sliding = ModalCard.toast.showing(hidden: 94)
    #expect(sliding.from == 94 && sliding.to == 0 && sliding.duration == CardMotion.pushDuration)
    #expect(sliding.damping == CardMotion.pushDamping)
    let out = ModalCard.toast.dismissing(from: 20, hidden: 94)
    #expect(out.from == 20 && out.to == 94 && out.duration == CardMotion.popDuration && out.damping == 1)
    let back = ModalCard.toast.springingBack(from: 20)
    #expect(back.from == 20 && back.to == 0 && back.damping == CardMotion.snapDamping)
    let fade = ModalCard.alert.showing(hidden: 0)
    #expect(fade.from == 0 && fade.to == 1 && fade.damping == 1)
    // No overshoot: the alpha never passes 1 on the way.
    #expect(stride(from: 0.0, through: fade.duration, by: 0.01).allSatisfy { fade.y(at: $0) <= 1 + 1e-12 })
  }

  @Test("the presentation queue shows one card per level, in order")
  func queue() {
    var queue = ModalQueue<String>()
    let shown = [
      queue.enqueue("a", level: .window), queue.enqueue("b", level: .window), queue.enqueue("x", level: .view("map")),
      queue.enqueue("c", level: .window),
    ]
    #expect(shown == [true, false, true, false])
    #expect(queue.current(level: .window) == "a" && queue.pending(level: .window) == ["b", "c"])
    let next = [queue.dismiss(level: .window), queue.dismiss(level: .window), queue.dismiss(level: .window)]
    #expect(next == ["b", "c", nil] && queue.current(level: .window) == nil)
    #expect(queue.current(level: .view("map")) == "x")
  }

  @Test("a finger's drag moves the card by its part along the dismissal; the presets that block")
  func dragAndBlocking() {
    #expect(ModalCard.toast.translation(ofDrag: 30, 50) == 50)
    #expect(ModalCard.toast.translation(ofDrag: 0, -50) == 0)
    #expect(ModalCard.banner.translation(ofDrag: 10, -40) == 40)
    var side = ModalCard.defaultModal
    side.anchor = .left
    #expect(side.translation(ofDrag: -25, 90) == 25)
    let blocking = ModalCard.presets.filter { $0.card.blocks }.map(\.name)
    #expect(blocking == ["defaultModal", "system", "alert"])
  }

  @Test("semi-modal sizes")
  func semiModal() {
    var size = SemiModalSize(collapsed: 200, expanded: 100)
    #expect(size.expanded == 200)
    size = SemiModalSize(collapsed: 200, expanded: 600)
    size.release(translation: -201, velocity: 0)
    #expect(size.isExpanded && size.height == 600)
    size.release(translation: 150, velocity: 0)
    #expect(size.isExpanded)
    size.release(translation: 10, velocity: 1200)
    #expect(!size.isExpanded)
  }
}

@Suite("Swipe deck (seed 003)")
struct SwipeDeckTests {
  @Test(
    "direction functions on their sector boundaries",
    arguments: [
      (0.0, nil, "top", "top"), (44.999, nil, "top", "topRight"), (45, "right", "right", "topRight"),
      (67.5, "right", "right", "right"), (67.4999, "right", "right", "topRight"),
      (134.999, "right", "right", "bottomRight"),
      (135, nil, "bottom", "bottomRight"), (157.5, nil, "bottom", "bottom"), (224.999, nil, "bottom", "bottomLeft"),
      (225, "left", "left", "bottomLeft"), (247.5, "left", "left", "left"), (314.999, "left", "left", "topLeft"),
      (315, nil, "top", "topLeft"), (337.5, nil, "top", "top"), (22.5, nil, "top", "topRight"),
      (359.999, nil, "top", "top"),
    ] as [(Double, String?, String, String)])
  func boundaries(angle: Double, leftRight: String?, four: String, eight: String) {
    #expect(SwipeDirections.leftRight(angle) == leftRight)
    #expect(SwipeDirections.four(angle) == four)
    #expect(SwipeDirections.eight(angle) == eight)
  }

  @Test("angles: 0 up, 90 right, 180 down, 270 left")
  func angles() {
    #expect(abs(SwipeDirections.angle(dx: 0, dy: -10) - 0) < 1e-12)
    #expect(abs(SwipeDirections.angle(dx: 10, dy: 0) - 90) < 1e-12)
    #expect(abs(SwipeDirections.angle(dx: 0, dy: 10) - 180) < 1e-12)
    #expect(abs(SwipeDirections.angle(dx: -10, dy: 0) - 270) < 1e-12)
    #expect(abs(SwipeDirections.angle(dx: -1, dy: -1) - 315) < 1e-12)
  }

  @Test("the seed's configuration: 3 visible, threshold 0.1, offset 40, scale 0.2")
  func configuration() {
    let area = Rect(x: 45, y: 200, width: 300, height: 400)
    var deck = SwipeDeck(count: 10, area: area, maxVisibleCards: 3, swipeThreshold: 0.1, cardOffset: 40, cardScale: 0.2)
    let cards = deck.visibleCards
    #expect(cards.count == 3)
    #expect(cards[0].frame == area)
    #expect(cards[1].scale == 0.8 && cards[1].offset == 40)
    #expect(cards[1].frame.width == 240 && cards[1].frame.height == 320)
    #expect(abs(cards[1].frame.maxY - (area.maxY + 0.8 * 40)) < 1e-9)
    #expect(abs(cards[2].frame.maxY - (area.maxY + 0.6 * 80)) < 1e-9 && abs(cards[2].frame.midX - area.midX) < 1e-9)
    let swipe = deck.swipe(dx: 31, dy: 0, directions: SwipeDirections.leftRight)
    #expect(swipe.direction == "right" && swipe.commits && abs(swipe.rotation - 31.0 / 300 * 25) < 1e-12)
    #expect(!deck.swipe(dx: 30, dy: 0, directions: SwipeDirections.leftRight).commits)  // strictly greater
    #expect(!deck.swipe(dx: 0, dy: -100, directions: SwipeDirections.leftRight).commits)  // no direction
    let custom = deck.swipe(dx: 0, dy: -100) { $0 < 10 || $0 > 350 ? "superLike" : nil }
    #expect(custom.direction == "superLike" && custom.commits)
    deck.advance()
    deck.append(5)
    #expect(deck.index == 1 && deck.count == 15)
    deck.reload(count: 4)
    #expect(deck.index == 0 && deck.visibleCards.count == 3)
    for _ in 0..<10 { deck.advance() }
    #expect(deck.index == 4 && deck.visibleCards.isEmpty)
  }

  @Test("a committed card flies out past the edge it heads for; the cards under it rise along the motion")
  func flyingOut() {
    // 300 × 400 centred on a 390 × 844 view: centre (195, 422), half diagonal 250.
    let deck = SwipeDeck(count: 6, area: Rect(x: 45, y: 222, width: 300, height: 400), maxVisibleCards: 3)
    #expect(deck.flyOutDistance(along: 1, 0, width: 390, height: 844) == 390 + 250 - 195)
    #expect(deck.flyOutDistance(along: 0, -1, width: 390, height: 844) == 422 + 250)
    // Diagonally, the nearer edge it crosses: x at 445 / 0.6 = 741.7, y at 672 / 0.8 = 840.
    #expect(abs(deck.flyOutDistance(along: 0.6, 0.8, width: 390, height: 844) - 445 / 0.6) < 1e-9)
    #expect(deck.flyOutDistance(along: 0, 0, width: 390, height: 844) == 0)
    let out = SwipeDeck.flyingOut(from: 180, to: 445)
    #expect(out.kind == .pop && out.from == 180 && out.to == 445 && out.duration == CardMotion.popDuration)
    #expect(
      SwipeDeck.springingBack(from: 90).to == 0 && SwipeDeck.springingBack(from: 90).damping == CardMotion.snapDamping)
    // Rising: at 0 as shown; half way, depth 1 at 0.5 (offset 5, scale 0.95) and the fourth card in
    // view at 2.5; at 1, where advancing puts them (the top card still there, leaving).
    #expect(deck.visibleCards(advancing: 0) == deck.visibleCards)
    let half = deck.visibleCards(advancing: 0.5)
    #expect(half.map(\.depth) == [0, 1, 2, 3] && half[1].offset == 5 && half[1].scale == 0.95)
    #expect(half[0].frame == deck.area && half[3].scale == 0.75)
    var advanced = deck
    advanced.advance()
    let risen = deck.visibleCards(advancing: 1)
    #expect(Array(risen.dropFirst().map(\.frame)) == advanced.visibleCards.map(\.frame))
  }
}

@Suite("Expanding cards (seed 004)")
struct ExpandingCardsTests {
  @Test("heights clamp: 30 → 44; an expanded height below the card's is the card's")
  func clamps() {
    let cards = ExpandingCards(count: 3, cardHeight: 30, expandedHeight: 20)
    #expect(cards.cardHeight == 44 && cards.expandedHeight == 44)
    let defaults = ExpandingCards(count: 3)
    #expect(defaults.cardHeight == 180 && defaults.expandedHeight == 440)
  }

  @Test("one selection at a time; the open card pushes the others down; drag to dismiss")
  func selection() {
    var cards = ExpandingCards(count: 3)
    cards.select(1)
    cards.select(2)
    #expect(cards.selected == 2)
    cards.select(1)
    let frames = cards.frames(width: 390, top: 47)
    #expect(frames[0] == Rect(x: 16, y: 63, width: 358, height: 180))
    #expect(frames[1] == Rect(x: 16, y: 63 + 196, width: 358, height: 440))
    #expect(frames[2].minY == frames[1].maxY + 16)
    #expect(cards.dismissProgress(drag: 60) == 0.5 && cards.dismissProgress(drag: -5) == 0)
    cards.release(drag: 100, velocity: 0)
    #expect(cards.selected == 1)
    cards.release(drag: 120, velocity: 0)
    #expect(cards.selected == nil)
    cards.select(7)
    #expect(cards.selected == nil)
  }

  @Test("the open card follows a drag down, never up, the others stay; a release closes past 120 pt or at 1000 pt/s")
  func drag() {
    let cards = ExpandingCards(count: 3, selected: 1)
    let rest = cards.frames(width: 390, top: 47)
    let dragged = cards.frames(width: 390, top: 47, drag: 45)
    #expect(dragged[1] == Rect(x: 16, y: rest[1].y + 45, width: 358, height: 440))
    #expect(dragged[0] == rest[0] && dragged[2] == rest[2])
    #expect(cards.frames(width: 390, top: 47, drag: -30) == rest)
    #expect(!ExpandingCards.closes(drag: 119.9, velocity: 999.9))
    #expect(ExpandingCards.closes(drag: 120, velocity: 0) && ExpandingCards.closes(drag: 0, velocity: 1000))
  }

  @Test("opening and closing: the open card's height between the two, a drag left shrinking with it")
  func openingAndClosing() {
    let cards = ExpandingCards(count: 3, selected: 1)
    #expect(cards.frames(width: 390, top: 47, height: nil) == cards.frames(width: 390, top: 47))
    // Half open (310 of 180 → 440), 60 pt of drag left: 30 of it shows; the card below makes room for 310.
    let half = cards.frames(width: 390, top: 47, drag: 60, height: 310)
    #expect(half[1] == Rect(x: 16, y: 63 + 196 + 30, width: 358, height: 310))
    #expect(half[2].minY == 63 + 196 + 310 + 16)
    // Out of range heights clamp to the two.
    #expect(cards.frames(width: 390, top: 47, height: 1000)[1].height == 440)
    #expect(cards.frames(width: 390, top: 47, height: 3)[1].height == 180)
    let opening = cards.opening(from: 180)
    let closing = cards.closing(from: 440)
    #expect(
      opening.from == 180 && opening.to == 440 && opening.duration == CardMotion.pushDuration && opening.damping == 1)
    #expect(closing.from == 440 && closing.to == 180 && closing.duration == CardMotion.popDuration)
    #expect(ExpandingCards.springingBack(from: 40).to == 0)
  }
}

@Suite("Occlusion")
struct OcclusionTests {
  /// The largest empty rectangle by trying every rectangle on a grid of all edges (O(n⁵)).
  func bruteForce(_ area: Rect, _ obstacles: [Rect]) -> Double {
    let xs = Array(Set([area.minX, area.maxX] + obstacles.flatMap { [$0.minX, $0.maxX] })).sorted()
      .filter { $0 >= area.minX && $0 <= area.maxX }
    let ys = Array(Set([area.minY, area.maxY] + obstacles.flatMap { [$0.minY, $0.maxY] })).sorted()
      .filter { $0 >= area.minY && $0 <= area.maxY }
    var best = 0.0
    for (i, x0) in xs.enumerated() {
      for x1 in xs[(i + 1)...] {
        for (j, y0) in ys.enumerated() {
          for y1 in ys[(j + 1)...] {
            let candidate = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            guard candidate.area > best else { continue }
            if obstacles.allSatisfy({ $0.intersection(candidate) == nil }) { best = candidate.area }
          }
        }
      }
    }
    return best
  }

  @Test("against a brute-force search on random rectangles")
  func random() {
    var state: UInt64 = 99
    func next(_ range: ClosedRange<Double>) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
    for _ in 0..<300 {
      let area = Rect(x: 0, y: 0, width: 400, height: 800)
      let obstacles = (0..<Int(next(1...6))).map { _ in
        Rect(x: next(-50...380), y: next(-50...780), width: next(5...200), height: next(5...300))
      }
      let found = Occlusion.largestUnobscuredRect(in: area, avoiding: obstacles)
      #expect(abs(found.area - bruteForce(area, obstacles)) < 1e-6)
      #expect(obstacles.allSatisfy { $0.intersection(found) == nil })
      #expect(found.minX >= 0 && found.maxX <= 400 && found.minY >= 0 && found.maxY <= 800)
    }
  }

  @Test("ties: the leftmost, then the narrowest, then the topmost")
  func ties() {
    let area = Rect(x: 0, y: 0, width: 300, height: 100)
    // A 100-wide bar in the middle leaves two equal halves: the left one wins.
    #expect(
      Occlusion.largestUnobscuredRect(in: area, avoiding: [Rect(x: 100, y: 0, width: 100, height: 100)])
        == Rect(x: 0, y: 0, width: 100, height: 100))
    // A bar across the middle leaves two equal bands: the top one wins.
    #expect(
      Occlusion.largestUnobscuredRect(in: area, avoiding: [Rect(x: 0, y: 40, width: 300, height: 20)])
        == Rect(x: 0, y: 0, width: 300, height: 40))
    #expect(Occlusion.largestUnobscuredRect(in: area, avoiding: [area]) == Rect(x: 0, y: 0, width: 0, height: 0))
  }

  @Test("a thousand overlapping cards (a deep swipe stack) still give the exact largest rect")
  func many() {
    let area = Rect(x: 0, y: 0, width: 390, height: 844)
    let cards = (0..<1000).map { i in
      Rect(x: 45 + Double(i) * 0.01, y: 222 + Double(i) * 0.3, width: 300 - Double(i) * 0.02, height: 400)
    }
    let found = Occlusion.largestUnobscuredRect(in: area, avoiding: cards)
    #expect(found == Rect(x: 0, y: 0, width: 390, height: 222))
  }
}
