/// Space kept clear on each side of a map view, in points (a card's map insets).
public struct Padding: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

/// Why a camera cannot be fitted (SPEC §9). Never NaN: every failure is one of these.
public enum FitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is nothing to fit.
  case noContent
  /// The insets leave no visible width or height.
  case noVisibleArea
  /// An input is negative or not finite; the string names it.
  case invalidInput(String)

  public var description: String {
    switch self {
    case .noContent: "no content"
    case .noVisibleArea: "insets leave no visible area"
    case .invalidInput(let what): "rejected input: \(what)"
    }
  }
}

/// A map camera: where it looks, how close, and which way is up (SPEC §9).
public struct Camera: Hashable, Sendable {
  /// The centre to give a map with no padding (MapKit `setVisibleMapRect(edgePadding:)`, MapLibre
  /// `fitBounds`): the content then shows centred in the visible rect.
  public var center: Coordinate
  /// The coordinate at the centre of the visible rect, for a map whose padding is the insets.
  public var focus: Coordinate
  /// Zoom with 512-point tiles (MapLibre's zoom).
  public var zoom: Double
  /// Bearing in degrees clockwise from north: the compass direction the top of the view faces.
  public var bearing: Double

  /// Zoom with 256-point tiles (MapKit, Google): `zoom + 1`.
  public var zoom256: Double { zoom + 1 }

  public init(center: Coordinate, focus: Coordinate, zoom: Double, bearing: Double) {
    self.center = center
    self.focus = focus
    self.zoom = zoom
    self.bearing = bearing
  }
}

/// What the user sees: the visible rect unprojected at the camera (SPEC §9).
public struct VisibleRegion: Hashable, Sendable {
  /// The box around the visible rect's corners (west > east across the antimeridian).
  public var bounds: GeoBounds
  /// The visible rect's corners, top-left, top-right, bottom-right, bottom-left; a rotated
  /// quadrilateral when the bearing is not 0.
  public var polygon: [Coordinate]
}

/// Fits a camera so that content shows in the part of a view that insets leave visible (SPEC §9).
///
/// The box's four corners are projected to Web Mercator, rotated by −bearing, and boxed; the zoom
/// is `min(log2(min(availW/sizeX, availH/sizeY)), maxZoom)`, at least `minZoom`, where the available
/// size is the view minus the insets. A single point fits at `pointZoom` (default `maxZoom`).
/// With `zoomSnap` the zoom is snapped down to a multiple of it and the centre recomputed at the
/// final zoom.
///
/// ```swift
/// let fit = CameraFit(width: 512, height: 512)
/// let camera = try fit.camera(for: GeoBounds(west: -133, south: 16, east: -68, north: 50))
/// camera.zoom  // 2.469…, as MapLibre's cameraForBounds
/// ```
public struct CameraFit: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var padding: Padding
  public var bearing: Double
  public var minZoom: Double
  public var maxZoom: Double
  /// Snap the zoom down to a multiple of this; 0 for none.
  public var zoomSnap: Double
  /// The zoom for content that is a single point; nil for `maxZoom`.
  public var pointZoom: Double?

  /// MapLibre's default greatest zoom (SPEC §9).
  public static let defaultMaxZoom = 22.0
  /// The least zoom by default: the whole world in one 512-pt tile (SPEC §9).
  public static let defaultMinZoom = 0.0
  /// The zooms accepted for `minZoom`, `maxZoom` and `pointZoom`: from MapLibre's floor of −2
  /// (a quarter-size world) to 30, where a unit Mercator coordinate still resolves a hundredth of
  /// a point. Beyond them `2^zoom` leaves a Double's useful range and the camera would be NaN.
  public static let zoomRange = -2.0...30.0

  public init(
    width: Double, height: Double, padding: Padding = Padding(), bearing: Double = 0,
    minZoom: Double = CameraFit.defaultMinZoom, maxZoom: Double = CameraFit.defaultMaxZoom,
    zoomSnap: Double = 0, pointZoom: Double? = nil
  ) {
    self.width = width
    self.height = height
    self.padding = padding
    self.bearing = bearing
    self.minZoom = minZoom
    self.maxZoom = maxZoom
    self.zoomSnap = zoomSnap
    self.pointZoom = pointZoom
  }

  /// Checks every input: finite, sizes positive, insets and snap not negative, zooms within
  /// `zoomRange` with min ≤ max (SPEC §9: a bad zoom range is rejected input, never NaN).
  public func validate() throws(FitError) {
    let zooms = CameraFit.zoomRange
    let checks: [(String, Double, Bool)] = [
      ("width", width, width > 0), ("height", height, height > 0),
      ("insets.top", padding.top, padding.top >= 0), ("insets.left", padding.left, padding.left >= 0),
      ("insets.bottom", padding.bottom, padding.bottom >= 0), ("insets.right", padding.right, padding.right >= 0),
      ("bearing", bearing, true), ("minZoom", minZoom, zooms.contains(minZoom)),
      ("maxZoom", maxZoom, zooms.contains(maxZoom) && maxZoom >= minZoom),
      ("zoomSnap", zoomSnap, zoomSnap >= 0), ("pointZoom", pointZoom ?? 0, zooms.contains(pointZoom ?? 0)),
    ]
    for (name, value, ok) in checks where !(value.isFinite && ok) {
      throw .invalidInput("\(name) = \(value)" + (name.hasSuffix("Zoom") ? " (zooms lie within −2…30, min ≤ max)" : ""))
    }
    guard width - padding.left - padding.right > 0, height - padding.top - padding.bottom > 0 else {
      throw .noVisibleArea
    }
  }

  /// The camera for content bounds (west > east crosses the antimeridian).
  ///
  /// - Throws: `FitError` for bad inputs or insets that leave no visible area.
  /// - Complexity: O(1); under a microsecond, so a map can refit every frame of a drag.
  public func camera(for bounds: GeoBounds) throws(FitError) -> Camera {
    try validate()
    for value in [bounds.west, bounds.south, bounds.east, bounds.north] where !value.isFinite {
      throw .invalidInput("bounds \(bounds)")
    }
    // Unit Mercator box; east unwrapped past west across the antimeridian.
    // West normalised first: a longitude of any size (540, 1e308) is exact after whole turns.
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    let x1 = x0 + bounds.longitudeSpan / 360
    let y0 = WebMercator.y(lat: bounds.north)
    let y1 = WebMercator.y(lat: bounds.south)
    let radians = normalizedBearing * Double.pi / 180
    let (cosB, sinB) = (cos(radians), sin(radians))
    // World → screen axes: sx = wx·cos + wy·sin, sy = −wx·sin + wy·cos.
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    for (wx, wy) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
      let sx = wx * cosB + wy * sinB
      let sy = -wx * sinB + wy * cosB
      minX = min(minX, sx)
      maxX = max(maxX, sx)
      minY = min(minY, sy)
      maxY = max(maxY, sy)
    }
    let availableWidth = width - padding.left - padding.right
    let availableHeight = height - padding.top - padding.bottom
    let sizeX = (maxX - minX) * WebMercator.tileSize
    let sizeY = (maxY - minY) * WebMercator.tileSize
    var zoom: Double
    if sizeX <= 0 && sizeY <= 0 {
      zoom = pointZoom ?? maxZoom
    } else {
      let scale = min(sizeX > 0 ? availableWidth / sizeX : .infinity, sizeY > 0 ? availableHeight / sizeY : .infinity)
      zoom = min(log2(scale), maxZoom)
    }
    zoom = max(zoom, minZoom)
    // A snap so small that zoom / zoomSnap overflows snaps nothing.
    if zoomSnap > 0, case let steps = (zoom / zoomSnap).rounded(.down), steps.isFinite {
      zoom = max(steps * zoomSnap, minZoom)
    }
    let focusX = (x0 + x1) / 2
    let focusY = (y0 + y1) / 2
    let result = camera(focusX: focusX, focusY: focusY, zoom: zoom)
    // The last guard of "never NaN": a case the checks above missed is an error, not a camera.
    for value in [result.center.lon, result.center.lat, result.focus.lon, result.focus.lat, result.zoom]
    where !value.isFinite {
      throw .invalidInput("no finite camera for these inputs (zoom \(zoom))")
    }
    return result
  }

  /// The camera whose visible rect is centred on the unit point (`focusX`, `focusY`) at `zoom`.
  func camera(focusX: Double, focusY: Double, zoom: Double) -> Camera {
    // The visible rect's centre sits (dx, dy) points from the view's centre; the view's centre is
    // that offset, rotated into the world, away from the focus.
    let dx = (padding.left - padding.right) / 2
    let dy = (padding.top - padding.bottom) / 2
    let (wx, wy) = screenToWorld(dx, dy)
    let world = WebMercator.worldSize(zoom: zoom)
    let centerX = focusX - wx / world
    let centerY = focusY - wy / world
    return Camera(
      center: Coordinate(
        lon: Coordinate.normalizedLongitude(WebMercator.lon(x: centerX)), lat: WebMercator.lat(y: centerY)),
      focus: Coordinate(
        lon: Coordinate.normalizedLongitude(WebMercator.lon(x: focusX)), lat: WebMercator.lat(y: focusY)),
      zoom: zoom, bearing: normalizedBearing)
  }

  /// The bearing in (−180, 180], whole turns left out (exactly, so that 1e308° does not overflow
  /// on its way to radians); the camera reports this one.
  public var normalizedBearing: Double {
    var value = bearing.truncatingRemainder(dividingBy: 360)
    if value > 180 { value -= 360 }
    if value <= -180 { value += 360 }
    return value
  }

  /// A screen vector (x right, y down) in world axes (x east, y south) at this bearing.
  func screenToWorld(_ sx: Double, _ sy: Double) -> (Double, Double) {
    let radians = normalizedBearing * Double.pi / 180
    let (cosB, sinB) = (cos(radians), sin(radians))
    return (sx * cosB - sy * sinB, sx * sinB + sy * cosB)
  }

  /// The visible rect (the view minus the padding) unprojected at `camera` (SPEC §9).
  public func visibleRegion(of camera: Camera) -> VisibleRegion {
    let world = WebMercator.worldSize(zoom: camera.zoom)
    let centerX = WebMercator.x(lon: camera.center.lon)
    let centerY = WebMercator.y(lat: camera.center.lat)
    let corners = [
      (padding.left, padding.top), (width - padding.right, padding.top),
      (width - padding.right, height - padding.bottom), (padding.left, height - padding.bottom),
    ]
    var xs: [Double] = []
    var polygon: [Coordinate] = []
    var south = Double.infinity
    var north = -Double.infinity
    for (px, py) in corners {
      let (wx, wy) = screenToWorld(px - width / 2, py - height / 2)
      let x = centerX + wx / world
      let y = min(max(centerY + wy / world, 0), 1)
      let lat = WebMercator.lat(y: y)
      xs.append(x)
      polygon.append(Coordinate(lon: Coordinate.normalizedLongitude(WebMercator.lon(x: x)), lat: lat))
      south = min(south, lat)
      north = max(north, lat)
    }
    let minX = xs.min() ?? 0
    let maxX = xs.max() ?? 0
    let bounds: GeoBounds
    if maxX - minX >= 1 {
      bounds = GeoBounds(west: -180, south: south, east: 180, north: north)
    } else {
      bounds = GeoBounds(
        west: Coordinate.normalizedLongitude(WebMercator.lon(x: minX)), south: south,
        east: Coordinate.normalizedEastLongitude(WebMercator.lon(x: maxX)), north: north)
    }
    return VisibleRegion(bounds: bounds, polygon: polygon)
  }
}
