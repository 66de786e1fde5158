import PlatformMath

/// A pitched camera's perspective as MapLibre GL JS 5 models it (its Mercator transform's
/// `_calcMatrices`; <doc:CameraFitting#Pitch>): ground points to screen points and back.
///
/// The camera stands `d = 0.5 / tan(fov/2) · H` points from the focus (fov = 2·atan(1/3) ≈ 36.87°,
/// so `d = 1.5·H`), tilted by the pitch `p`; its centre of perspective is the centre of the padded
/// (visible) rect, where the focus shows. A ground point `u` points right and `v` points down the
/// screen from the focus (at the camera's zoom and bearing, before the tilt) shows at
/// `(u·d/w, v·cos p·d/w)` from that centre, `w = d − v·sin p` its depth. The horizon lies
/// `d·cot p` above the centre; nothing on the ground shows above it.
///
/// ```swift
/// let view = Perspective(height: 844, pitch: 45)
/// view.project(u: 0, v: -100)   // (0, −64.7…): 100 pt of ground ahead shows shorter
/// ```
public struct Perspective: Hashable, Sendable {
  /// MapLibre's field of view, in radians: 2·atan(1/3), about 36.87°.
  public static let fieldOfView = 0.6435011087932844
  /// The camera's distance from the focus per point of the view's height: 0.5 / tan(fov/2), 1.5.
  static let distanceRatio = 0.5 / tan(fieldOfView / 2)
  /// The view's height in points.
  public let height: Double
  /// The tilt in degrees from looking straight down.
  public let pitch: Double
  /// The camera's distance from the focus, in points: MapLibre's `cameraToCenterDistance`.
  public let distance: Double
  /// sin p and cos p.
  let tilt: (sin: Double, cos: Double)

  public init(height: Double, pitch: Double) {
    self.height = height
    self.pitch = pitch
    distance = Self.distanceRatio * height
    let radians = pitch * Double.pi / 180
    tilt = (sin(radians), cos(radians))
  }

  public static func == (a: Perspective, b: Perspective) -> Bool { a.height == b.height && a.pitch == b.pitch }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(height)
    hasher.combine(pitch)
  }

  /// How far above the centre of perspective the horizon lies, in points (infinite when flat).
  public var horizon: Double {
    let (s, c) = tilt
    return s > 0 ? distance * c / s : .infinity
  }

  /// The screen offset from the centre of perspective of a ground offset (`u` right, `v` down, in
  /// points at the camera's zoom); nil behind the camera.
  public func project(u: Double, v: Double) -> (x: Double, y: Double)? {
    let (s, c) = tilt
    let d = distance
    let w = d - v * s
    guard w > 0 else { return nil }
    return (u * d / w, v * c * d / w)
  }

  /// The ground offset under a screen offset from the centre of perspective; nil at or above the
  /// horizon.
  public func unproject(x: Double, y: Double) -> (u: Double, v: Double)? {
    let (s, c) = tilt
    let d = distance
    let denominator = d * c + y * s
    guard denominator > 0 else { return nil }
    let v = y * d / denominator
    return (x * (d - v * s) / d, v)
  }
}
