extension DefaultStringInterpolation {
  /// A `Double` in a message (`"got \(y)"`), spelled as `Double.description` spells it (`5.0`, `0.1`,
  /// `1e-05`, `-0.0`, `nan`, `-inf`) but written by the package's own shortest-digits conversion
  /// (`ShortestDigits`), so that the web engine carries one number printer rather than two. For the
  /// package's own modules (`package`): an app's interpolations stay the standard library's.
  package mutating func appendInterpolation(_ value: Double) {
    guard value.isFinite else {
      appendLiteral(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
      return
    }
    appendLiteral(
      String(unsafeUninitializedCapacity: ShortestDigits.maxLength) { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return ShortestDigits.writeOnce(value, to: base)
      })
  }
}
