import CardMap

extension FitAnswer {
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
            ("moved", .bool(constraintMoved)),
            ("focusBounds", box(constraint.focusBounds(zoom: fit.camera.zoom, around: fit.camera.focus))),
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
