/// Where a drag released now ends, and the camera the map shows there
/// (<doc:StacksAndManagers#Predicted-ends>).
public struct PredictedEnd {
  /// The snap: the target position and the animation's duration.
  public var snap: Snap
  /// The top card's layout at the target position; the camera is fitted to its map insets.
  public var layout: ScreenLayout
  /// The top manager's fit at `layout`; nil without a manager or content, or when the fit fails
  /// (the manager's `fitError` says why once the drag ends).
  public var fit: MapFit?
}

extension CardStack {
  /// Where a drag of the top card released at `y` with `velocity` (pt/s, + is down) ends, and the
  /// camera for the insets there, without moving anything: at finger-up a client can start the
  /// card's and the map's animations together, from the first frame. `drag(y:velocity:)` then
  /// leaves the stack at exactly this layout and camera.
  public func predictedEnd(y: Double, velocity: Double) -> PredictedEnd {
    let current = layout
    let snap = Snap(y: y, velocity: velocity, layout: current, vertical: environment.vertical)
    let target = current.draggable ? layout(of: entries.count - 1, position: snap.position) : current
    return PredictedEnd(snap: snap, layout: target, fit: try? top.manager?.fit(at: target))
  }
}
