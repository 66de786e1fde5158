// Max bounds on MapLibre GL JS for every map, the globe's too (`cardmap/maplibre` exports it): MapLibre
// 5's globe ignores `setMaxBounds` (and throws after one that spans every longitude), so a globe map
// goes through the engine's keeper at every camera MapLibre is about to show.
//
//   import { constrainToBounds } from "cardmap/maplibre";
//   const handle = constrainToBounds(map, [[-12, 34], [42, 72]]);   // later: handle.remove()
import { checkEngine } from "../../engine/cardmap.mjs";
import { checkMembers } from "../../engine/checks.mjs";
import { loaded } from "../../engine/load.mjs";
import { setCamera } from "./camera.mjs";
import { boxOf } from "./fit.mjs";

/**
 * Keeps `map` inside `bounds` (MapLibre's `LngLatBoundsLike`) while a person pans, zooms, turns and
 * tilts it and while the app's own `easeTo`/`flyTo` run. On a globe map (MapLibre 5's globe ignores
 * `setMaxBounds` and throws after one that spans 360°), every camera MapLibre is about to show goes
 * through the engine's keeper (`transformCameraUpdate`, which MapLibre calls for its handlers and its
 * animations alike, before the frame is drawn: no flicker, no fight), so that what shows of the
 * sphere stays inside the bounds, at the least zoom that holds at the camera's bearing and pitch; a
 * `transformCameraUpdate` the map had runs first. On a Mercator map it is MapLibre's own
 * `setMaxBounds`. `options.cardmap` is the engine (default: the one `load()` gave). Returns a handle
 * whose `remove()` puts the map's own back; `error` is the last camera the keeper could not keep
 * (none), which MapLibre then shows as asked.
 */
export function constrainToBounds(map, bounds, options = {}) {
  checkMembers("options", options, ["cardmap"]);
  const cardmap = checkEngine("options.cardmap", options.cardmap ?? loaded());
  const [west, south, east, north] = boxOf(bounds);
  const globe = () => {
    const projection = map.getProjection && map.getProjection();
    return !!projection && projection.type === "globe";
  };
  const ownBounds = map.getMaxBounds ? map.getMaxBounds() : null;
  const ownUpdate = map.transformCameraUpdate || null;
  const output = new Float64Array(4);
  let keeper = null;
  let view = "";
  const handle = { error: null, remove };
  const update = (transform) => {
    const asked = ownUpdate ? ownUpdate(transform) || {} : {};
    if (!globe()) return asked;
    const center = asked.center ? toLngLat(asked.center) : transform.center;
    const zoom = asked.zoom ?? transform.zoom;
    const bearing = asked.bearing ?? transform.bearing;
    const pitch = asked.pitch ?? transform.pitch;
    const p = transform.padding;
    const size = [transform.width, transform.height, p.top, p.left, p.bottom, p.right].join();
    if (!keeper || size !== view) {
      if (keeper) keeper.free();
      keeper = cardmap.keeper({ width: transform.width, height: transform.height,
        insets: { top: p.top, left: p.left, bottom: p.bottom, right: p.right } }, [west, south, east, north], { projection: "globe" });
      view = size;
    }
    try {
      keeper.keep(center.lng, center.lat, zoom, bearing, pitch, output);
      handle.error = null;
    } catch (error) {
      handle.error = error;
      return asked;
    }
    if (output[3] === 0) return asked;
    // (MapLibre's transform takes a LngLat of its own here, not an array.)
    const LngLat = /** @type {any} */ (transform.center).constructor;
    return { ...asked, center: new LngLat(output[0], output[1]), zoom: output[2] };
  };
  // On a Mercator map, MapLibre's own bounds; on the globe, none of MapLibre's (they would throw).
  const sync = () => { if (map.setMaxBounds) map.setMaxBounds(globe() ? null : [[west, south], [east >= west ? east : east + 360, north]]); };
  sync();
  map.transformCameraUpdate = update;
  map.on("projectiontransition", sync);
  // The camera the map shows now, kept.
  setCamera(map, {});
  function remove() {
    map.transformCameraUpdate = ownUpdate;
    map.off("projectiontransition", sync);
    if (map.setMaxBounds) map.setMaxBounds(ownBounds);
    if (keeper) keeper.free();
    keeper = null;
  }
  return handle;
}

/** A `LngLatLike` as `{lng, lat}`. */
function toLngLat(value) {
  if (Array.isArray(value)) return { lng: value[0], lat: value[1] };
  return "lng" in value ? value : { lng: value.lon, lat: value.lat };
}
