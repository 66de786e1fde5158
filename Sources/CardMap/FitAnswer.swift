/// A `FitRequest`'s cameras: the content's fit (kept inside the max bounds, with the constraint), and
/// for each camera mode asked for its camera or why it has none. `json()` is the one JSON form,
/// `cardmap fit`'s and the web engine's `fit`, member for member (the cardmap command article).
public struct FitAnswer: Hashable, Sendable {
  /// A selection kept clear: the moved camera, and how far it moved.
  public struct Cleared: Hashable, Sendable {
    public var fit: MapFit
    public var selection: ClearedSelection
  }

  public var request: FitRequest
  /// The card's layout, when the request was answered for a card.
  public var layout: ScreenLayout?
  /// The content's camera.
  public var fit: MapFit
  /// The max bounds' constraint at the camera, when there are max bounds.
  public var constraint: BoundsConstraint?
  /// Whether the constraint moved or zoomed the content's fit.
  public var constraintMoved = false
  /// Each mode asked for (nil: not asked): its camera, or why it has none.
  public var steady: Result<MapFit, FitError>?
  public var selection: Result<Cleared, FitError>?
  public var zones: Result<[ExclusionZone], FitError>?

  public init(request: FitRequest, fit: MapFit) {
    self.request = request
    self.fit = fit
  }

  /// `cardmap fit`'s object: `layout` (with a card), `content`, `camera`, `visibleRegion`, then
  /// `constraint`, `steady`, `selection` and `exclusions` when asked. A mode without a camera is
  /// `{"camera": null, "reason": …}`.
  public func json(features: Int = 0, positions: Int = 0) -> JSONValue {
    func box(_ bounds: GeoBounds?) -> JSONValue { bounds.map { .array($0.array.map(JSONValue.number)) } ?? .null }
    func refusal(_ error: FitError, _ members: [String]) -> JSONValue {
      .object(members.map { ($0, JSONValue.null) } + [("reason", .string(error.description))])
    }
    var members: [(String, JSONValue)] = []
    if let layout { members.append(("layout", JSONValue(layout))) }
    members += [
      (
        "content",
        .object([
          ("features", .number(Double(features))), ("positions", .number(Double(positions))),
          ("bbox", box(request.content)),
        ])
      ),
      ("camera", JSONValue(camera: fit)), ("visibleRegion", JSONValue(region: fit.visibleRegion)),
    ]
    if let constraint {
      members.append(
        (
          "constraint",
          .object([
            ("bounds", box(constraint.bounds)), ("minZoom", .number(constraint.minZoom)),
            ("moved", .bool(constraintMoved)), ("focusBounds", box(constraint.focusBounds(zoom: fit.camera.zoom))),
            ("centerBounds", box(constraint.centerBounds(zoom: fit.camera.zoom))),
          ])
        ))
    }
    switch steady {
    case nil: break
    case .success(let held): members.append(("steady", .object([("camera", JSONValue(camera: held))])))
    case .failure(let error): members.append(("steady", refusal(error, ["camera"])))
    }
    switch selection {
    case nil: break
    case .success(let c):
      members.append(
        (
          "selection",
          .object([
            ("camera", JSONValue(camera: c.fit)),
            ("move", .array([.number(c.selection.moveX), .number(c.selection.moveY)])),
            ("zoomed", .bool(c.selection.zoomed)), ("alreadyClear", .bool(c.selection.alreadyClear)),
            ("callout", JSONValue(c.selection.callout)),
          ])
        ))
    case .failure(let error): members.append(("selection", refusal(error, ["camera"])))
    }
    switch zones {
    case nil: break
    case .success(let zones):
      let list: [JSONValue] = zones.map { zone in
        .object([
          ("kind", .string(zone.kind.rawValue)), ("rect", JSONValue(zone.rect)),
          ("ring", zone.ring.map { .array($0.map { .array([.number($0.lon), .number($0.lat)]) }) } ?? .null),
          ("pastLimb", .bool(zone.pastLimb)),
        ])
      }
      members.append(("exclusions", .object([("zones", .array(list)), ("geojson", ExclusionZone.geoJSON(zones))])))
    case .failure(let error): members.append(("exclusions", refusal(error, ["zones", "geojson"])))
    }
    return .object(members)
  }
}
