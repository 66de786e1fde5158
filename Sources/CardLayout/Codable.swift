// `Codable` for the values a saved card stack holds (CardMap's StackSnapshot) and a client may store.
// Embedded Swift (the WebAssembly build, `make wasm`) has no `Codable`, so the conformances live
// here, where that build leaves them out; they are the raw values' (`"peaking"`, `"ctrl+up"`).
#if !hasFeature(Embedded)
  extension CardPosition: Codable {}
  extension KeyCommand: Codable {}
  extension CardMotion.Kind: Codable {}
  extension HorizontalScreenEdge: Codable {}
  extension FloatingAlignment: Codable {}
  extension ToolbarItem.Role: Codable {}
#endif
