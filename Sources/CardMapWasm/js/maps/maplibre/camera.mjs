// The one writer of a camera to a MapLibre GL JS map: every camera of the package's reaches the map
// here. CardMap's cameras are in the focus form, whose padding is the card's insets, so that MapLibre
// keeps the content in what the card leaves visible (with bearing, pitch and the globe).
//
// The rule for an app's own animation: while an `easeTo` or `flyTo` of the app's runs, a camera that
// follows an element (`showCamera`: the cards', a control's, the page's) waits for its end, then comes
// back; the app's own calls (`jumpTo`, `easeTo`, a drag's `follow`) take effect at once.

/** The options of `map.jumpTo` (and `easeTo`, `flyTo`) for a CardMap camera. */
export function maplibreCamera(camera) {
  return {
    center: camera.focus, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch,
    padding: { top: camera.padding.top, left: camera.padding.left, bottom: camera.padding.bottom, right: camera.padding.right },
  };
}

/**
 * Sets the map's projection to the camera's when they differ (the globe comes with MapLibre 5): a
 * camera fitted for a globe map says what MapLibre draws at its zoom (`projection`), and a Mercator
 * map's has none.
 */
export function project(map, camera) {
  const current = map.getProjection ? map.getProjection() : null;
  const type = current && current.type ? current.type : "mercator";
  const wanted = camera.projection ? "globe" : "mercator";
  if (type !== wanted && map.setProjection) map.setProjection({ type: wanted });
}

/** Shows the camera at once. */
export function jumpTo(map, camera) {
  project(map, camera);
  setCamera(map, maplibreCamera(camera));
}

/** Moves to the camera over `duration` milliseconds (the card's motion: CardMap's durations are seconds). */
export function easeTo(map, camera, duration) {
  project(map, camera);
  map.easeTo({ ...maplibreCamera(camera), duration });
}

/**
 * A function that writes a camera's numbers (`CardMap.CAMERA`'s places) into MapLibre's camera
 * options in the focus form and returns them, reusing one object (no objects a frame).
 */
export function cameraOptions(cardmap) {
  const C = cardmap.CAMERA;
  const padding = { top: 0, left: 0, bottom: 0, right: 0 };
  const camera = { center: [0, 0], zoom: 0, bearing: 0, pitch: 0, padding };
  return (n) => {
    camera.center[0] = n[C.focusLon];
    camera.center[1] = n[C.focusLat];
    camera.zoom = n[C.zoom];
    camera.bearing = n[C.bearing];
    camera.pitch = n[C.pitch];
    padding.top = n[C.paddingTop];
    padding.left = n[C.paddingLeft];
    padding.bottom = n[C.paddingBottom];
    padding.right = n[C.paddingRight];
    return camera;
  };
}

/** Sets MapLibre's camera `options` on `map` at once (an app's own call: nothing waits). */
export function setCamera(map, options) {
  map.jumpTo(options);
}

/** For each map, what waits for the app's running animation to end. */
const waiting = new WeakMap();

/**
 * A camera that follows an element, on `map` in this frame: set (`options`, MapLibre's) and rendered
 * now (`redrawNow`), so that it paints with the element's frame. While the app's own `easeTo` or
 * `flyTo` runs, nothing is set: the app's animation runs to its end, and `again()` is called then
 * (once, at its `moveend`) to ask for the camera anew. Returns whether the camera was set.
 */
export function showCamera(map, options, again) {
  if (map.isEasing && map.isEasing()) {
    let callers = waiting.get(map);
    if (!callers) {
      callers = new Set();
      waiting.set(map, callers);
      map.once("moveend", () => {
        waiting.delete(map);
        for (const call of callers) call();
      });
    }
    callers.add(again);
    return false;
  }
  setCamera(map, options);
  redrawNow(map);
  return true;
}

/**
 * For the package's elements over MapLibre, just after asking for an animation frame: MapLibre's
 * own next frame, when its render loop has asked for one already (tiles loading, a fade), asked
 * for again so that it comes after the caller's in that frame. The caller's callback then renders
 * first (`redrawNow`, which cancels MapLibre's), and the map renders once a frame, never its old
 * camera and then the new one. (`_frameRequest` is MapLibre 2–5's pending frame; without it,
 * nothing is done.)
 */
export function frameAfter(map) {
  const pending = map && map._frameRequest;
  if (!pending || typeof pending.abort !== "function" || typeof map.triggerRepaint !== "function") return;
  pending.abort();
  map._frameRequest = null;
  map.triggerRepaint();
}

const styledMaps = new WeakSet(), watchedMaps = new WeakSet();
/**
 * For the package's elements over MapLibre: renders `map` now (its synchronous `redraw()`), so that
 * the camera just set paints in this frame; once its style has loaded, always, even while a
 * source loads tiles (MapLibre's own render loop, which may run before the caller's callback in
 * the same frame, would otherwise render that frame a second time once they have loaded).
 */
export function redrawNow(map) {
  if (!map || typeof map.redraw !== "function") return;
  if (!styledMaps.has(map)) {
    if (!(map.isStyleLoaded && map.isStyleLoaded())) {
      // Styled once it has loaded, or is next idle (a map that loaded before it was seen here).
      if (typeof map.once === "function" && !watchedMaps.has(map)) {
        watchedMaps.add(map);
        for (const name of ["load", "idle"]) map.once(name, () => styledMaps.add(map));
      }
      return;
    }
    styledMaps.add(map);
  }
  map.redraw();
}
