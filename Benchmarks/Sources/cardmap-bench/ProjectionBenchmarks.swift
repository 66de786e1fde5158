import CProjBaseline
import CardMap
import CardMapTestSupport
@_spi(Benchmarks) import ProjectionKernels

/// Batch transforms over `points` points: PROJ's `proj_trans_generic`, a plain scalar
/// Swift loop over libm, the SIMD kernel on one thread and on all cores, and a copy loop over the
/// same buffers (the memory floor), with the kernel's largest difference from PROJ.
func projectionBenchmarks(points: Int) -> [Measurement] {
  var random = SplitMix(state: 2026)
  func uniform(_ range: ClosedRange<Double>) -> [Double] { (0..<points).map { _ in random.uniform(range) } }
  guard let utm = TransverseMercatorKernel(zone: 33, south: false) else { return [] }
  var results: [Measurement] = []
  // Each family over its CRS's area of use, from the lon/lat CRS whose operation PROJ makes a single
  // projection (the kernels are chosen from it, as `Transformer` chooses them).
  let cases: [(name: String, source: String, target: String, xs: [Double], ys: [Double], scalar: Scalar?)] = [
    ("webmerc", "EPSG:4326", "EPSG:3857", uniform(-180...180), uniform(-85...85), .webMercator),
    ("utm", "EPSG:4326", "EPSG:32633", uniform(-15...45), uniform(0...84), .utm(utm)),
    ("tmerc", "EPSG:4277", "EPSG:27700", uniform(-9...2), uniform(49...61), nil),
    ("lcc", "EPSG:4326", "EPSG:2154", uniform(-5...10), uniform(41...52), nil),
    ("stere", "EPSG:4326", "EPSG:3413", uniform(-180...180), uniform(60...90), nil),
    ("laea", "EPSG:4326", "EPSG:3035", uniform(-30...40), uniform(30...72), nil),
  ]
  for (name, geographic, crs, xs, ys, scalar) in cases
  where caseFilter.map({ name.hasPrefix($0) || $0.hasPrefix(name) }) ?? true {
    // Forward input is lon/lat; inverse input is PROJ's own forward result.
    guard let (projX, projY) = proj(from: geographic, to: crs, xs, ys, timed: nil),
      let transformer = try? Transformer(from: geographic, to: crs), let (kernel, backwards) = transformer.batchKernel
    else {
      print("\(name): no kernel from \(geographic) to \(crs)")
      continue
    }
    for (direction, source, target, inX, inY, referenceX, referenceY) in [
      ("forward", geographic, crs, xs, ys, projX, projY), ("inverse", crs, geographic, projX, projY, xs, ys),
    ] {
      let forward = direction == "forward"
      let prefix = "\(name).\(direction)"
      // Best of rounds for every contender: PROJ three (one takes seconds), the kernels and the copy
      // at least five and a second in all (a round of theirs takes milliseconds).
      var projNs = Double.infinity
      for _ in 0..<3 {
        var roundNs = 0.0
        _ = proj(from: source, to: target, inX, inY, timed: &roundNs)
        projNs = min(projNs, roundNs)
      }
      results.append(Measurement(name: "\(prefix).proj", items: points, nsPerItem: projNs))
      var wx = inX
      var wy = inY
      let resetInputs = {
        reset(&wx, inX)
        reset(&wy, inY)
      }
      if let scalar {
        let scalarNs = measure(
          items: points, rounds: 2, minimumSeconds: 0,
          setup: resetInputs
        ) {
          scalar.run(forward: forward, &wx, &wy)
        }
        results.append(
          Measurement(
            name: "\(prefix).scalar", items: points, nsPerItem: scalarNs,
            extra: [errorKey(forward, maxDifference(wx, wy, referenceX, referenceY))], baseline: "\(prefix).proj"))
      }
      // One thread, in the instruction set `InstructionSet.active` chose (CARDMAP_ISA to force one).
      let kernelNs = measure(
        items: points, rounds: 5, minimumSeconds: 1,
        setup: resetInputs
      ) {
        wx.withUnsafeMutableBufferPointer { x in
          wy.withUnsafeMutableBufferPointer { y in
            guard let x = x.baseAddress, let y = y.baseAddress else { return }
            blackHole(InstructionSet.active.run(kernel, forward: forward != backwards, x: x, y: y, count: points))
          }
        }
      }
      results.append(
        Measurement(
          name: "\(prefix).simd", items: points, nsPerItem: kernelNs,
          extra: [errorKey(forward, maxDifference(wx, wy, referenceX, referenceY))], baseline: "\(prefix).proj"))
      let directed = forward ? transformer : transformer.inverted
      let threadsNs = measure(
        items: points, rounds: 5, minimumSeconds: 1,
        setup: resetInputs
      ) {
        blackHole(try? directed.transform(x: &wx, y: &wy))
      }
      results.append(
        Measurement(
          name: "\(prefix).simd.threads", items: points, nsPerItem: threadsNs,
          extra: [errorKey(forward, maxDifference(wx, wy, referenceX, referenceY))], baseline: "\(prefix).proj"))
    }
  }
  var cx = uniform(-180...180)
  var cy = uniform(-85...85)
  var ox = [Double](repeating: 0, count: points)
  var oy = [Double](repeating: 0, count: points)
  let copyNs = measure(items: points, rounds: 5, minimumSeconds: 1) {
    cx.withUnsafeMutableBufferPointer { x in
      cy.withUnsafeMutableBufferPointer { y in
        ox.withUnsafeMutableBufferPointer { o in
          oy.withUnsafeMutableBufferPointer { p in
            for i in 0..<points {
              o[i] = x[i]
              p[i] = y[i]
            }
          }
        }
      }
    }
    blackHole(ox[points / 2])
  }
  results.append(Measurement(name: "copy", items: points, nsPerItem: copyNs))
  for index in results.indices
  where results[index].name.hasSuffix(".simd") || results[index].name.hasSuffix(".threads") {
    results[index].extra.append(("copyRatio", results[index].nsPerItem / copyNs))
  }
  return results
}

/// Copies `source` into `buffer` in place, so that the timed body finds a unique, faulted-in buffer
/// (assigning the array would leave a copy-on-write for the timed body to pay).
func reset(_ buffer: inout [Double], _ source: [Double]) {
  buffer.withUnsafeMutableBufferPointer { target in
    source.withUnsafeBufferPointer { from in
      guard let t = target.baseAddress, let f = from.baseAddress else { return }
      t.update(from: f, count: min(target.count, from.count))
    }
  }
}

func errorKey(_ forward: Bool, _ value: Double) -> (String, Double) {
  (forward ? "maxErrorMeters" : "maxErrorDegrees", value)
}

func maxDifference(_ x: [Double], _ y: [Double], _ rx: [Double], _ ry: [Double]) -> Double {
  var worst = 0.0
  for i in x.indices where rx[i].isFinite { worst = max(worst, abs(x[i] - rx[i]), abs(y[i] - ry[i])) }
  return worst
}

/// PROJ's own batch call on copies of the inputs; `timed` receives ns per point of one call.
func proj(from: String, to: String, _ xs: [Double], _ ys: [Double], timed: UnsafeMutablePointer<Double>?) -> (
  [Double], [Double]
)? {
  guard let context = proj_context_create() else { return nil }
  defer { proj_context_destroy(context) }
  proj_log_func(context, nil) { _, _, _ in }
  guard let raw = proj_create_crs_to_crs(context, from, to, nil) else { return nil }
  defer { proj_destroy(raw) }
  guard let operation = proj_normalize_for_visualization(context, raw) else { return nil }
  defer { proj_destroy(operation) }
  var x = xs
  var y = ys
  let count = xs.count
  let start = now()
  x.withUnsafeMutableBufferPointer { px in
    y.withUnsafeMutableBufferPointer { py in
      _ = proj_trans_generic(
        operation, PJ_FWD, px.baseAddress, 8, count, py.baseAddress, 8, count, nil, 0, 0, nil, 0, 0)
    }
  }
  timed?.pointee = Double(now() - start) / Double(count)
  return (x, y)
}

/// A plain scalar Swift loop over libm: what one writes without SIMD.
enum Scalar {
  case webMercator
  case utm(TransverseMercatorKernel)

  func run(forward: Bool, _ x: inout [Double], _ y: inout [Double]) {
    let a = 6_378_137.0
    switch (self, forward) {
    case (.webMercator, true):
      for i in x.indices {
        x[i] = a * x[i] * (Double.pi / 180)
        y[i] = a * asinh(tan(y[i] * (Double.pi / 180)))
      }
    case (.webMercator, false):
      for i in x.indices {
        x[i] = x[i] / a * (180 / Double.pi)
        y[i] = atan(sinh(y[i] / a)) * (180 / Double.pi)
      }
    case (.utm(let kernel), true):
      for i in x.indices { (x[i], y[i]) = utmForward(kernel, x[i], y[i]) }
    case (.utm(let kernel), false):
      for i in x.indices { (x[i], y[i]) = utmInverse(kernel, x[i], y[i]) }
    }
  }

  /// Σ c[k]·sin(2(k+1)B) + B, Clenshaw (the Gaussian ↔ geodetic latitude series).
  func gatg(_ c: [Double], _ b: Double) -> Double {
    let twoCos = 2 * cos(2 * b)
    var h1 = c[5]
    var h2 = 0.0
    var h = h1
    for k in stride(from: 4, through: 0, by: -1) {
      h = -h2 + twoCos * h1 + c[k]
      h2 = h1
      h1 = h
    }
    return b + h * sin(2 * b)
  }

  func clenS(_ a: [Double], _ argR: Double, _ argI: Double) -> (Double, Double) {
    let (sinR, cosR, sinhI, coshI) = (sin(argR), cos(argR), sinh(argI), cosh(argI))
    let r = 2 * cosR * coshI
    let i = -2 * sinR * sinhI
    var (hr, hr1, hi, hi1) = (a[5], 0.0, 0.0, 0.0)
    for k in stride(from: 4, through: 0, by: -1) {
      let (hr2, hi2) = (hr1, hi1)
      hr1 = hr
      hi1 = hi
      hr = -hr2 + r * hr1 - i * hi1 + a[k]
      hi = -hi2 + i * hr1 + r * hi1
    }
    let (rr, ii) = (sinR * coshI, cosR * sinhI)
    return (rr * hr - ii * hi, rr * hi + ii * hr)
  }

  func utmForward(_ k: TransverseMercatorKernel, _ lon: Double, _ lat: Double) -> (Double, Double) {
    var cn = gatg(k.series.cbg, lat * (Double.pi / 180))
    var ce = lon * (Double.pi / 180) - k.centralMeridian
    let (sinCn, cosCn, sinCe, cosCe) = (sin(cn), cos(cn), sin(ce), cos(ce))
    cn = atan2(sinCn, cosCe * cosCn)
    ce = asinh(tan(atan2(sinCe * cosCn, hypot(sinCn, cosCn * cosCe))))
    let (dCn, dCe) = clenS(k.series.gtu, 2 * cn, 2 * ce)
    let scale = k.series.qn * 6_378_137
    return ((ce + dCe) * scale + 500_000, (cn + dCn) * scale + k.falseNorthing)
  }

  func utmInverse(_ k: TransverseMercatorKernel, _ x: Double, _ y: Double) -> (Double, Double) {
    let scale = k.series.qn * 6_378_137
    var cn = (y - k.falseNorthing) / scale
    var ce = (x - 500_000) / scale
    let (dCn, dCe) = clenS(k.series.utg, 2 * cn, 2 * ce)
    cn += dCn
    ce = atan(sinh(ce + dCe))
    let (sinCn, cosCn, sinCe, cosCe) = (sin(cn), cos(cn), sin(ce), cos(ce))
    let lambda = atan2(sinCe, cosCe * cosCn)
    let phi = gatg(k.series.cgb, atan2(sinCn * cosCe, hypot(sinCe, cosCe * cosCn)))
    return ((lambda + k.centralMeridian) * (180 / Double.pi), phi * (180 / Double.pi))
  }
}
