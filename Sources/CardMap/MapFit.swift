/// The one way content becomes a camera: a view with its insets (a card's layout, or insets given
/// directly), less any overlays, plus the content's extent and the fit options, give the camera and
/// what it shows (MapGeometry's Fitting a camera; CardLayout's Other card systems).
///
/// `cardmap fit`, `cardmap render`, `cardmap replay` and `MapManager` all fit through it.
///
/// ```swift
/// let fit = try MapFit(content: sydney, layout: layout, options: FitOptions(bearing: 30))
/// fit.camera.focus      // give a map whose padding is `fit.insets`
/// fit.visibleRegion     // what the user sees around the content
/// ```
public struct MapFit: Hashable, Sendable {
  /// The camera that shows the content in the visible rect.
  public var camera: Camera
  /// The visible rect unprojected at the camera.
  public var visibleRegion: VisibleRegion
  /// The insets the camera was fitted into: the layout's (or given) insets, grown to leave the
  /// largest rect that the overlays do not cover.
  public var insets: Insets
  /// No camera at the fitted zoom stays inside the Mercator world vertically: `camera` is what the
  /// map client shows (MapGeometry's *Fitting a camera*, World bounds).
  public var worldClamped: Bool
  /// The directions in which content lies beyond the visible rect, north first; empty when all of
  /// it shows.
  public var cut: [ContentEdge]
  /// The view's size in points that the camera was fitted in.
  public let width, height: Double

  /// Fits `content` into what `layout`'s card leaves visible, avoiding its floating toolbar, its info
  /// view and `overlays` too.
  ///
  /// - Throws: `FitError.noContent` without content, `.noVisibleArea` when the card and overlays
  ///   cover the view, `.invalidInput` for options out of range.
  public init(content: GeoBounds?, layout: ScreenLayout, overlays: [Rect] = [], options: FitOptions = FitOptions())
    throws(FitError)
  {
    // The card's floating toolbar and the app's info view cover the map too, wherever they lie over it.
    let covering = [layout.floatingToolbar, layout.infoView].compactMap { $0 }
    try self.init(
      content: content, width: layout.view.width, height: layout.view.height, insets: layout.mapInsets,
      overlays: overlays + covering, options: options)
  }

  /// Fits `content` into a view `width` × `height` less `insets`, avoiding `overlays` too.
  public init(
    content: GeoBounds?, width: Double, height: Double, insets: Insets, overlays: [Rect] = [],
    options: FitOptions = FitOptions()
  ) throws(FitError) {
    let effective = Self.insets(width: width, height: height, insets: insets, overlays: overlays)
    let fit = CameraFit(width: width, height: height, insets: effective, options: options)
    try fit.validate()
    guard let content else { throw .noContent }
    let placement = try fit.placement(for: content)
    camera = placement.camera
    worldClamped = placement.worldClamped
    cut = placement.cut
    visibleRegion = fit.visibleRegion(of: camera)
    self.insets = effective
    self.width = width
    self.height = height
  }

  /// A camera given, not fitted (a steady focus, a selection kept clear, a constrained camera), with
  /// what it shows in a view `width` × `height` whose padding is `insets`, in the camera's projection;
  /// `cut` is what `content` (when given) then leaves outside.
  public init(
    camera: Camera, width: Double, height: Double, insets: Insets, content: GeoBounds? = nil,
    worldClamped: Bool = false
  ) {
    self.camera = camera
    self.insets = insets
    self.worldClamped = worldClamped
    self.width = width
    self.height = height
    let transform = MapTransform(width: width, height: height, insets: insets, camera: camera)
    cut = content.map(transform.cut(of:)) ?? []
    visibleRegion = transform.visibleRegion
  }

  /// The insets a fit uses: `insets`, grown to leave the largest rect that `overlays` do not cover.
  public static func insets(width: Double, height: Double, insets: Insets, overlays: [Rect]) -> Insets {
    guard !overlays.isEmpty else { return insets }
    let view = Rect(x: 0, y: 0, width: width, height: height)
    let free = Occlusion.largestUnobscuredRect(in: insets.rect(inWidth: width, height: height), avoiding: overlays)
    return Occlusion.insets(of: free, in: view)
  }

  /// The insets a fit in `layout` uses: its map insets, grown to leave the largest rect that its
  /// floating toolbar, its info view and `overlays` do not cover.
  public static func insets(layout: ScreenLayout, overlays: [Rect] = []) -> Insets {
    insets(
      width: layout.view.width, height: layout.view.height, insets: layout.mapInsets,
      overlays: overlays + [layout.floatingToolbar, layout.infoView].compactMap { $0 })
  }

  /// What the map shows at this fit's camera, its insets the padding, in the camera's projection
  /// (MapGeometry's One camera).
  public var transform: MapTransform {
    MapTransform(width: width, height: height, insets: insets, camera: camera)
  }

  /// This fit moved and zoomed in as little as keeps its visible rect inside `bounds`, and the
  /// constraint that did it (MapGeometry's Fitting a camera, Bounds): `cut` is then measured against
  /// `content`.
  ///
  /// - Throws: `FitError` when the bounds are invalid, or the pitch shows the horizon.
  public func kept(inside bounds: GeoBounds, content: GeoBounds?) throws(FitError) -> (
    fit: MapFit, constraint: BoundsConstraint
  ) {
    let constraint = try BoundsConstraint(
      bounds: bounds, width: width, height: height, insets: insets, bearing: camera.bearing, pitch: camera.pitch,
      projection: camera.projection)
    let kept = try constraint.constrain(camera)
    return (MapFit(camera: kept, width: width, height: height, insets: insets, content: content), constraint)
  }
}
