import CardMapTestSupport
import Foundation
import Testing

@testable import GeoJSONIO

/// The reader's numbers against the standard library's correctly rounded `Double(String)` (the C
/// library's strtod), bit for bit: random decimals of 1 to 19 significant digits over the whole
/// exponent range, the full-precision coordinates GIS tools write, and the hard cases.
@Suite("Numbers are read correctly rounded")
struct NumberParsingTests {
  /// The scanner's reading of `bytes` as a JSON number, and how many bytes it took.
  func scan(bytes: [UInt8]) throws -> (value: Double, length: Int) {
    try bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { throw CancellationError() }
      var scanner = Scanner(base, count: buffer.count, maxDepth: 8)
      let value = try scanner.readNumber()
      return (value, scanner.index)
    }
  }

  /// The scanner's reading of `text` as a JSON number, both where it ends the input (digit by
  /// digit) and followed by `]` and padding (the word-at-a-time path, which needs 24 bytes): the
  /// two must agree and take the whole text.
  func scan(_ text: String) throws -> Double {
    let bare = try scan(bytes: Array(text.utf8))
    let padded = try scan(bytes: Array((text + "]" + String(repeating: " ", count: 24)).utf8))
    #expect(bare.length == text.utf8.count && padded.length == text.utf8.count, "\(text): length")
    #expect(bare.value.bitPattern == padded.value.bitPattern, "\(text): \(bare.value) ≠ \(padded.value)")
    return padded.value
  }

  /// The length of the number RFC 8259's grammar (§6) reads greedily at the start of `bytes`, or
  /// nil where none begins or one breaks off inside: a '.' or an exponent without digits.
  func grammarLength(_ bytes: [UInt8]) -> Int? {
    var i = 0
    func isDigit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
    func digits() -> Int {
      let start = i
      while isDigit(i) { i += 1 }
      return i - start
    }
    if i < bytes.count && bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard isDigit(i) else { return nil }
    if bytes[i] == UInt8(ascii: "0") { i += 1 } else { _ = digits() }
    if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits() > 0 else { return nil }
    }
    if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
      guard digits() > 0 else { return nil }
    }
    return i
  }

  @Test("random number-like texts, padded or not: read as the grammar and strtod read them, or rejected")
  func grammar() throws {
    var random = SplitMix(state: 8259)
    let pieces = ["-", "0", "1", "9", "5", "00", "12", "123", "1234567", "12345678", ".", "e", "E", "+", "x", "]"]
    for _ in 0..<100_000 * testScale {
      var text = ""
      for _ in 0..<Int(random.next() % 7) + 1 { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      let bytes = Array(text.utf8) + (random.next() % 2 == 0 ? Array(repeating: 0x20, count: 24) : [])
      let reading = try? scan(bytes: bytes)
      guard let length = grammarLength(bytes),
        let expected = Double(String(decoding: bytes[..<length], as: UTF8.self)), expected.isFinite
      else {
        #expect(reading == nil, "\(text) read as \(String(describing: reading))")
        continue
      }
      #expect(reading?.length == length, "\(text): length \(String(describing: reading?.length)), not \(length)")
      #expect(reading?.value.bitPattern == expected.bitPattern, "\(text): \(String(describing: reading?.value))")
    }
  }

  @Test("Eisel–Lemire agrees with strtod or defers to it, on 300 000 random decimals")
  func random() throws {
    var random = SplitMix(state: 2021)
    var deferred = 0
    for _ in 0..<300_000 * testScale {
      let digits = Int(random.next() % 19) + 1
      var w: UInt64 = 0
      for _ in 0..<digits { w = w &* 10 &+ random.next() % 10 }
      let q = Int(random.next() % 700) - 360
      let expected = Double("\(w)e\(q)") ?? .nan
      guard let fast = Scanner.eiselLemire(w, q) else {
        if expected.isNormal { deferred += 1 }
        continue
      }
      #expect(fast.bitPattern == expected.bitPattern, "\(w)e\(q): \(fast) ≠ \(expected)")
    }
    // Besides subnormals and overflow, only the products too near a rounding boundary.
    #expect(deferred < 300 * testScale, "\(deferred) normal results deferred")
  }

  @Test("full-precision coordinates, as json.dump and GDAL write them, read as strtod reads them")
  func fullPrecision() throws {
    var random = SplitMix(state: 17)
    for _ in 0..<100_000 {
      let value = random.uniform(-180...180)
      for text in ["\(value)", String(format: "%.17g", value), String(format: "%.15f", value)] {
        #expect(try scan(text).bitPattern == (Double(text) ?? .nan).bitPattern, "\(text)")
      }
    }
  }

  @Test("decimals of every length, integer parts of every length, leading zeros: as strtod reads them")
  func lengths() throws {
    var random = SplitMix(state: 8)
    for index in 0..<100_000 {
      let magnitude = [1.0, 10, 1000, 1e6, 1e9, 1e-3, 1e-7][index % 7]
      let value = random.uniform(-1...1) * magnitude
      let decimals = Int(random.next() % 18)
      let text = String(format: "%.*f", decimals, value)
      #expect(try scan(text).bitPattern == (Double(text) ?? .nan).bitPattern, "\(text)")
    }
  }

  @Test(
    "hard cases: ties, the ends of the range, subnormals, 19 and 20 digits",
    arguments: [
      "9007199254740993", "9007199254740992.5", "2.2250738585072011e-308", "2.2250738585072014e-308",
      "4.9406564584124654e-324", "1.7976931348623157e308", "0.1", "1e23", "8.98846567431158e307",
      "9223372036854775807", "18446744073709551615", "12345678901234567890123", "0.000000000000000000001",
      "7.3177701707893310e15", "-0.0", "5e-324", "1e-400", "123456789012345678e-5", "2.4703282292062328e-324",
      "179.99999999999997", "-85.05112877980659", "1.00000000000000011102230246251565404236316680908203125",
    ])
  func hard(_ text: String) throws {
    #expect(try scan(text).bitPattern == (Double(text) ?? .nan).bitPattern, "\(text)")
  }
}
