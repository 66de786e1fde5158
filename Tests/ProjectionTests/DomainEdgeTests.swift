import CardMapTestSupport
import Foundation
import ProjectionKernels
import Testing

@testable import Projection

#if PROJ
  /// A kernel never refuses a point that PROJ answers (<doc:Projections>): each family, each
  /// direction, on a sphere and on an ellipsoid, at and beyond its domain's edges (90° from the
  /// central meridian, the poles, the antipode of the azimuthal centre, the conic's far pole),
  /// against PROJ point by point through the same transformer with `exact`.
  @Suite("Kernels at the edges of their domains answer as PROJ does")
  struct DomainEdgeTests {
    /// A CRS pair whose transformer takes `kernel` (nil: PROJ, as for every projection but Web
    /// Mercator on a sphere), and where its domain ends.
    struct Case: CustomStringConvertible, Sendable {
      var source: String
      var target: String
      var kernel: String?
      /// The central meridian and the latitude of the azimuthal or polar centre, if any.
      var lon0: Double
      var lat0: Double
      var description: String { "\(source) → \(target)" }
    }

    static let sphere = "+proj=longlat +R=6400000"
    static let cases: [Case] = [
      Case(source: "EPSG:4326", target: "EPSG:3857", kernel: "webmerc", lon0: 0, lat0: 0),
      Case(source: "+proj=longlat +R=6378137", target: "+proj=merc +R=6378137", kernel: "webmerc", lon0: 0, lat0: 0),
      Case(source: sphere, target: "+proj=tmerc +R=6400000", kernel: nil, lon0: 0, lat0: 0),
      Case(source: "EPSG:4326", target: "EPSG:32633", kernel: "tmerc", lon0: 15, lat0: 0),
      Case(
        source: "+proj=longlat +ellps=GRS80", target: "+proj=tmerc +ellps=GRS80 +lon_0=-100 +lat_0=40 +k=0.9999",
        kernel: "tmerc", lon0: -100, lat0: 0),
      Case(
        source: sphere, target: "+proj=lcc +R=6400000 +lat_1=30 +lat_2=60 +lon_0=10", kernel: nil, lon0: 10, lat0: 90),
      Case(source: "OGC:CRS84", target: "EPSG:2154", kernel: "lcc", lon0: 3, lat0: 90),
      Case(
        source: "+proj=longlat +ellps=GRS80", target: "+proj=lcc +ellps=GRS80 +lat_1=-20 +lat_2=-50 +lon_0=135",
        kernel: "lcc", lon0: 135, lat0: -90),
      Case(
        source: sphere, target: "+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +R=6400000", kernel: nil, lon0: -45,
        lat0: 90),
      Case(source: "EPSG:4326", target: "EPSG:3031", kernel: "stere", lon0: 0, lat0: -90),
      Case(source: sphere, target: "+proj=laea +lat_0=52 +lon_0=10 +R=6400000", kernel: nil, lon0: 10, lat0: 52),
      Case(source: "EPSG:4258", target: "EPSG:3035", kernel: "laea", lon0: 10, lat0: 52),
    ]

    /// Points at and around the edges: 90° and 180° from the central meridian, both poles, the
    /// antipode of the centre, along the equator and the antimeridian, each with small offsets.
    static func edgePoints(_ pair: Case) -> (lons: [Double], lats: [Double]) {
      let offsets = [0, 1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 0.01, -0.01, 1, -1]
      var lons: [Double] = []
      var lats: [Double] = []
      let meridians = [0.0, 45, 80, 89, 90, 91, 100, 135, 179, 180].flatMap { [pair.lon0 + $0, pair.lon0 - $0] }
      let parallels = [0.0, 0.01, 1, 30, 60, 85, 89, 89.99, 90].flatMap { [$0, -$0] } + [pair.lat0, -pair.lat0]
      for lon in meridians {
        for lat in parallels {
          for offset in offsets {
            lons.append(lon + offset)
            lats.append(min(max(lat + offset, -90), 90))
          }
        }
      }
      return (lons, lats)
    }

    /// Runs the kernel path and PROJ over the same points; every point must fail on both or on
    /// neither, and agree within `tolerance(kernel, proj)`.
    func compare(
      _ transformer: Transformer, _ xs: [Double], _ ys: [Double], direction: Transformer.Direction,
      agree: (Double, Double, Double, Double) -> Bool
    ) throws -> (checked: Int, answered: Int) {
      var kx = xs
      var ky = ys
      try transformer.transform(x: &kx, y: &ky, direction: direction)
      var px = xs
      var py = ys
      try transformer.exact.transform(x: &px, y: &py, direction: direction)
      var answered = 0
      var problems: [String] = []
      for i in xs.indices {
        let kernelFailed = !(kx[i].isFinite && ky[i].isFinite)
        let projFailed = !(px[i].isFinite && py[i].isFinite)
        if kernelFailed != projFailed || (!projFailed && !agree(kx[i], ky[i], px[i], py[i])) {
          problems.append("(\(xs[i]), \(ys[i])) → kernel path (\(kx[i]), \(ky[i])), PROJ (\(px[i]), \(py[i]))")
        }
        if !projFailed { answered += 1 }
      }
      #expect(
        problems.isEmpty,
        "\(transformer.source) → \(transformer.target) \(direction): \(problems.count) points differ, first \(problems.prefix(3))"
      )
      return (xs.count, answered)
    }

    @Test("forward and inverse at the domain's edges: PROJ's answer, PROJ's failures", arguments: cases)
    func edges(_ pair: Case) throws {
      let transformer = try Transformer(from: pair.source, to: pair.target)
      switch transformer.path {
      case .kernel(let name, false, _): #expect(name == pair.kernel)
      case .proj: #expect(pair.kernel == nil, "\(pair) takes no kernel")
      default: Issue.record("\(pair): \(transformer.path)")
      }
      let (lons, lats) = Self.edgePoints(pair)
      // Forward: 1e-8 m, or 1e-9 of the point's size (far out, a metre of easting is 10⁷ m).
      let forward = try compare(transformer, lons, lats, direction: .forward) { kx, ky, px, py in
        let error = max(abs(kx - px), abs(ky - py))
        return error <= 1e-8 || error <= 1e-9 * max(abs(px), abs(py))
      }
      #expect(forward.answered > 0)
      // Inverse: from PROJ's own projected points, and from points beyond them (scaled out).
      var xs = lons
      var ys = lats
      try transformer.exact.transform(x: &xs, y: &ys)
      let good = xs.indices.filter { xs[$0].isFinite && ys[$0].isFinite }
      let backX = good.map { xs[$0] } + good.map { xs[$0] * 1.5 }
      let backY = good.map { ys[$0] } + good.map { ys[$0] * 1.5 }
      let inverse = try compare(transformer, backX, backY, direction: .inverse) { klon, klat, plon, plat in
        // Longitude as a distance on the ground: wrapped and scaled by cos φ (any longitude is the pole).
        let dLon = (klon - plon).remainder(dividingBy: 360) * cos(plat * .pi / 180)
        return abs(dLon) <= 1e-9 && abs(klat - plat) <= 1e-9
      }
      #expect(inverse.answered > 0)
    }

    @Test("the reported case: 89° from the meridian on a sphere is PROJ's answer, not a failure")
    func reportedCase() throws {
      let transformer = try Transformer(from: Self.sphere, to: "+proj=tmerc +R=6400000")
      let point = try transformer.transform(x: 89, y: 0.01)
      // PROJ's own test suite (and cs2cs) give 30344312.0986, 64001.1164.
      #expect(abs(point.x - 30_344_312.0986) < 1e-4 && abs(point.y - 64_001.1164) < 1e-4, "\(point)")
      var xs = [89.0, -89, 91, -91, 89, -89, 91, -91]
      var ys = [0.01, 0.01, 0.01, 0.01, -0.01, -0.01, -0.01, -0.01]
      let result = try transformer.transform(x: &xs, y: &ys)
      var px = [89.0, -89, 91, -91, 89, -89, 91, -91]
      var py = [0.01, 0.01, 0.01, 0.01, -0.01, -0.01, -0.01, -0.01]
      let exact = try transformer.exact.transform(x: &px, y: &py)
      #expect(result.failed == exact.failed)
      for i in xs.indices where px[i].isFinite {
        #expect(abs(xs[i] - px[i]) <= 1e-9 * abs(px[i]) && abs(ys[i] - py[i]) <= 1e-8, "\(i): \(xs[i]) \(ys[i])")
      }
    }
  }
#endif
