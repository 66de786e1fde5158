/// A stack of cards over a map, and the rules that move them (CardLayout's Layout rules, Card positions; CardLayout's Gestures and commands; <doc:StacksAndManagers>).
///
/// Every operation returns the events it caused, in order: appearance callbacks for the cards
/// involved and map-manager hand-overs. The top card's manager is kept fitted to the layout.
///
/// - Push: the new card goes to extended without map content, else to its preferred position, else
///   to the current one; the covered card remembers its position; the card below dims 0 → 0.25.
/// - Pop: never the root; bottom layouts restore the remembered position, side layouts keep the
///   current one; the dim goes 0.25 → 0.
/// - Appearance, push: below `willDisappear`, new `willAppear`, hand-over, below `didDisappear`, new
///   `didAppear`; pop mirrors it. A hand-over happens only between different manager objects: old
///   `cleanUp`, then new `takeCharge` with the insets for the target position.
/// - A paging card uses its current child's manager; a page change swaps managers without moving
///   the card (children sharing one manager cause no hand-over).
/// - A resize keeps each card's position class, so a card extended only because the height became
///   compact returns to its class when the height is regular again.
/// - The on-screen keyboard coming up (a resize whose `keyboard` becomes more than 0) moves the top
///   card to extended, above it; going, it returns the card to where it was, as Apple Maps' search
///   does (<doc:StacksAndManagers#The-on-screen-keyboard>).
///
/// ```swift
/// var stack = CardStack(environment: phone, root: Card(id: "home", mapManager: home))
/// let events = stack.push(Card(id: "route", preferredPosition: .peaking, mapManager: route))
/// // [home.willDisappear, route.willAppear, home.cleanUp, route.takeCharge, home.didDisappear, route.didAppear]
/// ```
public struct CardStack {
  /// One card in the stack and its state.
  public struct Entry {
    public var card: Card
    /// The position class the card is at (a card without map content shows extended regardless).
    public var position: CardPosition
    /// The position to restore when the card above is popped.
    public var remembered: CardPosition?
    /// The page showing, for a paging card.
    public var page: Int
    /// The keyboard highlight, for a table card.
    public var highlight: TableHighlight

    /// The manager in use.
    public var manager: MapManager? { card.manager(page: page) }
    /// The id of the page showing, or nil.
    public var pageID: String? { card.isPaging ? card.pages[page].id : nil }
  }

  public private(set) var environment: LayoutEnvironment
  public private(set) var entries: [Entry]
  /// The dim of the card below during the last push (0 → 0.25) or pop (0.25 → 0), or nil.
  public private(set) var lastTransitionDim: (from: Double, to: Double)?
  /// How the card moved in the last call, or nil when it did not (CardLayout's Controller rules, Motion).
  public private(set) var lastMotion: CardMotion?
  /// The map overlays hidden: card and buttons faded out, the whole map visible.
  public private(set) var overlaysHidden = false
  /// Whether VoiceOver runs: a push from an extended card then stays extended.
  public private(set) var voiceOverRunning = false
  /// Where the top card was when the on-screen keyboard came up, to return it there when it goes.
  public private(set) var positionBeforeKeyboard: CardPosition?

  /// The black layer's alpha on a covered card (CardLayout's Layout rules, Dimming, alphas and buttons).
  public static let coveredCardDim = 0.25

  /// A stack with `root` at its position (its preferred one, else peaking); its manager takes charge.
  public init(environment: LayoutEnvironment, root: Card) {
    self.environment = environment
    let position = root.mapManager == nil && !root.isPaging ? CardPosition.extended : root.preferredPosition ?? .peaking
    entries = [
      Entry(card: root, position: position, remembered: nil, page: 0, highlight: TableHighlight(count: root.rows))
    ]
    let layout = self.layout
    entries[0].manager?.takeCharge(layout: layout)
  }

  /// Restores a stack from its pieces (see `StackSnapshot`).
  init(environment: LayoutEnvironment, entries: [Entry]) {
    self.environment = environment
    self.entries = entries
    top.manager?.takeCharge(layout: layout)
  }

  public var top: Entry { entries[entries.count - 1] }

  /// The cards that show once a motion ends, bottom first (<doc:StacksAndManagers#What-shows>): the
  /// top card alone. A covered card shows only while a push slides the top card over it (under its
  /// dim) and again as a pop starts to uncover it; at rest it is hidden, so that nothing of it lies
  /// over the map the top card leaves visible (a collapsed card over a peaking one would otherwise
  /// cover the content fitted there), as Apple Maps shows one card at a time.
  public var shownCards: [String] { [top.card.id] }

  /// The card ids from the root up.
  public var ids: [String] { entries.map { $0.card.id } }

  /// The layout of the top card.
  public var layout: ScreenLayout { layout(of: entries.count - 1, position: top.position) }

  /// The top manager's camera, when it has content.
  public var camera: Camera? { top.manager?.camera }

  func layout(of index: Int, position: CardPosition) -> ScreenLayout {
    layout(of: index, placement: .settled(position))
  }

  func layout(of index: Int, placement: CardPlacement) -> ScreenLayout {
    let entry = entries[index]
    var state = entry.card.state  // checked when the card was made
    state.placement = placement
    state.hasMapContent = entry.manager != nil
    state.showsCloseButton = index > 0
    state.overlaysHidden = overlaysHidden
    return ScreenLayout(environment: environment, card: state)
  }

  // MARK: Push and pop

  /// Pushes `card` on top (<doc:StacksAndManagers>).
  public mutating func push(_ card: Card) -> [StackEvent] {
    let below = top
    let hasContent = card.manager(page: 0) != nil
    // With VoiceOver running, a push from an extended card keeps the new one extended.
    let keepsExtended = voiceOverRunning && below.position == .extended
    let target: CardPosition = hasContent && !keepsExtended ? card.preferredPosition ?? below.position : .extended
    entries[entries.count - 1].remembered = below.position
    positionBeforeKeyboard = nil  // the keyboard's return was the card below's
    entries.append(
      Entry(card: card, position: target, remembered: nil, page: 0, highlight: TableHighlight(count: card.rows)))
    lastTransitionDim = (0, Self.coveredCardDim)
    lastMotion = .push(to: layout.card.minY, viewHeight: environment.height)
    var events: [StackEvent] = [.willDisappear(card: below.card.id), .willAppear(card: card.id)]
    events += handOver(from: below.manager, to: top.manager)
    events += [.didDisappear(card: below.card.id), .didAppear(card: card.id)]
    return events
  }

  /// Pops the top card; the root never pops (no events).
  public mutating func pop() -> [StackEvent] {
    lastMotion = nil
    guard entries.count > 1 else { return [] }
    let leaving = layout.card.minY
    let popped = entries.removeLast()
    positionBeforeKeyboard = nil  // the keyboard's return was the popped card's
    let below = top
    let position = layout.presentation.isBottom ? below.remembered ?? below.position : popped.position
    entries[entries.count - 1].position = position
    entries[entries.count - 1].remembered = nil
    lastTransitionDim = (Self.coveredCardDim, 0)
    lastMotion = .pop(from: leaving, viewHeight: environment.height)
    var events: [StackEvent] = [.willDisappear(card: popped.card.id), .willAppear(card: below.card.id)]
    events += handOver(from: popped.manager, to: top.manager)
    events += [.didDisappear(card: popped.card.id), .didAppear(card: below.card.id)]
    return events
  }

  // MARK: Gestures and commands

  /// Releases a drag of the top card at `y` with `velocity` (pt/s, down positive): it snaps (CardLayout's Gestures and commands).
  public mutating func drag(y: Double, velocity: Double) -> Snap {
    let dragged = layout(of: entries.count - 1, placement: .dragging(y: y))
    let release = Release(y: y, velocity: velocity, dragged: dragged, vertical: environment.vertical)
    move(to: release.snap.position)
    lastMotion = dragged.draggable ? release.motion : nil
    return release.snap
  }

  /// A tap on the top card's title (CardLayout's Gestures and commands).
  public mutating func tapTitle() { move(to: layout.afterTitleTap, as: .titleTap) }

  /// A tap on the map (CardLayout's Layout rules, Dimming, alphas and buttons).
  public mutating func tapMap() { move(to: layout.afterMapTap, as: .mapTap) }

  /// A pan from the screen's `edge` (CardLayout's Controller rules, Edge pan): from the leading edge
  /// (the right one in RTL), in floating mode, it pops the top card; never the root.
  public mutating func edgePan(from edge: HorizontalScreenEdge) -> [StackEvent] {
    let leading: HorizontalScreenEdge = environment.rtl ? .right : .left
    guard edge == leading, environment.mode == .floating else {
      lastMotion = nil
      return []
    }
    return pop()
  }

  /// Shows or hides the map overlays (`toggleMapOverlays`): hidden, the card and every button fade
  /// out, the card cannot be dragged, and the camera refits to the whole view.
  public mutating func showOverlays(_ show: Bool) {
    overlaysHidden = !show
    lastMotion = nil
    refit()
  }

  /// VoiceOver starts or stops.
  public mutating func setVoiceOver(running: Bool) {
    voiceOverRunning = running
    lastMotion = nil
  }

  /// VoiceOver focused an element whose frame ends at `maxY`: below the screen, a card that is not
  /// extended extends so that the element shows.
  public mutating func voiceOverFocus(maxY: Double) {
    guard voiceOverRunning, maxY > environment.height, top.position != .extended else {
      lastMotion = nil
      return
    }
    move(to: .extended, as: .command)
  }

  /// A keyboard command (CardLayout's Gestures and commands): card positions, ⌘W, table highlight, paging.
  public mutating func handle(_ key: KeyCommand) -> [StackEvent] {
    lastMotion = nil
    switch key {
    case .expand, .collapse:
      move(to: layout.after(key), as: .command)
      return []
    case .close:
      return pop()
    case .escape where top.highlight.index == nil:
      // Esc with nothing highlighted closes the card, as ⌘W (never the root).
      return pop()
    case .previousPage:
      return showPage(top.page - 1)
    case .nextPage:
      return showPage(top.page + 1)
    default:
      entries[entries.count - 1].highlight.apply(key)
      return []
    }
  }

  /// Shows page `index` of the top paging card (clamped); swaps managers without moving the card.
  public mutating func showPage(_ index: Int) -> [StackEvent] {
    lastMotion = nil
    let entry = top
    guard entry.card.isPaging else { return [] }
    let target = min(max(index, 0), entry.card.pages.count - 1)
    guard target != entry.page else { return [] }
    let old = entry.card.pages[entry.page]
    let new = entry.card.pages[target]
    entries[entries.count - 1].page = target
    var events: [StackEvent] = [.willDisappear(card: old.id), .willAppear(card: new.id)]
    events += handOver(from: old.mapManager, to: new.mapManager)
    events += [.didDisappear(card: old.id), .didAppear(card: new.id)]
    return events
  }

  /// The top table card's rows are now `count` (its data reloaded): its highlight keeps its row
  /// while that row exists.
  public mutating func reloadRows(_ count: Int) {
    let index = entries.count - 1
    entries[index].card.rows = max(count, 0)
    entries[index].highlight = TableHighlight(count: count, index: entries[index].highlight.index)
  }

  /// A horizontal swipe on the top paging card's content released at `translation` pt (+ is right)
  /// with `velocity` pt/s: one page on, one back, or none, as `PageSwipe` says (clamped to the pages).
  public mutating func swipePage(translation: Double, velocity: Double) -> [StackEvent] {
    let step = PageSwipe.step(
      translation: translation, velocity: velocity, width: layout.card.width, rtl: environment.rtl)
    return showPage(top.page + step)
  }

  /// A new screen (rotation, split view, a header, the browser's bars): positions keep their class;
  /// the camera refits. The on-screen keyboard coming up (`keyboard` from 0 to more) moves the top
  /// card to extended above it, remembering its position; going (back to 0), it returns the card
  /// there (<doc:StacksAndManagers#The-on-screen-keyboard>). Either is a `.keyboard` motion.
  public mutating func resize(to environment: LayoutEnvironment) {
    let (before, from) = (self.environment.keyboard, layout.card.minY)
    self.environment = environment
    lastMotion = nil
    var target: CardPosition?
    if before == 0, environment.keyboard > 0 {
      positionBeforeKeyboard = top.position
      target = .extended
    } else if before > 0, environment.keyboard == 0 {
      target = positionBeforeKeyboard
      positionBeforeKeyboard = nil
    }
    guard let target else { return refit() }
    move(to: target)
    let to = layout.card.minY
    if from != to { lastMotion = .tap(.keyboard, from: from, to: to) }
  }

  /// Moves the top card to `position` (resolved to extended when it cannot be dragged) and refits;
  /// with `kind`, records the motion when the card moved.
  mutating func move(to position: CardPosition, as kind: CardMotion.Kind? = nil) {
    let from = layout.card.minY
    if layout.draggable { entries[entries.count - 1].position = position }
    refit()
    let to = layout.card.minY
    lastMotion = kind.flatMap { from != to ? CardMotion.tap($0, from: from, to: to) : nil }
  }

  /// Keeps the top manager's camera on the current layout (per frame, during a drag too).
  public func refit() {
    top.manager?.refit(layout: layout)
  }

  /// Hands the map from one manager to another when they are different objects.
  mutating func handOver(from old: MapManager?, to new: MapManager?) -> [StackEvent] {
    if let old, let new, old === new {
      refit()
      return []
    }
    var events: [StackEvent] = []
    if let old {
      old.cleanUp()
      events.append(.cleanUp(manager: old.id))
    }
    if let new {
      new.takeCharge(layout: layout)
      events.append(.takeCharge(manager: new.id))
    }
    return events
  }
}
