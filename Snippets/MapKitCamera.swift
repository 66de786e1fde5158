// snippet.hide
// MapKit exists on Apple's platforms only: there this compiles; elsewhere it is empty.
#if canImport(MapKit)
  import CardMap
  import MapKit

  @MainActor func apply(_ camera: Camera, to mapView: MKMapView, width: Double, height: Double) {
    // snippet.show
    let side = pow(2, 20 - camera.zoom256)
    let middle = MKMapPoint(CLLocationCoordinate2D(latitude: camera.center.lat, longitude: camera.center.lon))
    let rect = MKMapRect(x: middle.x - width * side / 2, y: middle.y - height * side / 2,
                         width: width * side, height: height * side)
    mapView.setVisibleMapRect(rect, animated: false)     // no edge padding: this is `center`'s form
    mapView.camera.heading = camera.bearing              // rotates about the view's centre
    // snippet.hide
  }
#endif
