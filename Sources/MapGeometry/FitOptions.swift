import JSONValues

/// How a camera is fitted, apart from the view and its insets: the bearing, the zoom limits, the
/// zoom snap and the zoom for a single point (<doc:CameraFitting>).
public struct FitOptions: Hashable, Sendable {
  /// The compass direction the top of the view faces, in degrees clockwise from north.
  public var bearing: Double
  /// The least zoom; within `zoomRange`.
  public var minZoom: Double
  /// The greatest zoom; within `zoomRange` and at least `minZoom`.
  public var maxZoom: Double
  /// Snap the zoom down to a multiple of this; 0 for none.
  public var zoomSnap: Double
  /// The zoom for content that is a single point; nil for `maxZoom`.
  public var pointZoom: Double?
  /// Points kept between the content and the visible rect's edges, on every side (0: the content
  /// may touch them, as MapLibre's `cameraForBounds` does).
  public var margin: Double
  /// The radius of the symbol drawn at each position (a pin, a dot), in points: the fit keeps
  /// every position this much further inside, so that its symbol shows whole.
  public var markerRadius: Double
  /// Points kept between the content and each side of the visible rect, on top of the margins,
  /// while the camera's focus stays at the visible rect's centre (<doc:CameraFitting#Padding>):
  /// MapLibre's `cameraForBounds` `padding` on a map whose own padding is the insets. A side may be
  /// negative (the content may then reach past the visible rect there: MapLibre's `offset`), as
  /// long as some of the rect is left.
  public var padding: Insets
  /// How far the camera tilts from looking straight down, in degrees (<doc:CameraFitting#Pitch>):
  /// 0 (flat) up to `maxPitch`.
  public var pitch: Double
  /// The greatest pitch the map client allows (MapLibre's `maxPitch`): 60 by default, at most 85.
  public var maxPitch: Double

  /// The map's projection (<doc:MovingCameras#Globe>): Web Mercator, or MapLibre GL JS 5's globe.
  public var projection: MapProjection

  /// MapLibre's default greatest pitch, in degrees (<doc:CameraFitting#Pitch>).
  public static let defaultMaxPitch = 60.0
  /// The pitches a client can be given at all: MapLibre GL JS 5 takes up to 85°.
  public static let pitchRange = 0.0...85.0
  /// MapLibre's default greatest zoom (<doc:CameraFitting>).
  public static let defaultMaxZoom = 22.0
  /// The least zoom by default: the whole world in one 512-pt tile (<doc:CameraFitting>).
  public static let defaultMinZoom = 0.0
  /// The zooms accepted for `minZoom`, `maxZoom` and `pointZoom`: from MapLibre's floor of −2
  /// (a quarter-size world) to 30, where a unit Mercator coordinate still resolves a hundredth of
  /// a point. Beyond them `2^zoom` leaves a Double's useful range and the camera would be NaN.
  public static let zoomRange = -2.0...30.0

  public init(
    bearing: Double = 0, minZoom: Double = FitOptions.defaultMinZoom, maxZoom: Double = FitOptions.defaultMaxZoom,
    zoomSnap: Double = 0, pointZoom: Double? = nil, margin: Double = 0, markerRadius: Double = 0,
    padding: Insets = .zero,
    pitch: Double = 0, maxPitch: Double = FitOptions.defaultMaxPitch, projection: MapProjection = .mercator
  ) {
    self.bearing = bearing
    self.minZoom = minZoom
    self.maxZoom = maxZoom
    self.zoomSnap = zoomSnap
    self.pointZoom = pointZoom
    self.margin = margin
    self.markerRadius = markerRadius
    self.padding = padding
    self.pitch = pitch
    self.maxPitch = maxPitch
    self.projection = projection
  }

  /// Checks every option: finite, snap not negative, zooms within `zoomRange` with min ≤ max
  /// (<doc:CameraFitting>: a bad zoom range is rejected input, never NaN).
  public func validate() throws(FitError) {
    let zooms = FitOptions.zoomRange
    // The common case without building the named list (a fit runs every frame of a drag).
    if bearing.isFinite, zooms.contains(minZoom), zooms.contains(maxZoom), maxZoom >= minZoom, zoomSnap >= 0,
      zoomSnap.isFinite, zooms.contains(pointZoom ?? 0), margin >= 0, margin.isFinite, markerRadius >= 0,
      markerRadius.isFinite, padding.top.isFinite, padding.left.isFinite, padding.bottom.isFinite,
      padding.right.isFinite, FitOptions.pitchRange.contains(maxPitch), pitch >= 0, pitch <= maxPitch
    {
      return
    }
    // Each option with whether it holds, and the range it must lie in where it has one.
    let zoomRange = " (zooms lie within −2…30, min ≤ max)"
    let pitchRange = " (pitches lie within 0…maxPitch, maxPitch within 0…85)"
    let checks: [(String, Double, Bool, String)] = [
      ("bearing", bearing, true, ""), ("minZoom", minZoom, zooms.contains(minZoom), zoomRange),
      ("maxZoom", maxZoom, zooms.contains(maxZoom) && maxZoom >= minZoom, zoomRange),
      ("zoomSnap", zoomSnap, zoomSnap >= 0, ""),
      ("pointZoom", pointZoom ?? 0, zooms.contains(pointZoom ?? 0), zoomRange),
      ("margin", margin, margin >= 0, ""), ("markerRadius", markerRadius, markerRadius >= 0, ""),
      ("padding.top", padding.top, true, ""), ("padding.left", padding.left, true, ""),
      ("padding.bottom", padding.bottom, true, ""), ("padding.right", padding.right, true, ""),
      ("maxPitch", maxPitch, FitOptions.pitchRange.contains(maxPitch), pitchRange),
      ("pitch", pitch, pitch >= 0 && pitch <= maxPitch, pitchRange),
    ]
    for (name, value, ok, range) in checks where !(value.isFinite && ok) {
      throw .invalidInput("\(name) = \(value)" + range)
    }
  }

  /// The bearing in (−180, 180], whole turns left out (exactly, so that 1e308° does not overflow
  /// on its way to radians); the camera reports this one.
  public var normalizedBearing: Double {
    var value = bearing.truncatingRemainder(dividingBy: 360)
    if value > 180 { value -= 360 }
    if value <= -180 { value += 360 }
    return value
  }
}

/// The projection a map client draws (<doc:MovingCameras#Globe>).
public enum MapProjection: String, Hashable, Sendable, CaseIterable {
  /// Web Mercator: a flat, square world.
  case mercator
  /// MapLibre GL JS 5's `{type: 'globe'}`: a sphere seen in perspective (its vertical perspective)
  /// below zoom 12, Web Mercator from zoom 12 on.
  case globe
}
