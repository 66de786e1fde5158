/// A computation on a vector of points: new (x, y) and the lanes that failed.
///
/// A protocol rather than a closure so that the loop is specialised for each kernel and the kernel
/// inlined into it (a closure is called through a pointer per vector).
@usableFromInline
protocol PointKernel {
  func callAsFunction(_ x: Vector, _ y: Vector) -> (Vector, Vector, Mask)
}

/// The module a loop is compiled in, for the baseline build: see `runInlined(in:forward:x:y:count:failed:)`.
@usableFromInline enum Baseline {}

/// Runs `loop` with a `failed` that stores NaN at a failed point's index in both buffers; returns
/// what `loop` returns.
///
/// Not optimised, and so never inlined: were this closure a constant where a loop is called, the
/// optimiser would compile every loop a second time with the closure built in (closure
/// specialisation), to save one call for each failed point.
@_optimize(none)
func markingFailuresNaN(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, _ loop: (_ failed: (Int) -> Void) -> Int
) -> Int {
  loop { index in
    x[index] = .nan
    y[index] = .nan
  }
}

/// Runs a vector kernel over two coordinate buffers in place; a point the kernel fails keeps its
/// input and is handed to `failed` with its index, which may compute it otherwise (PROJ, one by one:
/// <doc:Kernels>) or mark it. Returns how many points were handed over.
///
/// A vector with no failed lane (all but a few) is stored as it is; the one test per vector is a
/// branch that is almost never taken.
///
/// Out of line, once for each kernel and module: the optimiser specialises it for a concrete
/// `Kernel` and `Module`, inlines the kernel into that copy and optimises it once. Inlined into the
/// dispatcher (`BatchKernel.runInlined`), the whole set of loops was optimised three or four times
/// in each module (the copy generic over `Module`, its specialisation, its caller), and most of a
/// release build's time went to it (Benchmarks/README.md, *Why the code is as it is*).
@inlinable @inline(never)
func forEachVector<Kernel: PointKernel, Module>(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, count: Int, _ kernel: Kernel,
  in module: Module.Type, failed: (Int) -> Void
) -> Int {
  var total = 0
  var i = 0
  while i + Vector.scalarCount <= count {
    let vx = UnsafeRawPointer(x + i).loadUnaligned(as: Vector.self)
    let vy = UnsafeRawPointer(y + i).loadUnaligned(as: Vector.self)
    let (rx, ry, bad) = kernel(vx, vy)
    if !anyLane(bad) {
      UnsafeMutableRawPointer(x + i).storeBytes(of: rx, as: Vector.self)
      UnsafeMutableRawPointer(y + i).storeBytes(of: ry, as: Vector.self)
    } else {
      total += handOver(x, y, at: i, lanes: Vector.scalarCount, rx, ry, bad, failed)
    }
    i += Vector.scalarCount
  }
  let rest = count - i
  if rest > 0 {
    var vx = Vector()
    var vy = Vector()
    for lane in 0..<rest {
      vx[lane] = x[i + lane]
      vy[lane] = y[i + lane]
    }
    let (rx, ry, bad) = kernel(vx, vy)
    total += handOver(x, y, at: i, lanes: rest, rx, ry, bad, failed)
  }
  return total
}

/// Stores the first `lanes` results of a vector at `start`, except the failed lanes, which keep
/// their inputs and go to `failed`; returns how many did. Out of line: the loop it leaves stays
/// small enough for the optimiser to inline the kernel into it.
@usableFromInline @inline(never)
func handOver(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, at start: Int, lanes: Int, _ rx: Vector,
  _ ry: Vector, _ bad: Mask, _ failed: (Int) -> Void
) -> Int {
  var count = 0
  for lane in 0..<lanes {
    if bad[lane] != 0 {
      failed(start + lane)
      count += 1
    } else {
      x[start + lane] = rx[lane]
      y[start + lane] = ry[lane]
    }
  }
  return count
}

/// `v` with NaN in the lanes of `mask`: setting a quiet NaN's exponent and top mantissa bit makes any
/// lane NaN, in one OR rather than a blend.
@inlinable @inline(__always)
func nanWhere(_ mask: Mask, _ v: Vector) -> Vector {
  vector(bits(v) | (unsafeBitCast(mask, to: Bits.self) & 0x7FF8_0000_0000_0000))
}

/// Degrees to radians as PROJ's `unitconvert` multiplies: by the double nearest π/180.
@inlinable var degreesToRadians: Double { 0.017453292519943295 }
/// Radians to degrees, the double nearest 180/π.
@inlinable var radiansToDegrees: Double { 57.29577951308232 }

/// A longitude in radians brought into [−π, π] as PROJ's `adjlon` does: left alone within
/// π + 10⁻¹² (so the antimeridian keeps its sign), else reduced by whole turns (the nearest whole
/// number of turns; PROJ's floor-based formula picks the other end only at exact odd multiples of π).
/// Branch-free and cheap: the turns are masked to 0 for the lanes inside.
@inlinable @inline(__always)
func adjustLongitude(_ lambda: Vector) -> Vector {
  let outside = greater(vabs(lambda), Vector(repeating: Double.pi + 1e-12))
  let turns = vround(lambda * (0.5 / Double.pi)) * (2 * Double.pi)
  return lambda - vector(bits(turns) & unsafeBitCast(outside, to: Bits.self))
}

/// Lanes where a or b is NaN or infinite: a·0 + b·0 is ±0 exactly when both are finite. One
/// equality test on the bits, where a per-coordinate `isFinite` would be a 64-bit ordered
/// comparison (which SSE2 lacks: LLVM spells it in eight instructions).
@inlinable @inline(__always)
func nonFinite(_ a: Vector, _ b: Vector) -> Mask {
  ~zero(a * 0 + b * 0)
}

/// Lanes that fail before projecting: a non-finite coordinate or |lat| > 90° (<doc:Kernels>), or
/// |λ| > 10 rad before any wrap (about 572.96°, PROJ's "Invalid longitude").
@inlinable @inline(__always)
func invalidGeographic(lambda: Vector, latitude: Vector) -> Mask {
  greater(vabs(latitude), Vector(repeating: 90)) | greater(vabs(lambda), Vector(repeating: 10))
    | nonFinite(lambda, latitude)
}
