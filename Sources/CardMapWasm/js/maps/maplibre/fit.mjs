// MapLibre's own fits answered exactly: `cameraForBounds`, `fitBounds` and the whole fit behind them
// (with pitch, bearing and the globe), for a map with no card.
import { CardMapError } from "../../engine/errors.mjs";
import { loaded } from "../../engine/load.mjs";
import { setCamera } from "./camera.mjs";

/** `[west, south, east, north]` from MapLibre's `LngLatBoundsLike`: an `LngLatBounds`, `[sw, ne]` or four numbers. */
export function boxOf(bounds) {
  if (bounds && typeof bounds.getWest === "function") {
    return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
  }
  const point = (p) => (Array.isArray(p) ? p : p && "lng" in p ? [p.lng, p.lat] : p && "lon" in p ? [p.lon, p.lat] : null);
  if (Array.isArray(bounds) && bounds.length === 2) {
    const [sw, ne] = [point(bounds[0]), point(bounds[1])];
    if (sw && ne) return [sw[0], sw[1], ne[0], ne[1]];
  }
  if (Array.isArray(bounds) && bounds.length === 4) return bounds;
  throw new CardMapError("bounds: expected an LngLatBounds, [[west, south], [east, north]] or [west, south, east, north]");
}

/** MapLibre's `padding` option, a number or `{top, bottom, left, right}` (a side left out: 0), moved by `offset`. */
function paddingOf(padding, offset) {
  const sides = typeof padding === "number" ? { top: padding, bottom: padding, left: padding, right: padding } : padding || {};
  const side = (name) => (sides[name] === undefined ? 0 : sides[name]);
  const [x, y] = offset === undefined ? [0, 0] : Array.isArray(offset) ? offset : [offset.x, offset.y];
  return { top: side("top") + y, left: side("left") + x, bottom: side("bottom") - y, right: side("right") - x };
}

/**
 * The fit of `bounds` on `map` that `cameraForBounds` gives, whole: `cardmap fit`'s answer (the
 * camera with `cut` and `worldClamped`, its visible region). Takes `cameraForBounds`'s options.
 */
export function fitForBounds(map, bounds, options = {}) {
  const { cardmap = loaded(), padding, offset, bearing, pitch, maxZoom, ...fit } = options;
  const container = map.getContainer();
  const insets = map.getPadding();
  const projection = map.getProjection && map.getProjection();
  const view = { width: container.clientWidth, height: container.clientHeight,
    insets: { top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right } };
  return cardmap.fitView(view, boxOf(bounds), {
    minZoom: map.getMinZoom(), maxPitch: map.getMaxPitch(),
    projection: projection && projection.type === "globe" ? "globe" : "mercator",
    ...fit,
    maxZoom: Math.min(maxZoom === undefined ? Infinity : maxZoom, map.getMaxZoom()),
    bearing: bearing === undefined ? map.getBearing() : bearing,
    pitch: pitch === undefined ? map.getPitch() : pitch,
    padding: paddingOf(padding, offset),
  });
}

/**
 * The camera that shows `bounds` inside the map less `options.padding` (and the map's own padding),
 * exactly with pitch and bearing and on the globe: MapLibre's `map.cameraForBounds`, as MapLibre's
 * `CameraOptions` (`center`, `zoom`, `bearing`, `pitch`) for the map's own padding, which stays the
 * centre of perspective. Takes MapLibre's options (`padding`, `bearing`, `pitch`, `maxZoom`,
 * `offset`; the map's current bearing and pitch when left out) and fit options (`margin`,
 * `zoomSnap`…), and `cardmap`, the engine (default: the one `load()` gave last). East less than
 * west crosses the antimeridian. Where no camera shows the whole box (the world's edge, the map's
 * least zoom, the globe's limb), the camera shows what it can and `fitForBounds` says what is cut.
 * Throws a `CardMapError` saying why when there is no camera at all.
 */
export function cameraForBounds(map, bounds, options = {}) {
  const camera = fitForBounds(map, bounds, options).camera;
  return { center: camera.focus, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch };
}

/**
 * Moves the map to `cameraForBounds`'s camera with `easeTo` (`duration`, `easing`, `essential`;
 * `animate: false` jumps), ending a running `flyTo` or `easeTo` rather than adding to it, and
 * leaving the map's padding as it was. Returns the map.
 */
export function fitBounds(map, bounds, options = {}) {
  const { animate, duration, easing, essential, ...fit } = options;
  const camera = cameraForBounds(map, bounds, fit);
  if (map.isMoving && map.isMoving()) map.stop();
  if (animate === false || duration === 0) setCamera(map, camera);
  else {
    /** @type {Record<string, unknown>} */
    const motion = { ...camera };
    if (duration !== undefined) motion.duration = duration;
    if (easing !== undefined) motion.easing = easing;
    if (essential !== undefined) motion.essential = essential;
    map.easeTo(motion);
  }
  return map;
}
