import Foundation
import Testing

@testable import Projection

// These compare with PROJ itself: the PROJ build only (NeedsPROJTests says so without it).
#if PROJ
  @Suite("PROJ transformer")
  struct TransformerTests {
    @Test("the fixture file is there and complete")
    func fixturesLoad() {
      #expect(ProjectionFixture.all.count > 1000)
    }

    @Test("PROJ through the wrapper equals cs2cs to 1e-9 m, point by point")
    func singlePointsMatchFixtures() throws {
      for fixture in ProjectionFixture.all {
        let transformer = try Transformer(from: fixture.source, to: fixture.target, exact: true)
        let result = try transformer.transform(x: fixture.lon, y: fixture.lat)
        #expect(abs(result.x - fixture.x) <= 1e-9, "\(fixture)")
        #expect(abs(result.y - fixture.y) <= 1e-9, "\(fixture)")
      }
    }

    @Test("batches equal cs2cs, and the inverse returns the input to 1e-9°")
    func batchesMatchFixtures() throws {
      let byTarget = Dictionary(grouping: ProjectionFixture.all, by: \.target)
      for (target, fixtures) in byTarget {
        let transformer = try Transformer(from: "EPSG:4326", to: target, exact: true)
        var xs = fixtures.map(\.lon)
        var ys = fixtures.map(\.lat)
        let result = try transformer.transform(x: &xs, y: &ys)
        #expect(result == BatchResult(count: fixtures.count, failed: 0))
        for (i, fixture) in fixtures.enumerated() {
          #expect(abs(xs[i] - fixture.x) <= 1e-9 && abs(ys[i] - fixture.y) <= 1e-9, "\(fixture)")
        }
        try transformer.transform(x: &xs, y: &ys, direction: .inverse)
        for (i, fixture) in fixtures.enumerated() where abs(fixture.lat) < 89 {
          var dlon = abs(xs[i] - fixture.lon)
          if dlon > 359 { dlon = abs(dlon - 360) }  // ±180 come back as ∓180
          #expect(dlon <= 1e-9 && abs(ys[i] - fixture.lat) <= 1e-9, "\(fixture)")
        }
      }
    }

    @Test("separate output buffers leave the input untouched")
    func separateOutputs() throws {
      let transformer = try Transformer(from: "EPSG:4326", to: "EPSG:3857")
      let xs: [Double] = [0, 10, -170]
      let ys: [Double] = [0, 45, -60]
      var outX = [Double](repeating: 0, count: 3)
      var outY = [Double](repeating: 0, count: 3)
      try xs.withUnsafeBufferPointer { x in
        try ys.withUnsafeBufferPointer { y in
          try outX.withUnsafeMutableBufferPointer { ox in
            try outY.withUnsafeMutableBufferPointer { oy in
              _ = try transformer.transform(x: x, y: y, intoX: ox, intoY: oy)
            }
          }
        }
      }
      #expect(xs == [0, 10, -170])
      #expect(abs(outX[1] - 1_113_194.907_932_735_7) < 1e-6)
      #expect(abs(outY[1] - 5_621_521.486_192_066) < 1e-6)
    }

    @Test("lon/lat order for EPSG:4326, whatever its official axis order")
    func axisOrder() throws {
      let transformer = try Transformer(from: "EPSG:4326", to: "EPSG:32633")
      let utm = try transformer.transform(x: 15, y: 0)
      #expect(abs(utm.x - 500_000) < 1e-6)
      #expect(abs(utm.y) < 1e-6)
      #expect(transformer.sourceIsGeographic && !transformer.targetIsGeographic)
      #expect(transformer.sourceIdentifier == "EPSG:4326")
      #expect(transformer.targetIdentifier == "EPSG:32633")
    }

    @Test("PROJ strings and WKT are accepted")
    func otherDefinitions() throws {
      let proj = try Transformer(from: "+proj=longlat +datum=WGS84", to: "+proj=utm +zone=33 +datum=WGS84")
      let p = try proj.transform(x: 15, y: 45)
      let epsg = try Transformer(from: "EPSG:4326", to: "EPSG:32633").transform(x: 15, y: 45)
      #expect(abs(p.x - epsg.x) < 1e-6 && abs(p.y - epsg.y) < 1e-6)
      let wkt = """
        GEOGCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563]],\
        CS[ellipsoidal,2],AXIS["latitude",north],AXIS["longitude",east],ANGLEUNIT["degree",0.0174532925199433]]
        """
      let fromWKT = try Transformer(from: wkt, to: "EPSG:3857").transform(x: 10, y: 45)
      #expect(abs(fromWKT.x - 1_113_194.907_932_735_7) < 1e-6)
    }

    @Test("an unknown CRS is a typed error carrying PROJ's message", arguments: ["EPSG:999999", "nonsense", ""])
    func unknownCRS(definition: String) {
      #expect {
        _ = try Transformer(from: definition, to: "EPSG:3857")
      } throws: { error in
        guard let error = error as? ProjectionError else { return false }
        return error.kind == .invalidCRS && !error.message.isEmpty
          && (definition.isEmpty || error.description.contains(definition))
      }
    }

    @Test("NaN, infinity and |lat| > 90 become NaN and are counted; the batch never traps", arguments: [true, false])
    func badPoints(exact: Bool) throws {
      let transformer = try Transformer(from: "EPSG:4326", to: "EPSG:3857", exact: exact)
      var xs: [Double] = [0, .nan, 10, .infinity, 10, 20, -.infinity]
      var ys: [Double] = [0, 0, 91, 0, -90.5, .nan, 0]
      let result = try transformer.transform(x: &xs, y: &ys)
      #expect(result == BatchResult(count: 7, failed: 6))
      #expect(xs[0] == 0 && ys[0] == 0)
      for i in 1..<7 { #expect(xs[i].isNaN && ys[i].isNaN) }
      let single = try transformer.transform(x: 0, y: 95)
      #expect(single.x.isNaN && single.y.isNaN)
    }

    @Test("buffers of different lengths are rejected")
    func mismatchedBuffers() throws {
      let transformer = try Transformer(from: "EPSG:4326", to: "EPSG:3857")
      var xs: [Double] = [0, 1]
      var ys: [Double] = [0]
      #expect(throws: ProjectionError.self) { try transformer.transform(x: &xs, y: &ys) }
    }

    @Test("an empty batch is fine")
    func emptyBatch() throws {
      var xs: [Double] = []
      var ys: [Double] = []
      let result = try Transformer(from: "EPSG:4326", to: "EPSG:3857").transform(x: &xs, y: &ys)
      #expect(result == BatchResult(count: 0, failed: 0))
    }

    @Test("8 threads transforming at once give the results of one thread (PROJ and kernels)")
    func concurrentThreads() async throws {
      let pairs = [
        ("EPSG:4326", "EPSG:3857"), ("EPSG:4326", "EPSG:32633"), ("EPSG:4326", "EPSG:32756"),
        ("EPSG:4326", "EPSG:2154"),
      ]
      let lon = (0..<5000).map { Double($0 % 360) - 179.5 }
      let lat = (0..<5000).map { Double($0 % 170) - 84.5 }
      var expected: [[Double]] = []
      for (source, target) in pairs {
        var xs = lon
        var ys = lat
        try Transformer(from: source, to: target).transform(x: &xs, y: &ys)
        expected.append(xs + ys)
      }
      let results = try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
        for task in 0..<8 {
          group.addTask {
            let index = task % pairs.count
            let transformer = try Transformer(from: pairs[index].0, to: pairs[index].1)
            var xs = lon
            var ys = lat
            for _ in 0..<3 {
              xs = lon
              ys = lat
              try transformer.transform(x: &xs, y: &ys)
            }
            return (index, xs + ys)
          }
        }
        var collected: [(Int, [Double])] = []
        for try await result in group { collected.append(result) }
        return collected
      }
      #expect(results.count == 8)
      for (index, values) in results {
        #expect(values.elementsEqual(expected[index]) { $0 == $1 || ($0.isNaN && $1.isNaN) })
      }
    }

    @Test("PROJ writes nothing to stderr, even for a bad CRS on a new thread")
    func nothingOnStderr() throws {
      let path = FileManager.default.temporaryDirectory.appending(path: "proj-stderr-\(getpid()).txt").path
      let saved = dup(2)
      let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      #expect(file >= 0)
      dup2(file, 2)
      let thread = Thread {
        _ = try? Transformer(from: "EPSG:999999", to: "EPSG:3857")
        _ = try? Transformer(from: "+proj=nonsense", to: "EPSG:3857")
      }
      thread.start()
      while !thread.isFinished { usleep(1000) }
      _ = try? Transformer(from: "+proj=bogus +zone=99", to: "EPSG:3857")
      dup2(saved, 2)
      close(file)
      close(saved)
      let written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(atPath: path)
      #expect(!written.contains("proj_create"))
      #expect(!written.lowercased().contains("unrecognized"))
    }
  }
#endif
