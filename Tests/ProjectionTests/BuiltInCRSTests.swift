import ProjectionKernels
import Testing

@testable import Projection

/// The CRSs the kernels serve without PROJ (`CRS`, `BuiltInCRSTable.swift`): in both builds against
/// cs2cs's fixtures, and in the PROJ build against PROJ itself.
@Suite("Built-in CRSs")
struct BuiltInCRSTests {
  /// Every code of the table, each with a point inside its area.
  static let codes: [(code: String, lon: Double, lat: Double)] = {
    var codes: [(code: String, lon: Double, lat: Double)] = [("EPSG:3857", 151.2, -33.9), ("EPSG:900913", -74, 40.7)]
    for zone in 1...60 {
      let centre = Double(zone * 6 - 183)
      codes.append(("EPSG:\(32600 + zone)", centre + 1.5, 45))
      codes.append(("EPSG:\(32700 + zone)", centre - 2, -33))
    }
    for zone in 28...38 { codes.append(("EPSG:\(25800 + zone)", Double(zone * 6 - 183) + 0.5, 52)) }
    return codes
  }()

  @Test("codes in any accepted spelling; nothing else")
  func lookups() throws {
    #expect(CRS(code: "EPSG:4326") == .wgs84 && CRS(code: "ogc:crs84") == .wgs84 && CRS(code: "EPSG:4979") == .wgs84)
    #expect(CRS(code: "urn:ogc:def:crs:EPSG::4326") == .wgs84 && CRS(code: "urn:ogc:def:crs:OGC:1.3:CRS84") == .wgs84)
    #expect(CRS(code: "EPSG:4258") == .geographic(.grs80))
    #expect(CRS(code: "epsg:900913") == .webMercator)
    #expect(CRS(code: "EPSG:25832") == CRS.utm(zone: 32, ellipsoid: .grs80))
    #expect(CRS(code: "EPSG:32756") == CRS.utm(zone: 56, south: true))
    for missing in [
      "EPSG:2263", "EPSG:25827", "EPSG:25839", "EPSG:32661", "EPSG:32600", "4326", "+proj=utm +zone=33", "",
    ] {
      #expect(CRS(code: missing) == nil, "\(missing)")
    }
  }

  @Test("the kernels of the table's CRSs equal cs2cs's fixtures (UTM on WGS 84 and GRS 80, Web Mercator)")
  func fixtures() throws {
    for (pair, rows) in Dictionary(grouping: ProjectionFixture.all, by: { "\($0.source) \($0.target)" }) {
      let fixture = try #require(rows.first)
      let transformer = try Transformer(from: fixture.source, to: fixture.target)
      #expect(transformer.usesFastKernel, "\(pair)")
      var xs = rows.map(\.lon)
      var ys = rows.map(\.lat)
      try transformer.transform(x: &xs, y: &ys)
      for (i, row) in rows.enumerated() where abs(row.lat) < 90 {
        #expect(abs(xs[i] - row.x) <= 1e-8 && abs(ys[i] - row.y) <= 1e-8, "\(row): \(xs[i]), \(ys[i])")
      }
      try transformer.transform(x: &xs, y: &ys, direction: .inverse)
      for (i, row) in rows.enumerated() where abs(row.lat) < 89 && abs(row.lon) < 180 {
        #expect(abs(xs[i] - row.lon) <= 1e-9 && abs(ys[i] - row.lat) <= 1e-9, "\(row)")
      }
    }
  }

  @Test("a transverse Mercator given by its parameters is the table's UTM zone, bit for bit")
  func typedParameters() throws {
    let typed = try Transformer(
      from: .wgs84,
      to: .transverseMercator(centralMeridian: 15, scaleFactor: 0.9996, falseEasting: 500_000, falseNorthing: 0))
    let coded = try Transformer(from: "EPSG:4326", to: "EPSG:32633")
    #expect(typed.usesFastKernel && typed.targetIsGeographic == false)
    var (x1, y1) = ([15.5, 12.25, 17.9], [48.2, 0.5, 70.1])
    var (x2, y2) = (x1, y1)
    try typed.transform(x: &x1, y: &y1)
    try coded.transform(x: &x2, y: &y2)
    #expect(x1 == x2 && y1 == y2)
    // Lon/lat to lon/lat: only PROJ's checks of a point.
    let identity = try Transformer(from: .wgs84, to: .geographic(.grs80))
    var (lons, lats) = ([1.5, 2.0, .nan], [3.0, 95.0, 1.0])
    let result = try identity.transform(x: &lons, y: &lats)
    #expect(result.failed == 2 && lons[0] == 1.5 && lats[0] == 3 && lons[1].isNaN)
  }

  #if PROJ
    @Test("PROJ on the table's parameters equals PROJ on the code, to 1e-9 m, for every CRS in the table")
    func parametersAgainstPROJ() throws {
      for (code, lon, lat) in Self.codes {
        let crs = try #require(CRS(code: code))
        let byCode = try Transformer(from: "EPSG:4326", to: code, exact: true)
        let byParameters = try Transformer(from: .wgs84, to: crs, exact: true)
        let a = try byCode.transform(x: lon, y: lat)
        let b = try byParameters.transform(x: lon, y: lat)
        #expect(abs(a.x - b.x) <= 1e-9 && abs(a.y - b.y) <= 1e-9, "\(code): \(a) vs \(b)")
      }
    }

    @Test("the table's codes take a kernel from EPSG:4326, OGC:CRS84, EPSG:4979 and EPSG:4258, as exact as PROJ")
    func kernelsAgainstPROJ() throws {
      for (index, (code, lon, lat)) in Self.codes.enumerated() {
        // Every code from EPSG:4326; every seventh from the other lon/lat CRSs too (PROJ takes
        // milliseconds to make each operation).
        for source in index % 7 == 0 ? ["EPSG:4326", "OGC:CRS84", "EPSG:4979", "EPSG:4258"] : ["EPSG:4326"] {
          let fast = try Transformer(from: source, to: code)
          #expect(fast.usesFastKernel, "\(source) → \(code)")
          var (kx, ky) = ([lon, lon + 0.7, lon - 1.1], [lat, lat + 1.3, lat - 2.2])
          var (px, py) = (kx, ky)
          try fast.transform(x: &kx, y: &ky)
          try fast.exact.transform(x: &px, y: &py)
          for i in kx.indices {
            #expect(abs(kx[i] - px[i]) <= 1e-8 && abs(ky[i] - py[i]) <= 1e-8, "\(source) → \(code) \(i)")
          }
        }
      }
    }
  #endif
}
