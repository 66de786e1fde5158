/// A picture of a card stack for state restoration (<doc:StacksAndManagers>): the cards, their positions,
/// remembered positions, pages, highlights, the managers' content and camera settings, and the
/// camera.
///
/// Restoring it onto the same environment gives the identical layout and camera (the camera is
/// refitted from the content and the settings, and equals `camera`); onto another (after a
/// rotation), the same positions in that environment. Managers with the same id come back as one
/// shared object. Its JSON form (to store it) is CardMapWire's `json` and `init(json:)`.
public struct StackSnapshot: Hashable, Sendable {
  public struct Manager: Hashable, Sendable {
    public var id: String
    /// `[west, south, east, north]`, or nil without content.
    public var bounds: [Double]?
    /// How the manager fits its camera; nil for the defaults (and in snapshots made before it).
    public var fit: FitOptions?
    /// What its camera follows; nil for `.fitContent` (and in snapshots made before it).
    public var cameraMode: CameraMode?

    public init(id: String, bounds: [Double]?, fit: FitOptions? = nil, cameraMode: CameraMode? = nil) {
      (self.id, self.bounds, self.fit, self.cameraMode) = (id, bounds, fit, cameraMode)
    }
  }

  public struct Page: Hashable, Sendable {
    public var id: String
    public var manager: Manager?

    public init(id: String, manager: Manager?) { (self.id, self.manager) = (id, manager) }
  }

  public struct Entry: Hashable, Sendable {
    public var id: String
    public var preferredPosition: CardPosition?
    public var manager: Manager?
    public var pages: [Page]
    public var rows: Int
    /// What the card shows, as `Card` keeps it: its title height, toolbars, vertical-bar actions,
    /// floating buttons, compass, user tracking, bearing, info view and content height (the stack
    /// sets the rest).
    public var look: CardState
    public var position: CardPosition
    public var remembered: CardPosition?
    public var page: Int
    public var highlight: Int?

    public init(
      id: String, preferredPosition: CardPosition?, manager: Manager?, pages: [Page], rows: Int, look: CardState,
      position: CardPosition, remembered: CardPosition?, page: Int, highlight: Int?
    ) {
      (self.id, self.preferredPosition, self.manager, self.pages, self.rows) = (
        id, preferredPosition, manager, pages, rows
      )
      (self.look, self.position, self.remembered, self.page, self.highlight) = (
        look, position, remembered, page, highlight
      )
    }
  }

  public var entries: [Entry]
  /// The camera when the snapshot was taken: `[centerLon, centerLat, zoom, bearing]`, or nil.
  public var camera: [Double]?

  public init(entries: [Entry], camera: [Double]?) { (self.entries, self.camera) = (entries, camera) }
}

extension CardStack {
  /// The stack as a snapshot.
  public func snapshot() -> StackSnapshot {
    func manager(_ m: MapManager?) -> StackSnapshot.Manager? {
      m.map {
        StackSnapshot.Manager(
          id: $0.id, bounds: $0.bounds?.array, fit: $0.fitOptions,
          cameraMode: $0.cameraMode == .fitContent ? nil : $0.cameraMode)
      }
    }
    let entries = entries.map { entry in
      StackSnapshot.Entry(
        id: entry.card.id, preferredPosition: entry.card.preferredPosition, manager: manager(entry.card.mapManager),
        pages: entry.card.pages.map { StackSnapshot.Page(id: $0.id, manager: manager($0.mapManager)) },
        rows: entry.card.rows, look: entry.card.state, position: entry.position, remembered: entry.remembered,
        page: entry.page, highlight: entry.highlight.index)
    }
    let camera = self.camera.map { [$0.center.lon, $0.center.lat, $0.zoom, $0.bearing] }
    return StackSnapshot(entries: entries, camera: camera)
  }

  /// Rebuilds a stack from `snapshot` in `environment`; its top manager takes charge.
  ///
  /// Managers are looked up by id in `managers` first (so that an app's live managers are reused),
  /// and otherwise made from the snapshot; one id gives one object. Ids are the same when their
  /// UTF-8 is, as in JSON and JavaScript.
  ///
  /// - Throws: `LayoutError` when a card's values are out of range (a hand-edited snapshot).
  public init(
    restoring snapshot: StackSnapshot, environment: LayoutEnvironment, managers: [MapManager] = []
  ) throws(LayoutError) {
    var registry = managers
    func manager(_ m: StackSnapshot.Manager?) throws(LayoutError) -> MapManager? {
      guard let m else { return nil }
      if let existing = registry.first(id: m.id) { return existing }
      var bounds: GeoBounds?
      if let b = m.bounds {
        guard b.count == 4, b.allSatisfy({ $0.isFinite }), abs(b[1]) <= 90, abs(b[3]) <= 90, b[1] <= b[3] else {
          throw LayoutError(
            input: "snapshot bounds of \(m.id)", reason: "expected [west, south, east, north], got \(b)")
        }
        bounds = GeoBounds(west: b[0], south: b[1], east: b[2], north: b[3])
      }
      let made = MapManager(
        id: m.id, bounds: bounds, fitOptions: m.fit ?? FitOptions(pointZoom: MapManager.defaultPointZoom))
      made.cameraMode = m.cameraMode ?? .fitContent
      registry.append(made)
      return made
    }
    var entries: [Entry] = []
    for e in snapshot.entries {
      var pages: [Card.Page] = []
      for page in e.pages { pages.append(Card.Page(id: page.id, mapManager: try manager(page.manager))) }
      let card = try Card(
        id: e.id, preferredPosition: e.preferredPosition, mapManager: try manager(e.manager), pages: pages,
        rows: e.rows, titleHeight: e.look.titleHeight, topButtons: e.look.topButtons,
        bottomButtons: e.look.bottomButtons,
        verticalBarActions: e.look.verticalBarActions, floatingItems: e.look.floatingItems,
        floatingAlignment: e.look.floatingAlignment, showsCompass: e.look.showsCompass,
        showsUserTracking: e.look.showsUserTracking, bearing: e.look.bearing, infoView: e.look.infoView,
        contentHeight: e.look.contentHeight)
      let page = card.isPaging ? min(max(e.page, 0), card.pages.count - 1) : 0
      entries.append(
        Entry(
          card: card, position: e.position, remembered: e.remembered, page: page,
          highlight: TableHighlight(count: e.rows, index: e.highlight)))
    }
    guard !entries.isEmpty else { throw LayoutError(input: "snapshot", reason: "a stack needs at least its root card") }
    for entry in entries.dropLast() { entry.manager?.cleanUp() }
    self.init(environment: environment, entries: entries)
  }
}

extension [MapManager] {
  /// The first manager whose id is `id` (the same UTF-8: as JSON and JavaScript compare, and with
  /// no Unicode tables in the WebAssembly engine, which a `String`'s `==` or hash would link).
  public func first(id: String) -> MapManager? {
    first { $0.id.utf8.count == id.utf8.count && $0.id.utf8.elementsEqual(id.utf8) }
  }
}
