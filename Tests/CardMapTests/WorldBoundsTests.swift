import CardMap
import CardMapTestSupport
import Testing

/// The world-bounded fit against the map client's clamp (modelled here from MapLibre GL JS's
/// `getConstrained`, not with the library's `WorldBounds`), over random content (polar, across the
/// antimeridian, world-sized, tiny), every device profile at every position, and bearings.
@Suite("World bounds: cameras the client keeps")
struct WorldBoundsTests {
  /// The content's box corners in screen points for a map without padding centred on `center`.
  static func corners(_ b: GeoBounds, center: Coordinate, zoom: Double, bearing: Double, width: Double, height: Double)
    -> [(Double, Double)]
  {
    let world = WebMercator.worldSize(zoom: zoom)
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(b.west))
    let x1 = x0 + b.longitudeSpan / 360
    var cx = WebMercator.x(lon: center.lon)
    cx += ((x0 + x1) / 2 - cx).rounded()
    let cy = WebMercator.y(lat: center.lat)
    let r = bearing * Double.pi / 180
    return [(x0, b.north), (x1, b.north), (x1, b.south), (x0, b.south)].map { x, lat in
      let dx = (x - cx) * world
      let dy = (WebMercator.y(lat: lat) - cy) * world
      return (dx * cos(r) + dy * sin(r) + width / 2, -dx * sin(r) + dy * cos(r) + height / 2)
    }
  }

  static func inside(_ points: [(Double, Double)], _ insets: Insets, width: Double, height: Double, slack: Double)
    -> Bool
  {
    points.allSatisfy {
      $0.0 >= insets.left - slack && $0.0 <= width - insets.right + slack && $0.1 >= insets.top - slack
        && $0.1 <= height - insets.bottom + slack
    }
  }

  static func randomContent(_ random: inout SplitMix) -> GeoBounds {
    let west = random.uniform(-180...180)
    switch random.next() % 5 {
    case 0:  // polar: up to a pole's edge of the world
      let north = random.uniform(60...90)
      return GeoBounds(
        west: west, south: north - random.uniform(0.01...30),
        east: Coordinate.normalizedEastLongitude(west + random.uniform(0.01...120)), north: north)
    case 1:
      let south = random.uniform(-90 ... -55)
      return GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + random.uniform(0.01...120)),
        north: south + random.uniform(0.01...25))
    case 2:  // world-sized
      return GeoBounds(west: -180, south: random.uniform(-85 ... -40), east: 180, north: random.uniform(40...85))
    case 3:  // tiny, anywhere
      let lat = random.uniform(-85...85)
      return GeoBounds(
        west: west, south: lat, east: Coordinate.normalizedEastLongitude(west + 1e-4), north: min(lat + 1e-4, 90))
    default:  // across the antimeridian or not, country-sized
      let south = random.uniform(-70...60)
      return GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + random.uniform(1...60)),
        north: min(south + random.uniform(1...25), 85))
    }
  }

  /// MapLibre GL JS's clamp of a camera centred at unit `y` (its `getConstrained`, latitude range
  /// ±85.051129°): the unit y and zoom it shows.
  static func clientShows(y: Double, zoom: Double, viewHeight h: Double) -> (y: Double, zoom: Double) {
    let size = 512 * pow(2, zoom)
    if size < h { return (0.5, zoom + log2(h / size)) }
    var point = y * size
    if point - h / 2 < 0 { point = h / 2 }
    if point + h / 2 > size { point = size - h / 2 }
    return (point / size, zoom)
  }

  /// Whether the client keeps a camera centred at unit `y`, to a millionth of a point.
  static func clientKeeps(y: Double, zoom: Double, viewHeight h: Double) -> Bool {
    let shown = clientShows(y: y, zoom: zoom, viewHeight: h)
    return shown.zoom == zoom && abs(shown.y - y) * 512 * pow(2, zoom) <= 1e-6
  }

  /// An independent search: some focus on a 41 × 41 grid over the view, at `zoom`, that keeps the
  /// content inside the visible rect and that the client keeps in both forms.
  static func someCameraKept(
    _ content: GeoBounds, fit: MapFit, zoom: Double, width: Double, height: Double, bearing: Double
  ) -> Bool {
    let world = WebMercator.worldSize(zoom: zoom)
    guard world >= height else { return false }  // the client zooms in on every camera
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(content.west))
    let midX = x0 + content.longitudeSpan / 720
    let midY = (WebMercator.y(lat: content.north) + WebMercator.y(lat: content.south)) / 2
    let r = bearing * Double.pi / 180
    let i = fit.insets
    let (ox, oy) = ((i.left - i.right) / 2, (i.top - i.bottom) / 2)
    for a in 0...40 {
      for b in 0...40 {
        let sx = (Double(a) / 40 - 0.5) * width
        let sy = (Double(b) / 40 - 0.5) * height
        let fx = midX + (sx * cos(r) - sy * sin(r)) / world
        let fy = midY + (sx * sin(r) + sy * cos(r)) / world
        let cx = fx - (ox * cos(r) - oy * sin(r)) / world
        let cy = fy - (ox * sin(r) + oy * cos(r)) / world
        guard Self.clientKeeps(y: fy, zoom: zoom, viewHeight: height),
          Self.clientKeeps(y: cy, zoom: zoom, viewHeight: height)
        else { continue }
        let center = Coordinate(lon: WebMercator.lon(x: cx), lat: WebMercator.lat(y: cy))
        let points = corners(content, center: center, zoom: zoom, bearing: bearing, width: width, height: height)
        if inside(points, i, width: width, height: height, slack: 1e-6) { return true }
      }
    }
    return false
  }

  @Test(
    "the client keeps both forms of every camera, they show one picture, and only `cut` edges leave the visible rect")
  func neverMoved() throws {
    var random = SplitMix(state: 2026)
    var counts = (kept: 0, clamped: 0, cut: 0, slackUsed: 0)
    for device in DeviceProfile.catalog {
      let environment = try device.environment()
      for position in CardPosition.allCases {
        let layout = ScreenLayout(environment: environment, card: try CardState(placement: .settled(position)))
        for bearing in [0.0, 30, -75, 180, 137.5] {
          for _ in 0..<12 {
            let content = Self.randomContent(&random)
            let fit = try MapFit(content: content, layout: layout, options: FitOptions(bearing: bearing))
            let camera = fit.camera
            let (w, h) = (layout.view.width, layout.view.height)
            let world = WebMercator.worldSize(zoom: camera.zoom)
            let centerY = WebMercator.y(lat: camera.center.lat)
            let focusY = WebMercator.y(lat: camera.focus.lat)
            let what = "\(device.name) \(position) \(bearing)° \(content)"
            // Whatever was reported, the client keeps both forms as returned.
            for (form, y) in [("center", centerY), ("focus", focusY)] {
              #expect(Self.clientKeeps(y: y, zoom: camera.zoom, viewHeight: h), "\(what): the client moves the \(form)")
            }
            // One picture: the focus lies where the visible rect's centre is in the centre form's view.
            let i = fit.insets
            let r = camera.bearing * Double.pi / 180
            var dx = (WebMercator.x(lon: camera.focus.lon) - WebMercator.x(lon: camera.center.lon))
            dx -= dx.rounded()
            let dy = focusY - centerY
            let sx = (dx * cos(r) + dy * sin(r)) * world + w / 2
            let sy = (-dx * sin(r) + dy * cos(r)) * world + h / 2
            let slack = 1e-6 + world * 1e-13
            #expect(
              abs(sx - (i.left + w - i.right) / 2) <= slack && abs(sy - (i.top + h - i.bottom) / 2) <= slack,
              "\(what): the two forms show different pictures (\(sx), \(sy))")
            let points = Self.corners(
              content, center: camera.center, zoom: camera.zoom, bearing: camera.bearing, width: w, height: h)
            let inside = Self.inside(points, i, width: w, height: h, slack: slack)
            if fit.worldClamped {
              counts.clamped += 1
              #expect(inside == fit.cut.isEmpty, "\(what): cut \(fit.cut) but inside \(inside)")
              if !fit.cut.isEmpty {
                counts.cut += 1
                // Cut only when no kept placement exists at this zoom or any lower one.
                for lower in stride(from: camera.zoom, to: -0.01, by: -0.25) {
                  #expect(
                    !Self.someCameraKept(content, fit: fit, zoom: lower, width: w, height: h, bearing: bearing),
                    "\(what): cut \(fit.cut), yet a placement is kept at zoom \(lower)")
                }
              }
            } else if camera.zoom > FitOptions.defaultMinZoom {  // at the least zoom, content may not fit
              counts.kept += 1
              #expect(inside, "\(what)")
              if abs(focusY - (WebMercator.y(lat: content.north) + WebMercator.y(lat: content.south)) / 2) * world
                > 1e-6
              {
                counts.slackUsed += 1
              }
            }
          }
        }
      }
    }
    #expect(counts.kept > 0 && counts.cut > 0 && counts.slackUsed > 0, "\(counts)")
  }
}
