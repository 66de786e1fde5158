import CardMap

/// The JSON shapes of layouts, cameras and motions, as `cardmap` prints them and the web engine's
/// card stacks give them (the cardmap command article names every key).
extension JSONValue {
  /// A rect `{"x":…,"y":…,"width":…,"height":…}`.
  public static func rect(x: Double, y: Double, width: Double, height: Double) -> JSONValue {
    .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
  }

  public init(_ rect: Rect) {
    self = .rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }

  public init(_ rect: Rect?) {
    self = rect.map(JSONValue.init) ?? .null
  }

  public init(_ insets: Insets) {
    self = .object([
      ("top", .number(insets.top)), ("left", .number(insets.left)),
      ("bottom", .number(insets.bottom)), ("right", .number(insets.right)),
    ])
  }

  /// `cardmap layout`'s object, keys in the order the cardmap command article shows.
  public init(_ layout: ScreenLayout) {
    let bar: JSONValue =
      layout.verticalBar.map { bar in
        .object([
          ("edge", .string(bar.edge.rawValue)),
          (
            "items",
            .array(bar.items.map { .object([("role", .string($0.role.rawValue)), ("frame", JSONValue($0.frame))]) })
          ),
        ])
      } ?? .null
    self = .object([
      ("presentation", .string(layout.presentation.rawValue)),
      ("usesSystemSheet", .bool(layout.usesSystemSheet)),
      ("position", .string(layout.position.rawValue)),
      (
        "positions",
        .object([
          ("extended", .number(layout.positions.extended)), ("peaking", .number(layout.positions.peaking)),
          ("collapsed", .number(layout.positions.collapsed)),
        ])
      ),
      ("card", JSONValue(layout.card)),
      ("mapInsets", JSONValue(layout.mapInsets)),
      ("visibleRect", JSONValue(layout.visibleRect)),
      ("mapDimAlpha", .number(layout.mapDimAlpha)),
      ("mapInteractive", .bool(layout.mapInteractive)),
      ("contentAlpha", .number(layout.contentAlpha)),
      ("draggable", .bool(layout.draggable)),
      (
        "buttons",
        .object([
          ("alpha", .number(layout.buttonAlpha)), ("top", JSONValue(layout.topToolbar)),
          ("bottom", JSONValue(layout.bottomToolbar)),
          (
            "items",
            .array(
              layout.toolbarItems.map {
                .object([("role", .string($0.role.rawValue)), ("frame", JSONValue($0.frame))])
              })
          ),
        ])
      ),
      ("verticalBar", bar),
      ("floatingToolbar", JSONValue(layout.floatingToolbar)),
      ("floatingItems", .array(layout.floatingItems.map(JSONValue.init))),
      ("infoView", JSONValue(layout.infoView)),
      ("cardAlpha", .number(layout.cardAlpha)),
      ("contentScrollable", layout.contentScrollable.map(JSONValue.bool) ?? .null),
    ])
  }
}

extension JSONValue {
  /// Every camera of an answer (`cardmap fit`'s, a steady focus's, a selection's, a constrained
  /// one's, `cardmap replay`'s), in the CLI, the library and the web engine alike: both centres, both
  /// zooms, the bearing and pitch, whether the map client's world bound moved it, the directions
  /// content is cut in, the padding its `focus` form goes with, and for a globe map's camera the
  /// projection the client draws at its zoom (`globe` below zoom 12, `mercator` from there); a
  /// Mercator map's camera has none.
  public init(camera fit: MapFit) {
    let camera = fit.camera
    var members: [(String, JSONValue)] = [
      ("center", .array([.number(camera.center.lon), .number(camera.center.lat)])),
      ("focus", .array([.number(camera.focus.lon), .number(camera.focus.lat)])),
      ("zoom", .number(camera.zoom)), ("zoom256", .number(camera.zoom256)), ("bearing", .number(camera.bearing)),
      ("pitch", .number(camera.pitch)), ("worldClamped", .bool(fit.worldClamped)),
      ("cut", .array(fit.cut.map { .string($0.rawValue) })),
      // The map's padding for the `focus` form: the insets, grown past the overlays.
      ("padding", JSONValue(fit.insets)),
    ]
    if camera.projection == .globe { members.append(("projection", .string(camera.drawnProjection.rawValue))) }
    self = .object(members)
  }

  /// The visible rect unprojected at the camera: a bbox and the corners' polygon.
  public init(region: VisibleRegion) {
    self = .object([
      ("bbox", .array(region.bounds.array.map(JSONValue.number))),
      ("polygon", .array(region.polygon.map { .array([.number($0.lon), .number($0.lat)]) })),
    ])
  }
}

extension JSONValue {
  /// A card motion's data (`cardmap motion`, `cardmap replay`).
  public init(motion: CardMotion) {
    self = .object([
      ("kind", .string(motion.kind.rawValue)), ("from", .number(motion.from)), ("to", .number(motion.to)),
      ("duration", .number(motion.duration)), ("damping", .number(motion.damping)),
    ])
  }
}
