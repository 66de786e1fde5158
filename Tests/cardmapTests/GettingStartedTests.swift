import Foundation
import Testing

/// The Getting started article's output (CardMap.docc/GettingStarted.md) is what `cardmap fit` gives
/// for the same route and screen: the article, its snippet (Snippets/GettingStarted.swift, whose
/// hidden lines check that it prints the article's lines) and the command line agree.
@Suite("Getting started: the article's numbers are the command line's")
struct GettingStartedTests {
  @Test("insets, focus and zoom at peaking, and the zoom at collapsed")
  func articleEqualsCLI() throws {
    let article = try String(
      contentsOf: Run.root.appending(path: "Sources/CardMap/CardMap.docc/GettingStarted.md"), encoding: .utf8)
    // The route, from the article's code.
    let route = try #require(article.firstMatch(of: /let geojson = #"(.*)"#/)?.output.1)
    // The printed lines: the block after "`swift run` prints".
    let after = try #require(article.range(of: "`swift run` prints"))
    let block = try #require(
      article[after.upperBound...].firstMatch(of: /```\n(.*?)```/.dotMatchesNewlines())?.output.1)
    let lines = block.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    let numbers = { (line: String) in
      line.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
    }
    let folder = try Run.temporaryFolder("started")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "route.geojson")
    try Data(String(route).utf8).write(to: file)
    let peaking = try Run(["fit", file.path, "--device", "iphone-17", "--position", "peaking"]).json()
    let collapsed = try Run(["fit", file.path, "--device", "iphone-17", "--position", "collapsed"]).json()
    let camera = try #require(peaking["camera"] as? [String: Any])
    let insets = try #require((peaking["layout"] as? [String: Any])?["mapInsets"] as? [String: Double])
    let cli = [insets["top"], insets["left"], insets["bottom"], insets["right"]].compactMap { $0 }
    #expect(numbers(lines[0]) == cli && numbers(lines[2]) == cli, "\(lines) against \(insets)")
    // Within a few ulps: Foundation's JSON reader on Linux does not always round the last digit.
    let same = { (a: [Double], b: [Double]) in
      a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-13 * max(abs($0), 1) }
    }
    let focus = try #require(camera["focus"] as? [Double])
    let zoom = try #require(camera["zoom"] as? Double)
    #expect(same(numbers(lines[1]), focus + [zoom]), "\(lines[1]) against \(focus) \(zoom)")
    let refit = try #require((collapsed["camera"] as? [String: Any])?["zoom"] as? Double)
    #expect(same(numbers(lines[3]), [refit]), "\(lines[3]) against \(refit)")
  }
}
