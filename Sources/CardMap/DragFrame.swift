/// A frame of a drag: the top card with its top at a y, and the camera its map manager shows there
/// (<doc:StacksAndManagers#Predicted-ends>), for a client that moves the map with the finger.
public struct DragFrame {
  /// The top card's layout, dragged.
  public var layout: ScreenLayout
  /// The top manager's fit at `layout`; nil without a manager or content, or when the fit fails.
  public var fit: MapFit?
}

extension CardStack {
  /// The top card dragged to `y` (CardLayout's Gestures and commands: rubber-banded past its
  /// positions), and its manager's camera there, changing nothing; `drag(y:velocity:)` ends the drag.
  public func dragFrame(y: Double) -> DragFrame {
    let dragged = layout(of: entries.count - 1, placement: .dragging(y: y))
    return DragFrame(layout: dragged, fit: try? top.manager?.fit(at: dragged))
  }
}
