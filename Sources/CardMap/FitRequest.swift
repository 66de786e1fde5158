/// What a fit is asked for, on every front end (`cardmap fit`, `motion`, `render` and `page`, the web
/// engine's `fit`, and `MapManager`'s content fit): the content, the fit options, max bounds,
/// overlays, and the camera modes that move with the card (MapGeometry's Cameras that move with the
/// card): a steady focus, a selection kept clear, the exclusion zones. `answer` takes the steps from
/// a request to its cameras, once.
///
/// **The globe rule** (MapGeometry's One camera): every mode follows the camera's own model. On a
/// camera drawn as a sphere (below zoom 12, MapLibre's `globe` projection's end), at any pitch, a
/// steady focus, a selection kept clear, the exclusion zones and max bounds follow the sphere
/// (`SteadyFocus`, `MapTransform.keepingClear`, `GlobeProjection.ring(of:)`, `GlobeBounds`). The
/// same rule on every front end, since they all answer through here.
///
/// ```swift
/// let request = FitRequest(content: sydney, selection: .init(Coordinate(lon: 151.21, lat: -33.86)))
/// let answer = try request.answer(environment: phone, card: CardState())
/// answer.fit.camera            // the content's camera
/// try answer.selection?.get()  // the camera that keeps the callout clear, or why there is none
/// ```
public struct FitRequest: Hashable, Sendable {
  /// A point held where the fit with the card at `from` shows it (default: that fit's focus).
  public struct Steady: Hashable, Sendable {
    public var anchor: Coordinate?
    public var from: CardPlacement

    public init(anchor: Coordinate? = nil, from: CardPlacement = .settled(.peaking)) {
      self.anchor = anchor
      self.from = from
    }
  }

  /// A selected coordinate whose callout is kept clear of the card and controls.
  public struct Selection: Hashable, Sendable {
    public var coordinate: Coordinate
    public var callout: Callout

    /// The default callout: a MapKit-sized bubble, 240 × 80, centred above the selection.
    public static let defaultCallout = Callout(width: 240, height: 80)

    public init(_ coordinate: Coordinate, callout: Callout = Selection.defaultCallout) {
      self.coordinate = coordinate
      self.callout = callout
    }
  }

  /// The content's extent (nil: none, an error to fit).
  public var content: GeoBounds?
  public var options: FitOptions
  /// More rects the map must avoid (a toast, a banner).
  public var overlays: [Rect]
  /// Bounds the visible rect is kept inside (MapGeometry's Fitting a camera, Bounds).
  public var maxBounds: GeoBounds?
  public var steady: Steady?
  public var selection: Selection?
  /// Whether to give the exclusion zones (what the card and its controls cover, on the map).
  public var exclusions: Bool

  public init(
    content: GeoBounds?, options: FitOptions = FitOptions(), overlays: [Rect] = [], maxBounds: GeoBounds? = nil,
    steady: Steady? = nil, selection: Selection? = nil, exclusions: Bool = false
  ) {
    self.content = content
    self.options = options
    self.overlays = overlays
    self.maxBounds = maxBounds
    self.steady = steady
    self.selection = selection
    self.exclusions = exclusions
  }

  /// The cameras for `card` on `environment`.
  ///
  /// - Throws: `FitError` when the content cannot be fitted or kept inside the max bounds; a mode
  ///   that cannot hold is not an error but its answer's reason.
  public func answer(environment: LayoutEnvironment, card: CardState) throws(FitError) -> FitAnswer {
    try answer(environment: environment, card: card, steadyStart: nil)
  }

  /// `answer(environment:card:)` with the steady focus's start already fitted (`start(of:…)`), for
  /// every frame of a drag (`CameraFollower`).
  package func answer(environment: LayoutEnvironment, card: CardState, steadyStart: Result<MapFit, FitError>?)
    throws(FitError) -> FitAnswer
  {
    let layout = ScreenLayout(environment: environment, card: card)
    var answer = try contentFit(MapFit(content: content, layout: layout, overlays: overlays, options: options))
    answer.layout = layout
    if let steady {
      answer.steady = Result { () throws(FitError) -> MapFit in
        let first: MapFit
        if let steadyStart {
          first = try steadyStart.get()
        } else {
          first = try start(of: steady, environment: environment, card: card)
        }
        return try Self.holding(steady.anchor ?? first.camera.focus, from: first, in: layout, overlays: overlays)
      }
    }
    answer.selection = selection.map {
      keptClear($0, at: answer.fit, avoiding: CameraMode.obstacles(in: layout), within: layout.visibleRect)
    }
    if exclusions {
      answer.zones = Result { () throws(FitError) in try answer.fit.exclusionZones(in: layout) }
    }
    return answer
  }

  /// The cameras for a view `width` × `height` whose map is padded by `insets`, with no card: the
  /// selection is kept inside the padded view; a steady focus and exclusion zones need a card.
  public func answer(width: Double, height: Double, insets: Insets) throws(FitError) -> FitAnswer {
    if steady != nil || exclusions {
      throw .invalidInput("a steady focus and exclusion zones need a card's layout, not bare insets")
    }
    var answer = try contentFit(
      MapFit(content: content, width: width, height: height, insets: insets, overlays: overlays, options: options))
    answer.selection = selection.map { keptClear($0, at: answer.fit, avoiding: [], within: nil) }
    return answer
  }

  /// The content's fit with the card at `steady.from`, kept inside the max bounds: where a steady
  /// focus starts (the same for every frame of a drag).
  public func start(of steady: Steady, environment: LayoutEnvironment, card: CardState) throws(FitError) -> MapFit {
    var start = card
    start.placement = steady.from
    let layout = ScreenLayout(environment: environment, card: start)
    return try contentFit(MapFit(content: content, layout: layout, overlays: overlays, options: options)).fit
  }

  /// `selection` kept clear at `fit`'s camera, clear of `obstacles` inside `room` (nil: the padded
  /// view), with the least move, or why it cannot be.
  func keptClear(_ selection: Selection, at fit: MapFit, avoiding obstacles: [Rect], within room: Rect?)
    -> Result<FitAnswer.Cleared, FitError>
  {
    Result { () throws(FitError) -> FitAnswer.Cleared in
      let cleared = try fit.transform.keepingClear(
        selection.coordinate, callout: selection.callout, avoiding: obstacles, within: room, maxZoom: options.maxZoom)
      return FitAnswer.Cleared(fit: fit.moved(to: cleared.camera), selection: cleared)
    }
  }

  /// `fit` kept inside the max bounds, if any.
  func contentFit(_ fit: @autoclosure () throws(FitError) -> MapFit) throws(FitError) -> FitAnswer {
    let fitted = try fit()
    guard let maxBounds else { return FitAnswer(request: self, fit: fitted) }
    let (kept, constraint): (MapFit, BoundsConstraint)
    do throws(FitError) {
      (kept, constraint) = try fitted.kept(inside: maxBounds, content: content)
    } catch {
      // Named as the max bounds'.
      switch error {
      case .invalidInput(let what): throw .invalidInput("max bounds: \(what)")
      case .noRoom(let what): throw .noRoom("max bounds: \(what)")
      default: throw error
      }
    }
    var answer = FitAnswer(request: self, fit: kept)
    answer.constraint = constraint
    answer.constraintMoved = kept.camera.focus != fitted.camera.focus || kept.camera.zoom != fitted.camera.zoom
    return answer
  }

  /// The camera at `layout` that holds `anchor` where `first` shows it (MapGeometry's `SteadyFocus`),
  /// on a flat map or on the globe.
  ///
  /// - Throws: `FitError.noRoom` when the anchor shows nowhere at the start (behind a pitched camera,
  ///   on the globe's far side) or cannot show at its place (at or above the horizon, past the limb).
  public static func holding(_ anchor: Coordinate, from first: MapFit, in layout: ScreenLayout, overlays: [Rect] = [])
    throws(FitError) -> MapFit
  {
    let (width, height) = (layout.view.width, layout.view.height)
    guard
      let steady = SteadyFocus(anchor: anchor, camera: first.camera, width: width, height: height, insets: first.insets)
    else { throw .noRoom("the anchor \(anchor) shows nowhere at the start") }
    let insets = MapFit.insets(layout: layout, overlays: overlays)
    guard let camera = steady.camera(width: width, height: height, insets: insets) else {
      throw .noRoom(
        "the anchor \(anchor) cannot show at its place in the visible rect "
          + (first.camera.drawnProjection == .globe ? "(past the globe's limb)" : "(at or above the horizon)"))
    }
    return MapFit(camera: camera, width: width, height: height, insets: insets)
  }
}

extension MapFit {
  /// The same view with another camera (a selection kept clear): what it shows, nothing cut.
  func moved(to camera: Camera) -> MapFit {
    MapFit(camera: camera, width: width, height: height, insets: insets)
  }
}
