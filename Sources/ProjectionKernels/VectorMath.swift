import PlatformMath

/// Elementary functions on a vector of doubles (sixteen on x86-64, eight elsewhere), for the batch
/// kernels.
///
/// Each follows a classic scalar algorithm (Cody–Waite argument reduction with a three-part π/4,
/// Cephes' minimax polynomials for sin, cos and exp, fdlibm's log polynomial, and a fitted one for
/// atan), written on `Vector` with branch-free blends so that a loop over them vectorises.
/// Every function is `@inlinable` and `@inline(__always)`: inlined into the kernel loop, nothing is
/// called per lane.
///
/// Many lanes: the kernels are long chains of dependent operations, and a chain longer than the
/// core's out-of-order window cannot overlap with the next point's. A vector of several registers
/// carries that many independent chains through every step. On x86-64, sixteen lanes are two
/// AVX-512 or four AVX2 registers per operation, faster than eight in those loops, though the SSE2
/// baseline loop, which then holds eight registers per value in sixteen, spills, and its transverse
/// Mercator runs slower (the baseline runs only on x86-64 CPUs without AVX2, or when asked for). In
/// WebAssembly (simd128, two lanes a register), four lanes: faster than two or eight, and a smaller
/// module. Elsewhere (ARM's NEON), eight lanes, four registers: faster than four. The measurements
/// are in Benchmarks/README.md, *Why the code is as it is*.
///
/// What the standard library's SIMD types do per lane, and so is avoided here (measured): `rounded`
/// and float↔integer conversions (a libm call or a trap check per lane), `replacing(with:where:)`
/// (a branch per lane), integer lane comparisons (a branch per lane), and comparisons producing a
/// `SIMDMask` (scalarised on the default x86-64 target). Masks are `Mask` vectors of all-ones or
/// zero lanes made with arithmetic and shifts; ordered comparisons go through a float subtraction's
/// sign, since LLVM turns an integer one into a 64-bit compare that SSE2 spells in eight
/// instructions. No `addingProduct` (a libm `fma` call per lane), and `squareRoot()` only of a sum of
/// squares: of anything LLVM cannot prove non-negative it is a libm `sqrt` call per lane (for errno).
///
/// Measured over 2·10⁵ random arguments each (`VectorMathTests`), in ulps of the reference: sin and
/// cos within 2 of glibc on |x| ≤ 2π; ln(n/d) within 2 of the exact value; exp within 2 of glibc on
/// |x| ≤ 700; atan and atan2 within 2 of glibc. Not handled: |x| > 2²⁰ for sin/cos (reduction
/// loses accuracy; the kernels only pass |x| ≤ 2π), subnormal results of exp (flushed towards 0).
#if arch(x86_64)
  @usableFromInline typealias Vector = SIMD16<Double>
  /// A lane mask: all ones (true) or zero (false) in each lane.
  @usableFromInline typealias Mask = SIMD16<Int64>
  /// The lanes' bit patterns.
  @usableFromInline typealias Bits = SIMD16<UInt64>
#elseif arch(wasm32)
  @usableFromInline typealias Vector = SIMD4<Double>
  /// A lane mask: all ones (true) or zero (false) in each lane.
  @usableFromInline typealias Mask = SIMD4<Int64>
  /// The lanes' bit patterns.
  @usableFromInline typealias Bits = SIMD4<UInt64>
#else
  @usableFromInline typealias Vector = SIMD8<Double>
  /// A lane mask: all ones (true) or zero (false) in each lane.
  @usableFromInline typealias Mask = SIMD8<Int64>
  /// The lanes' bit patterns.
  @usableFromInline typealias Bits = SIMD8<UInt64>
#endif

/// The lanes of a vector as 64-bit patterns.
@inlinable @inline(__always)
func bits(_ v: Vector) -> Bits { unsafeBitCast(v, to: Bits.self) }

@inlinable @inline(__always)
func vector(_ b: Bits) -> Vector { unsafeBitCast(b, to: Vector.self) }

/// The lanes as signed integers.
@inlinable @inline(__always)
func signedBits(_ v: Vector) -> Mask { unsafeBitCast(v, to: Mask.self) }

/// |v| lane by lane.
@inlinable @inline(__always)
func vabs(_ v: Vector) -> Vector { vector(bits(v) & 0x7FFF_FFFF_FFFF_FFFF) }

/// `magnitude` with the sign of `sign`, lane by lane.
@inlinable @inline(__always)
func vcopysign(_ magnitude: Vector, _ sign: Vector) -> Vector {
  vector((bits(magnitude) & 0x7FFF_FFFF_FFFF_FFFF) | (bits(sign) & 0x8000_0000_0000_0000))
}

/// `a` where `mask`, else `b`.
@inlinable @inline(__always)
func select(_ mask: Mask, _ a: Vector, _ b: Vector) -> Vector {
  let m = unsafeBitCast(mask, to: Bits.self)
  return vector((bits(a) & m) | (bits(b) & ~m))
}

/// Whether any lane of a mask is set: the halves OR-ed together down to one value (a handful of
/// vector ORs and a test; the standard library's lane-by-lane `==` compiles to far more).
@inlinable @inline(__always)
func anyLane(_ mask: Mask) -> Bool {
  #if arch(wasm32)
    let two = mask.lowHalf | mask.highHalf
  #else
    #if arch(x86_64)
      let eight = mask.lowHalf | mask.highHalf
    #else
      let eight = mask
    #endif
    let four = eight.lowHalf | eight.highHalf
    let two = four.lowHalf | four.highHalf
  #endif
  return two[0] | two[1] != 0
}

/// Lanes whose sign bit is set (negative numbers, −0, and NaNs with the sign bit).
@inlinable @inline(__always)
func signMask(_ v: Vector) -> Mask { signedBits(v) &>> 63 }

/// Lanes where `a > b`, for finite lanes (the sign of b − a; b − a is +0 when they are equal).
@inlinable @inline(__always)
func greater(_ a: Vector, _ b: Vector) -> Mask { signMask(b - a) }

/// Lanes that are ±0.
@inlinable @inline(__always)
func zero(_ v: Vector) -> Mask {
  (unsafeBitCast(bits(vabs(v)), to: Mask.self) &- 1) &>> 63
}

/// 1.5·2⁵²: adding it to a double below 2⁵¹ in magnitude rounds it to a whole number, whose
/// two's complement then sits in the low bits. Conversions through it are single vector adds.
@inlinable var roundingMagic: Double { 6_755_399_441_055_744.0 }
@inlinable var roundingMagicBits: Int64 { 0x4338_0000_0000_0000 }

/// Nearest whole number (ties to even) of each lane, |x| < 2⁵¹.
@inlinable @inline(__always)
func vround(_ x: Vector) -> Vector { (x + roundingMagic) - roundingMagic }

/// The largest whole number ≤ each lane, |x| < 2⁵¹.
@inlinable @inline(__always)
func vfloor(_ x: Vector) -> Vector {
  let r = vround(x)
  return select(greater(r, x), r - 1, r)
}

/// Whole-number lanes (|x| < 2⁵¹) as integers.
@inlinable @inline(__always)
func vinteger(_ x: Vector) -> Mask {
  signedBits(x + roundingMagic) &- roundingMagicBits
}

/// Integer lanes (|n| < 2⁵¹) as doubles.
@inlinable @inline(__always)
func vdouble(_ n: Mask) -> Vector {
  unsafeBitCast(n &+ roundingMagicBits, to: Vector.self) - roundingMagic
}

/// 2^n for whole numbers n in [−1022, 1023] held as doubles.
@inlinable @inline(__always)
func vexp2Integer(_ n: Vector) -> Vector {
  unsafeBitCast((vinteger(n) &+ 1023) &<< 52, to: Vector.self)
}

/// Cephes' minimax polynomials for sin and cos on |z| ≤ π/4, evaluated by Estrin's scheme (pairs of
/// terms in parallel) rather than Horner's, which halves the chain of dependent operations.
@inlinable @inline(__always)
func sinCosPolynomials(_ z: Vector) -> (Vector, Vector) {
  let zz = z * z
  let z4 = zz * zz
  let s01 = 1.58962301576546568060e-10 * zz - 2.50507477628578072866e-8
  let s23 = 2.75573136213857245213e-6 * zz - 1.98412698295895385996e-4
  let s45 = 8.33333333332211858878e-3 * zz - 1.66666666666666307295e-1
  let sp = (s01 * z4 + s23) * z4 + s45
  let c01 = -1.13585365213876817300e-11 * zz + 2.08757008419747316778e-9
  let c23 = -2.75573141792967388112e-7 * zz + 2.48015872888517045348e-5
  let c45 = -1.38888888888730564116e-3 * zz + 4.16666666666665929218e-2
  let cp = (c01 * z4 + c23) * z4 + c45
  return (z + z * zz * sp, 1.0 - 0.5 * zz + z4 * cp)
}

/// sin and cos of each lane (|x| ≤ 2²⁰), by reduction modulo π/4 and Cephes' polynomials.
@inlinable @inline(__always)
func vsincos(_ x: Vector) -> (sin: Vector, cos: Vector) {
  let ax = vabs(x)
  // Octant j (made even), and the remainder z = |x| − j·π/4 in three parts.
  var j = vfloor(ax * (4 / Double.pi))
  j = j + vdouble(vinteger(j) & 1)
  let z = ((ax - j * 7.853981554508209228515625e-1) - j * 7.94662735614792836714e-9) - j * 3.06161699786838294307e-17
  let (s, c) = sinCosPolynomials(z)
  // Octants 2 and 6 swap sin and cos; sin is negative in octants 4 and 6, cos in 2 and 4.
  let octant = vinteger(j) & 7
  let swap = 0 &- ((octant &>> 1) & 1)
  let sineSign = unsafeBitCast((octant & 4) &<< 61, to: Bits.self)
  let cosineSign = unsafeBitCast((((octant &>> 1) ^ (octant &>> 2)) & 1) &<< 63, to: Bits.self)
  let sine = vector(bits(select(swap, c, s)) ^ sineSign)
  let cosine = vector(bits(select(swap, s, c)) ^ cosineSign)
  // sin is odd: flip its sign for negative x; cos is even.
  return (vector(bits(sine) ^ (bits(x) & 0x8000_0000_0000_0000)), cosine)
}

/// sin and cos of each lane for |x| ≤ π/2 (latitudes), cheaper than `vsincos`: no octants, one
/// reflection r = π/2 − |x| (exact by Sterbenz's lemma, with π/2's low part added) above π/4.
/// cos(π/2 as a double) is 6.12e-17, as libm's, so the pole stays finite as in PROJ.
@inlinable @inline(__always)
func vsincosHalfTurn(_ x: Vector) -> (sin: Vector, cos: Vector) {
  let ax = vabs(x)
  let reflected = greater(ax, Vector(repeating: Double.pi / 4))
  let r = select(reflected, (1.5707963267948966 - ax) + 6.123233995736766e-17, ax)
  let (s, c) = sinCosPolynomials(r)
  let sine = select(reflected, c, s)
  let cosine = select(reflected, s, c)
  return (vector(bits(sine) ^ (bits(x) & 0x8000_0000_0000_0000)), cosine)
}

/// sin and cos of each lane for |x| ≤ π/2 to within 4·10⁻¹⁶ absolute (not relative: cos(π/2) is
/// not 6.1e-17 here), cheaper than `vsincosHalfTurn`: the half angle's polynomials, then the
/// double-angle formulas, with no reflection. For the UTM forward, whose results depend on these
/// values only to absolute accuracy.
@inlinable @inline(__always)
func vsincosByDoubling(_ x: Vector) -> (sin: Vector, cos: Vector) {
  let (s, c) = sinCosPolynomials(0.5 * x)
  return (2 * s * c, (c - s) * (c + s))
}

/// ln(n/d) for each lane, n in [√½, 2] (or [√½, 1] when `numeratorAtMostOne`, which saves a
/// comparison) and d positive, normal and finite, with a single division.
///
/// d = 2^k·m with m's exponent chosen so that n/m lies in [√½, √2); then ln(n/d) = ln(n/m) − k·ln 2
/// and ln(n/m) = 2·atanh(s) = 2s + s·R(s²) with s = (n − m)/(n + m) (n − m is exact by Sterbenz's
/// lemma) and fdlibm's polynomial R. Used where a logarithm's argument is a ratio (Web Mercator's
/// cos w / sin w, transverse Mercator's (1 + q)/(1 − q)): the ratio is never formed.
@inlinable @inline(__always)
func vlogRatio(_ n: Vector, _ d: Vector, numeratorAtMostOne: Bool = false) -> Vector {
  let b = bits(d)
  let m0 = vector((b & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
  // −1 where n/m0 < √½ (halve m), +1 where n/m0 > √2 (double m), as integers added to exponents;
  // n ≤ 1 never needs doubling.
  var adjust = greater(m0 * 0.7071067811865476, n)
  if !numeratorAtMostOne { adjust = adjust &- greater(n, m0 * 1.4142135623730951) }
  let m = vector(bits(m0) &+ unsafeBitCast(adjust &<< 52, to: Bits.self))
  let k = vdouble(unsafeBitCast(b &>> 52, to: Mask.self) &- 1023 &- adjust)
  let s = (n - m) / (n + m)
  let z = s * s
  let w = z * z
  let t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
  let t2 =
    z
    * (6.666666666666735130e-01 + w
      * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)))
  return ((2 * s + s * (t1 + t2)) - k * 1.90821492927058770002e-10) - k * 6.93147180369123816490e-01
}

/// e^x for each lane (|x| ≤ 708) as a ratio `numerator/denominator`, without dividing: Cephes'
/// rational approximation e^r = (q + p)/(q − p) on |r| ≤ ln 2/2, scaled by 2^n. Callers that go on
/// to divide anyway (tanh, sech, atan of e^x) fold this division into theirs.
@inlinable @inline(__always)
func vexpRatio(_ x: Vector) -> (numerator: Vector, denominator: Vector) {
  let n = vround(x * 1.4426950408889634073599)
  var r = x - n * 6.93145751953125e-1
  r = r - n * 1.42860682030941723212e-6
  let rr = r * r
  let p = r * ((1.26177193074810590878e-4 * rr + 3.02994407707441961300e-2) * rr + 9.99999999999999999910e-1)
  let q = ((3.00198505138664455042e-6 * rr + 2.52448340349684104192e-3) * rr + 2.27265548208155028766e-1) * rr + 2.0
  return ((q + p) * vexp2Integer(n), q - p)
}

/// e^x for each lane (|x| ≤ 708).
@inlinable @inline(__always)
func vexp(_ x: Vector) -> Vector {
  let (numerator, denominator) = vexpRatio(x)
  return numerator / denominator
}

/// atan(a/b) for each lane, a ≥ 0 and b ≥ 0 not both 0, with a single division: reduced to
/// |t| ≤ tan(π/8) (t = a/b, (a − b)/(a + b) or −b/a, chosen by comparing a with multiples of b, so
/// a/b itself is never formed), then PlatformMath's `atanPolynomial`. b = 0 gives π/2.
@inlinable @inline(__always)
func vatanRatio(_ a: Vector, _ b: Vector) -> Vector {
  // Masks rather than blends: "over" is a/b > tan(π/8) (the middle range or beyond), "beyond" is
  // a/b > tan(3π/8). Each term below is zero outside its range, so sums replace selects.
  let over = unsafeBitCast(greater(a, b * 0.41421356237309504880), to: Bits.self)
  let beyond = unsafeBitCast(greater(a, b * 2.41421356237309504880), to: Bits.self)
  let numerator = vector(bits(a) & ~beyond) - vector(bits(b) & over)  // a, a − b, −b
  let denominator = vector(bits(a) & over) + vector(bits(b) & ~beyond)  // b, a + b, a
  let t = numerator / denominator
  let quarter = bits(Vector(repeating: Double.pi / 4))
  let base = vector(quarter & over) + vector(quarter & beyond)  // 0, π/4, π/2
  let low = bits(Vector(repeating: 0.5 * 6.123233995736765886130e-17))
  let extra = vector(low & over) + vector(low & beyond)
  return base + (atanPolynomial(t) + extra)
}

/// atan of each lane.
@inlinable @inline(__always)
func vatan(_ x: Vector) -> Vector {
  vcopysign(vatanRatio(vabs(x), Vector(repeating: 1)), x)
}

/// atan2(y, x) for each lane (finite), with the quadrants of C's atan2 (x = y = 0 gives 0 or ±π),
/// branch-free: atan(|y|/|x|), reflected to π − atan for negative x, with the sign of y.
@inlinable @inline(__always)
func vatan2(_ y: Vector, _ x: Vector) -> Vector {
  // The tiny term keeps 0/0 away (y = x = 0 reads as atan(0/tiny) = 0) and changes no other lane.
  let a = vatanRatio(vabs(y), vabs(x) + 1e-300)
  let reflected = (Double.pi - a) + 1.2246467991473532e-16
  return vcopysign(select(signMask(x), reflected, a), y)
}
