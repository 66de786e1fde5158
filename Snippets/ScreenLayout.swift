// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap

let phone = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
let layout = ScreenLayout(environment: phone, card: try CardState(titleHeight: 76))
print(layout.presentation)     // classicBottom
print(layout.positions)        // extended 59, peaking 392.5, collapsed 734
print(layout.mapInsets)        // {top 47, left 0, bottom 451.5, right 0}
// snippet.hide
check(layout.presentation == .classicBottom, "\(layout.presentation)")
check(
  layout.positions.extended == 59 && layout.positions.peaking == 392.5 && layout.positions.collapsed == 734,
  "\(layout.positions)")
check(layout.mapInsets == Insets(top: 47, bottom: 451.5), "\(layout.mapInsets)")
