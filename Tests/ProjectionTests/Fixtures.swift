import Foundation
import Testing

/// One row of `Data/reference/projection-fixtures.tsv`, made by PROJ's `cs2cs`.
struct ProjectionFixture: Sendable, CustomTestStringConvertible {
  var source: String
  var target: String
  var lon: Double
  var lat: Double
  var x: Double
  var y: Double

  var testDescription: String { "\(target) (\(lon), \(lat))" }

  /// All rows of the checked-in fixture file.
  static let all: [ProjectionFixture] = {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Data/reference/projection-fixtures.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      let f = line.split(separator: "\t").map(String.init)
      guard f.count == 6, let lon = Double(f[2]), let lat = Double(f[3]),
        let x = Double(f[4]), let y = Double(f[5])
      else { return nil }
      return ProjectionFixture(source: f[0], target: f[1], lon: lon, lat: lat, x: x, y: y)
    }
  }()
}
