import PlatformMath

/// The globe as MapLibre GL JS 5 draws it below zoom 12 (its vertical perspective transform;
/// <doc:MovingCameras#Globe>): a sphere of `R = S / (2π · cos φc)` points (`S` the world size at the
/// zoom, `φc` the centre's latitude) whose point under the camera's focus touches the plane of the
/// screen, seen from `d = 1.5·H` points in front of it.
///
/// A coordinate's unit vector, turned so that the focus is `(0, 0, 1)` and by the bearing, is
/// `(x, y, z)`; it shows `d·R·(x, −y) / (d + R·(1 − z))` points from the centre of perspective (the
/// visible rect's centre), and only on the near side, where `z > R / (R + d)`.
struct GlobeView {
  let distance: Double
  var radius: Double
  let principalX, principalY: Double
  /// The focus's latitude and longitude, and the bearing, as cos and sin.
  let sinLat, cosLat, sinLon, cosLon, cosB, sinB: Double
  /// The camera's axes (right, up, towards the viewer) in the fixed frame: `turn(v)` is
  /// `(x·v, y·v, z·v)`.
  let axes: (x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>)

  /// The globe of a camera whose focus is `center`, in a view `height` points tall whose visible
  /// rect's centre is (`principalX`, `principalY`).
  init(height: Double, principalX: Double, principalY: Double, center: Coordinate, zoom: Double, bearing: Double) {
    self.init(
      height: height, principalX: principalX, principalY: principalY, center: center,
      radius: WebMercator.worldSize(zoom: zoom) / (2 * Double.pi) / cos(center.lat * Double.pi / 180),
      bearing: bearing)
  }

  /// The globe of `radius` points whose point under the focus is `center`; `ground`, when given, is
  /// `center`'s unit vector in the fixed frame, which saves the trigonometry.
  init(
    height: Double, principalX: Double, principalY: Double, center: Coordinate, radius: Double, bearing: Double,
    ground: SIMD3<Double>? = nil
  ) {
    let b = bearing * Double.pi / 180
    let (lat, lon) = (center.lat * Double.pi / 180, center.lon * Double.pi / 180)
    let (latitude, longitude) =
      ground.map(Self.angles) ?? (latitude: (sin: sin(lat), cos: cos(lat)), longitude: (sin: sin(lon), cos: cos(lon)))
    self.init(
      distance: Perspective(height: height, pitch: 0).distance, principalX: principalX, principalY: principalY,
      latitude: latitude, longitude: longitude, radius: radius, cosB: cos(b), sinB: sin(b))
  }

  private init(
    distance: Double, principalX: Double, principalY: Double, latitude: (sin: Double, cos: Double),
    longitude: (sin: Double, cos: Double), radius: Double, cosB: Double, sinB: Double
  ) {
    self.distance = distance
    self.radius = radius
    self.principalX = principalX
    self.principalY = principalY
    (sinLat, cosLat) = latitude
    (sinLon, cosLon) = longitude
    self.cosB = cosB
    self.sinB = sinB
    // Turned by −λc about the pole, by φc towards the viewer, then by the bearing: the rows of
    // that turn.
    let (sinLat, cosLat, sinLon, cosLon) = (latitude.sin, latitude.cos, longitude.sin, longitude.cos)
    let right = SIMD3(cosLon, 0, -sinLon)
    let up = SIMD3(-sinLat * sinLon, cosLat, -sinLat * cosLon)
    let toward = SIMD3(cosLat * sinLon, sinLat, cosLat * cosLon)
    axes = (right * cosB - up * sinB, right * sinB + up * cosB, toward)
  }

  /// The sine of the Mercator world's latitude limit.
  static let sinMaxLatitude = sin(WebMercator.maxLatitude * Double.pi / 180)

  /// This globe with `radius` points, its focus moved to the unit vector `ground` of the fixed frame
  /// (`ground(atX:y:)`), its latitude kept within the Mercator world's: no trigonometry.
  func moved(to ground: SIMD3<Double>, radius: Double) -> GlobeView {
    let (latitude, longitude) = Self.angles(of: ground)
    return GlobeView(
      distance: distance, principalX: principalX, principalY: principalY, latitude: latitude,
      longitude: longitude, radius: radius, cosB: cosB, sinB: sinB)
  }

  /// The sin and cos of the latitude (kept within the Mercator world's) and longitude of a unit
  /// vector of the fixed frame.
  static func angles(of ground: SIMD3<Double>) -> (
    latitude: (sin: Double, cos: Double), longitude: (sin: Double, cos: Double)
  ) {
    let sinLat = min(max(ground.y, -sinMaxLatitude), sinMaxLatitude)
    let across = (ground.x * ground.x + ground.z * ground.z).squareRoot()
    return ((sinLat, (1 - sinLat * sinLat).squareRoot()), across > 0 ? (ground.x / across, ground.z / across) : (0, 1))
  }

  /// The focus's coordinate.
  var focus: Coordinate {
    Coordinate(
      lon: Coordinate.normalizedLongitude(atan2(sinLon, cosLon) * 180 / Double.pi),
      lat: atan2(sinLat, cosLat) * 180 / Double.pi)
  }

  /// The unit vector of a coordinate (radians) in the camera's frame: the focus at `(0, 0, 1)`,
  /// `x` right and `y` up on the screen.
  func turned(lon: Double, lat: Double) -> (x: Double, y: Double, z: Double) {
    let cosPhi = cos(lat)
    let v = turn(SIMD3(cosPhi * sin(lon), sin(lat), cosPhi * cos(lon)))
    return (v.x, v.y, v.z)
  }

  /// A vector of the globe's fixed frame, (cos φ sin λ, sin φ, cos φ cos λ) for a unit one, in the
  /// camera's: turned by −λc about the pole, by φc towards the viewer, then by the bearing.
  @inline(__always) func turn(_ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((axes.x * v).sum(), (axes.y * v).sum(), (axes.z * v).sum())
  }

  /// Where a coordinate shows, in view points; nil on the far side of the globe.
  func point(of coordinate: Coordinate) -> (x: Double, y: Double)? {
    let v = turned(lon: coordinate.lon * Double.pi / 180, lat: coordinate.lat * Double.pi / 180)
    guard v.z * (radius + distance) > radius else { return nil }
    let scale = distance * radius / (distance + radius * (1 - v.z))
    return (principalX + scale * v.x, principalY - scale * v.y)
  }

  /// The coordinate that shows at (`x`, `y`) view points: where the ray through it meets the globe;
  /// nil in space.
  func coordinate(atX x: Double, y: Double) -> Coordinate? {
    guard let v = ground(atX: x, y: y) else { return nil }
    return Coordinate(
      lon: Coordinate.normalizedLongitude(atan2(v.x, v.z) * 180 / Double.pi),
      lat: asin(min(max(v.y, -1), 1)) * 180 / Double.pi)
  }

  /// The unit vector in the fixed frame, (cos φ sin λ, sin φ, cos φ cos λ), of the point that shows
  /// at (`x`, `y`) view points; nil in space.
  func ground(atX x: Double, y: Double) -> SIMD3<Double>? {
    let d = distance
    let r = radius
    // The ray (0, 0, d) + t·(ox, oy, −d) in the turned frame, the globe's centre at (0, 0, −r).
    let ox = x - principalX
    let oy = principalY - y
    let a = ox * ox + oy * oy + d * d
    let b = -d * (d + r)
    let c = (d + r) * (d + r) - r * r
    let discriminant = b * b - a * c
    guard discriminant >= 0 else { return nil }
    let t = (-b - discriminant.squareRoot()) / a
    let tx = t * ox / r
    let ty = t * oy / r
    let tz = (d + r - t * d) / r
    // Back to the fixed frame: the turn's inverse is its transpose.
    return axes.x * tx + axes.y * ty + axes.z * tz
  }
}

extension CameraFit {
  /// The zoom from which MapLibre GL JS 5's globe draws Web Mercator (its `globe` projection's
  /// `["interpolate", …, 10, "vertical-perspective", 12, "mercator"]`, and `map.project` follows the
  /// globe while any of it shows).
  public static let globeEndZoom = 12.0

  /// The camera on the globe (<doc:MovingCameras#Globe>): the largest zoom at which the box's outline
  /// shows on the near side and inside the visible rect less the margins, its screen box centred in
  /// the visible rect (focus moved onto the ground at the box's centre until it is, within a
  /// thousandth of a point); from `globeEndZoom` on, the Mercator fit. For a focus, each outline
  /// point bounds the globe's radius in closed form (`d·R·|x| ≤ w·(d + R·(1 − z))`, half the
  /// visible width `w`; alike for the height; `R < d·z / (1 − z)` to stay in front of the limb), so
  /// the outline's largest `±d·x + w·z`, `±d·y + h·z` and `−z` bound it, and its screen box comes
  /// from the arcs' stationary points (`GlobeOutline`): exact, with no sampling.
  /// Content that no focus shows whole (more than a hemisphere) gets the whole globe in the visible
  /// rect, centred on it, with every direction in `cut`.
  func globePlacement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement {
    let keep = options.margin + options.markerRadius
    let halfWidth = (width - insets.left - insets.right) / 2 - keep
    let halfHeight = (height - insets.top - insets.bottom) / 2 - keep
    guard halfWidth > 0, halfHeight > 0 else { throw .noVisibleArea }
    let principalX = insets.left + (width - insets.left - insets.right) / 2
    let principalY = insets.top + (height - insets.top - insets.bottom) / 2
    let outline = GlobeOutline(x0: x0, x1: x1, south: south, north: north)
    // The box's middle on the sphere: its centre meridian and mid latitude.
    let start = Coordinate(
      lon: Coordinate.normalizedLongitude(WebMercator.lon(x: (x0 + x1) / 2)),
      lat: min(max((south + north) / 2, -WebMercator.maxLatitude), WebMercator.maxLatitude))
    let bearing = options.normalizedBearing
    let distance = Perspective(height: height, pitch: 0).distance
    // The largest radius at which the whole outline shows inside, for this focus (the bounds of the
    // doc comment at the outline's extremes); nil when some of it lies on the far hemisphere.
    func largestRadius(_ view: GlobeView) -> Double? {
      let (nearest, across, down) = outline.radiusBounds(in: view, halfWidth: halfWidth, halfHeight: halfHeight)
      guard nearest > 1e-9 else { return nil }
      var radius = Double.infinity
      if nearest < 1 { radius = distance * nearest / (1 - nearest) * (1 - 1e-9) }
      if across > halfWidth { radius = min(radius, halfWidth * distance / (across - halfWidth)) }
      if down > halfHeight { radius = min(radius, halfHeight * distance / (down - halfHeight)) }
      return radius
    }
    // The start's frame from the outline's half angles where they are exact enough (the latitudes
    // unclamped), else from its coordinate.
    var frame = GlobeView(
      height: height, principalX: principalX, principalY: principalY, center: start, radius: 1, bearing: bearing,
      ground: abs(south) <= WebMercator.maxLatitude && abs(north) <= WebMercator.maxLatitude ? outline.middle : nil)
    var moved = false
    var radius = largestRadius(frame)
    if var r = radius, r.isFinite {
      // Each step moves the focus to the ground under where the screen box's centre should go: a
      // move of `J⁻¹·shift` points, `J` how far the box's centre answers a move (refitting the
      // radius makes it overshoot), learnt from the steps taken (Broyden's update), from 1.
      var jacobian = SIMD4<Double>(1, 0, 0, 1)
      var previous: (move: SIMD2<Double>, shift: SIMD2<Double>)?
      for _ in 0..<40 {
        frame.radius = r
        let box = outline.screenBox(in: frame)
        let shift = SIMD2((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        if abs(shift.x) < 1e-3, abs(shift.y) < 1e-3 { break }
        if let (move, last) = previous {
          // J += (Δs − J·m)·mᵀ / (mᵀ·m), Δs how far the shift fell; from 1 again when it grew.
          let fell = last - shift
          let residual =
            fell - SIMD2(jacobian[0] * move.x + jacobian[1] * move.y, jacobian[2] * move.x + jacobian[3] * move.y)
          let length = (move * move).sum()
          if (shift * shift).sum() >= (last * last).sum() || length == 0 {
            jacobian = SIMD4(1, 0, 0, 1)
          } else {
            jacobian +=
              SIMD4(residual.x * move.x, residual.x * move.y, residual.y * move.x, residual.y * move.y) / length
          }
        }
        var determinant = jacobian[0] * jacobian[3] - jacobian[1] * jacobian[2]
        if !(abs(determinant) > 1e-3) { (jacobian, determinant) = (SIMD4(1, 0, 0, 1), 1) }
        let move =
          SIMD2(jacobian[3] * shift.x - jacobian[1] * shift.y, jacobian[0] * shift.y - jacobian[2] * shift.x)
          / determinant
        guard let next = frame.ground(atX: principalX + move.x, y: principalY + move.y) else { break }
        let nextFrame = frame.moved(to: next, radius: 1)
        guard let nextRadius = largestRadius(nextFrame), nextRadius.isFinite else { break }
        frame = nextFrame
        moved = true
        r = nextRadius
        previous = (move, shift)
      }
      radius = r
    }
    let focus = moved ? frame.focus : start
    let cosLat = frame.cosLat
    var cut: [ContentEdge] = []
    var zoom: Double
    if let radius, radius.isFinite {
      zoom = log2(radius * 2 * Double.pi * cosLat / WebMercator.tileSize)
      zoom = min(zoom, options.maxZoom)
    } else if radius != nil {
      zoom = options.pointZoom ?? options.maxZoom
    } else {
      // More than a hemisphere: the whole globe (its limb a circle of d·R/√(d² + 2dR) points).
      let m = min(halfWidth, halfHeight)
      let whole = (m * m + m * (m * m + distance * distance).squareRoot()) / distance
      zoom = log2(whole * 2 * Double.pi * cosLat / WebMercator.tileSize)
      cut = ContentEdge.allCases
    }
    let held = zoom < options.minZoom
    zoom = max(zoom, options.minZoom)
    if options.zoomSnap > 0, case let steps = (zoom / options.zoomSnap).rounded(.down), steps.isFinite {
      zoom = max(steps * options.zoomSnap, options.minZoom)
    }
    if zoom >= Self.globeEndZoom {
      // MapLibre draws Mercator from zoom 12: its fit, if it lands there too; else the globe just
      // below 12, which shows the content with room to spare.
      var mercator = self
      mercator.options.projection = .mercator
      let flat = try mercator.placement(
        for: GeoBounds(
          west: WebMercator.lon(x: x0), south: south, east: Coordinate.normalizedEastLongitude(WebMercator.lon(x: x1)),
          north: north))
      if flat.camera.zoom >= Self.globeEndZoom {
        var drawn = flat
        drawn.camera.projection = .globe
        return drawn
      }
      zoom = Self.globeEndZoom - 1e-6
    }
    // The globe at the focus and zoom (its radius as `GlobeView.init(…zoom:…)` gives it).
    var globe = frame
    globe.radius = WebMercator.worldSize(zoom: zoom) / (2 * Double.pi) / cosLat
    let center = globe.coordinate(atX: width / 2, y: height / 2) ?? focus
    let camera = Camera(
      center: center, focus: Coordinate(lon: Coordinate.normalizedLongitude(focus.lon), lat: focus.lat), zoom: zoom,
      bearing: bearing, projection: .globe)
    try Self.checkFinite(camera)
    if held {
      // Held at `minZoom`, the content may reach past the visible rect: named exactly.
      let bounds = GeoBounds(
        west: WebMercator.lon(x: x0), south: south, east: Coordinate.normalizedEastLongitude(WebMercator.lon(x: x1)),
        north: north)
      cut = GlobeProjection(width: width, height: height, insets: insets, camera: camera).cut(of: bounds)
    }
    return CameraPlacement(camera: camera, worldClamped: false, cut: cut)
  }
}
