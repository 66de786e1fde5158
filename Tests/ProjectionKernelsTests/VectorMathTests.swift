import CardMapTestSupport
import PlatformMath
import Testing

@testable import ProjectionKernels

/// The vector functions against glibc's, in units in the last place of the reference.
@Suite("Vector maths")
struct VectorMathTests {
  /// The largest error in ulps of `reference` over `inputs`.
  func maxULP(_ inputs: [Double], _ vectorFunction: (Vector) -> Vector, _ reference: (Double) -> Double) -> Double {
    var worst = 0.0
    var i = 0
    while i + Vector.scalarCount <= inputs.count {
      var v = Vector()
      for lane in 0..<Vector.scalarCount { v[lane] = inputs[i + lane] }
      let result = vectorFunction(v)
      for lane in 0..<Vector.scalarCount {
        let expected = reference(inputs[i + lane])
        let error = abs(result[lane] - expected) / max(expected.ulp, Double.leastNormalMagnitude)
        worst = max(worst, error)
      }
      i += Vector.scalarCount
    }
    return worst
  }

  func randoms(_ range: ClosedRange<Double>, count: Int = 200_000, seed: UInt64 = 1) -> [Double] {
    var random = SplitMix(state: seed)
    return (0..<count).map { _ in random.uniform(range) }
  }

  @Test("sin and cos within 2 ulp of glibc on |x| ≤ 2π")
  func sinCos() {
    let inputs = randoms(-2 * Double.pi...2 * Double.pi) + [0, -0.0, Double.pi / 2, -Double.pi / 2, Double.pi, 1e-300]
    #expect(maxULP(inputs, { vsincos($0).sin }, sin) <= 2)
    #expect(maxULP(inputs, { vsincos($0).cos }, cos) <= 2)
  }

  @Test("half-turn sin and cos within 2 ulp; by doubling within 4e-16 absolute, on |x| ≤ π/2")
  func halfTurn() {
    let inputs = randoms(-Double.pi / 2...Double.pi / 2, seed: 8) + [0, -0.0, Double.pi / 2, -Double.pi / 2, 1e-300]
    #expect(maxULP(inputs, { vsincosHalfTurn($0).sin }, sin) <= 2)
    #expect(maxULP(inputs, { vsincosHalfTurn($0).cos }, cos) <= 2)
    var worst = 0.0
    for start in stride(from: 0, to: inputs.count - Vector.scalarCount, by: Vector.scalarCount) {
      var v = Vector()
      for lane in 0..<Vector.scalarCount { v[lane] = inputs[start + lane] }
      let (s, c) = vsincosByDoubling(v)
      for lane in 0..<Vector.scalarCount {
        worst = max(worst, abs(s[lane] - sin(v[lane])), abs(c[lane] - cos(v[lane])))
      }
    }
    #expect(worst <= 4e-16, "\(worst)")
  }

  @Test("ln(n/d) within 2 ulp of the exact logarithm of the ratio")
  func logarithmOfRatio() {
    var random = SplitMix(state: 7)
    var worst = 0.0
    for index in 0..<50_000 {
      var n = Vector()
      var d = Vector()
      for lane in 0..<Vector.scalarCount {
        n[lane] = random.uniform(0.7071067811865476...2)
        // Denominators over many binades, the ones the kernels meet (1 − |q|, sin w) included.
        d[lane] = index < 4 ? [1, 2, 0.5, 3.061616997868383e-17][lane % 4] : exp(random.uniform(-40...3))
      }
      let result = vlogRatio(n, d)
      for lane in 0..<Vector.scalarCount {
        #if arch(x86_64) && os(Linux)
          // n − d is exact in 64 bits of mantissa; log1p keeps ratios near 1 exact too.
          let exact = Double(log1pl((Float80(n[lane]) - Float80(d[lane])) / Float80(d[lane])))
        #else
          let exact = log1p((n[lane] - d[lane]) / d[lane])
        #endif
        worst = max(worst, abs(result[lane] - exact) / max(exact.ulp, 1e-300))
      }
    }
    #expect(worst <= 2, "\(worst) ulp")
    #expect(vlogRatio(Vector(repeating: 1), Vector(repeating: 1)) == .zero)
  }

  @Test("exp within 2 ulp of glibc on |x| ≤ 700")
  func exponential() {
    let inputs = randoms(-700...700) + randoms(-1...1, seed: 4) + [0, 1, -1]
    #expect(maxULP(inputs, vexp, exp) <= 2)
  }

  @Test("atan within 2 ulp, atan2 within 2 ulp in every quadrant")
  func arctangent() {
    let inputs = randoms(-10...10) + randoms(-1e8...1e8, seed: 5) + [0, -0.0, 1, -1, 0.66, 2.414213562373095]
    #expect(maxULP(inputs, vatan, atan) <= 2)
    var random = SplitMix(state: 6)
    var worst = 0.0
    for _ in 0..<20_000 {
      var y = Vector()
      var x = Vector()
      for lane in 0..<Vector.scalarCount {
        y[lane] = random.uniform(-5...5)
        x[lane] = random.uniform(-5...5)
      }
      let result = vatan2(y, x)
      for lane in 0..<Vector.scalarCount {
        let expected = atan2(y[lane], x[lane])
        worst = max(worst, abs(result[lane] - expected) / expected.ulp)
      }
    }
    #expect(worst <= 2)
    let ys: [Double] = [0, -0.0, 1, -1, 0, 0, 1, -1]
    let xs: [Double] = [1, 1, 0, 0, -1, 0, -1, -1]
    let expected = [0, -0.0, Double.pi / 2, -Double.pi / 2, Double.pi, 0, 3 * Double.pi / 4, -3 * Double.pi / 4]
    // The edge cases in the first lanes of as many vectors as they fill; the lanes past them stay 0.
    for start in stride(from: 0, to: ys.count, by: Vector.scalarCount) {
      let lanes = min(Vector.scalarCount, ys.count - start)
      var y = Vector()
      var x = Vector()
      for lane in 0..<lanes {
        y[lane] = ys[start + lane]
        x[lane] = xs[start + lane]
      }
      let edges = vatan2(y, x)
      for lane in 0..<lanes {
        #expect(
          abs(edges[lane] - expected[start + lane]) <= expected[start + lane].ulp, "atan2(\(y[lane]), \(x[lane]))")
      }
    }
  }

  @Test("atan2Pair (the globe's rings' two angles) within 2 ulp in every quadrant, and at the edges")
  func arctangentPairs() {
    var random = SplitMix(state: 7)
    var worst = 0.0
    for _ in 0..<100_000 {
      // Both lanes from one scale, and pairs near the reductions' thresholds.
      let scale = [1e-8, 1, 5, 1e8][Int(random.uniform(0...3.999))]
      let y = SIMD2(random.uniform(-scale...scale), random.uniform(-1...1) * 2.414213562373095)
      let x = SIMD2(random.uniform(-scale...scale), random.uniform(-1...1))
      let result = atan2Pair(y, x)
      for lane in 0..<2 {
        let expected = atan2(y[lane], x[lane])
        worst = max(worst, abs(result[lane] - expected) / max(expected.ulp, Double.leastNormalMagnitude))
      }
    }
    #expect(worst <= 2)
    let ys: [Double] = [0, -0.0, 1, -1, 0, 0, 1, -1]
    let xs: [Double] = [1, 1, 0, 0, -1, 0, -1, -1]
    let expected = [0, -0.0, Double.pi / 2, -Double.pi / 2, Double.pi, 0, 3 * Double.pi / 4, -3 * Double.pi / 4]
    for k in stride(from: 0, to: ys.count, by: 2) {
      let result = atan2Pair(SIMD2(ys[k], ys[k + 1]), SIMD2(xs[k], xs[k + 1]))
      for lane in 0..<2 {
        #expect(
          abs(result[lane] - expected[k + lane]) <= expected[k + lane].ulp, "atan2(\(ys[k + lane]), \(xs[k + lane]))")
        #expect(result[lane].sign == expected[k + lane].sign)
      }
    }
  }
}
