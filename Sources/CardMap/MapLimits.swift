/// The map's own limits (MapLibre's `minZoom`, `maxZoom` and `maxBounds`, Leaflet's alike): every
/// fit of every manager lies within them, whatever its card asks (<doc:StacksAndManagers#Map-limits>).
///
/// A card's zooms are narrowed to the map's (a card's `maxZoom` 18 on a map that stops at 16 fits
/// at 16 at most); a single point's zoom is kept between them; with `maxBounds`, the fitted camera is
/// then moved and zoomed in as little as keeps what shows inside them (``MapFit/kept(inside:content:)``).
public struct MapLimits: Hashable, Sendable {
  /// The least zoom the map shows.
  public var minZoom: Double
  /// The greatest zoom the map shows.
  public var maxZoom: Double
  /// What the map may show, or nil for the whole world.
  public var maxBounds: GeoBounds?

  /// No limits beyond the zooms a fit can take at all.
  public static let none = MapLimits(
    minZoom: FitOptions.zoomRange.lowerBound, maxZoom: FitOptions.zoomRange.upperBound, maxBounds: nil)

  public init(minZoom: Double, maxZoom: Double, maxBounds: GeoBounds? = nil) {
    self.minZoom = minZoom
    self.maxZoom = maxZoom
    self.maxBounds = maxBounds
  }

  /// `options` within these limits: its zoom range narrowed to the map's (where the two do not
  /// meet, the map's wins), its point zoom kept inside the result. Options that are wrong in
  /// themselves (a `maxZoom` below their `minZoom`) are left for the fit to refuse.
  public func bounding(_ options: FitOptions) -> FitOptions {
    guard self != .none, options.minZoom <= options.maxZoom else { return options }
    var bounded = options
    bounded.minZoom = min(max(options.minZoom, minZoom), maxZoom)
    bounded.maxZoom = max(min(options.maxZoom, maxZoom), bounded.minZoom)
    if let point = options.pointZoom { bounded.pointZoom = min(max(point, bounded.minZoom), bounded.maxZoom) }
    return bounded
  }
}
