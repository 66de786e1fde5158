import PlatformMath

/// How many times longer the generator-driven tests run: `CARDMAP_TEST_SCALE` (a whole number, 1
/// when unset), for the long run done once by hand (`CARDMAP_TEST_SCALE=50 swift test`).
public let testScale: Int = {
  guard let text = getenv("CARDMAP_TEST_SCALE").map({ String(cString: $0) }), let scale = Int(text), scale > 0
  else { return 1 }
  return scale
}()
