/// Runs a vector kernel over two coordinate buffers in place, eight points at a time; the tail
/// shorter than a vector is padded with zeros and only its real lanes are stored and counted.
///
/// `kernel` maps (x, y) to new (x, y) and a mask of the lanes that failed; failed lanes are stored
/// as NaN. Returns how many points failed.
@inline(__always) @usableFromInline
func forEachVector(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, count: Int,
  _ kernel: (Vector, Vector) -> (Vector, Vector, SIMDMask<SIMD8<Int64>>)
) -> Int {
  var failed = SIMD8<Int64>()
  var i = 0
  let nan = Vector(repeating: .nan)
  while i + 8 <= count {
    let vx = UnsafeRawPointer(x + i).loadUnaligned(as: Vector.self)
    let vy = UnsafeRawPointer(y + i).loadUnaligned(as: Vector.self)
    let (rx, ry, bad) = kernel(vx, vy)
    UnsafeMutableRawPointer(x + i).storeBytes(of: select(bad, nan, rx), as: Vector.self)
    UnsafeMutableRawPointer(y + i).storeBytes(of: select(bad, nan, ry), as: Vector.self)
    failed &+= SIMD8<Int64>().replacing(with: 1, where: bad)
    i += 8
  }
  var total = Int(failed.wrappedSum())
  let rest = count - i
  if rest > 0 {
    var vx = Vector()
    var vy = Vector()
    for lane in 0..<rest {
      vx[lane] = x[i + lane]
      vy[lane] = y[i + lane]
    }
    let (rx, ry, bad) = kernel(vx, vy)
    for lane in 0..<rest {
      if bad[lane] {
        x[i + lane] = .nan
        y[i + lane] = .nan
        total += 1
      } else {
        x[i + lane] = rx[lane]
        y[i + lane] = ry[lane]
      }
    }
  }
  return total
}

/// Degrees to radians as PROJ's `unitconvert` multiplies: by the double nearest π/180.
@usableFromInline let degreesToRadians = 0.017453292519943295
/// Radians to degrees, the double nearest 180/π.
@usableFromInline let radiansToDegrees = 57.29577951308232

/// A longitude in radians brought into [−π, π] as PROJ's `adjlon` does: left alone within
/// π + 10⁻¹² (so the antimeridian keeps its sign), else reduced by whole turns.
@inline(__always) @usableFromInline
func adjustLongitude(_ lambda: Vector) -> Vector {
  let twoPi = 2 * Double.pi
  var shifted = lambda + Double.pi
  shifted = shifted - twoPi * (shifted / twoPi).rounded(.down)
  return select(vabs(lambda) .< Double.pi + 1e-12, lambda, shifted - Double.pi)
}

/// Lanes whose point is not a finite lon/lat with |lat| ≤ 90.
@inline(__always) @usableFromInline
func invalidGeographic(_ lon: Vector, _ lat: Vector) -> SIMDMask<SIMD8<Int64>> {
  // NaN compares false, so a NaN lane is "not valid".
  let valid = (vabs(lon) .< .infinity) .& (vabs(lat) .<= 90)
  return .!valid
}

/// Lanes whose point is not finite.
@inline(__always) @usableFromInline
func invalidProjected(_ x: Vector, _ y: Vector) -> SIMDMask<SIMD8<Int64>> {
  .!((vabs(x) .< .infinity) .& (vabs(y) .< .infinity))
}
