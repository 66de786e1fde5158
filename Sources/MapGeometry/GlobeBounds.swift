import PlatformMath

/// Max bounds for a camera drawn as a globe (<doc:MovingCameras#Bounds-that-respect-padding>): every
/// point of the sphere that shows in the visible rect lies inside the bounds. MapLibre GL JS 5.3's
/// globe clamps only the centre's latitude (to the bounds' and the Mercator world's), so it keeps
/// such a camera as it is; what it shows is CardMap's to hold.
///
/// What shows is the visible rect clipped to the globe's outline and unprojected
/// (`GlobeProjection.ring(of:limbStep:)`, its sides within a quarter of a point, the limb every
/// quarter degree): its footprint. Turning the globe about its axis only shifts the footprint in
/// longitude, so the focus's longitude is clamped exactly; its latitude decides the footprint's
/// shape (and the radius, `S / (2π·cos φ)`), so it is found along the meridian, where the
/// footprint's margin inside the bounds crosses nought (`latitude(nearest:zoom:)`). The least zoom is
/// the least at which some focus latitude keeps the footprint inside (`bestLatitude(zoom:)`: not
/// always the one that centres it between the parallels, since its longitudes widen towards a
/// pole); a camera is never constrained below it. The box of foci an app may clamp a dragged focus
/// into (`focusBox(zoom:around:)`) holds the camera's own focus and only foci that keep it; a
/// footprint round a pole needs bounds round the world.
struct GlobeBounds: Hashable, Sendable {
  let bounds: GeoBounds
  let width, height: Double
  let insets: Insets
  let bearing, pitch: Double
  /// The bounds' west edge, normalised (once: a remainder costs as much as a footprint's corner).
  let west: Double

  init(bounds: GeoBounds, width: Double, height: Double, insets: Insets, bearing: Double, pitch: Double) {
    (self.bounds, self.width, self.height, self.insets, self.bearing, self.pitch) =
      (bounds, width, height, insets, bearing, pitch)
    west = Coordinate.normalizedLongitude(bounds.west)
  }

  /// The footprint's reach at a focus on the prime meridian at `latitude`: its southmost and
  /// northmost latitudes, its westmost and eastmost longitudes (from the focus's), and whether it
  /// goes round a pole.
  struct Footprint {
    var south, north, west, east: Double
    var roundPole: Bool
  }

  func footprint(latitude: Double, zoom: Double) -> Footprint? {
    let focus = Coordinate(lon: 0, lat: latitude)
    let camera = Camera(
      center: focus, focus: focus, zoom: zoom, bearing: bearing, pitch: pitch, projection: .globe)
    let globe = GlobeProjection(width: width, height: height, insets: insets, camera: camera)
    // The limb every quarter degree: its extremes between samples stay within a hundredth of a point.
    guard let (ring, _) = globe.ring(of: globe.visibleRect, limbStep: Double.pi / 720) else { return nil }
    var shape = Footprint(south: 90, north: -90, west: 180, east: -180, roundPole: false)
    // The ring's longitudes run on from its first, which lies within a half turn of the focus's.
    let shift = (ring[0].lon / 360).rounded() * 360
    for point in ring {
      shape.south = min(shape.south, point.lat)
      shape.north = max(shape.north, point.lat)
      shape.west = min(shape.west, point.lon - shift)
      shape.east = max(shape.east, point.lon - shift)
    }
    // The copy that holds the focus.
    let turn = shape.west > 0 ? -360.0 : shape.east < 0 ? 360 : 0
    (shape.west, shape.east) = (shape.west + turn, shape.east + turn)
    shape.roundPole = shape.east - shape.west >= 360 - 1e-9 || abs(shape.north) >= 90 || abs(shape.south) >= 90
    return shape
  }

  /// The bounds' longitude span, 360 for bounds round the world.
  var span: Double { bounds.longitudeSpan }

  /// How far east of the west edge `longitude` lies, within [0, 360).
  func eastOfWest(_ longitude: Double) -> Double {
    let offset = (longitude - west).truncatingRemainder(dividingBy: 360)
    return offset < 0 ? offset + 360 : offset
  }

  /// Whether a footprint's extent fits the bounds' (its latitudes between the parallels, its
  /// longitudes within the span).
  func fits(_ shape: Footprint) -> Bool { margin(shape) >= 0 }

  /// By how much a footprint fits the bounds, in degrees: the least of its distances inside the
  /// parallels and of the span less its longitudes' (negative where it does not fit; minus
  /// infinity for none, or one round a pole in bounds that are not).
  func margin(_ shape: Footprint?) -> Double {
    guard let shape else { return -.infinity }
    let latitudes = min(bounds.north - shape.north, shape.south - bounds.south)
    guard span < 360 else { return latitudes }
    return shape.roundPole ? -.infinity : min(latitudes, span - (shape.east - shape.west))
  }

  /// The focus latitude that centres the footprint between the bounds' parallels at `zoom`: from the
  /// bounds' middle, moved by the footprint's offset from it a few times.
  func centredLatitude(zoom: Double) -> Double {
    let limit = WebMercator.maxLatitude
    var latitude = min(max((bounds.south + bounds.north) / 2, -limit), limit)
    for _ in 0..<6 {
      guard let shape = footprint(latitude: latitude, zoom: zoom) else { break }
      let miss = (bounds.south + bounds.north) / 2 - (shape.south + shape.north) / 2
      if abs(miss) < 1e-9 { break }
      latitude = min(max(latitude + miss, -limit), limit)
    }
    return latitude
  }

  /// The focus latitude at which the footprint fits the bounds best at `zoom` (its margin the
  /// greatest), and that margin: the bounds' latitudes (within the Mercator world's) sampled nine
  /// times, then a golden-section search between the best sample's neighbours. The footprint's
  /// margin inside the parallels rises to the latitude that centres it and falls after, and its
  /// longitudes' widen towards a pole: the least of the two has one peak.
  func bestLatitude(zoom: Double) -> (latitude: Double, margin: Double) {
    let found = GlobeBounds.peak(in: latitudeSpan) { margin(footprint(latitude: $0, zoom: zoom)) }
    return (found.x, found.value)
  }

  /// The latitudes a focus may take at all: the bounds' parallels, within the Mercator world's.
  var latitudeSpan: ClosedRange<Double> {
    let limit = WebMercator.maxLatitude
    let (low, high) = (max(-limit, bounds.south), min(limit, bounds.north))
    return low...max(low, high)
  }

  /// Where `value` is greatest on `range` (a function with one peak): nine samples, then a
  /// golden-section search between the best one's neighbours, 30 steps.
  static func peak(in range: ClosedRange<Double>, _ value: (Double) -> Double) -> (x: Double, value: Double) {
    let (low, high) = (range.lowerBound, range.upperBound)
    guard high > low else { return (low, value(low)) }
    let step = (high - low) / 8
    var best = (x: low, value: -Double.infinity)
    for index in 0...8 {
      let x = low + Double(index) * step
      let found = value(x)
      if found > best.value { best = (x, found) }
    }
    var (a, b) = (max(low, best.x - step), min(high, best.x + step))
    let ratio = (5.0.squareRoot() - 1) / 2
    var (c, d) = (b - ratio * (b - a), a + ratio * (b - a))
    var (valueC, valueD) = (value(c), value(d))
    for _ in 0..<30 where b - a > 1e-9 {
      if valueC >= valueD {
        (b, d, valueD) = (d, c, valueC)
        c = b - ratio * (b - a)
        valueC = value(c)
      } else {
        (a, c, valueC) = (c, d, valueD)
        d = a + ratio * (b - a)
        valueD = value(d)
      }
    }
    for (x, found) in [(c, valueC), (d, valueD)] where found > best.value { best = (x, found) }
    return best
  }

  /// The least zoom below `CameraFit.globeEndZoom` at which a focus at `latitude` keeps the
  /// footprint inside the bounds (infinity where none does), to a billionth: bracketed from `guess`
  /// outwards (an eighth of a zoom, doubling), then regula falsi on the footprint's margin, which
  /// grows smoothly with the zoom.
  func leastZoom(latitude: Double, guess: Double) -> Double {
    let (bottom, top) = (FitOptions.zoomRange.lowerBound, CameraFit.globeEndZoom - 1e-6)
    func marginAt(_ zoom: Double) -> Double { margin(footprint(latitude: latitude, zoom: zoom)) }
    var high = min(max(guess, bottom), top)
    var highMargin = marginAt(high)
    var (low, lowMargin) = (high, highMargin)
    var step = 0.125
    if highMargin >= 0 {
      while lowMargin >= 0 {
        if low <= bottom { return bottom }
        (high, highMargin) = (low, lowMargin)
        low = max(bottom, low - step)
        lowMargin = marginAt(low)
        step *= 2
      }
    } else {
      while highMargin < 0 {
        if high >= top { return .infinity }
        (low, lowMargin) = (high, highMargin)
        high = min(top, high + step)
        highMargin = marginAt(high)
        step *= 2
      }
    }
    var stays = 0  // the end that stayed last time: −1 low, 1 high
    for _ in 0..<100 where high - low > 1e-9 {
      var next = low - lowMargin * (high - low) / (highMargin - lowMargin)
      if !next.isFinite || next <= low || next >= high { next = (low + high) / 2 }
      let found = marginAt(next)
      if found >= 0 {
        (high, highMargin) = (next, found)
        if stays == 1 { lowMargin /= 2 }
        stays = 1
      } else {
        (low, lowMargin) = (next, found)
        if stays == -1 { highMargin /= 2 }
        stays = -1
      }
    }
    return high
  }

  /// The least zoom below `CameraFit.globeEndZoom` at which some focus keeps the footprint inside
  /// the bounds: the least of `leastZoom(latitude:guess:)` over the focus latitudes (one valley: the
  /// greater of the parallels' need, least where the footprint is centred, and the longitudes',
  /// which grows towards a pole), each search started from the last one's answer, and a
  /// hundred-thousandth above it (so that a search for a latitude that holds there finds one); nil
  /// when none does (the camera is then drawn in Web Mercator, where `BoundsConstraint` holds).
  var minZoom: Double? {
    var guess = CameraFit.globeEndZoom / 2
    let found = GlobeBounds.peak(in: latitudeSpan) { latitude in
      let zoom = leastZoom(latitude: latitude, guess: guess)
      if zoom.isFinite { guess = zoom }
      return -zoom
    }
    guard found.value.isFinite else { return nil }
    return min(-found.value + 1e-5, CameraFit.globeEndZoom - 1e-6)
  }

  /// The largest box of foci (in longitude and latitude, by area) that holds `focus` and every
  /// focus of which keeps the footprint inside the bounds at `zoom`, so that an app may clamp a
  /// dragged focus into it and leave this one where it is. Grown from the focus: along its meridian
  /// to the last latitude each way at which its own longitude is kept (bisection, 48 steps), those
  /// latitudes sampled 16 times each side with the longitudes each keeps (`longitudeRange(of:)`),
  /// and of every run of samples through the focus's the longitudes all of them (and the latitudes
  /// half-way between) keep (a footprint's reach changes smoothly with its latitude); the largest
  /// run's longitudes narrowed to what 48 latitudes evenly across it keep. Nil when the
  /// focus is not kept, or when no box of positive size holds it (a focus moved into a corner of
  /// what is kept, where the kept longitudes narrow past it either way). Round the world, every
  /// longitude.
  func focusBox(zoom: Double, around focus: Coordinate) -> GeoBounds? {
    let lon = focus.lon
    // From the copy that starts at the bounds' west edge to the focus's.
    let shift = west + eastOfWest(lon) - lon
    /// The longitudes a focus at `latitude` may take, in the world copy of `focus`'s longitude.
    func longitudes(_ latitude: Double) -> ClosedRange<Double>? {
      let shape = footprint(latitude: latitude, zoom: zoom)
      guard margin(shape) >= 0, let range = longitudeRange(of: shape) else { return nil }
      guard range.lowerBound.isFinite else { return range }
      return range.lowerBound - shift...range.upperBound - shift
    }
    // Within a billionth of a degree: the longitude of a kept focus comes back through a copy.
    func holds(_ range: ClosedRange<Double>?) -> Bool {
      guard let range else { return false }
      return range.lowerBound - 1e-9 <= lon && lon <= range.upperBound + 1e-9
    }
    guard holds(longitudes(focus.lat)) else { return nil }
    // The last latitude towards `limit` at which the focus's longitude is kept.
    func end(towards limit: Double) -> Double {
      if holds(longitudes(limit)) { return limit }
      var (kept, missed) = (focus.lat, limit)
      for _ in 0..<48 where abs(missed - kept) > 1e-10 {
        let middle = (kept + missed) / 2
        if holds(longitudes(middle)) { kept = middle } else { missed = middle }
      }
      return kept
    }
    let limits = latitudeSpan
    let (south, north) = (
      end(towards: min(focus.lat, limits.lowerBound)), end(towards: max(focus.lat, limits.upperBound))
    )
    let (below, above) = (focus.lat - south > 1e-9 ? 16 : 0, north - focus.lat > 1e-9 ? 16 : 0)
    guard below + above > 0 else { return nil }
    /// The latitude at `place` (half-steps from −below to above; the focus's at 0).
    func latitude(_ place: Int) -> Double {
      place < 0
        ? focus.lat + (focus.lat - south) * Double(place) / Double(2 * below)
        : focus.lat + (north - focus.lat) * Double(place) / Double(2 * max(above, 1))
    }
    if span >= 360 { return GeoBounds(west: -180, south: south, east: 180, north: north) }
    let places = -2 * below...2 * above
    let ranges = places.map { longitudes(latitude($0)) }
    func range(_ place: Int) -> ClosedRange<Double>? { ranges[place - places.lowerBound] }
    func both(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> ClosedRange<Double>? {
      guard let a, let b, a.overlaps(b) else { return nil }
      return max(a.lowerBound, b.lowerBound)...min(a.upperBound, b.upperBound)
    }
    // Of the runs from an even place at or below 0 to one at or above, the largest by area.
    var best: (first: Int, last: Int, longitudes: ClosedRange<Double>, area: Double)?
    var downward = range(0)
    for first in stride(from: 0, through: -2 * below, by: -2) {
      if first < 0 { downward = both(both(downward, range(first + 1)), range(first)) }
      guard var kept = downward, holds(kept) else { break }
      for last in stride(from: 0, through: 2 * above, by: 2) {
        if last > 0 {
          guard let next = both(both(kept, range(last - 1)), range(last)), holds(next) else { break }
          kept = next
        }
        let area = (latitude(last) - latitude(first)) * (kept.upperBound - kept.lowerBound)
        if area > best?.area ?? 0 { best = (first, last, kept, area) }
      }
    }
    guard let best else { return nil }
    let (low, high) = (latitude(best.first), latitude(best.last))
    // The box's own latitudes checked again, 48 evenly (its middle among them: the samples' spacing
    // differs on either side of the focus), the longitudes narrowed to what they all keep.
    var kept: ClosedRange<Double>? = best.longitudes
    for index in 1..<48 { kept = both(kept, longitudes(low + (high - low) * Double(index) / 48)) }
    guard let kept, holds(kept), high - low > 1e-9, kept.upperBound - kept.lowerBound > 1e-9 else { return nil }
    // The focus itself inside, whatever the copy's rounding.
    return GeoBounds(
      west: Coordinate.normalizedLongitude(min(kept.lowerBound, lon)), south: min(low, focus.lat),
      east: Coordinate.normalizedEastLongitude(max(kept.upperBound, lon)), north: max(high, focus.lat))
  }

  /// The focus latitude nearest `target` (within the Mercator world's) at which the footprint fits at
  /// `zoom`, with that footprint; nil when none does. From one that fits (`target` moved back by
  /// what its footprint misses by, else the bounds' middle, else the centred one, else the best)
  /// towards `target`, the footprint meets a parallel where its margin crosses nought: found by
  /// regula falsi, Illinois's way (its end that stays is halved), aimed at a margin of 5e-10° (a step
  /// that lands a hair off still fits, and ends the search), within 1e-10° or fitting within 1e-9°,
  /// the latitude that fits kept. `known` is the footprint at `target`, when already taken at `zoom`.
  func latitude(nearest target: Double, zoom: Double, footprint known: Footprint? = nil) -> (
    latitude: Double, shape: Footprint
  )? {
    let limit = WebMercator.maxLatitude
    var outside = min(max(target, -limit), limit)
    var shape = (outside == target ? known : nil) ?? footprint(latitude: outside, zoom: zoom)
    var outsideMargin = margin(shape)
    if let shape, outsideMargin >= 0 { return (outside, shape) }
    let (clampedTarget, targetMargin) = (outside, outsideMargin)
    // A first end that fits: the focus moved back by what the footprint misses a parallel by (it
    // moves the footprint about as far), twice at most; else the bounds' middle, else the centred
    // latitude, else the best.
    var (inside, insideMargin) = (outside, outsideMargin)
    for _ in 0..<2 {
      guard let missed = shape, outsideMargin.isFinite else { break }
      let (north, south) = (missed.north - bounds.north, bounds.south - missed.south)
      guard max(north, south) >= -outsideMargin - 1e-12 else { break }
      inside = min(max(inside + (north > south ? -north : south), -limit), limit)
      shape = footprint(latitude: inside, zoom: zoom)
      insideMargin = margin(shape)
      if insideMargin >= 0 { break }
      (outside, outsideMargin) = (inside, insideMargin)
    }
    if insideMargin < 0 {
      inside = min(max((bounds.south + bounds.north) / 2, -limit), limit)
      shape = footprint(latitude: inside, zoom: zoom)
      insideMargin = margin(shape)
    }
    if insideMargin < 0 {
      inside = centredLatitude(zoom: zoom)
      shape = footprint(latitude: inside, zoom: zoom)
      insideMargin = margin(shape)
    }
    if insideMargin < 0 {
      // Near the least zoom only a few latitudes hold: the best.
      inside = bestLatitude(zoom: zoom).latitude
      shape = footprint(latitude: inside, zoom: zoom)
      insideMargin = margin(shape)
    }
    guard var kept = shape, insideMargin >= 0 else { return nil }
    // The search runs from `target` to the latitude that fits: an end that missed past the kept
    // latitudes (a guess that overshot them) is no end of it.
    if (outside - clampedTarget) * (outside - inside) > 0 { (outside, outsideMargin) = (clampedTarget, targetMargin) }
    var stays = 0  // the end that stayed last time: −1 inside, 1 outside
    for _ in 0..<100 where abs(outside - inside) > 1e-10 {
      // Where the line between the ends' margins crosses half the margin that ends the search (so
      // that a step landing a hair off still fits, and ends it), else (a margin unknown, or the
      // point at an end) the middle.
      var next = outside - (outsideMargin - 5e-10) * (outside - inside) / (outsideMargin - insideMargin)
      if !next.isFinite || (next - inside) * (next - outside) >= 0 { next = (inside + outside) / 2 }
      let nextShape = footprint(latitude: next, zoom: zoom)
      let nextMargin = margin(nextShape)
      if let nextShape, nextMargin >= 0 {
        (inside, insideMargin, kept) = (next, nextMargin, nextShape)
        if stays == 1 { outsideMargin /= 2 }
        stays = 1
        if nextMargin < 1e-9 { break }
      } else {
        (outside, outsideMargin) = (next, nextMargin)
        if stays == -1 { insideMargin /= 2 }
        stays = -1
      }
    }
    return (inside, kept)
  }

  /// The focus longitudes that keep the footprint at `latitude` and `zoom` inside the bounds: the
  /// bounds less its reach each way (unwrapped past the west edge); every longitude for bounds round
  /// the world.
  func longitudeRange(latitude: Double, zoom: Double) -> ClosedRange<Double>? {
    longitudeRange(of: footprint(latitude: latitude, zoom: zoom))
  }

  /// `longitudeRange(latitude:zoom:)` of the footprint there.
  func longitudeRange(of shape: Footprint?) -> ClosedRange<Double>? {
    guard span < 360 else { return -Double.infinity...Double.infinity }
    guard let shape, !shape.roundPole else { return nil }
    let (low, high) = (west - shape.west, west + span - shape.east)
    return low <= high + 1e-9 ? low...max(low, high) : nil
  }

  /// The camera nearest `camera` (its latitude, then its longitude) whose footprint lies inside the
  /// bounds, at `camera`'s zoom or the least above it that holds at that latitude; `camera` itself
  /// when it does.
  func constrain(_ camera: Camera, minZoom: Double) -> Camera? {
    // A camera inside (a frame of a drag, mostly): one footprint says so.
    let here = camera.zoom >= minZoom ? footprint(latitude: camera.focus.lat, zoom: camera.zoom) : nil
    if let here, fits(here) {
      guard span < 360 else { return camera }
      let lon = eastOfWest(camera.focus.lon)
      if lon + here.west >= 0, lon + here.east <= span { return camera }
    }
    var zoom = max(camera.zoom, minZoom)
    guard var (latitude, shape) = latitude(nearest: camera.focus.lat, zoom: zoom, footprint: here) else { return nil }
    if zoom > camera.zoom {
      // The least zoom is the centred latitude's; at the one taken (the camera's, or the range's
      // end, the world's latitude limit there) a lower zoom may hold: the least, by bisection.
      var low = camera.zoom
      for _ in 0..<50 where zoom - low > 1e-9 {
        let middle = (low + zoom) / 2
        if footprint(latitude: latitude, zoom: middle).map(fits) ?? false { zoom = middle } else { low = middle }
      }
      // (Never below the least zoom, which the bisection may pass by its last bits.)
      zoom = max(zoom, minZoom)
      shape = footprint(latitude: latitude, zoom: zoom) ?? shape
    }
    // The footprint is sampled (its sides within a quarter of a point), so near the least zoom a
    // latitude inside the range may miss the longitudes' fit by that much: the centred one holds it.
    var longitudes = longitudeRange(of: shape)
    if longitudes == nil {
      latitude = centredLatitude(zoom: zoom)
      longitudes = longitudeRange(latitude: latitude, zoom: zoom)
    }
    if longitudes == nil {
      latitude = bestLatitude(zoom: zoom).latitude
      longitudes = longitudeRange(latitude: latitude, zoom: zoom)
    }
    guard let longitudes else { return nil }
    // The focus's longitude in the copy that starts at the bounds' west edge.
    var longitude = camera.focus.lon
    var inside = true
    if longitudes.lowerBound.isFinite {
      longitude = west + eastOfWest(camera.focus.lon)
      inside = longitudes.contains(longitude)
      if longitude > longitudes.upperBound {
        // Past the east edge: the nearer of it and the west edge, round the world.
        let east = longitude - longitudes.upperBound
        let westward = longitudes.lowerBound + 360 - longitude
        longitude = east <= westward ? longitudes.upperBound : longitudes.lowerBound
      }
      longitude = min(max(longitude, longitudes.lowerBound), longitudes.upperBound)
    }
    // A camera already inside is given back as it is (not through the longitude's copy, which
    // rounds its last bit).
    if zoom == camera.zoom, latitude == camera.focus.lat, inside { return camera }
    let focus = Coordinate(lon: Coordinate.normalizedLongitude(longitude), lat: latitude)
    let placed = Camera(
      center: focus, focus: focus, zoom: zoom, bearing: bearing, pitch: pitch, projection: .globe)
    let globe = GlobeProjection(width: width, height: height, insets: insets, camera: placed)
    return Camera(
      center: globe.coordinate(atX: width / 2, y: height / 2) ?? focus, focus: focus, zoom: zoom, bearing: bearing,
      pitch: pitch, projection: .globe)
  }
}
