/// A part of the map that the card or a control covers, for a renderer to hide or dim the labels
/// and markers under it (<doc:StacksAndManagers#Exclusion-zones>): in screen points, and as a ring
/// of coordinates at the camera.
public struct ExclusionZone: Hashable, Sendable {
  /// What covers the map there.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case card, header, topToolbar, bottomToolbar, floatingToolbar, infoView
  }

  public var kind: Kind
  /// The covered rect in view points, clipped to the view.
  public var rect: Rect
  /// The rect on the map at the camera: its corners unprojected, counter-clockwise and closed
  /// (RFC 7946 §3.1.6), each longitude in the world copy that shows under its point (not
  /// normalised: the ring never jumps at the antimeridian, and a wide or pitched one may reach
  /// beyond ±180°). Under a pitched camera the part at or above the horizon (sky) is
  /// left out, and the ring ends 99 % of the way to the horizon; the part beyond the Mercator
  /// world's north or south edge is cut off at it (up to six vertices then). On the globe, the
  /// rect's sides sampled densely on the sphere (`GlobeProjection.ring(of:)`). Nil when nothing of
  /// the rect shows map.
  public var ring: [Coordinate]?
  /// On the globe, whether the rect reaches past the limb: its ring then follows the limb there
  /// (the zone clipped to the visible hemisphere).
  public var pastLimb: Bool

  public init(kind: Kind, rect: Rect, ring: [Coordinate]?, pastLimb: Bool = false) {
    self.kind = kind
    self.rect = rect
    self.ring = ring
    self.pastLimb = pastLimb
  }
}

extension MapFit {
  /// What covers the map in `layout` at this fit's camera (<doc:StacksAndManagers#Exclusion-zones>):
  /// the card (unless hidden with the map overlays), its header, the map buttons' toolbars (unless
  /// faded out), the floating toolbar and the info view, each clipped to the view; none that lies
  /// outside it. The rings are the camera's own projection's: on the globe, on the sphere.
  public func exclusionZones(in layout: ScreenLayout) throws(FitError) -> [ExclusionZone] {
    // The camera's own projection (as `transform` takes it), made here rather than copied out of
    // the transform's payload (some 300 bytes on the globe: Benchmarks/README.md, *Why the code is
    // as it is*).
    switch camera.drawnProjection {
    case .mercator:
      let screen = ScreenProjection(width: width, height: height, insets: insets, camera: camera)
      return Self.zones(in: layout) { (Self.ring(of: $0, on: screen), false) }
    case .globe:
      let globe = GlobeProjection(width: width, height: height, insets: insets, camera: camera)
      return Self.zones(in: layout) { globe.ring(of: $0) ?? (nil, false) }
    }
  }

  /// `exclusionZones(in:)`, each shown rect's ring and whether it reaches past the limb by `ring`.
  private static func zones(
    in layout: ScreenLayout, ring: (Rect) -> (ring: [Coordinate]?, pastLimb: Bool)
  ) -> [ExclusionZone] {
    let view = layout.view
    let buttons = layout.buttonAlpha > 0
    var zones: [ExclusionZone] = []
    zones.reserveCapacity(6)
    func add(_ kind: ExclusionZone.Kind, _ rect: Rect?) {
      guard let rect, let shown = rect.intersection(view) else { return }
      let (coordinates, pastLimb) = ring(shown)
      zones.append(ExclusionZone(kind: kind, rect: shown, ring: coordinates, pastLimb: pastLimb))
    }
    add(.card, layout.cardAlpha > 0 ? layout.card : nil)
    add(.header, layout.header)
    add(.topToolbar, buttons ? layout.topToolbar : nil)
    add(.bottomToolbar, buttons ? layout.bottomToolbar : nil)
    add(.floatingToolbar, layout.floatingToolbar)
    add(.infoView, layout.infoView)
    return zones
  }

  /// `rect`'s corners unprojected at `screen`'s camera, counter-clockwise on the map and closed;
  /// below 99 % of the way to a pitched camera's horizon, and cut at the Mercator world's north and
  /// south edges (beyond them no map shows, and no latitude says where).
  static func ring(of rect: Rect, on screen: ScreenProjection) -> [Coordinate]? {
    var top = rect.minY
    if screen.camera.pitch > 0 {
      let horizon = Perspective(height: screen.height, pitch: screen.camera.pitch).horizon
      top = max(top, screen.principalPoint.y - horizon * 0.99)
      guard top < rect.maxY else { return nil }
    }
    // Top-left, bottom-left, bottom-right, top-right: counter-clockwise with north up (y down).
    guard let topLeft = screen.mercator(atX: rect.minX, y: top),
      let bottomLeft = screen.mercator(atX: rect.minX, y: rect.maxY),
      let bottomRight = screen.mercator(atX: rect.maxX, y: rect.maxY),
      let topRight = screen.mercator(atX: rect.maxX, y: top)
    else { return nil }
    func coordinate(_ unit: (x: Double, y: Double)) -> Coordinate {
      Coordinate(lon: WebMercator.lon(x: unit.x), lat: WebMercator.lat(y: unit.y))
    }
    let ys = [topLeft.y, bottomLeft.y, bottomRight.y, topRight.y] as SIMD4<Double>
    if ys.min() >= 0, ys.max() <= 1 {
      // North up, the top and bottom corners share their latitudes: each computed once.
      let top = WebMercator.lat(y: topLeft.y)
      let bottom = WebMercator.lat(y: bottomLeft.y)
      func latitude(_ y: Double, _ shared: Double, _ sharedY: Double) -> Double {
        y == sharedY ? shared : WebMercator.lat(y: y)
      }
      let first = Coordinate(lon: WebMercator.lon(x: topLeft.x), lat: top)
      return [
        first, Coordinate(lon: WebMercator.lon(x: bottomLeft.x), lat: bottom),
        Coordinate(lon: WebMercator.lon(x: bottomRight.x), lat: latitude(bottomRight.y, bottom, bottomLeft.y)),
        Coordinate(lon: WebMercator.lon(x: topRight.x), lat: latitude(topRight.y, top, topLeft.y)), first,
      ]
    }
    var ring = [topLeft, bottomLeft, bottomRight, topRight]
    // Sutherland–Hodgman against y ≥ 0, then y ≤ 1 (a projective image of a rect stays convex).
    for (edge, keepsBelow) in [(0.0, false), (1.0, true)] {
      func inside(_ p: (x: Double, y: Double)) -> Bool { keepsBelow ? p.y <= edge : p.y >= edge }
      var clipped: [(x: Double, y: Double)] = []
      for (i, current) in ring.enumerated() {
        let previous = ring[(i + ring.count - 1) % ring.count]
        if inside(current) != inside(previous) {
          let t = (edge - previous.y) / (current.y - previous.y)
          clipped.append((previous.x + (current.x - previous.x) * t, edge))
        }
        if inside(current) { clipped.append(current) }
      }
      ring = clipped
      guard ring.count >= 3 else { return nil }
    }
    return (ring + [ring[0]]).map(coordinate)
  }
}
