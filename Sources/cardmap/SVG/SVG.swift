import CardMapWire

/// An SVG 1.1 document built element by element (for `cardmap render`).
struct SVG {
  private(set) var body = ""

  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 100).rounded() / 100
    return JSONValue.format(rounded)
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  /// Appends `<name attributes/>`; attributes in order, values escaped.
  mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
    body += "<\(name)"
    for (key, value) in attributes { body += " \(key)=\"\(SVG.escape(value))\"" }
    if let text {
      body += ">\(SVG.escape(text))</\(name)>\n"
    } else {
      body += "/>\n"
    }
  }

  mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
    body += "<\(name)"
    for (key, value) in attributes { body += " \(key)=\"\(SVG.escape(value))\"" }
    body += ">\n"
  }

  mutating func close(_ name: String) { body += "</\(name)>\n" }

  mutating func rect(_ r: Rect, _ attributes: [(String, String)]) {
    element(
      "rect",
      [
        ("x", SVG.number(r.x)), ("y", SVG.number(r.y)), ("width", SVG.number(r.width)),
        ("height", SVG.number(r.height)),
      ]
        + attributes)
  }

  /// The finished document, `width` × `height` points.
  func document(width: Double, height: Double) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(SVG.number(width))" height="\(SVG.number(height))" \
    viewBox="0 0 \(SVG.number(width)) \(SVG.number(height))" font-family="Helvetica, Arial, sans-serif">
    \(body)</svg>

    """
  }
}
