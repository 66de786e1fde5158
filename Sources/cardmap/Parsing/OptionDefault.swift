import CardMapWire

extension Option {
  /// The same option, read as `value` when absent; the help says so, with `shown` or the value (a
  /// number in the output's one number format).
  func defaulting(to value: Value, shown: String? = nil) -> Defaulted<Value> {
    var option = self
    let text = shown ?? ((value as? Double).map(JSONValue.format) ?? "\(value)")
    option.spec.help += " (default: \(text))"
    return Defaulted(option: option, value: value)
  }
}
