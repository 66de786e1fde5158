import CardMapTestSupport
import Foundation
import ProjectionKernels
import Testing

@testable import Projection

#if PROJ
  /// Each kernel family, chosen from PROJ's own operation, against PROJ itself, in every instruction
  /// set this CPU runs: forward ≤ 1e-8 m (or 1e-9 of the point's size), inverse ≤ 1e-9°, and the
  /// same points failing, over each CRS's area of use and well beyond it.
  @Suite("Kernel families agree with PROJ in every instruction set")
  struct KernelFamilyTests {
    /// A CRS pair and the lon/lat box the points are drawn from (its area of use and beyond).
    struct Case: CustomStringConvertible, Sendable {
      var source: String
      var target: String
      var kernel: String
      var lon: ClosedRange<Double>
      var lat: ClosedRange<Double>
      /// The pole opposite a polar projection's centre, where ρ grows as 1/(π/2 ± φ) and the last bit
      /// of φ changes ρ by more than 10⁻⁹ of itself: excluded from the accuracy check (not the failures').
      var farPole: Double? = nil
      var description: String { "\(source) → \(target)" }
    }

    static let cases: [Case] = [
      Case(source: "EPSG:4326", target: "EPSG:3857", kernel: "webmerc", lon: -180...180, lat: -85...85),
      Case(source: "EPSG:4326", target: "EPSG:32633", kernel: "tmerc", lon: -20...45, lat: -80...84),
      Case(source: "EPSG:4277", target: "EPSG:27700", kernel: "tmerc", lon: -30...20, lat: 30...70),
      Case(source: "EPSG:4167", target: "EPSG:2193", kernel: "tmerc", lon: 150...200, lat: (-60)...(-20)),
      Case(source: "OGC:CRS84", target: "EPSG:2154", kernel: "lcc", lon: -30...30, lat: 20...80),
      Case(source: "EPSG:4269", target: "EPSG:2263", kernel: "lcc", lon: (-120)...(-30), lat: 0...85),
      // Four candidates in PROJ; those whose grids are installed all have the same definition.
      Case(source: "EPSG:4326", target: "EPSG:2263", kernel: "lcc", lon: (-80)...(-70), lat: 38...44),
      Case(source: "EPSG:4326", target: "EPSG:3413", kernel: "stere", lon: -180...180, lat: 30...90, farPole: -90),
      Case(source: "EPSG:4326", target: "EPSG:3031", kernel: "stere", lon: -180...180, lat: (-90)...(-30), farPole: 90),
      Case(source: "EPSG:4326", target: "EPSG:3995", kernel: "stere", lon: -180...180, lat: 30...90, farPole: -90),
      Case(source: "EPSG:4326", target: "EPSG:32661", kernel: "stere", lon: -180...180, lat: 40...90, farPole: -90),
      Case(
        source: "EPSG:4326", target: "EPSG:32761", kernel: "stere", lon: -180...180, lat: (-90)...(-40), farPole: 90),
      Case(source: "EPSG:4258", target: "EPSG:3035", kernel: "laea", lon: -60...80, lat: 10...85),
    ]

    static let count = 20_000 * testScale

    /// The largest differences kernel vs PROJ of `xs, ys` through `transformer`, in `isa`, after
    /// checking point by point that the same ones fail.
    func compare(
      _ transformer: Transformer, _ xs: [Double], _ ys: [Double], isa: InstructionSet, direction: Transformer.Direction
    ) throws -> (absolute: Double, relative: Double, worst: String) {
      let kernel = try #require(transformer.kernel)
      var kx = xs
      var ky = ys
      let forward = (direction == .forward) != transformer.kernelBackwards
      _ = kernel.run(forward: forward, x: &kx, y: &ky, count: xs.count, isa: isa)
      var px = xs
      var py = ys
      try transformer.exact.transform(x: &px, y: &py, direction: direction)
      var absolute = 0.0
      var relative = 0.0
      var mismatched: [Int] = []
      var worst = ""
      for i in xs.indices {
        let kernelFailed = kx[i].isNaN || ky[i].isNaN
        let projFailed = !px[i].isFinite || !py[i].isFinite
        if kernelFailed != projFailed { mismatched.append(i) }
        guard !kernelFailed, !projFailed else { continue }
        var pairs = [(kx[i], px[i]), (ky[i], py[i])]
        if !forward {
          // Longitude as a distance on the ground: wrapped, and scaled by cos φ (any longitude is the pole).
          let wrapped = (kx[i] - px[i]).remainder(dividingBy: 360)
          pairs[0] = (wrapped * cos(py[i] * .pi / 180), 0)
        }
        for (k, p) in pairs {
          if abs(k - p) > absolute {
            worst = "(\(xs[i]), \(ys[i])) → kernel (\(kx[i]), \(ky[i])), PROJ (\(px[i]), \(py[i]))"
          }
          absolute = max(absolute, abs(k - p))
          relative = max(relative, abs(k - p) / max(abs(px[i]), abs(py[i]), 1))
        }
      }
      #expect(
        mismatched.isEmpty,
        "\(transformer.source) → \(transformer.target) \(isa): \(mismatched.count) points fail on one side only, first \(mismatched.first.map { "(\(xs[$0]), \(ys[$0])) → kernel (\(kx[$0]), \(ky[$0])), PROJ (\(px[$0]), \(py[$0]))" } ?? "")"
      )
      return (absolute, relative, worst)
    }

    @Test("forward ≤ 1e-8 m or 1e-9 relative, inverse ≤ 1e-9°, same failures", arguments: cases)
    func family(_ pair: Case) throws {
      let transformer = try Transformer(from: pair.source, to: pair.target)
      guard case .kernel(let name, false, _) = transformer.path else {
        Issue.record("\(pair): \(transformer.path)")
        return
      }
      #expect(name == pair.kernel)
      var random = SplitMix(state: pair.target.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
      var lons = (0..<Self.count).map { _ in random.uniform(pair.lon) }
      var lats = (0..<Self.count).map { _ in random.uniform(pair.lat) }
      // The poles, the antimeridian, PROJ's longitude limit and bad values.
      lons += [0, 0, 180, -180, 572.95, -572.96, .nan, 0, 10, 10, 45]
      lats += [90, -90, 0, 0, 10, 10, 0, .infinity, 90.00000000000001, -89.9999999999, 89.99999999999]
      let conditioned = lons.indices.filter { i in pair.farPole.map { abs(lats[i] - $0) > 1e-6 } ?? true }
      for isa in InstructionSet.runnable {
        _ = try compare(transformer, lons, lats, isa: isa, direction: .forward)
        let (absolute, relative, worst) = try compare(
          transformer, conditioned.map { lons[$0] }, conditioned.map { lats[$0] }, isa: isa, direction: .forward)
        #expect(
          absolute <= 1e-8 || relative <= 1e-9,
          "\(pair) \(isa): forward \(absolute) m, \(relative) relative, at \(worst)")
      }
      // Back from PROJ's own projected points, and from points beyond them.
      var xs = lons
      var ys = lats
      try transformer.exact.transform(x: &xs, y: &ys)
      let good = xs.indices.filter { xs[$0].isFinite && ys[$0].isFinite }
      var backX = good.map { xs[$0] }
      var backY = good.map { ys[$0] }
      let spanX = (backX.max() ?? 0) - (backX.min() ?? 0)
      let spanY = (backY.max() ?? 0) - (backY.min() ?? 0)
      backX += (0..<2000).map { _ in random.uniform(-spanX...spanX) }
      backY += (0..<2000).map { _ in random.uniform(-spanY...spanY) }
      for isa in InstructionSet.runnable {
        let (inverse, _, worst) = try compare(transformer, backX, backY, isa: isa, direction: .inverse)
        #expect(inverse <= 1e-9, "\(pair) \(isa): inverse \(inverse)°, at \(worst)")
      }
    }
  }
#endif
