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
  let radius: Double
  let principalX, principalY: Double
  let centerLon, centerLat: Double
  let sinLat, cosLat, cosB, sinB: Double

  /// The globe of a camera whose focus is `center`, in a view `height` points tall whose visible
  /// rect's centre is (`principalX`, `principalY`).
  init(height: Double, principalX: Double, principalY: Double, center: Coordinate, zoom: Double, bearing: Double) {
    self.init(
      height: height, principalX: principalX, principalY: principalY, center: center,
      radius: WebMercator.worldSize(zoom: zoom) / (2 * Double.pi) / cos(center.lat * Double.pi / 180),
      bearing: bearing)
  }

  /// The globe of `radius` points whose point under the focus is `center`.
  init(height: Double, principalX: Double, principalY: Double, center: Coordinate, radius: Double, bearing: Double) {
    distance = Perspective(height: height, pitch: 0).distance
    let latitude = center.lat * Double.pi / 180
    self.radius = radius
    self.principalX = principalX
    self.principalY = principalY
    centerLon = center.lon * Double.pi / 180
    centerLat = latitude
    sinLat = sin(latitude)
    cosLat = cos(latitude)
    let b = bearing * Double.pi / 180
    cosB = cos(b)
    sinB = sin(b)
  }

  /// The unit vector of a coordinate (radians) in the camera's frame: the focus at `(0, 0, 1)`,
  /// `x` right and `y` up on the screen.
  func turned(lon: Double, lat: Double) -> (x: Double, y: Double, z: Double) {
    let cosPhi = cos(lat)
    let x = cosPhi * sin(lon - centerLon)
    let y0 = sin(lat)
    let z0 = cosPhi * cos(lon - centerLon)
    let y = y0 * cosLat - z0 * sinLat
    let z = y0 * sinLat + z0 * cosLat
    return (x * cosB - y * sinB, x * sinB + y * cosB, z)
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
    // Undo the bearing, then the latitude and longitude turns.
    let ux = tx * cosB + ty * sinB
    let uy = -tx * sinB + ty * cosB
    let y0 = uy * cosLat + tz * sinLat
    let z0 = -uy * sinLat + tz * cosLat
    let lat = asin(min(max(y0, -1), 1))
    let lon = centerLon + atan2(ux, z0)
    return Coordinate(
      lon: Coordinate.normalizedLongitude(lon * 180 / Double.pi), lat: lat * 180 / Double.pi)
  }
}

extension CameraFit {
  /// The zoom from which MapLibre GL JS 5's globe draws Web Mercator (its `globe` projection's
  /// `["interpolate", …, 10, "vertical-perspective", 12, "mercator"]`, and `map.project` follows the
  /// globe while any of it shows).
  public static let globeEndZoom = 12.0

  /// Points on the box's outline (east unwrapped past west), each edge in `perEdge` steps: on the
  /// globe parallels are curves, and the outline's image bounds the box's.
  static func outline(x0: Double, x1: Double, south: Double, north: Double, perEdge: Int) -> [(Double, Double)] {
    let west = WebMercator.lon(x: x0) * Double.pi / 180
    let east = WebMercator.lon(x: x1) * Double.pi / 180
    let s = max(south, -WebMercator.maxLatitude) * Double.pi / 180
    let n = min(north, WebMercator.maxLatitude) * Double.pi / 180
    var points: [(Double, Double)] = []
    points.reserveCapacity(4 * perEdge)
    for step in 0..<perEdge {
      let f = Double(step) / Double(perEdge)
      points.append((west + (east - west) * f, n))
      points.append((east, n + (s - n) * f))
      points.append((east + (west - east) * f, s))
      points.append((west, s + (n - s) * f))
    }
    return points
  }

  /// The camera on the globe (<doc:MovingCameras#Globe>): the largest zoom at which the box's outline
  /// shows on the near side and inside the visible rect less the margins, its screen box centred in
  /// the visible rect (focus moved onto the ground at the box's centre until it is, within a
  /// thousandth of a point); from `globeEndZoom` on, the Mercator fit. For a focus, each outline
  /// point `i` bounds the globe's radius in closed form (`d·R·|xᵢ| ≤ w·(d + R·(1 − zᵢ))`, half the
  /// visible width `w`; alike for the height; `R < d·zᵢ / (1 − zᵢ)` to stay in front of the limb).
  /// Content that no focus shows whole (more than a hemisphere) gets the whole globe in the visible
  /// rect, centred on it, with every direction in `cut`.
  func globePlacement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement {
    let keep = options.margin + options.markerRadius
    let halfWidth = (width - insets.left - insets.right) / 2 - keep
    let halfHeight = (height - insets.top - insets.bottom) / 2 - keep
    guard halfWidth > 0, halfHeight > 0 else { throw .noVisibleArea }
    let principalX = insets.left + (width - insets.left - insets.right) / 2
    let principalY = insets.top + (height - insets.top - insets.bottom) / 2
    let points = Self.outline(x0: x0, x1: x1, south: south, north: north, perEdge: 64)
    // The box's middle on the sphere: its centre meridian and mid latitude.
    var focus = Coordinate(
      lon: Coordinate.normalizedLongitude(WebMercator.lon(x: (x0 + x1) / 2)),
      lat: min(max((south + north) / 2, -WebMercator.maxLatitude), WebMercator.maxLatitude))
    let bearing = options.normalizedBearing
    func view(_ focus: Coordinate, radius: Double) -> GlobeView {
      GlobeView(
        height: height, principalX: principalX, principalY: principalY, center: focus, radius: radius,
        bearing: bearing)
    }
    let distance = Perspective(height: height, pitch: 0).distance
    // The outline turned into a focus's frame: it does not depend on the radius, so each focus
    // turns it once, for its radius bound and for its screen box.
    func turned(_ focus: Coordinate) -> [(x: Double, y: Double, z: Double)] {
      let frame = view(focus, radius: 1)
      return points.map { frame.turned(lon: $0.0, lat: $0.1) }
    }
    // The largest radius at which every outline point shows inside, for this focus; nil when one
    // lies on the far hemisphere.
    func largestRadius(_ outline: [(x: Double, y: Double, z: Double)]) -> Double? {
      var radius = Double.infinity
      for v in outline {
        guard v.z > 1e-9 else { return nil }
        let k = 1 - v.z
        if k > 0 { radius = min(radius, distance * v.z / k * (1 - 1e-9)) }
        let across = distance * abs(v.x) - halfWidth * k
        if across > 0 { radius = min(radius, halfWidth * distance / across) }
        let down = distance * abs(v.y) - halfHeight * k
        if down > 0 { radius = min(radius, halfHeight * distance / down) }
      }
      return radius
    }
    var outline = turned(focus)
    var radius = largestRadius(outline)
    if var r = radius, r.isFinite {
      for _ in 0..<40 {
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        for v in outline {
          let scale = distance * r / (distance + r * (1 - v.z))
          minX = min(minX, scale * v.x)
          maxX = max(maxX, scale * v.x)
          minY = min(minY, -scale * v.y)
          maxY = max(maxY, -scale * v.y)
        }
        let shiftX = (minX + maxX) / 2
        let shiftY = (minY + maxY) / 2
        if abs(shiftX) < 1e-3, abs(shiftY) < 1e-3 { break }
        guard var next = view(focus, radius: r).coordinate(atX: principalX + shiftX, y: principalY + shiftY) else {
          break
        }
        next.lat = min(max(next.lat, -WebMercator.maxLatitude), WebMercator.maxLatitude)
        let nextOutline = turned(next)
        guard let nextRadius = largestRadius(nextOutline), nextRadius.isFinite else { break }
        focus = next
        outline = nextOutline
        r = nextRadius
      }
      radius = r
    }
    let cosLat = cos(focus.lat * Double.pi / 180)
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
      if flat.camera.zoom >= Self.globeEndZoom { return flat }
      zoom = Self.globeEndZoom - 1e-6
    }
    let globe = GlobeView(
      height: height, principalX: principalX, principalY: principalY, center: focus, zoom: zoom, bearing: bearing)
    let center = globe.coordinate(atX: width / 2, y: height / 2) ?? focus
    let camera = Camera(
      center: center, focus: Coordinate(lon: Coordinate.normalizedLongitude(focus.lon), lat: focus.lat), zoom: zoom,
      bearing: bearing)
    try Self.checkFinite(camera)
    return CameraPlacement(camera: camera, worldClamped: false, cut: cut)
  }

  /// The visible rect's corners on the globe (<doc:MovingCameras#Globe>): where a ray through a
  /// corner meets it, or, for a corner in space, the limb towards it.
  func globeRegion(of camera: Camera) -> [Coordinate] {
    let principalX = insets.left + (width - insets.left - insets.right) / 2
    let principalY = insets.top + (height - insets.top - insets.bottom) / 2
    let globe = GlobeView(
      height: height, principalX: principalX, principalY: principalY, center: camera.focus, zoom: camera.zoom,
      bearing: camera.bearing)
    let corners = [
      (insets.left, insets.top), (width - insets.right, insets.top), (width - insets.right, height - insets.bottom),
      (insets.left, height - insets.bottom),
    ]
    return corners.map { x, y in
      if let hit = globe.coordinate(atX: x, y: y) { return hit }
      // Towards the principal point until the ray meets the globe.
      var (inside, outside) = (0.0, 1.0)
      for _ in 0..<60 {
        let f = (inside + outside) / 2
        if globe.coordinate(atX: principalX + (x - principalX) * f, y: principalY + (y - principalY) * f) != nil {
          inside = f
        } else {
          outside = f
        }
      }
      return globe.coordinate(atX: principalX + (x - principalX) * inside, y: principalY + (y - principalY) * inside)
        ?? camera.focus
    }
  }
}
