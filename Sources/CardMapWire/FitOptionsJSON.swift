import CardMap

/// A fit's options in their JSON form, read and written in this one place: the web engine's fit
/// `options` and a snapshot's managers (`StackSnapshot.json`) use the same members and defaults as
/// `FitOptions` (MapGeometry's Fitting a camera).
extension FitOptions {
  /// The options `fields` gives; a member left out takes `FitOptions`' default. The bearing is read
  /// only when `bearing` is nil (a snapshot's); the web engine's is the card's.
  public init(json fields: JSONFields, bearing: Double? = nil) throws(JSONInputError) {
    let zooms = FitOptions.zoomRange
    let pitches = FitOptions.pitchRange
    let zoom = "a zoom from \(JSONValue.format(zooms.lowerBound)) to \(JSONValue.format(zooms.upperBound))"
    let pitch = "a pitch from 0 to \(JSONValue.format(pitches.upperBound))"
    let inZoomRange: (Double) -> Bool = { zooms.contains($0) }
    let atLeastZero = "a finite number ≥ 0"
    var turned = bearing ?? 0
    if bearing == nil { turned = try fields.number("bearing") ?? 0 }
    self.init(
      bearing: turned,
      minZoom: try fields.number("minZoom", zoom, accepts: inZoomRange) ?? FitOptions.defaultMinZoom,
      maxZoom: try fields.number("maxZoom", zoom, accepts: inZoomRange) ?? FitOptions.defaultMaxZoom,
      zoomSnap: try fields.number("zoomSnap", atLeastZero, accepts: { $0 >= 0 }) ?? 0,
      pointZoom: try fields.number("pointZoom", zoom, nullable: true, accepts: inZoomRange),
      margin: try fields.number("margin", atLeastZero, accepts: { $0 >= 0 }) ?? 0,
      markerRadius: try fields.number("markerRadius", atLeastZero, accepts: { $0 >= 0 }) ?? 0,
      padding: try fields.insets("padding", signed: true) ?? .zero,
      pitch: try fields.number("pitch", pitch, accepts: { pitches.contains($0) }) ?? 0,
      maxPitch: try fields.number("maxPitch", pitch, accepts: { pitches.contains($0) })
        ?? FitOptions.defaultMaxPitch,
      projection: try fields.choice("projection", MapProjection.self) ?? .mercator)
    do throws(FitError) { try validate() } catch { throw JSONInputError(path: fields.path, error.description) }
  }

  /// The options as JSON, every member written (`pointZoom` only when set).
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("bearing", .number(bearing)), ("minZoom", .number(minZoom)), ("maxZoom", .number(maxZoom)),
      ("zoomSnap", .number(zoomSnap)),
    ]
    if let pointZoom { members.append(("pointZoom", .number(pointZoom))) }
    members += [
      ("margin", .number(margin)), ("markerRadius", .number(markerRadius)),
      (
        "padding",
        .object([
          ("top", .number(padding.top)), ("left", .number(padding.left)), ("bottom", .number(padding.bottom)),
          ("right", .number(padding.right)),
        ])
      ), ("pitch", .number(pitch)),
      ("maxPitch", .number(maxPitch)), ("projection", .string(projection.rawValue)),
    ]
    return .object(members)
  }
}
