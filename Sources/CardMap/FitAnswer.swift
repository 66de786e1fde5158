/// A `FitRequest`'s cameras: the content's fit (kept inside the max bounds, with the constraint), and
/// for each camera mode asked for its camera or why it has none. CardMapWire's `json()` is the one JSON form,
/// `cardmap fit`'s and the web engine's `fit`, member for member (the cardmap command article).
public struct FitAnswer: Hashable, Sendable {
  /// A selection kept clear: the moved camera, and how far it moved.
  public struct Cleared: Hashable, Sendable {
    public var fit: MapFit
    public var selection: ClearedSelection
  }

  public var request: FitRequest
  /// The card's layout, when the request was answered for a card.
  public var layout: ScreenLayout?
  /// The content's camera.
  public var fit: MapFit
  /// The max bounds' constraint at the camera, when there are max bounds.
  public var constraint: BoundsConstraint?
  /// Whether the constraint moved or zoomed the content's fit.
  public var constraintMoved = false
  /// Each mode asked for (nil: not asked): its camera, or why it has none.
  public var steady: Result<MapFit, FitError>?
  public var selection: Result<Cleared, FitError>?
  public var zones: Result<[ExclusionZone], FitError>?

  public init(request: FitRequest, fit: MapFit) {
    self.request = request
    self.fit = fit
  }
}
