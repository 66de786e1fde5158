import CardMapTestSupport
import ProjectionKernels
import Testing

@testable import Projection

// These compare with PROJ itself: the PROJ build only (NeedsPROJTests says so without it).
#if PROJ
  /// The SIMD kernels against PROJ itself (`exact` transformers), on 10⁵ random points per kernel and
  /// direction and on the cs2cs fixtures (the tolerances of the Projections article).
  @Suite("SIMD kernels agree with PROJ")
  struct KernelAccuracyTests {
    /// The points `from` → `to` through the kernel (k) and through PROJ itself (p), with the results.
    func bothWays(from: String, to: String, xs: [Double], ys: [Double]) throws -> (
      kx: [Double], ky: [Double], k: BatchResult, px: [Double], py: [Double], p: BatchResult
    ) {
      let fast = try Transformer(from: from, to: to)
      #expect(fast.usesFastKernel)
      var kx = xs
      var ky = ys
      var px = xs
      var py = ys
      let k = try fast.transform(x: &kx, y: &ky)
      let p = try fast.exact.transform(x: &px, y: &py)
      return (kx, ky, k, px, py, p)
    }

    /// The largest coordinate difference between the kernel and PROJ going `from` → `to`.
    ///
    /// Also checks that the kernel fails exactly the points PROJ fails, point by point (equal counts
    /// could hide one failure swapped for another).
    func maxDifference(from: String, to: String, xs: [Double], ys: [Double]) throws -> (Double, Int, Int) {
      let (kx, ky, k, px, py, p) = try bothWays(from: from, to: to, xs: xs, ys: ys)
      var worst = 0.0
      var mismatched: [Int] = []
      for i in xs.indices {
        let kernelFailed = kx[i].isNaN || ky[i].isNaN
        let projFailed = !px[i].isFinite || !py[i].isFinite
        if kernelFailed != projFailed { mismatched.append(i) }
        if !projFailed && !kernelFailed { worst = max(worst, abs(kx[i] - px[i]), abs(ky[i] - py[i])) }
      }
      #expect(
        mismatched.isEmpty,
        "\(from) → \(to): \(mismatched.count) points fail on one side only, first (\(mismatched.first.map { "\(xs[$0]), \(ys[$0])" } ?? ""))"
      )
      return (worst, k.failed, p.failed)
    }

    @Test("Web Mercator forward ≤ 1e-8 m, inverse ≤ 1e-9°, failures as PROJ's")
    func webMercator() throws {
      var random = SplitMix(state: 3857)
      var lons = (0..<100_000).map { _ in random.uniform(-180...180) }
      var lats = (0..<100_000).map { _ in random.uniform(-85.06...85.06) }
      lons += [180, -180, 190, -190, 0, 0, 45, 45, 10, .nan, 0, .infinity]
      lats += [85.0511287798, -85.0511287798, 0, 0, 90, -90, 89.999999, 91, .nan, 0, -95, 0]
      // PROJ's longitude limit, |lon| ≤ 10 rad (572.958°), and latitudes a last bit past the poles.
      lons += [572.95, -572.95, 572.96, -572.96, 0, 0]
      lats += [10, 10, 10, 10, 90.00000000000001, -90.00000000000001]
      let (forward, kernelFailed, projFailed) = try maxDifference(
        from: "EPSG:4326", to: "EPSG:3857", xs: lons, ys: lats)
      #expect(forward <= 1e-8, "max forward difference \(forward) m")
      #expect(kernelFailed == projFailed && kernelFailed == 9)
      var xs = (0..<100_000).map { _ in random.uniform(-20_037_508.34...20_037_508.34) }
      var ys = (0..<100_000).map { _ in random.uniform(-20_037_508.34...20_037_508.34) }
      xs += [0, 30_000_000, -20_037_508.3427892439]
      ys += [242_528_680.9437427223, 0, 0]
      let (inverse, _, _) = try maxDifference(from: "EPSG:3857", to: "EPSG:4326", xs: xs, ys: ys)
      #expect(inverse <= 1e-9, "max inverse difference \(inverse)°")
    }

    @Test(
      "UTM forward ≤ 1e-8 m in the zone and within 30° of the central meridian; inverse ≤ 1e-9°",
      arguments: [(33, false), (33, true), (1, false), (60, true), (31, false)])
    func utm(zone: Int, south: Bool) throws {
      let code = "EPSG:\(south ? 327 : 326)\(zone < 10 ? "0" : "")\(zone)"
      let cm = Double(zone * 6 - 183)
      var random = SplitMix(state: UInt64(zone) * (south ? 7 : 1))
      let lats = (0..<100_000).map { _ in south ? random.uniform(-80...0) : random.uniform(0...84) }
      let inZone = (0..<100_000).map { _ in cm + random.uniform(-3...3) }
      let (zoneError, failed, _) = try maxDifference(from: "EPSG:4326", to: code, xs: inZone, ys: lats)
      #expect(zoneError <= 1e-8, "\(code): \(zoneError) m in the zone")
      #expect(failed == 0)
      let wide = (0..<20_000).map { _ in cm + random.uniform(-30...30) }
      let (wideError, _, _) = try maxDifference(from: "EPSG:4326", to: code, xs: wide, ys: Array(lats[0..<20_000]))
      #expect(wideError <= 1e-8, "\(code): \(wideError) m within 30°")
      // Far outside the zone: the same failures as PROJ.
      // Far outside the zone, and at PROJ's longitude limit (|lon| ≤ 10 rad): the same failures as PROJ.
      let far = [cm + 90, cm + 180, cm - 179, cm + 45, 572.95, -572.96, cm]
      let farLats = [0, 0, 10, 10, 10, 10, 90.00000000000001]
      let (_, farFailed, projFarFailed) = try maxDifference(from: "EPSG:4326", to: code, xs: far, ys: farLats)
      #expect(farFailed == projFarFailed && farFailed >= 2)
      var xs = inZone
      var ys = lats
      try Transformer(from: "EPSG:4326", to: code, exact: true).transform(x: &xs, y: &ys)
      let (inverse, _, _) = try maxDifference(from: code, to: "EPSG:4326", xs: xs, ys: ys)
      #expect(inverse <= 1e-9, "\(code): \(inverse)° inverse")
    }

    @Test("UTM inverse beyond the poles (northings past ±10 000 km) ≤ 1e-9°, as PROJ's", arguments: [false, true])
    func utmBeyondPoles(south: Bool) throws {
      var random = SplitMix(state: south ? 32733 : 32633)
      let xs = (0..<10_000).map { _ in random.uniform(200_000...800_000) }
      let ys = (0..<10_000).map { _ in random.uniform(-40_000_000...40_000_000) }
      let (inverse, failed, projFailed) = try maxDifference(
        from: south ? "EPSG:32733" : "EPSG:32633", to: "EPSG:4326", xs: xs, ys: ys)
      #expect(inverse <= 1e-9, "\(inverse)° inverse")
      #expect(failed == projFailed)
      // Some 10⁵ turns round the Earth and more the reduction by half turns cannot do exactly: those fail.
      let utm = try #require(TransverseMercatorKernel(zone: 33, south: south))
      var eastings = [500_000, 500_000, 500_000.0]
      var northings = [6.6e12, 6.8e12, -1e300]
      let count = eastings.count
      let farFailed = eastings.withUnsafeMutableBufferPointer { x in
        northings.withUnsafeMutableBufferPointer { y in
          utm.inverse(x: x.baseAddress.unsafelyUnwrapped, y: y.baseAddress.unsafelyUnwrapped, count: count)
        }
      }
      #expect(farFailed == 2 && eastings[0].isFinite && eastings[1].isNaN && northings[2].isNaN)
    }

    @Test(
      "over ranges far beyond the usual ones the kernels fail exactly where PROJ does and stay close to it",
      arguments: [
        ("EPSG:4326", "EPSG:3857", -720.0...720.0, -90.0...90.0), ("EPSG:3857", "EPSG:4326", -1e8...1e8, -1e9...1e9),
        ("EPSG:4326", "EPSG:32633", -720...720, -90...90), ("EPSG:32633", "EPSG:4326", -2e7...2e7, -3e7...3e7),
      ])
    func wideRanges(from: String, to: String, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) throws {
      var random = SplitMix(state: 4242)
      let xs = (0..<20_000).map { _ in random.uniform(xRange) } + [.nan, 0]
      let ys = (0..<20_000).map { _ in random.uniform(yRange) } + [0, .infinity]
      let (kx, ky, k, px, py, p) = try bothWays(from: from, to: to, xs: xs, ys: ys)
      #expect(k.failed == p.failed && k.failed > 0)
      var worst = 0.0
      let mismatched = xs.indices.filter { kx[$0].isNaN != px[$0].isNaN }
      let first = mismatched.first.map { (xs[$0], ys[$0]) }
      #expect(mismatched.count == 0, "\(mismatched.count) fail on one side only, first \(String(describing: first))")
      for i in xs.indices {
        guard px[i].isFinite, kx[i].isFinite else { continue }
        // Longitudes may come out as −180° on one side and 180° on the other; projected values are
        // compared relative to their size (up to 10⁹ m here).
        let dx = to == "EPSG:4326" ? min(abs(kx[i] - px[i]), abs(abs(kx[i] - px[i]) - 360)) : abs(kx[i] - px[i])
        let scale = to == "EPSG:4326" ? 1 : max(1, abs(px[i]), abs(py[i]))
        worst = max(worst, dx / scale, abs(ky[i] - py[i]) / scale)
      }
      #expect(worst <= (to == "EPSG:4326" ? 1e-9 : 1e-11), "\(from) → \(to): \(worst)")
    }

    @Test("the kernels reproduce the cs2cs fixtures, edges included")
    func fixtures() throws {
      #expect(ProjectionFixture.all.count >= 1400, "Data/reference/projection-fixtures.tsv is read")
      let byTarget = Dictionary(grouping: ProjectionFixture.all, by: \.target)
      for (target, fixtures) in byTarget {
        let transformer = try Transformer(from: "EPSG:4326", to: target)
        #expect(transformer.usesFastKernel)
        var xs = fixtures.map(\.lon)
        var ys = fixtures.map(\.lat)
        let result = try transformer.transform(x: &xs, y: &ys)
        #expect(result.failed == 0)
        // cs2cs wrote 10 decimals: the kernels' 1e-8 m promise is checked at the fixtures' resolution.
        let tolerance = 1e-8
        for (i, fixture) in fixtures.enumerated() {
          #expect(
            abs(xs[i] - fixture.x) <= tolerance && abs(ys[i] - fixture.y) <= tolerance, "\(fixture): \(xs[i]), \(ys[i])"
          )
        }
      }
    }

    @Test("tails shorter than a vector, empty batches and single points")
    func tails() throws {
      let transformer = try Transformer(from: "EPSG:4326", to: "EPSG:3857")
      for count in 0..<20 {
        var xs = (0..<count).map { Double($0) * 7 - 60 }
        var ys = (0..<count).map { Double($0) * 4 - 40 }
        var px = xs
        var py = ys
        try transformer.transform(x: &xs, y: &ys)
        try transformer.exact.transform(x: &px, y: &py)
        #expect(zip(xs, px).allSatisfy { abs($0 - $1) <= 1e-8 } && zip(ys, py).allSatisfy { abs($0 - $1) <= 1e-8 })
      }
      let point = try transformer.transform(x: 151.2108, y: -33.8611)
      #expect(abs(point.x - 16_832_709.2584) < 1e-3 && abs(point.y - -4_010_166.3638) < 1e-3)
      #expect(abs(try transformer.inverted.transform(x: point.x, y: point.y).y - -33.8611) < 1e-12)
    }

    @Test("a pair without a kernel uses PROJ; exact forces PROJ")
    func selection() throws {
      #expect(try !Transformer(from: "EPSG:4326", to: "EPSG:2056").usesFastKernel)
      #expect(try !Transformer(from: "EPSG:4326", to: "EPSG:3857", exact: true).usesFastKernel)
      #expect(try Transformer(from: "EPSG:32756", to: "EPSG:4326").usesFastKernel)
      #expect(try !Transformer(from: "EPSG:3857", to: "EPSG:32756").usesFastKernel)
    }

    @Test("large batches split across cores give the one-thread results")
    func parallel() throws {
      let count = 300_001
      let lons = (0..<count).map { Double($0 % 3600) / 10 - 180 }
      // Some latitudes beyond ±90°, so that failures are counted across slices too.
      let lats = (0..<count).map { Double($0 % 1900) / 10 - 95 }
      var xs = lons
      var ys = lats
      let result = try Transformer(from: "EPSG:4326", to: "EPSG:3857").transform(x: &xs, y: &ys)
      var sx = lons
      var sy = lats
      let failed = sx.withUnsafeMutableBufferPointer { x in
        sy.withUnsafeMutableBufferPointer { y in
          WebMercatorKernel.forward(
            x: x.baseAddress.unsafelyUnwrapped, y: y.baseAddress.unsafelyUnwrapped, count: count)
        }
      }
      #expect(failed > 0 && result.failed == failed)
      #expect(zip(sx, xs).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
      #expect(zip(sy, ys).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
    }
  }
#endif
