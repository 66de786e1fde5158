import PlatformMath

/// What a map client does to a camera that would show space beyond the Mercator world vertically
/// (<doc:CameraFitting#World-bounds>), as MapLibre GL JS 5 does it (its Mercator transform's
/// `getConstrained`); MapKit and Google Maps clamp alike.
///
/// With the world `S = 512·2^zoom` points tall and the client's centre at `cy` points from the
/// world's north edge, in a view `H` points tall: a world shorter than the view is zoomed in by
/// `log2(H / S)` and centred; otherwise `cy` is moved into `[H/2, S − H/2]`. The client uses the
/// whole view's height even when padding is set, so a camera given as `focus` with padding is
/// clamped around the focus. Longitude is free.
///
/// ```swift
/// let kept = WorldBounds.constrain(x: 0.5, y: 0.01, zoom: 1, viewHeight: 844)
/// kept.y    // 844/2 / 1024 = 0.412…: the client moved the camera south
/// ```
public enum WorldBounds {
  /// The camera a client shows for one whose centre is at unit (`x`, `y`) at `zoom`: the same when
  /// it is kept.
  public static func constrain(x: Double, y: Double, zoom: Double, viewHeight: Double) -> (
    x: Double, y: Double, zoom: Double
  ) {
    let world = WebMercator.worldSize(zoom: zoom)
    // A world as tall as the view to rounding (one the client already zoomed in) is kept.
    guard world >= viewHeight * (1 - 1e-12) else { return (x, 0.5, zoom + log2(viewHeight / world)) }
    let half = min(viewHeight / 2 / world, 0.5)
    return (x, min(max(y, half), 1 - half), zoom)
  }

  /// Whether a client keeps a camera centred at unit `y` at `zoom`, within `tolerance` points.
  public static func keeps(y: Double, zoom: Double, viewHeight: Double, tolerance: Double = 1e-6) -> Bool {
    let world = WebMercator.worldSize(zoom: zoom)
    guard world >= viewHeight * (1 - 1e-12) else { return false }
    let clamped = constrain(x: 0, y: y, zoom: zoom, viewHeight: viewHeight).y
    return abs(clamped - y) * world <= tolerance
  }

  /// Whether a client keeps a camera whose focus (given with the padding) lies at unit `focusY` and
  /// whose centre (given without) at unit `centerY` (nil: only the focus form is given, as for a
  /// pitched camera), within `tolerance` points.
  public static func keeps(
    focusY: Double, centerY: Double?, zoom: Double, viewHeight: Double, tolerance: Double = 1e-6
  ) -> Bool {
    keeps(y: focusY, zoom: zoom, viewHeight: viewHeight, tolerance: tolerance)
      && (centerY.map { keeps(y: $0, zoom: zoom, viewHeight: viewHeight, tolerance: tolerance) } ?? true)
  }
}
