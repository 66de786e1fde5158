// CardMap's cameras kept on a MapLibre GL JS map for an element: `CardMapControl` binds a sheet (or
// an overlay element), the map and content; `follow` refits the camera at every frame of a drag an
// app drives itself.
import { checkEngine } from "../../engine/cardmap.mjs";
import { checkMembers } from "../../engine/checks.mjs";
import { CardMapError } from "../../engine/errors.mjs";
import { loaded } from "../../engine/load.mjs";
import { OverlayCameras, SheetCameras, contentBounds } from "../cameras.mjs";
import { placeControls } from "../controls.mjs";
import { cameraOptions, maplibreCamera, project, setCamera, showCamera } from "./camera.mjs";

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
  const camera = cameraOptions(cardmap);
  const drag = (y) => {
    setCamera(map, camera(frames.cameraNumbers(y, output)));
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
 * padding what the card leaves (never `setPadding`), set and rendered in the card's own frame; an
 * app's own `flyTo` or `easeTo` runs to its end, and the card's camera comes back after it. `options` are `fit`'s (a
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
      const again = () => {
        const layout = this.cameras.sheet.layout;
        if (layout) this.cameras.follow(layout.card.y, layout);
      };
      this.cameras = new SheetCameras(cardmap, sheetBinding, (numbers) => {
        if (this.map) showCamera(this.map, this.camera(numbers), again);
      });
      this.bounds = this.cameras.bounds;
    } else {
      this.bounds = contentBounds(cardmap, binding);
    }
    this.options = binding.options ?? {};
    if (overlay !== undefined) this.follow(overlay);
  }

  onAdd(map) {
    this.map = map;
    this.camera = cameraOptions(this.cardmap);
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
      project(this.map, camera);
      showCamera(this.map, maplibreCamera(camera), cameras.onChange);
    });
    this.overlays.push(cameras);
    if (this.map) cameras.start();
  }
}

