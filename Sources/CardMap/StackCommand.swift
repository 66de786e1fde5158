/// Everything an app tells a card stack, as one value (<doc:StacksAndManagers>): a script
/// (`cardmap replay`) and an app drive the stack through the same `CardStack.apply(_:)`, so an app
/// sees exactly the events the command prints.
public enum StackCommand {
  /// Pushes a card on top.
  case push(Card)
  /// Pops the top card (the root stays).
  case pop
  /// Ends a drag of the top card at `y` with `velocity` (pt/s, + is down): it snaps.
  case drag(y: Double, velocity: Double)
  case tapTitle
  case tapMap
  case key(KeyCommand)
  /// Shows page `index` of the top card, which must be a paging card with that page.
  case showPage(Int)
  /// Ends a horizontal swipe on the top paging card's content, `translation` pt (+ is right) with
  /// `velocity` (pt/s): it turns a page or springs back (`PageSwipe`).
  case swipePage(translation: Double, velocity: Double)
  /// A new screen (rotation, split view, a header).
  case resize(LayoutEnvironment)
  /// A swipe in from a screen edge (back, in a stack).
  case edgePan(HorizontalScreenEdge)
  case showOverlays(Bool)
  case voiceOver(running: Bool)
  /// VoiceOver's focus moved to an element whose bottom is at `maxY`.
  case voiceOverFocus(maxY: Double)
}

/// What one command did: the appearance and hand-over events in the order an app receives them,
/// and for a drag, where the card snaps.
public struct StackStep: Hashable, Sendable {
  public var events: [StackEvent]
  public var snap: Snap?

  public init(events: [StackEvent] = [], snap: Snap? = nil) {
    self.events = events
    self.snap = snap
  }
}

/// A command the top card cannot take.
public enum StackCommandError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `showPage` on a card without pages.
  case notPaging(card: String)
  /// `showPage` with an index outside the card's pages.
  case pageOutOfRange(index: Int, pages: Int)

  public var description: String {
    switch self {
    case .notPaging(let card): "the top card \"\(card)\" has no pages"
    case .pageOutOfRange(let index, let pages): "page \(index) is out of range: the card has pages 0 to \(pages - 1)"
    }
  }
}

extension CardStack {
  /// A stack showing `root`, and what an app receives as it appears: `willAppear`, its manager's
  /// `takeCharge`, `didAppear`.
  public static func presenting(_ root: Card, in environment: LayoutEnvironment) -> (
    stack: CardStack, events: [StackEvent]
  ) {
    let stack = CardStack(environment: environment, root: root)
    var events: [StackEvent] = [.willAppear(card: root.id)]
    if let manager = stack.top.manager { events.append(.takeCharge(manager: manager.id)) }
    events.append(.didAppear(card: root.id))
    return (stack, events)
  }

  /// A stack restored from `snapshot`, and the hand-overs an app receives: every manager of
  /// `managers` that drives the map stops (`cleanUp`, in their order), then the restored top's takes
  /// charge. Managers are reused by id, as `init(restoring:environment:managers:)`.
  ///
  /// - Throws: `LayoutError` for a snapshot whose values are out of range.
  public static func restoring(
    _ snapshot: StackSnapshot, in environment: LayoutEnvironment, managers: [MapManager]
  ) throws(LayoutError) -> (stack: CardStack, events: [StackEvent]) {
    var events: [StackEvent] = []
    for manager in managers where manager.isInCharge {
      manager.cleanUp()
      events.append(.cleanUp(manager: manager.id))
    }
    let stack = try CardStack(restoring: snapshot, environment: environment, managers: managers)
    if let manager = stack.top.manager { events.append(.takeCharge(manager: manager.id)) }
    return (stack, events)
  }

  /// Applies one command and returns what it did.
  ///
  /// - Throws: `StackCommandError` for `showPage` on a card without pages or beyond its pages
  ///   (`showPage(_:)` itself clamps, as the keys' previous and next page do); the stack is
  ///   then unchanged.
  public mutating func apply(_ command: StackCommand) throws(StackCommandError) -> StackStep {
    switch command {
    case .push(let card): return StackStep(events: push(card))
    case .pop: return StackStep(events: pop())
    case .drag(let y, let velocity): return StackStep(snap: drag(y: y, velocity: velocity))
    case .tapTitle: tapTitle()
    case .tapMap: tapMap()
    case .key(let key): return StackStep(events: handle(key))
    case .showPage(let index):
      guard top.card.isPaging else { throw .notPaging(card: top.card.id) }
      guard top.card.pages.indices.contains(index) else {
        throw .pageOutOfRange(index: index, pages: top.card.pages.count)
      }
      return StackStep(events: showPage(index))
    case .swipePage(let translation, let velocity):
      guard top.card.isPaging else { throw .notPaging(card: top.card.id) }
      return StackStep(events: swipePage(translation: translation, velocity: velocity))
    case .resize(let environment): resize(to: environment)
    case .edgePan(let edge): return StackStep(events: edgePan(from: edge))
    case .showOverlays(let show): showOverlays(show)
    case .voiceOver(let running): setVoiceOver(running: running)
    case .voiceOverFocus(let maxY): voiceOverFocus(maxY: maxY)
    }
    return StackStep()
  }
}
