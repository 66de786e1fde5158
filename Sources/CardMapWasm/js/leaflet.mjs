// CardMap's cameras on a Leaflet 1.9 map. Leaflet has no padding, no bearing, no pitch and no globe:
// it takes the centre form (the view's centre, `camera.center`) at Leaflet's zoom, which counts
// 256-pt tiles (CardMap's `zoom256`). A camera Leaflet cannot show is refused with a CardMapError.
// Create the map with `zoomSnap: 0` to take fractional zooms, or fit with `zoomSnap: 1`.
//
//   import { setView } from "./leaflet.mjs";
//   setView(map, cardmap.fit(screen, card, bounds).camera);
import { CardMapError } from "./cardmap.mjs";

/** `[lat, lng]` and Leaflet's zoom for a CardMap camera. */
export function leafletView(camera, zoomSnap = 0) {
  if (camera.projection) throw new CardMapError("Leaflet has no globe: fit with projection mercator");
  if (camera.bearing !== 0) throw new CardMapError(`Leaflet cannot rotate the map: the camera's bearing is ${camera.bearing}`);
  if (camera.pitch !== 0) throw new CardMapError(`Leaflet cannot tilt the map: the camera's pitch is ${camera.pitch}`);
  const zoom = camera.zoom256;
  if (zoomSnap > 0 && Math.abs(zoom / zoomSnap - Math.round(zoom / zoomSnap)) > 1e-9) {
    throw new CardMapError(
      `Leaflet's zoomSnap ${zoomSnap} would move zoom ${zoom}: create the map with zoomSnap: 0, or fit with zoomSnap ${zoomSnap}`);
  }
  return { center: [camera.center[1], camera.center[0]], zoom };
}

/** Shows the camera on `map` at once. */
export function setView(map, camera) {
  const view = leafletView(camera, map.options.zoomSnap);
  map.setView(view.center, view.zoom, { animate: false });
}

/**
 * A Leaflet control (`map.addControl(new CardMapLeafletControl(cardmap, { sheet, bounds }))`) that
 * keeps the camera for a `<cardmap-sheet>` in the centre form: at most one `setView` an animation
 * frame while the sheet moves. Leaflet draws north-up and flat: `options` must keep the bearing and
 * pitch 0. `remove()` (or `map.removeControl`) takes every listener away and frees the engine's request.
 */
export class CardMapLeafletControl {
  constructor(cardmap, { sheet, bounds = null, geojson = null, options = {} }) {
    this.cardmap = cardmap;
    this.sheet = sheet;
    this.bounds = bounds ?? (geojson ? cardmap.extent(typeof geojson === "string" ? geojson : JSON.stringify(geojson)).bbox : null);
    this.options = options;
    this.frames = null;
    this.size = null;
    this.pending = null;
    this.request = 0;
    this.output = new Float64Array(cardmap.CAMERA_LENGTH);
    this.onDrag = (event) => this.follow(event.detail.y);
  }

  /** Leaflet's `map.addControl` calls this. */
  addTo(map) {
    this.map = map;
    this.sheet.addEventListener("drag", this.onDrag);
    if (this.sheet.layout) this.follow(this.sheet.layout.card.y);
    return this;
  }

  remove() {
    this.sheet.removeEventListener("drag", this.onDrag);
    if (this.request) cancelAnimationFrame(this.request);
    this.request = 0;
    if (this.frames) this.frames.free();
    this.frames = null;
    this.map = null;
    return this;
  }

  /** Asks for the camera with the card's top at `y` at the next animation frame (one a frame). */
  follow(y) {
    if (!this.map || !this.bounds) return;
    this.pending = y;
    if (!this.request) this.request = requestAnimationFrame(() => this.frame());
  }

  frame() {
    this.request = 0;
    if (!this.map || this.pending === null) return;
    const screen = this.sheet.screen();
    if (!this.frames || screen.width !== this.size.width || screen.height !== this.size.height) {
      if (this.frames) this.frames.free();
      this.frames = this.cardmap.frames(screen, { y: this.pending }, this.bounds, this.options);
      this.size = screen;
    }
    const camera = this.cardmap.camera(this.frames.cameraNumbers(this.pending, this.output));
    this.pending = null;
    if (camera) setView(this.map, camera);
  }
}
