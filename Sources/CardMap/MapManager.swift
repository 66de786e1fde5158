/// Owns a card's map content and the camera that frames it (<doc:StacksAndManagers>; MapGeometry's Fitting a camera).
///
/// A map manager is an object: two cards share a manager when they hold the same instance, and a
/// hand-over happens only between different instances. The content's extent is computed once;
/// `refit(layout:)` then costs one camera fit (well under a microsecond), so the camera can follow
/// every frame of a drag, a rotation or a header change.
///
/// ```swift
/// let manager = MapManager(id: "route", bounds: GeoBounds(west: 151.2, south: -33.87, east: 151.29, north: -33.8))
/// manager.takeCharge(layout: layout)
/// manager.camera?.center
/// ```
public final class MapManager {
  /// A name for events and snapshots; managers are told apart by identity, not by id.
  public let id: String
  /// The content's extent, or nil for none.
  public private(set) var bounds: GeoBounds?
  /// Whether this manager drives the map now.
  public private(set) var isInCharge = false
  /// The fit for the latest layout it was given, while in charge and with content.
  public private(set) var fit: MapFit?
  /// Why there is no fit although the manager is in charge (no content, insets that leave no
  /// visible area, options out of range), or nil: a failed fit is reported, never hidden.
  public private(set) var fitError: FitError?
  /// How the camera is fitted (bearing, zoom limits, snapping, a single point's zoom); the view
  /// and insets come from the layout. By default a single point fits at ``defaultPointZoom``.
  public var fitOptions: FitOptions
  /// The map's own zoom limits and bounds, which bound every fit (``MapLimits``).
  public var limits: MapLimits = .none

  /// The zoom a single point fits at unless the options say otherwise: 16, a street and its
  /// neighbours across a phone (what Apple Maps and Google Maps show of one place; MapLibre's zoom
  /// counts 512-point tiles, so this is Google's 17), not `maxZoom`'s empty 22.
  public static let defaultPointZoom = 16.0

  /// What the camera follows as the insets change (<doc:StacksAndManagers#Camera-modes>): the
  /// content (the default), a point held steady, or a selection kept clear. Applied at the next
  /// `refit(layout:)`.
  public var cameraMode: CameraMode = .fitContent

  /// The camera of `fit`.
  public var camera: Camera? { fit?.camera }

  public init(
    id: String, bounds: GeoBounds? = nil, fitOptions: FitOptions = FitOptions(pointZoom: MapManager.defaultPointZoom)
  ) {
    self.id = id
    self.bounds = bounds
    self.fitOptions = fitOptions
  }

  #if !hasFeature(Embedded)
    /// A manager whose content is the positions of a GeoJSON document, in `crs` (any CRS PROJ
    /// takes, or one of the built-in table without PROJ), else in the CRS its legacy `crs` member
    /// names, else in lon/lat.
    ///
    /// - Throws: `DocumentTransformError` naming the first position that cannot be transformed (or
    ///   is not lon/lat) with its JSON path, or the CRS that is not accepted.
    public convenience init(id: String, document: GeoJSONDocument, crs: String? = nil) throws(DocumentTransformError) {
      var lonLat = document
      var content = try LonLatContent(crs: crs)
      try content.convert(&lonLat)
      var extent = ExtentBuilder()
      extent.add(lonLat.positions)
      self.init(id: id, bounds: extent.bounds)
    }
  #endif

  /// Replaces the content; the camera is refitted if in charge and given the layout.
  public func setContent(_ bounds: GeoBounds?, layout: ScreenLayout? = nil) {
    self.bounds = bounds
    if isInCharge, let layout { refit(layout: layout) }
  }

  /// Starts driving the map, fitted to `layout`'s insets.
  public func takeCharge(layout: ScreenLayout) {
    isInCharge = true
    refit(layout: layout)
  }

  /// Stops driving the map. Calling it again does nothing.
  public func cleanUp() {
    isInCharge = false
    fit = nil
    fitError = nil
  }

  /// Refits the camera to new insets (a drag, a rotation, a header). Does nothing unless in
  /// charge; without content there is no fit and no error.
  public func refit(layout: ScreenLayout) {
    fitError = nil
    do {
      fit = try fit(at: layout)
    } catch {
      fit = nil
      fitError = error
    }
  }

  /// Holds `anchor` where it shows now in the visible rect while the card moves
  /// (<doc:StacksAndManagers#Camera-modes>): the camera mode becomes `.steady`. Returns false, and
  /// changes nothing, without a camera or when the anchor shows nowhere (behind a pitched camera).
  @discardableResult public func holdSteady(_ anchor: Coordinate, layout: ScreenLayout) -> Bool {
    guard let fit,
      let steady = SteadyFocus(
        anchor: anchor, camera: fit.camera, width: layout.view.width, height: layout.view.height, insets: fit.insets)
    else { return false }
    cameraMode = .steady(steady)
    return true
  }

  /// The fit this manager would have at `layout`, changing nothing: nil unless in charge and with
  /// content or a camera to follow (what `refit(layout:)` then keeps).
  func fit(at layout: ScreenLayout) throws(FitError) -> MapFit? {
    guard isInCharge else { return nil }
    let (width, height) = (layout.view.width, layout.view.height)
    let fitOptions = limits.bounding(self.fitOptions)
    switch cameraMode {
    case .fitContent:
      guard bounds != nil else { return nil }
      let fitted = try MapFit(content: bounds, layout: layout, options: fitOptions)
      guard let maxBounds = limits.maxBounds else { return fitted }
      return try fitted.kept(inside: maxBounds, content: bounds).fit
    case .steady(let steady):
      let insets = MapFit.insets(layout: layout)
      guard let camera = steady.camera(width: width, height: height, insets: insets) else {
        throw .noRoom("the anchor \(steady.anchor) would show at or above the horizon")
      }
      return MapFit(camera: camera, width: width, height: height, insets: insets)
    case .keepClear(let selection, let callout):
      let insets = MapFit.insets(layout: layout)
      // From the camera shown now, the ground kept still under the new padding (its view centre
      // stays); before the first camera, from the content's fit.
      let base: Camera
      if let current = fit {
        let still = MapTransform(width: width, height: height, insets: insets, camera: current.camera)
        base = still.camera(placing: current.camera.center, atX: width / 2, y: height / 2) ?? current.camera
      } else if bounds != nil {
        base = try MapFit(content: bounds, layout: layout, options: fitOptions).camera
      } else {
        return nil
      }
      let cleared = try MapTransform(width: width, height: height, insets: insets, camera: base).keepingClear(
        selection, callout: callout, avoiding: CameraMode.obstacles(in: layout), within: layout.visibleRect,
        maxZoom: fitOptions.maxZoom)
      return MapFit(camera: cleared.camera, width: width, height: height, insets: insets)
    }
  }
}

/// What a manager's camera follows as the insets change (<doc:StacksAndManagers#Camera-modes>).
public enum CameraMode: Hashable, Sendable {
  /// The content's fit, refitted to every layout.
  case fitContent
  /// A point held at the same place in the visible rect, zoom unchanged (MapGeometry's `SteadyFocus`).
  case steady(SteadyFocus)
  /// A selection whose callout is kept inside the visible rect and clear of the map buttons, the
  /// floating toolbar and the info view with the least pan (`ScreenProjection.keepingClear`),
  /// from the camera shown before.
  case keepClear(selection: Coordinate, callout: Callout)

  /// What a callout must stay clear of in `layout`: the map buttons' toolbars (unless faded out),
  /// the floating toolbar and the info view.
  public static func obstacles(in layout: ScreenLayout) -> [Rect] {
    let buttons = layout.buttonAlpha > 0 ? [layout.topToolbar, layout.bottomToolbar] : []
    return (buttons + [layout.floatingToolbar, layout.infoView]).compactMap { $0 }
  }
}
