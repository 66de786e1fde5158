import MapGeometry
import PlatformMath

/// What a camera drawn as a sphere shows, measured without the bounds constraint's footprint: the
/// visible rect's outline every `step` points through `GlobeProjection`, each point in space taken
/// to the limb by bisection towards the centre of perspective.
public enum SphereShown {
  /// The visible rect's outline as coordinates, every `step` points, taken to the limb where it
  /// lies in space.
  public static func outline(_ globe: GlobeProjection, step: Double = 1) -> [Coordinate] {
    let rect = globe.visibleRect
    let centre = globe.principalPoint
    let corners = [
      (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY),
    ]
    var points: [Coordinate] = []
    for side in 0..<4 {
      let (a, b) = (corners[side], corners[(side + 1) % 4])
      let count = Int((hypot(b.0 - a.0, b.1 - a.1) / step).rounded(.up))
      for k in 0..<count {
        let f = Double(k) / Double(count)
        let (x, y) = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
        if let hit = globe.coordinate(atX: x, y: y) {
          points.append(hit)
          continue
        }
        var (inside, outside) = (0.0, 1.0)
        for _ in 0..<50 {
          let m = (inside + outside) / 2
          if globe.coordinate(atX: centre.x + (x - centre.x) * m, y: centre.y + (y - centre.y) * m) != nil {
            inside = m
          } else {
            outside = m
          }
        }
        if let limb = globe.coordinate(atX: centre.x + (x - centre.x) * inside, y: centre.y + (y - centre.y) * inside) {
          points.append(limb)
        }
      }
    }
    return points
  }

  /// Whether everything `camera` shows of the sphere on a `width` × `height` view padded by
  /// `insets` lies inside `bounds`, within a third of a point at its scale (the footprint's sides
  /// are within a quarter) or a thousandth of a degree.
  public static func inside(_ camera: Camera, width: Double, height: Double, insets: Insets, bounds: GeoBounds) -> Bool
  {
    let globe = GlobeProjection(width: width, height: height, insets: insets, camera: camera)
    let slack = max(1e-3, 0.34 / (WebMercator.worldSize(zoom: camera.zoom) / 360))
    let east = bounds.west + bounds.longitudeSpan
    return outline(globe, step: 2).allSatisfy { point in
      let lon = point.lon + (((bounds.west + east) / 2 - point.lon) / 360).rounded() * 360
      return point.lat >= bounds.south - slack && point.lat <= bounds.north + slack && lon >= bounds.west - slack
        && lon <= east + slack
    }
  }
}
