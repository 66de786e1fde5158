/// Cardboard-style modal cards (<doc:OtherCardSystems>): an anchor, per-edge insets with conditions,
/// safe-area avoidance, corners, and what they cover.
public struct ModalCard: Hashable, Sendable {
  /// Where the card sits.
  public enum Anchor: String, Hashable, Sendable, CaseIterable {
    case top, bottom, left, right, center
  }

  public enum Edge: String, Hashable, Sendable, CaseIterable {
    case top, left, bottom, right
  }

  /// When an edge's inset counts, judged against that edge's own safe inset `s`.
  public enum Condition: Hashable, Sendable {
    case always
    /// `safeArea(false)`: `s == 0`; `safeArea(true)`: `s != 0`.
    case safeArea(Bool)
    /// `s == 20`, the legacy status bar.
    case safeAreaLegacyStatusBar

    func holds(for safeInset: Double) -> Bool {
      switch self {
      case .always: true
      case .safeArea(let present): present ? safeInset != 0 : safeInset == 0
      case .safeAreaLegacyStatusBar: safeInset == 20
      }
    }
  }

  /// How an edge treats the safe area.
  public enum Avoidance: String, Hashable, Sendable, CaseIterable {
    /// The card keeps clear of the unsafe area: `s` is added to the card's inset.
    case card
    /// The card runs under the unsafe area and pads its content by `s`.
    case content
    /// The safe area is ignored.
    case none
  }

  /// One edge's rule.
  public struct EdgeRule: Hashable, Sendable {
    public var inset: Double
    public var condition: Condition
    public var avoidance: Avoidance

    public init(inset: Double = 0, condition: Condition = .always, avoidance: Avoidance = .none) {
      self.inset = inset
      self.condition = condition
      self.avoidance = avoidance
    }
  }

  /// A rule for each edge (`EdgeRule()` where none is given), written as a dictionary literal
  /// (`[.top: rule, .bottom: rule]`) and read or set by edge. Four stored rules, not a hash table:
  /// nothing in the web engine then needs a hash table's code.
  public struct EdgeRules: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    public var top = EdgeRule()
    public var left = EdgeRule()
    public var bottom = EdgeRule()
    public var right = EdgeRule()

    /// The same rule on every edge.
    public init(all rule: EdgeRule = EdgeRule()) { (top, left, bottom, right) = (rule, rule, rule, rule) }

    /// The rules given, the last of an edge given twice winning; the others `EdgeRule()`.
    public init(dictionaryLiteral elements: (Edge, EdgeRule)...) {
      for (edge, rule) in elements { self[edge] = rule }
    }

    public subscript(edge: Edge) -> EdgeRule {
      get {
        switch edge {
        case .top: top
        case .left: left
        case .bottom: bottom
        case .right: right
        }
      }
      set {
        switch edge {
        case .top: top = newValue
        case .left: left = newValue
        case .bottom: bottom = newValue
        case .right: right = newValue
        }
      }
    }
  }

  /// Corners, as a set.
  public struct Corners: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomLeft = Corners(rawValue: 4)
    public static let bottomRight = Corners(rawValue: 8)
    public static let top: Corners = [.topLeft, .topRight]
    public static let bottom: Corners = [.bottomLeft, .bottomRight]
    public static let all: Corners = [.top, .bottom]

    /// Each corner with its name, in a fixed order.
    static let allNamed: [(Corners, String)] = [
      (.topLeft, "topLeft"), (.topRight, "topRight"), (.bottomLeft, "bottomLeft"), (.bottomRight, "bottomRight"),
    ]

    /// The names, in a fixed order, for JSON.
    public var names: [String] { Self.allNamed.filter { contains($0.0) }.map { $0.1 } }

    /// The corner named `name` (`topLeft`, …), compared as UTF-8; nil for another name.
    public static func named(_ name: String) -> Corners? {
      allNamed.first { $0.1.utf8.elementsEqual(name.utf8) }?.0
    }
  }

  public var anchor: Anchor
  public var edges: EdgeRules
  public var corners: Corners
  public var cornerRadius: Double
  /// Whether the card blocks what lies under it while it shows (a dialog: the page under it takes
  /// no input and focus stays inside), or lets it be used (a notification, a banner, a toast).
  public var blocks: Bool

  public init(
    anchor: Anchor, edges: EdgeRules = [:], corners: Corners = .all, cornerRadius: Double = 0,
    blocks: Bool = true
  ) {
    self.anchor = anchor
    self.edges = edges
    self.corners = corners
    self.cornerRadius = cornerRadius
    self.blocks = blocks
  }

  /// Sets the same rule on several edges (Cardboard's `setInsets(_:for:)` and friends).
  public mutating func set(_ rule: EdgeRule, for edges: [Edge]) {
    for edge in edges { self.edges[edge] = rule }
  }

  public func rule(_ edge: Edge) -> EdgeRule { edges[edge] }

  // MARK: Presets (<doc:OtherCardSystems>, "from the component itself")

  /// A standard bottom slide-up card: no insets, content avoids the safe area, top corners 32.
  public static let defaultModal = ModalCard(
    anchor: .bottom, edges: EdgeRules(all: EdgeRule(avoidance: .content)), corners: .top, cornerRadius: 32)
  /// The iOS 13 system "chip" card: 6 pt on every edge, safe area ignored, all corners 24.
  public static let system = ModalCard(
    anchor: .bottom, edges: EdgeRules(all: EdgeRule(inset: 6)), corners: .all, cornerRadius: 24)
  /// A top slide-down notification: sides 12; top 12 under a legacy status bar; bottom 12 without a
  /// bottom safe area; the card avoids the top and bottom, the content the sides; all corners 24;
  /// it blocks nothing.
  public static let notification = ModalCard(
    anchor: .top,
    edges: [
      .top: EdgeRule(inset: 12, condition: .safeAreaLegacyStatusBar, avoidance: .card),
      .left: EdgeRule(inset: 12, avoidance: .content),
      .bottom: EdgeRule(inset: 12, condition: .safeArea(false), avoidance: .card),
      .right: EdgeRule(inset: 12, avoidance: .content),
    ], corners: .all, cornerRadius: 24, blocks: false)
  /// A top slide-down banner: no insets, content avoids the safe area, bottom corners 24; it blocks nothing.
  public static let banner = ModalCard(
    anchor: .top, edges: EdgeRules(all: EdgeRule(avoidance: .content)), corners: .bottom, cornerRadius: 24,
    blocks: false)
  /// A bottom slide-up toast: the notification's edges, anchored at the bottom, all corners 16; it
  /// blocks nothing.
  public static let toast = ModalCard(
    anchor: .bottom, edges: notification.edges, corners: .all, cornerRadius: 16, blocks: false)
  /// A centred alert: no insets, no avoidance, all corners 32.
  public static let alert = ModalCard(anchor: .center, edges: [:], corners: .all, cornerRadius: 32)

  /// The presets by name.
  public static let presets: [(name: String, card: ModalCard)] = [
    ("defaultModal", defaultModal), ("system", system), ("notification", notification), ("banner", banner),
    ("toast", toast), ("alert", alert),
  ]

  /// The three edges where the anchor applies avoidance: bottom → left, bottom, right; etc.
  var anchoredEdges: [Edge] {
    switch anchor {
    case .bottom: [.left, .bottom, .right]
    case .top: [.left, .top, .right]
    case .left: [.top, .left, .bottom]
    case .right: [.top, .right, .bottom]
    case .center: []
    }
  }

  var oppositeEdge: Edge? {
    switch anchor {
    case .bottom: .top
    case .top: .bottom
    case .left: .right
    case .right: .left
    case .center: nil
    }
  }
}

/// Where a modal card and its content sit (<doc:OtherCardSystems>).
public struct ModalLayout: Hashable, Sendable {
  public var card: Rect
  public var content: Rect
  public var corners: ModalCard.Corners
  public var cornerRadius: Double
  /// The map's insets: the largest part of the safe area the card leaves uncovered.
  public var mapInsets: Insets
}

extension ModalCard {
  /// Lays the card out in a view with `safeArea`, around content of `contentSize` (a width of nil
  /// fills the available width for top and bottom anchors; a height of nil fills it for side anchors).
  ///
  /// An edge's inset counts while its condition holds against that edge's safe inset `s`. On the
  /// anchor's three edges, `card` avoidance adds `s` to the inset and `content` pads the content by
  /// `s` (the card runs under the unsafe area). The edge opposite the anchor bounds the card's size
  /// (its inset, plus `s` unless its avoidance is `none`), so tall content never runs off screen.
  /// A centre card is centred with its content's size, bounded by the view.
  ///
  /// `translation` moves the card (and its content) that many points along its dismissal, away from
  /// where it rests (a swipe under way, or the slide in and out; never the other way), and the map's
  /// insets are what the moved card leaves.
  public func layout(
    width: Double, height: Double, safeArea: Insets, contentSize: (Double?, Double), translation: Double = 0
  ) -> ModalLayout {
    // An edge's card inset and its content's padding.
    func sides(_ edge: Edge) -> (inset: Double, pad: Double) {
      let safe =
        switch edge {
        case .top: safeArea.top
        case .left: safeArea.left
        case .bottom: safeArea.bottom
        case .right: safeArea.right
        }
      let rule = self.rule(edge)
      var inset = rule.condition.holds(for: safe) ? rule.inset : 0
      var pad = 0.0
      if anchoredEdges.contains(edge) {
        switch rule.avoidance {
        case .card: inset += safe
        case .content: pad = safe
        case .none: break
        }
      } else if edge == oppositeEdge, rule.avoidance != .none {
        inset += safe
      }
      return (inset, pad)
    }
    let (top, left, bottom, right) = (sides(.top), sides(.left), sides(.bottom), sides(.right))
    let ci = Insets(top: top.inset, left: left.inset, bottom: bottom.inset, right: right.inset)
    let pd = Insets(top: top.pad, left: left.pad, bottom: bottom.pad, right: right.pad)
    let (contentWidth, contentHeight) = contentSize
    var card: Rect
    switch anchor {
    case .top, .bottom:
      let w = max(width - ci.left - ci.right, 0)
      let maxHeight = max(height - ci.top - ci.bottom, 0)
      let h = min(contentHeight + pd.top + pd.bottom, maxHeight)
      let y = anchor == .bottom ? height - ci.bottom - h : ci.top
      card = Rect(x: ci.left, y: y, width: w, height: h)
    case .left, .right:
      let h = max(height - ci.top - ci.bottom, 0)
      let maxWidth = max(width - ci.left - ci.right, 0)
      let w = min((contentWidth ?? contentHeight) + pd.left + pd.right, maxWidth)
      let x = anchor == .right ? width - ci.right - w : ci.left
      card = Rect(x: x, y: ci.top, width: w, height: h)
    case .center:
      let w = min(contentWidth ?? width, width)
      let h = min(contentHeight, height)
      card = Rect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
    }
    let moved = max(translation, 0)
    card.x += dismissal.x * moved
    card.y += dismissal.y * moved
    let content = Rect(
      x: card.x + pd.left, y: card.y + pd.top, width: max(card.width - pd.left - pd.right, 0),
      height: max(card.height - pd.top - pd.bottom, 0))
    let view = Rect(x: 0, y: 0, width: width, height: height)
    let free = Occlusion.largestUnobscuredRect(in: safeArea.rect(inWidth: width, height: height), avoiding: [card])
    return ModalLayout(
      card: card, content: content, corners: corners, cornerRadius: cornerRadius,
      mapInsets: Occlusion.insets(of: free, in: view))
  }

  /// The way a swipe dismisses the card, a unit vector (x right, y down): towards its anchor's edge,
  /// down for a centred card.
  public var dismissal: (x: Double, y: Double) {
    switch anchor {
    case .bottom, .center: (0, 1)
    case .top: (0, -1)
    case .left: (-1, 0)
    case .right: (1, 0)
    }
  }

  /// How far a finger's drag of (`dx`, `dy`) points (x right, y down) moves the card: its part along
  /// the dismissal, never the other way (the card does not leave its rest towards the screen's middle).
  public func translation(ofDrag dx: Double, _ dy: Double) -> Double {
    max(dx * dismissal.x + dy * dismissal.y, 0)
  }

  /// The card's size along its dismissal, which a swipe must pass half of.
  public func size(of layout: ModalLayout) -> Double {
    dismissal.x != 0 ? layout.card.width : layout.card.height
  }

  /// How far along its dismissal the card at rest (`layout`, no translation) travels to leave a view
  /// `width` × `height` whole; 0 for a centred card, which fades instead.
  public func hiddenTranslation(of layout: ModalLayout, width: Double, height: Double) -> Double {
    switch anchor {
    case .bottom: max(height - layout.card.minY, 0)
    case .top: max(layout.card.maxY, 0)
    case .left: max(layout.card.maxX, 0)
    case .right: max(width - layout.card.minX, 0)
    case .center: 0
    }
  }

  /// Whether the card fades in and out rather than sliding (a centred card).
  public var fades: Bool { anchor == .center }

  /// Showing the card: its translation from `hidden` to 0, with a push's timing (a card sliding in);
  /// a centred card's alpha from 0 to 1 instead, in the same time, without overshoot.
  public func showing(hidden: Double) -> CardMotion {
    fades
      ? CardMotion(kind: .push, from: 0, to: 1, duration: CardMotion.pushDuration, damping: 1)
      : CardMotion(
        kind: .push, from: hidden, to: 0, duration: CardMotion.pushDuration, damping: CardMotion.pushDamping)
  }

  /// Dismissing the card from `translation`: on to `hidden`, with a pop's timing (a card sliding
  /// out); a centred card's alpha from 1 to 0.
  public func dismissing(from translation: Double, hidden: Double) -> CardMotion {
    fades
      ? CardMotion(kind: .pop, from: 1, to: 0, duration: CardMotion.popDuration, damping: 1)
      : CardMotion(
        kind: .pop, from: translation, to: hidden, duration: CardMotion.popDuration, damping: CardMotion.popDamping)
  }

  /// A swipe released short of dismissing: back from `translation` to rest, as a snap springs.
  public func springingBack(from translation: Double) -> CardMotion {
    CardMotion(
      kind: .snap, from: translation, to: 0, duration: CardMotion.pushDuration, damping: CardMotion.snapDamping)
  }

  /// The velocity past which a swipe dismisses, whatever the distance (Cardboard's).
  public static let dismissVelocity = 1000.0

  /// Whether a swipe of `translation` (pt, along the axis towards the anchor's edge; down for a
  /// bottom or centre card, up for a top card, …) at `velocity` (pt/s, same sign) dismisses a card
  /// of `size` along that axis: past half its size, or at 1000 pt/s.
  public static func swipeDismisses(translation: Double, velocity: Double, size: Double) -> Bool {
    translation > size / 2 || velocity >= dismissVelocity
  }
}
