import CardMap

/// The cost of one full layout evaluation during a drag (the aim: ≤ 1 µs, to run every frame at 120 Hz).
func layoutBenchmarks() -> [Measurement] {
  guard let profile = DeviceProfile.named("iphone-14"), let ipad = DeviceProfile.named("ipad-11"),
    let phone = try? profile.environment(), let pad = try? ipad.environment(os: OSVersion(26))
  else { return [] }
  var results: [Measurement] = []
  let steps = 100_000
  for (name, env) in [("layout.drag.sheet-bottom", phone), ("layout.drag.classic-side", pad)] {
    let ns = measure(items: steps) {
      var sum = 0.0
      for step in 0..<steps {
        let y = Double(step % 800) + 20
        guard let card = try? CardState(placement: .dragging(y: y), topButtons: 2, bottomButtons: 1) else { continue }
        let layout = ScreenLayout(environment: env, card: card)
        sum += layout.mapInsets.bottom + layout.buttonAlpha
      }
      blackHole(sum)
    }
    results.append(Measurement(name: name, items: steps, nsPerItem: ns))
  }
  return results
}
