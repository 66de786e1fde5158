// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap

let insets = Insets(top: 47, bottom: 451.5)
print(insets.rect(inWidth: 390, height: 844))   // {0, 47, 390, 345.5}: what the card leaves visible
// snippet.hide
check(insets.rect(inWidth: 390, height: 844) == Rect(x: 0, y: 47, width: 390, height: 345.5), "rect")
