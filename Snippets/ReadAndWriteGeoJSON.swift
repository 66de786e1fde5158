// snippet.hide
import CardMapTestSupport
// snippet.show
import GeoJSONIO

let bytes = Array(#"{"type":"LineString","coordinates":[[151.2093,-33.8688],[151.2743,-33.8007]]}"#.utf8)
let document = try GeoJSONReader.read(bytes)          // positions in contiguous buffers
print(document.positions.lons, document.positions.lats)  // [151.2093, 151.2743] [-33.8688, -33.8007]
let text = GeoJSONWriter(precision: 3).write(document)
print(text)                                           // {"type":"LineString","coordinates":[[151.209,-33.869],…
// snippet.hide
check(document.positions.lons == [151.2093, 151.2743] && document.positions.lats == [-33.8688, -33.8007], "positions")
check(text.hasPrefix(#"{"type":"LineString","coordinates":[[151.209,-33.869],"#), text)
