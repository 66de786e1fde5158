// libFuzzer harness for the layout engine: bytes read as doubles and choices make an environment and
// a card state, which give a layout (and snaps, taps, keys, overlays) or a LayoutError, never a
// crash. Built by Tests/Fuzz/fuzz.sh.
struct FuzzBytes {
  var bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  mutating func byte() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }

  mutating func double() -> Double {
    var bits: UInt64 = 0
    for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
    // Half the time a plain number in a useful range, half the time any bit pattern (NaN, ∞, …).
    if bits & 1 == 0 { return Double(bits >> 40) / 16 - 200 }
    return Double(bitPattern: bits)
  }

  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzBytes(bytes: UnsafeBufferPointer(start: data, count: size))
  let safe = Insets(top: input.double(), left: input.double(), bottom: input.double(), right: input.double())
  let bar: VerticalBar? =
    input.byte() & 1 == 0 ? nil : VerticalBar(edge: input.pick([.leading, .trailing]), width: input.double())
  guard
    let environment = try? LayoutEnvironment(
      width: input.double(), height: input.double(), safeArea: safe,
      horizontal: input.pick([nil, .compact, .regular]), vertical: input.pick([nil, .compact, .regular]),
      idiom: input.pick([nil, .phone, .pad, .mac, .vision]),
      os: OSVersion(Int(input.byte() % 30), Int(input.byte() % 3)),
      sdk: input.pick([nil, OSVersion(26), OSVersion(27)]), mode: input.pick([.floating, .sidebar]),
      presentedFullScreen: input.byte() & 1 == 0, header: input.pick([nil, input.double()]), verticalBar: bar,
      rtl: input.byte() & 1 == 0)
  else { return 0 }
  let placement: CardPlacement =
    input.byte() & 1 == 0 ? .settled(input.pick(CardPosition.allCases)) : .dragging(y: input.double())
  guard
    let card = try? CardState(
      placement: placement, titleHeight: input.double(), hasMapContent: input.byte() & 1 == 0,
      topButtons: Int(input.byte() % 70), bottomButtons: Int(input.byte() % 70),
      showsCloseButton: input.byte() & 1 == 0,
      isPaging: input.byte() & 1 == 0, verticalBarActions: Int(input.byte() % 70))
  else { return 0 }
  let layout = ScreenLayout(environment: environment, card: card)
  _ = Snap(y: input.double(), velocity: input.double(), layout: layout, vertical: environment.vertical)
  _ = layout.afterTitleTap
  _ = layout.afterMapTap
  _ = layout.after(input.pick(KeyCommand.allCases))
  let overlay = Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
  let free = Occlusion.largestUnobscuredRect(in: layout.visibleRect, avoiding: [overlay])
  _ = Occlusion.insets(of: free, in: Rect(x: 0, y: 0, width: environment.width, height: environment.height))
  let modal = input.pick(ModalCard.presets).card
  _ = modal.layout(
    width: environment.width, height: environment.height, safeArea: environment.safeArea,
    contentSize: (input.pick([nil, input.double()]), input.double()))
  return 0
}
