/// A `Codable` picture of a card stack for state restoration (<doc:StacksAndManagers>): the cards, their positions,
/// remembered positions, pages, highlights, the managers' content and camera settings, and the
/// camera.
///
/// Restoring it onto the same environment gives the identical layout and camera (the camera is
/// refitted from the content and the settings, and equals `camera`); onto another (after a
/// rotation), the same positions in that environment. Managers with the same id come back as one
/// shared object.
public struct StackSnapshot: Hashable, Sendable {
  public struct Manager: Hashable, Sendable {
    public var id: String
    /// `[west, south, east, north]`, or nil without content.
    public var bounds: [Double]?
    /// How the manager fits its camera; nil for the defaults (and in snapshots made before it).
    public var fit: FitOptions?
    /// What its camera follows; nil for `.fitContent` (and in snapshots made before it).
    public var cameraMode: CameraMode?
  }

  public struct Page: Hashable, Sendable {
    public var id: String
    public var manager: Manager?
  }

  public struct Entry: Hashable, Sendable {
    public var id: String
    public var preferredPosition: CardPosition?
    public var manager: Manager?
    public var pages: [Page]
    public var rows: Int
    public var titleHeight: Double
    public var topButtons: Int
    public var bottomButtons: Int
    public var verticalBarActions: Int
    public var position: CardPosition
    public var remembered: CardPosition?
    public var page: Int
    public var highlight: Int?
  }

  public var entries: [Entry]
  /// The camera when the snapshot was taken: `[centerLon, centerLat, zoom, bearing]`, or nil.
  public var camera: [Double]?
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
        rows: entry.card.rows, titleHeight: entry.card.titleHeight, topButtons: entry.card.topButtons,
        bottomButtons: entry.card.bottomButtons, verticalBarActions: entry.card.verticalBarActions,
        position: entry.position, remembered: entry.remembered, page: entry.page, highlight: entry.highlight.index)
    }
    let camera = self.camera.map { [$0.center.lon, $0.center.lat, $0.zoom, $0.bearing] }
    return StackSnapshot(entries: entries, camera: camera)
  }

  /// Rebuilds a stack from `snapshot` in `environment`; its top manager takes charge.
  ///
  /// Managers are looked up by id in `managers` first (so that an app's live managers are reused),
  /// and otherwise made from the snapshot; one id gives one object.
  ///
  /// - Throws: `LayoutError` when a card's values are out of range (a hand-edited snapshot).
  public init(
    restoring snapshot: StackSnapshot, environment: LayoutEnvironment, managers: [String: MapManager] = [:]
  ) throws(LayoutError) {
    var registry = managers
    func manager(_ m: StackSnapshot.Manager?) throws(LayoutError) -> MapManager? {
      guard let m else { return nil }
      if let existing = registry[m.id] { return existing }
      var bounds: GeoBounds?
      if let b = m.bounds {
        guard b.count == 4, b.allSatisfy({ $0.isFinite }), abs(b[1]) <= 90, abs(b[3]) <= 90, b[1] <= b[3] else {
          throw LayoutError(
            input: "snapshot bounds of \(m.id)", reason: "expected [west, south, east, north], got \(b)")
        }
        bounds = GeoBounds(west: b[0], south: b[1], east: b[2], north: b[3])
      }
      let made = MapManager(id: m.id, bounds: bounds, fitOptions: m.fit ?? FitOptions())
      made.cameraMode = m.cameraMode ?? .fitContent
      registry[m.id] = made
      return made
    }
    var entries: [Entry] = []
    for e in snapshot.entries {
      var pages: [Card.Page] = []
      for page in e.pages { pages.append(Card.Page(id: page.id, mapManager: try manager(page.manager))) }
      let card = try Card(
        id: e.id, preferredPosition: e.preferredPosition, mapManager: try manager(e.manager), pages: pages,
        rows: e.rows,
        titleHeight: e.titleHeight, topButtons: e.topButtons, bottomButtons: e.bottomButtons,
        verticalBarActions: e.verticalBarActions)
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

// Embedded Swift (the WebAssembly build, `make wasm`) has no `Codable`: there the snapshot is a value
// without a serialised form.
#if !hasFeature(Embedded)
  extension StackSnapshot: Codable {}
  extension StackSnapshot.Manager: Codable {}
  extension StackSnapshot.Page: Codable {}
  extension StackSnapshot.Entry: Codable {}

  /// A camera mode in a snapshot: `{"mode": "fitContent"}`, `{"mode": "steady", "anchor": [lon, lat],
  /// "fraction": [x, y], "zoom", "bearing", "pitch"}` or `{"mode": "keepClear", "selection": [lon, lat],
  /// "callout": [width, height, offsetX, offsetY]}`.
  extension CameraMode: Codable {
    enum Key: String, CodingKey { case mode, anchor, fraction, zoom, bearing, pitch, projection, selection, callout }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: Key.self)
      func numbers(_ key: Key, _ count: Int) throws -> [Double] {
        let values = try c.decode([Double].self, forKey: key)
        guard values.count == count, values.allSatisfy(\.isFinite) else {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: c, debugDescription: "expected \(count) finite numbers, got \(values)")
        }
        return values
      }
      switch try c.decode(String.self, forKey: .mode) {
      case "fitContent": self = .fitContent
      case "steady":
        let (anchor, fraction) = (try numbers(.anchor, 2), try numbers(.fraction, 2))
        self = .steady(
          SteadyFocus(
            anchor: Coordinate(lon: anchor[0], lat: anchor[1]), fractionX: fraction[0], fractionY: fraction[1],
            zoom: try c.decode(Double.self, forKey: .zoom), bearing: try c.decode(Double.self, forKey: .bearing),
            pitch: try c.decodeIfPresent(Double.self, forKey: .pitch) ?? 0,
            projection: try c.decodeIfPresent(MapProjection.self, forKey: .projection) ?? .mercator))
      case "keepClear":
        let (selection, callout) = (try numbers(.selection, 2), try numbers(.callout, 4))
        self = .keepClear(
          selection: Coordinate(lon: selection[0], lat: selection[1]),
          callout: Callout(width: callout[0], height: callout[1], offsetX: callout[2], offsetY: callout[3]))
      case let other:
        throw DecodingError.dataCorruptedError(
          forKey: .mode, in: c, debugDescription: "expected fitContent, steady or keepClear, got \(other)")
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Key.self)
      switch self {
      case .fitContent:
        try c.encode("fitContent", forKey: .mode)
      case .steady(let steady):
        try c.encode("steady", forKey: .mode)
        try c.encode([steady.anchor.lon, steady.anchor.lat], forKey: .anchor)
        try c.encode([steady.fractionX, steady.fractionY], forKey: .fraction)
        try c.encode(steady.zoom, forKey: .zoom)
        try c.encode(steady.bearing, forKey: .bearing)
        try c.encode(steady.pitch, forKey: .pitch)
        try c.encode(steady.projection, forKey: .projection)
      case .keepClear(let selection, let callout):
        try c.encode("keepClear", forKey: .mode)
        try c.encode([selection.lon, selection.lat], forKey: .selection)
        try c.encode([callout.width, callout.height, callout.offsetX, callout.offsetY], forKey: .callout)
      }
    }
  }
#endif
