// CardMap's cameras on a MapLibre GL JS map: the focus form, whose padding is the card's insets, so
// that MapLibre keeps the content in what the card leaves visible (with bearing, pitch and the globe).
//
//   import { jumpTo, follow } from "./maplibre.mjs";
//   jumpTo(map, cardmap.fit(screen, card, bounds).camera);
//   const drag = follow(map, { screen, bounds });   // then drag(y) at every pointer move
//   map.jumpTo(cameraForBounds(map, bounds, { padding: { bottom: 400 }, pitch: 50 }));  // no card
import { CardMapError, OverlayCameras, SheetCameras, checkEngine, checkMembers, contentBounds, loaded, redrawNow } from "./cardmap.mjs";
import { placeControls } from "./controls.mjs";
export { constrainToBounds } from "./bounds.mjs";

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
function project(map, camera) {
  const current = map.getProjection ? map.getProjection() : null;
  const type = current && current.type ? current.type : "mercator";
  const wanted = camera.projection ? "globe" : "mercator";
  if (type !== wanted && map.setProjection) map.setProjection({ type: wanted });
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
 * A function that sets a camera's numbers (`CardMap.CAMERA`'s places) on `map` in the focus form,
 * reusing one options object (no objects a frame).
 */
function jumper(map, cardmap) {
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
    map.jumpTo(camera);
  };
}

/**
 * A function to call at every frame of a drag with the card's top `y`: it refits the camera for the
 * card there (the steady focus's or the selection's when `options` asks) and sets it, passing
 * numbers through a typed array (no objects a frame). Takes one object, as MapLibre's own calls do:
 * `screen` and `bounds` (required), `card` (the card's other inputs), `options` (the fit's) and
 * `cardmap` (the engine; default: the one `load()` gave last); an unknown member is a
 * CardMapError naming it. Its `free()` lets the engine's request go.
 */
export function follow(map, what) {
  checkMembers("follow(map, what)", what, ["screen", "bounds", "card", "options", "cardmap"]);
  const { screen, bounds, card = {}, options = {}, cardmap = loaded() } = what;
  const { position, ...moving } = card;
  const frames = cardmap.frames(screen, { ...moving, y: 0 }, bounds, options);
  const output = new Float64Array(cardmap.CAMERA_LENGTH);
  const jump = jumper(map, cardmap);
  const drag = (y) => {
    jump(frames.cameraNumbers(y, output));
    return output;
  };
  drag.free = () => frames.free();
  return drag;
}

/**
 * A MapLibre GL JS control (`map.addControl(new CardMapControl(cardmap, { sheet, geojson }))`) that
 * binds a `<cardmap-sheet>` (or, with `overlay`, a `<cardmap-modal>`, `<cardmap-deck>` or
 * `<cardmap-expanding>`), the map and content (`bounds`, or a GeoJSON `geojson` whose extent it
 * takes) and keeps the camera: at most one `jumpTo` per animation frame while the card moves, its
 * padding what the card leaves (never `setPadding`), set and rendered in the card's own frame, a
 * running `flyTo` or `easeTo` ended when the card moves rather than fought. `options` are `fit`'s (a
 * steady focus, a selection kept clear, pitch, the globe…), with a `margin` of 16 pt unless given.
 * With a sheet, the map's own controls (zoom, compass, geolocation, attribution) go where the engine
 * lays out map buttons (`controls.mjs`): inside what the card leaves visible, never under or over
 * the card, fading as the card extends. `follow(element)` follows an overlay element as well (the
 * camera is then the latest change's: the sheet's move or what the element covers). The binding is
 * checked at the call (an unknown member, content that is not there, an engine still a promise);
 * an error in a frame is an `error` event on the element, then thrown. `onRemove` takes every
 * listener away, puts the controls back and frees the engine's request.
 */
export class CardMapControl {
  constructor(cardmap, binding) {
    checkEngine("cardmap", cardmap);
    checkMembers("binding", binding, ["sheet", "overlay", "bounds", "geojson", "options"]);
    const { overlay, ...sheetBinding } = binding;
    this.cardmap = cardmap;
    this.overlays = [];
    this.cameras = null;
    if (overlay === undefined || binding.sheet !== undefined) {
      this.cameras = new SheetCameras(cardmap, sheetBinding, (numbers) => {
        if (!this.map) return;
        this.#stopEasing();
        this.jump(numbers);
        this.#render();
      });
      this.bounds = this.cameras.bounds;
    } else {
      this.bounds = contentBounds(cardmap, binding);
    }
    this.options = binding.options ?? {};
    if (overlay !== undefined) this.follow(overlay);
  }

  #stopEasing() {
    if (this.map.isMoving && this.map.isMoving()) this.map.stop();
  }

  /** Rendered now (MapLibre's synchronous redraw), so the camera paints with the card's frame. */
  #render() {
    redrawNow(this.map);
  }

  onAdd(map) {
    this.map = map;
    this.jump = jumper(map, this.cardmap);
    if (this.cameras) this.placer = placeControls(this.cameras, map.getContainer(), "maplibre");
    this.container = document.createElement("div");
    this.container.className = "maplibregl-ctrl cardmap-ctrl";
    this.container.hidden = true;
    if (this.cameras) this.cameras.start();
    for (const cameras of this.overlays) cameras.start();
    return this.container;
  }

  onRemove() {
    if (this.cameras) this.cameras.stop();
    for (const cameras of this.overlays) cameras.stop();
    if (this.placer) this.placer.remove();
    this.container.remove();
    this.map = null;
  }

  /**
   * Keeps other content in view from now on (`{bounds}` or `{geojson}`, as the binding's), the camera
   * moved to it at the next frame: a route's card opened in a list, say. Checked as the binding is.
   */
  setContent(content) {
    checkMembers("content", content, ["bounds", "geojson"]);
    this.bounds = contentBounds(this.cardmap, content);
    if (this.cameras) this.cameras.setBounds(this.bounds);
    for (const cameras of this.overlays) cameras.setBounds(this.bounds);
  }

  /**
   * With a number, asks for the camera with the sheet's card top at that `y` at the next animation
   * frame. With an element (`<cardmap-modal>`, `<cardmap-deck>`, `<cardmap-expanding>`), follows it
   * from now on: the content fitted into what it leaves visible (its `mapInsets`) in each frame that
   * changes them.
   */
  follow(target) {
    if (typeof target === "number") {
      if (!this.cameras) throw new CardMapError("control.follow(y): this control follows no sheet");
      this.cameras.follow(target);
      return;
    }
    if (this.overlays.some((cameras) => cameras.overlay === target)) return;
    const cameras = new OverlayCameras(this.cardmap, target, this.bounds, this.options, (camera) => {
      if (!this.map) return;
      this.#stopEasing();
      jumpTo(this.map, camera);
      this.#render();
    });
    this.overlays.push(cameras);
    if (this.map) cameras.start();
  }
}

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
  if (animate === false || duration === 0) map.jumpTo(camera);
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
