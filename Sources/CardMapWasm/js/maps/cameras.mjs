// The cameras that follow an element frame by frame, for the map adapters: a sheet's every move
// (`SheetCameras`) and what an overlay element covers (`OverlayCameras`).
import { checkEngine } from "../engine/cardmap.mjs";
import { checkMembers, checkObject, describe } from "../engine/checks.mjs";
import { CardMapError, reportError } from "../engine/errors.mjs";
import { cancelFrame, nextFrame } from "./frames.mjs";

/** The margin, in points, that the map controls keep round their content unless told otherwise: a dot or a pin at an end stays whole. */
export const CONTROL_MARGIN = 16;

/**
 * The cameras of a sheet's every frame (`<cardmap-sheet>`'s `cardmove` events, or any element with a
 * `screen()` and such events), for the map controls: content (`bounds`, or GeoJSON whose extent it
 * takes) and a fit's `options` (`margin` 16 pt unless given); at most one camera an animation frame,
 * the engine's request made again when the sheet's screen changes; `show(numbers)` gets each
 * (`CardMap.CAMERA`'s places). Its input is checked here, at the
 * call, as the engine checks its own: an unknown member of the binding or of `options`, content that
 * is missing or not GeoJSON, an engine that is still a promise, each a CardMapError or TypeError
 * naming it. An error in a frame's callback is dispatched on the sheet as an `error` event, then thrown.
 */
export class SheetCameras {
  constructor(cardmap, binding, show) {
    this.cardmap = checkEngine("cardmap", cardmap);
    checkMembers("binding", binding, ["sheet", "bounds", "geojson", "options"]);
    const { sheet, options = {} } = binding;
    if (!sheet || typeof sheet.screen !== "function" || typeof sheet.addEventListener !== "function") {
      throw new TypeError(`binding.sheet: expected a <cardmap-sheet> (or an element with screen() and cardmove events), found ${describe(sheet)}`);
    }
    this.sheet = sheet;
    this.bounds = contentBounds(cardmap, binding);
    this.options = { margin: CONTROL_MARGIN, ...checkObject("binding.options", options) };
    // The engine reads the request now, so that a wrong member throws at the call, not from a frame.
    cardmap.frames({ width: 390, height: 844 }, { y: 400 }, this.bounds, this.options).free();
    this.show = show;
    /** Called first in each frame with the sheet's layout and screen (the controls placed for it). */
    this.place = null;
    /** Rects on the screen that the camera keeps the content clear of (the map's top controls), asked when the request is made. */
    this.avoid = () => [];
    this.frames = null;
    this.size = null;
    this.pending = null;
    this.layout = null;
    this.request = 0;
    /** Frames a followed move has waited for the sheet's own. */
    this.waited = 0;
    this.output = new Float64Array(cardmap.CAMERA_LENGTH);
    // A move shown in the sheet's own frame (`<cardmap-sheet>`) gets its camera in that frame: the
    // map is never a frame behind the card. Others' moves wait for the next animation frame.
    this.onMove = (event) => {
      if (!this.sheet.inFrame) {
        this.follow(event.detail.y, event.detail.layout);
        return;
      }
      cancelFrame(this.request);
      this.pending = event.detail.y;
      this.layout = event.detail.layout;
      this.frame();
    };
  }

  /** Follows the sheet from now on (and its card where it is now). */
  start() {
    this.sheet.addEventListener("cardmove", this.onMove);
    if (this.sheet.layout) this.follow(this.sheet.layout.card.y, this.sheet.layout);
  }

  /** Stops following: every listener taken away, the engine's request freed. */
  stop() {
    this.sheet.removeEventListener("cardmove", this.onMove);
    cancelFrame(this.request);
    this.request = 0;
    if (this.frames) this.frames.free();
    this.frames = null;
  }

  /** Keeps `bounds` in view from now on: the engine's request made anew, the camera at the next frame. */
  setBounds(bounds) {
    this.bounds = bounds;
    if (this.frames) this.frames.free();
    this.frames = null;
    if (this.sheet.layout) this.follow(this.sheet.layout.card.y, this.sheet.layout);
  }

  /** Asks for the camera with the card's top at `y` (the sheet's `layout` there) at the next animation frame (one a frame). */
  follow(y, layout = null) {
    this.pending = y;
    this.layout = layout;
    if (!this.request) this.request = nextFrame(() => this.#followed());
  }

  /**
   * A followed move's frame. When the sheet has asked for a frame of its own (a motion or a drag
   * under way: `frameRequest`), its move in that frame shows the camera, so this one waits a frame
   * (twice at most) rather than set a second camera in the same frame.
   */
  #followed() {
    this.request = 0;
    if (this.pending === null) return;
    if (/** @type {any} */ (this.sheet).frameRequest && this.waited < 2) {
      this.waited++;
      this.request = nextFrame(() => this.#followed());
      return;
    }
    this.waited = 0;
    this.frame();
  }

  /** The camera for the latest `y`, given to `show` (none when the engine has none there). */
  frame() {
    this.request = 0;
    if (this.pending === null) return;
    try {
      const screen = this.sheet.screen();
      if (this.layout && this.place) this.place(this.layout, screen);
      if (!this.frames || screen.width !== this.size.width || screen.height !== this.size.height) {
        if (this.frames) this.frames.free();
        const avoid = this.avoid();
        const options = avoid.length ? { ...this.options, overlays: [...(this.options.overlays ?? []), ...avoid] } : this.options;
        this.frames = this.cardmap.frames(screen, { y: this.pending }, this.bounds, options);
        this.size = screen;
      }
      const numbers = this.frames.cameraNumbers(this.pending, this.output);
      this.pending = null;
      if (!Number.isNaN(numbers[this.cardmap.CAMERA.zoom])) this.show(numbers);
    } catch (error) {
      reportError(this.sheet, error);
      throw error;
    }
  }
}

/** The content a binding keeps in view: its `bounds`, or the extent of its `geojson` (an object or its text). */
export function contentBounds(cardmap, { bounds = null, geojson = null }) {
  if (bounds === null && geojson === null) throw new CardMapError("binding: expected bounds or geojson, the content to keep in view; found neither");
  const box = bounds ?? cardmap.extent(typeof geojson === "string" ? geojson : JSON.stringify(geojson)).bbox;
  if (!box) throw new CardMapError("binding.geojson: no positions, so nothing to keep in view");
  return box;
}

/**
 * The camera of a map beside an overlay element (`<cardmap-modal>`, `<cardmap-deck>`,
 * `<cardmap-expanding>`): the engine's fit of the content into what the element leaves visible (its
 * `mapInsets`, the map's padding), given to `show` in the element's own frame when it changes there
 * (so the map is never a frame behind the card), else at the next animation frame. `options` are
 * `fitView`'s, with a `margin` of 16 pt unless given.
 */
export class OverlayCameras {
  constructor(cardmap, overlay, bounds, options, show) {
    this.cardmap = checkEngine("cardmap", cardmap);
    if (!overlay || !("mapInsets" in overlay) || typeof overlay.screen !== "function" || typeof overlay.addEventListener !== "function") {
      throw new TypeError(`follow(element): expected a <cardmap-modal>, <cardmap-deck> or <cardmap-expanding>, found ${describe(overlay)}`);
    }
    this.overlay = overlay;
    this.bounds = bounds;
    this.options = { margin: CONTROL_MARGIN, ...checkObject("binding.options", options) };
    this.show = show;
    this.request = 0;
    // In the element's frame, at once; else the element is asked for a frame that reports (or, an
    // element without one, the next animation frame): one render a frame, with the cards.
    this.onChange = () => {
      if (this.overlay.inFrame) this.frame();
      else if (typeof this.overlay.refresh === "function") this.overlay.refresh();
      else if (!this.request) this.request = nextFrame(() => this.frame());
    };
  }

  /** Follows the element from now on (and what it covers now). */
  start() {
    this.overlay.addEventListener("cardmapinsetschange", this.onChange);
    if (this.overlay.mapInsets) this.onChange();
  }

  /** Keeps `bounds` in view from now on, the camera at the element's next frame (or the next animation frame). */
  setBounds(bounds) {
    this.bounds = bounds;
    this.onChange();
  }

  /** Stops following. */
  stop() {
    this.overlay.removeEventListener("cardmapinsetschange", this.onChange);
    cancelFrame(this.request);
    this.request = 0;
  }

  /** The camera for what the element leaves visible now, given to `show` (none when the engine has none). */
  frame() {
    this.request = 0;
    const insets = this.overlay.mapInsets;
    if (!insets) return;
    try {
      const { width, height } = this.overlay.screen();
      const camera = this.cardmap.fitView({ width, height, insets }, this.bounds, this.options).camera;
      if (camera) this.show(camera);
    } catch (error) {
      reportError(this.overlay, error);
      throw error;
    }
  }
}
