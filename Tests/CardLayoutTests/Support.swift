import CardLayout
import CardMapTestSupport
import Testing

/// The reference screen of the layout rules (Card positions): 390 × 844, sT 47, sB 34, title 76.
func referenceEnvironment(os: OSVersion = OSVersion(26), rtl: Bool = false) throws -> LayoutEnvironment {
  try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: os, rtl: rtl)
}

func layout(
  _ env: LayoutEnvironment, _ placement: CardPlacement = .settled(.peaking), titleHeight: Double = 76,
  hasMapContent: Bool = true, top: Int = 0, bottom: Int = 0
) throws -> ScreenLayout {
  ScreenLayout(
    environment: env,
    card: try CardState(
      placement: placement, titleHeight: titleHeight, hasMapContent: hasMapContent, topButtons: top,
      bottomButtons: bottom))
}
