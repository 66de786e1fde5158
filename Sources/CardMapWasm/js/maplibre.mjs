// CardMap's cameras on a MapLibre GL JS map: the focus form, whose padding is the card's insets, so
// that MapLibre keeps the content in what the card leaves visible (with bearing, pitch and the globe).
//
//   import { jumpTo, follow } from "./maplibre.mjs";
//   jumpTo(map, cardmap.fit(screen, card, bounds).camera);
//   const drag = follow(map, cardmap, screen, card, bounds);   // then drag(y) at every pointer move
import { INPUT, OUTPUT, OUTPUT_LENGTH } from "./cardmap.mjs";

/** The options of `map.jumpTo` (and `easeTo`, `flyTo`) for a CardMap camera. */
export function maplibreCamera(camera) {
  return {
    center: camera.focus, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch,
    padding: { top: camera.padding.top, left: camera.padding.left, bottom: camera.padding.bottom, right: camera.padding.right },
  };
}

/** Sets the map's projection to the camera's when they differ (the globe comes with MapLibre 5). */
function project(map, camera) {
  const current = map.getProjection ? map.getProjection() : null;
  const type = current && current.type ? current.type : "mercator";
  if (type !== camera.projection && map.setProjection) map.setProjection({ type: camera.projection });
}

/** Shows the camera at once. */
export function jumpTo(map, camera) {
  project(map, camera);
  map.jumpTo(maplibreCamera(camera));
}

/** Moves to the camera over `duration` milliseconds (the card's motion: CardMap's durations are seconds). */
export function easeTo(map, camera, duration) {
  project(map, camera);
  map.easeTo({ ...maplibreCamera(camera), duration });
}

/**
 * A function to call at every frame of a drag with the card's top `y`: it refits the camera for
 * the card there and sets it, passing numbers through typed arrays (no objects a frame).
 */
export function follow(map, cardmap, screen, card, bounds, options = {}) {
  const input = cardmap.encode(screen, { ...card, y: 0, position: undefined }, bounds, options);
  const output = new Float64Array(OUTPUT_LENGTH);
  const padding = { top: 0, left: 0, bottom: 0, right: 0 };
  const frame = { center: [0, 0], zoom: 0, bearing: 0, pitch: 0, padding };
  return (y) => {
    input[INPUT.y] = y;
    cardmap.fitNumbers(input, output);
    frame.center[0] = output[OUTPUT.focusLon];
    frame.center[1] = output[OUTPUT.focusLat];
    frame.zoom = output[OUTPUT.zoom];
    frame.bearing = output[OUTPUT.bearing];
    frame.pitch = output[OUTPUT.pitch];
    padding.top = output[OUTPUT.paddingTop];
    padding.left = output[OUTPUT.paddingLeft];
    padding.bottom = output[OUTPUT.paddingBottom];
    padding.right = output[OUTPUT.paddingRight];
    map.jumpTo(frame);
    return output;
  };
}
