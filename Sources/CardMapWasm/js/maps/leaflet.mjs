// CardMap's cameras on a Leaflet 1.9 map. Leaflet has no padding, no bearing, no pitch and no globe:
// it takes the centre form (the view's centre, `camera.center`) at Leaflet's zoom, which counts
// 256-pt tiles (CardMap's `zoom256`). A camera Leaflet cannot show is refused with a CardMapError.
// Create the map with `zoomSnap: 0` to take fractional zooms, or fit with `zoomSnap: 1`.
//
//   import { setView } from "./leaflet.mjs";
//   setView(map, cardmap.fit(screen, card, bounds).camera);
import { CardMapError } from "../engine/errors.mjs";
import { SheetCameras } from "./cameras.mjs";
import { placeControls } from "./controls.mjs";

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
 * A Leaflet control (`map.addControl(new CardMapLeafletControl(cardmap, { sheet, geojson }))`) that
 * keeps the camera for a `<cardmap-sheet>` in the centre form: at most one `setView` an animation
 * frame while the sheet moves, with a `margin` of 16 pt unless `options` give one. Leaflet draws
 * north-up and flat: `options` must keep the bearing and pitch 0. Leaflet's own controls (zoom,
 * attribution) go where the engine lays out map buttons, as `CardMapControl` places MapLibre's. The
 * binding is checked at the call. `remove()` (or `map.removeControl`) takes every listener away,
 * puts the controls back and frees the engine's request.
 */
export class CardMapLeafletControl {
  constructor(cardmap, binding) {
    this.cameras = new SheetCameras(cardmap, binding, (numbers) => {
      const camera = cardmap.camera(numbers);
      if (this.map && camera) setView(this.map, camera);
    });
  }

  /** Leaflet's `map.addControl` calls this. */
  addTo(map) {
    this.map = map;
    this.placer = placeControls(this.cameras, map.getContainer(), "leaflet");
    this.cameras.start();
    return this;
  }

  remove() {
    this.cameras.stop();
    if (this.placer) this.placer.remove();
    this.map = null;
    return this;
  }

  /** Asks for the camera with the card's top at `y` at the next animation frame. */
  follow(y) {
    this.cameras.follow(y);
  }
}
