// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap

// The screen: an iPhone 17 in portrait on iOS 27 (the default `os`, as `cardmap`'s `--os`: the card is
// the system sheet), and a card peaking at the bottom.
let phone = try LayoutEnvironment(width: 402, height: 874, safeArea: Insets(top: 62, bottom: 34))
let layout = ScreenLayout(environment: phone, card: try CardState(placement: .settled(.peaking)))
print(layout.mapInsets)   // what the card, the status bar and the home indicator cover

// The content: a GeoJSON document (here in the code; in an app, the bytes of a file or a response).
let geojson = #"{"type":"LineString","coordinates":[[151.2108,-33.8611],[151.2150,-33.8406],[151.2190,-33.7950]]}"#
let route = try GeoJSONReader.read(Array(geojson.utf8))
let manager = try MapManager(id: "route", document: route)

// The camera that shows the whole route in what the card leaves visible.
let fit = try MapFit(content: manager.bounds, layout: layout)
print(fit.camera.focus, fit.camera.zoom)   // give `focus` and `zoom` to a map whose padding is fit.insets
print(fit.insets)

// The user drags the card down to collapsed: the visible rect grows, and the camera follows.
let collapsed = ScreenLayout(environment: phone, card: try CardState(placement: .settled(.collapsed)))
let refit = try MapFit(content: manager.bounds, layout: collapsed)
print(refit.camera.zoom)  // larger: the same route with more room
// snippet.hide
// What the article says `swift run` prints (GettingStartedTests checks it against `cardmap fit`).
check("\(layout.mapInsets)" == "{top 62.0, left 0.0, bottom 417.0, right 0.0}", "\(layout.mapInsets)")
let printed = "\(fit.camera.focus) \(fit.camera.zoom)"
check(printed == "(151.2149, -33.82805638797115) 11.769188052374405", printed)
check(fit.insets == layout.mapInsets, "\(fit.insets)")
check("\(refit.camera.zoom)" == "12.62325947333904", "\(refit.camera.zoom)")
