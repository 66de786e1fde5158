/// Owns a card's map content and the camera that frames it (SPEC §8, §9).
///
/// A map manager is an object: two cards share a manager when they hold the same instance, and a
/// hand-over happens only between different instances. The content's extent is computed once;
/// `refit(layout:)` then costs one camera fit (well under a microsecond), so the camera can follow
/// every frame of a drag, a rotation or a header change.
///
/// ```swift
/// let manager = MapManager(id: "route", bounds: GeoBounds(west: 151.2, south: -33.87, east: 151.29, north: -33.8))
/// manager.takeCharge(layout: layout, width: 390, height: 844)
/// manager.camera?.center
/// ```
public final class MapManager {
  /// A name for events and snapshots; managers are told apart by identity, not by id.
  public let id: String
  /// The content's extent, or nil for none.
  public private(set) var bounds: GeoBounds?
  /// Whether this manager drives the map now.
  public private(set) var isInCharge = false
  /// The camera for the latest layout it was given, while in charge and with content.
  public private(set) var camera: Camera?
  /// Why there is no camera although the manager is in charge and has content (insets that leave
  /// no visible area, fit options out of range), or nil: a failed fit is reported, never hidden.
  public private(set) var fitError: FitError?
  /// How the camera is fitted (bearing, zoom limits, snapping); the view size and insets come
  /// from the layout.
  public var fitOptions: CameraFit

  public init(id: String, bounds: GeoBounds? = nil, fitOptions: CameraFit = CameraFit(width: 1, height: 1)) {
    self.id = id
    self.bounds = bounds
    self.fitOptions = fitOptions
  }

  /// A manager whose content is the positions of a GeoJSON document.
  public convenience init(id: String, document: GeoJSONDocument) {
    var extent = ExtentBuilder()
    extent.add(document.positions)
    self.init(id: id, bounds: extent.bounds)
  }

  /// Replaces the content; the camera is refitted if in charge.
  public func setContent(_ bounds: GeoBounds?, layout: ScreenLayout? = nil, width: Double = 0, height: Double = 0) {
    self.bounds = bounds
    if isInCharge, let layout { refit(layout: layout, width: width, height: height) }
  }

  /// Starts driving the map, fitted to `layout`'s insets in a view `width` × `height`.
  public func takeCharge(layout: ScreenLayout, width: Double, height: Double) {
    isInCharge = true
    refit(layout: layout, width: width, height: height)
  }

  /// Stops driving the map. Calling it again does nothing.
  public func cleanUp() {
    isInCharge = false
    camera = nil
    fitError = nil
  }

  /// Refits the camera to new insets (a drag, a rotation, a header). Does nothing unless in charge.
  public func refit(layout: ScreenLayout, width: Double, height: Double) {
    camera = nil
    fitError = nil
    guard isInCharge, let bounds else { return }
    var fit = fitOptions
    fit.width = width
    fit.height = height
    let insets = layout.mapInsets
    fit.padding = Padding(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    do {
      camera = try fit.camera(for: bounds)
    } catch {
      fitError = error
    }
  }
}

extension ExtentBuilder {
  /// Adds every position of a GeoJSON document's buffer.
  public mutating func add(_ positions: PositionBuffer) {
    positions.lons.withUnsafeBufferPointer { lons in
      positions.lats.withUnsafeBufferPointer { lats in add(lons: lons, lats: lats) }
    }
  }
}
