import CardMapWire
import PlatformMath

/// The glyphs of a map app's buttons, as SVG paths centred on a point, about 20 pt across: the
/// card's map buttons (layers, info, search in turn) and its floating buttons (directions, a star,
/// share in turn). `page` draws the same shapes (PageTemplate's icons), so both read alike.
enum Icons {
  /// The names of the card's map buttons, by index (repeating).
  static let mapButtons = ["layers", "info", "search"]
  /// The names of the card's floating buttons, by index (repeating).
  static let floatingButtons = ["directions", "star", "share"]

  /// The glyph of the card's floating button at `index`.
  static func floatingButton(_ index: Int) -> String { floatingButtons[index % floatingButtons.count] }

  /// The glyph of each of a layout's map buttons, in order: `compass` and `user-tracking` by role,
  /// the card's own buttons `mapButtons` in turn. `render` and `page` both draw from it.
  static func glyphs(of items: [ToolbarItem]) -> [String] {
    var cardButtons = 0
    return items.map { item in
      switch item.role {
      case .compass: return "compass"
      case .userTracking: return "user-tracking"
      case .card:
        defer { cardButtons += 1 }
        return mapButtons[cardButtons % mapButtons.count]
      }
    }
  }

  /// Draws a map button's glyph (`glyphs(of:)`) at (x, y): the compass turned against the map's
  /// `bearing`, the user-tracking arrow, or an outline glyph in the buttons' blue.
  static func drawMapButton(_ name: String, x: Double, y: Double, bearing: Double, into svg: inout SVG) {
    switch name {
    case "compass": compass(x: x, y: y, bearing: bearing, into: &svg)
    case "user-tracking": userTracking(x: x, y: y, into: &svg)
    default:
      svg.open("g", [("class", "button")])
      draw(name, x: x, y: y, colour: "#1971c2", into: &svg)
      svg.close("g")
    }
  }

  /// The outline of glyph `name` around (x, y), to stroke (and fill where `filled`).
  static func path(_ name: String, x: Double, y: Double) -> (d: String, filled: Bool) {
    func p(_ dx: Double, _ dy: Double) -> String { SVG.number(x + dx) + " " + SVG.number(y + dy) }
    switch name {
    case "layers":
      return ("M\(p(-9, -2))L\(p(0, -7))L\(p(9, -2))L\(p(0, 3))Z M\(p(-9, 2))L\(p(0, 7))L\(p(9, 2))", false)
    case "info":
      return (
        "M\(p(-8, 0))A8 8 0 1 0 \(p(8, 0))A8 8 0 1 0 \(p(-8, 0))Z M\(p(0, -1))L\(p(0, 5)) M\(p(0, -4.5))L\(p(0, -4))",
        false
      )
    case "search":
      return ("M\(p(-8, -2))A6 6 0 1 0 \(p(4, -2))A6 6 0 1 0 \(p(-8, -2))Z M\(p(2.5, 2.5))L\(p(8, 8))", false)
    case "directions":
      return (
        "M\(p(0, -9))L\(p(9, 0))L\(p(0, 9))L\(p(-9, 0))Z M\(p(-3, 3))L\(p(-3, -1))L\(p(3, -1)) M\(p(1, -3))L\(p(3, -1))L\(p(1, 1))",
        false
      )
    case "star":
      let points = (0..<10).map { k -> String in
        let angle = Double(k) * Double.pi / 5 - Double.pi / 2
        let radius = k.isMultiple(of: 2) ? 9.0 : 4.0
        return p(radius * cos(angle), radius * sin(angle))
      }
      return ("M" + points.joined(separator: "L") + "Z", true)
    default:  // share
      return (
        "M\(p(-6, -2))L\(p(-6, 8))L\(p(6, 8))L\(p(6, -2)) M\(p(0, 3))L\(p(0, -9)) M\(p(-4, -5))L\(p(0, -9))L\(p(4, -5))",
        false
      )
    }
  }

  /// The compass's needle at (x, y), turned against the map's `bearing` so that it points north.
  private static func compass(x: Double, y: Double, bearing: Double, into svg: inout SVG) {
    svg.element(
      "polygon",
      [
        ("class", "button compass"),
        (
          "points",
          [(x, y - 12), (x + 5, y), (x - 5, y)].map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }.joined(separator: " ")
        ),
        ("fill", "#e03131"), ("transform", "rotate(\(SVG.number(-bearing)) \(SVG.number(x)) \(SVG.number(y)))"),
      ])
  }

  /// The user-tracking arrow at (x, y).
  private static func userTracking(x: Double, y: Double, into svg: inout SVG) {
    svg.element(
      "polygon",
      [
        ("class", "button user-tracking"),
        (
          "points",
          [(x - 7, y + 2), (x + 8, y - 8), (x + 2, y + 7), (x, y + 2)].map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }
            .joined(separator: " ")
        ),
        ("fill", "#1971c2"),
      ])
  }

  /// A glyph alone, as inline SVG markup `size` points square, for the page's buttons.
  static func markup(size: Double, _ draw: (inout SVG) -> Void) -> String {
    var svg = SVG()
    draw(&svg)
    let side = SVG.number(size)
    return
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\" viewBox=\"0 0 \(side) \(side)\">"
      + svg.body + "</svg>"
  }

  /// Draws glyph `name` at (x, y) in `colour`.
  static func draw(_ name: String, x: Double, y: Double, colour: String, into svg: inout SVG) {
    let (d, filled) = path(name, x: x, y: y)
    svg.element(
      "path",
      [
        ("class", "icon \(name)"), ("d", d), ("fill", filled ? colour : "none"), ("stroke", colour),
        ("stroke-width", "2"), ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
      ])
  }
}
