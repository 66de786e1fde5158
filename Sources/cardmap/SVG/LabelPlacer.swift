import CardMapWire

/// Names on a picture, placed so that none overlaps another, a marker or what covers the map (the
/// card, the toolbars): each tries the right of its marker, then the left, above and below, and a
/// name with no free place is left out, as a map client drops a label that collides. The first
/// placed wins, so the content's names go before the basemap's places.
struct LabelPlacer {
  /// Boxes no label may overlap: placed labels, markers, covered areas.
  private(set) var taken: [Rect]
  /// Where labels may go: the view.
  let area: Rect

  init(area: Rect, obstacles: [Rect]) {
    self.area = area
    taken = obstacles
  }

  /// A placed label: its text's start and baseline.
  struct Placed: Equatable {
    var x: Double
    var y: Double
  }

  /// The width a line of `text` takes at `fontSize`: a sans-serif's average advance, a little generous.
  static func width(of text: String, fontSize: Double) -> Double { Double(text.count) * fontSize * 0.56 }

  /// Keeps a marker's box clear of labels.
  mutating func reserve(_ box: Rect) { taken.append(box) }

  /// Whether `box` lies in the area and overlaps nothing taken.
  func isFree(_ box: Rect) -> Bool {
    box.minX >= area.minX && box.maxX <= area.maxX && box.minY >= area.minY && box.maxY <= area.maxY
      && !taken.contains(where: { $0.intersection(box) != nil })
  }

  /// Places `text` beside a marker of `radius` at (x, y), or returns nil when every place around it
  /// collides or leaves the area.
  mutating func place(_ text: String, x: Double, y: Double, radius: Double, fontSize: Double) -> Placed? {
    let width = LabelPlacer.width(of: text, fontSize: fontSize)
    let height = fontSize * 1.2
    let gap = radius + 3
    let candidates = [
      Rect(x: x + gap, y: y - height / 2, width: width, height: height),
      Rect(x: x - gap - width, y: y - height / 2, width: width, height: height),
      Rect(x: x - width / 2, y: y - gap - height, width: width, height: height),
      Rect(x: x - width / 2, y: y + gap, width: width, height: height),
    ]
    for box in candidates where isFree(box) {
      taken.append(box)
      // The baseline sits a quarter of the line above the box's bottom.
      return Placed(x: box.minX, y: box.maxY - height * 0.25)
    }
    return nil
  }
}
