// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap

// The screen: an iPhone 17 in portrait, iOS 26, and a card peaking at the bottom.
let phone = try LayoutEnvironment(
  width: 402, height: 874, safeArea: Insets(top: 62, bottom: 34), os: OSVersion(26))
let layout = ScreenLayout(environment: phone, card: try CardState(placement: .settled(.peaking)))
print(layout.mapInsets)   // what the card, the status bar and the home indicator cover

// The content: a GeoJSON document (here in the code; in an app, the bytes of a file or a response).
let geojson = #"{"type":"LineString","coordinates":[[151.2108,-33.8611],[151.2254,-33.8406],[151.2869,-33.8003]]}"#
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
check(fit.insets == layout.mapInsets && fit.insets.top == 62, "\(fit.insets)")
check(refit.camera.zoom > fit.camera.zoom, "\(refit.camera.zoom) > \(fit.camera.zoom)")
check(abs(fit.camera.focus.lon - 151.2489) < 0.01, "\(fit.camera.focus)")
