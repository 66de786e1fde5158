// The engine, loaded: its calls (layout, fit, stacks, overlays, kernels), each through the module's
// memory with its answer read back as the command line's JSON, and the engine checked for at a call.
import { checkObject, describe } from "./checks.mjs";
import { CardMapError } from "./errors.mjs";
import { BoundsKeeper, CardStack, Frames } from "./handles.mjs";
import { wire } from "./wire.mjs";

/** The engine, loaded. */
export class CardMap {
  constructor(exports) {
    this.exports = exports;
    this.output = exports.cm_alloc(64 * 8);
    this.stopped = null;
    const slots = this.#answer(() => exports.cm_slots());
    /** Where each number of a frame's camera sits: `{centerLon: 0, …}` (the engine's own declaration). */
    this.CAMERA = Object.freeze(Object.fromEntries(slots.camera.map((name, index) => [name, index])));
    /** The bits of a camera's `cut` number, by direction. */
    this.CUT = Object.freeze(slots.cut);
    this.CAMERA_LENGTH = slots.camera.length;
  }

  /** The layout of `screen` with `card`, as `cardmap layout` prints it. */
  layout(screen, card = {}) {
    return this.#call({ call: "layout", screen, card });
  }

  /**
   * The camera that shows `bounds` ([west, south, east, north]) in what `card` leaves visible on
   * `screen`, as `cardmap fit` prints it: the layout, the content, the camera and its visible
   * region; with `options.maxBounds`, the constraint; with `options.steady`, the camera holding its
   * anchor (default: the focus) where the fit with the card at `steady.from` showed it; with
   * `options.select`, the camera that keeps the selection's callout clear; with
   * `options.exclusions`, what the card and controls cover. A mode that cannot hold has
   * `camera: null` and its `reason`.
   */
  fit(screen, card, bounds, options = {}) {
    return this.text("cm_fit", wire({ screen, card, bounds, options }));
  }

  /**
   * The camera that shows `bounds` on a map with no card: `view` `{width, height, insets}` (the
   * map's own padding, where the camera's focus shows), as `cardmap fit --viewport … --insets …`
   * prints it. `options` are `fit`'s with the `bearing`; `options.padding` keeps the content that
   * far inside the visible rect on each side while the focus stays at its centre (MapLibre's
   * `cameraForBounds` padding).
   */
  fitView(view, bounds, options = {}) {
    return this.text("cm_fit", wire({ view, bounds, options }));
  }

  /**
   * Where a card released with its top at `card.y` and `velocity` (pt/s, down positive; or the
   * pointer's samples, `[[seconds, y], …]`, whose velocity the engine takes) snaps
   * (`snap.position`), in how many seconds (`snap.duration`), and its top `t` seconds after the
   * release (`y`) and at the end (`endY`).
   */
  release(screen, card, velocity, t = 0) {
    const motion = Array.isArray(velocity) ? { samples: velocity } : { velocity };
    return this.#call({ call: "release", screen, card, ...motion, t });
  }

  /**
   * The card's top `t` seconds into `motion` (`{kind, from, to, duration, damping}`, as a stack's
   * answers give it): `{y}`, for animating a push, pop, snap or tap frame by frame.
   */
  motion(motion, t) {
    return this.#call({ call: "motion", motion, t });
  }

  /**
   * The content's offset `t` seconds into a fling (a `fling` line's `scroll`: `{from, velocity,
   * maxOffset, to, duration}`): UIScrollView's deceleration, stopping at the content's edges.
   */
  scroll(scroll, t) {
    return this.#call({ call: "scroll", scroll, t }).offset;
  }

  /**
   * A modal card (a sheet, a toast, an alert) on `screen`: `options` `{preset, anchor, insets,
   * corners, cornerRadius, content, translation, velocity}`. Its frames and what it leaves of the
   * map, moved `translation` along its dismissal; its show and dismiss motions; with a release
   * `velocity`, whether it dismisses. `cardmap overlay modal`'s object. In `cardmap.wasm` only.
   */
  modal(screen, options) {
    return this.text("cm_overlay_call", wire({ call: "modal", screen, ...checkObject("options", options) }));
  }

  /**
   * A swipe deck on `screen`: `options` `{count, maxVisible, cardOffset, cardScale, area, threshold,
   * directions, translation}`. Its visible cards, what a drag of the top card by `translation` means,
   * and what it leaves of the map. `cardmap overlay stack`'s object. In `cardmap.wasm` only.
   */
  deck(screen, options = {}) {
    return this.text("cm_overlay_call", wire({ call: "deck", screen, ...checkObject("options", options) }));
  }

  /**
   * Expanding cards on `screen`: `options` `{count, cardHeight, expandedHeight, selected, drag,
   * velocity}`. Their frames with the open one dragged `drag` down, what they leave of the map, how
   * far to closing; with a release `velocity`, whether it closes. `cardmap overlay expanding`'s
   * object. In `cardmap.wasm` only.
   */
  expanding(screen, options = {}) {
    return this.text("cm_overlay_call", wire({ call: "expanding", screen, ...checkObject("options", options) }));
  }

  /**
   * A card stack on `screen`, empty until its first push, driven by the events `cardmap replay`
   * reads: push, pop, move, drag, predict, tapTitle, tapMap, key, page, resize, edgePan, overlays,
   * voiceOver, voiceOverFocus, snapshot, restore (see the `cardmap` command's article).
   */
  stack(screen) {
    const handle = this.#handle("cm_stack_new", wire({ screen }));
    return new CardStack(this, handle, "cm_stack_free");
  }

  /**
   * A keeper of `bounds` ([west, south, east, north]) for a map `view` (`{width, height, insets}`,
   * the insets its padding) drawn in `options.projection` ("mercator" unless "globe"): each camera
   * it is given, moved the least so that what it shows lies inside the bounds (see `BoundsKeeper`).
   */
  keeper(view, bounds, options = {}) {
    const handle = this.#handle("cm_keeper_new", wire({ view, bounds, ...checkObject("options", options) }));
    return new BoundsKeeper(this, handle, "cm_keeper_free");
  }

  /** The keeper `handle`'s camera for a focus, zoom, bearing and pitch, into `output` (`BoundsKeeper.keep`). */
  kept(handle, lon, lat, zoom, bearing, pitch, output) {
    this.#need("cm_keeper_keep");
    for (const [name, value] of [["lon", lon], ["lat", lat], ["zoom", zoom], ["bearing", bearing], ["pitch", pitch]]) {
      if (typeof value !== "number") throw new CardMapError(`${name}: expected a finite number, found ${describe(value)}`);
    }
    const status = this.#run(() => this.exports.cm_keeper_keep(handle, lon, lat, zoom, bearing, pitch, this.output));
    if (status !== 0) throw new CardMapError(this.#error());
    output.set(new Float64Array(this.exports.memory.buffer, this.output, 4));
    return output;
  }

  /** The cameras of a drag's frames for `fit`'s request, the card's `y` moving (see `Frames`). */
  frames(screen, card, bounds, options = {}) {
    const handle = this.#handle("cm_frames_new", wire({ screen, card, bounds, options }));
    return new Frames(this, handle, "cm_frames_free");
  }

  /** A camera's numbers (as `cameraNumbers` gives them) as `fit`'s camera object, or null when NaN. */
  camera(numbers) {
    const C = this.CAMERA;
    if (Number.isNaN(numbers[C.zoom])) return null;
    const camera = {
      center: [numbers[C.centerLon], numbers[C.centerLat]], focus: [numbers[C.focusLon], numbers[C.focusLat]],
      zoom: numbers[C.zoom], zoom256: numbers[C.zoom] + 1, bearing: numbers[C.bearing], pitch: numbers[C.pitch],
      worldClamped: numbers[C.worldClamped] === 1,
      cut: Object.entries(this.CUT).filter(([, bit]) => numbers[C.cut] & bit).map(([edge]) => edge),
      padding: { top: numbers[C.paddingTop], left: numbers[C.paddingLeft], bottom: numbers[C.paddingBottom], right: numbers[C.paddingRight] },
    };
    return camera;
  }

  /**
   * The extent of a GeoJSON document in lon/lat (a string, or its UTF-8 as a Uint8Array, an
   * ArrayBuffer or a DataView), as `cardmap fit` gives its `content`: `features`, `positions` and
   * `bbox` ([west, south, east, north], null without positions; east < west across the
   * antimeridian). Throws a CardMapError naming the line:column and JSON path of what is not GeoJSON.
   */
  extent(geojson) {
    let bytes;
    if (typeof geojson === "string") bytes = new TextEncoder().encode(geojson);
    else if (geojson instanceof Uint8Array) bytes = geojson;
    else if (geojson instanceof ArrayBuffer) bytes = new Uint8Array(geojson);
    else if (geojson instanceof DataView) bytes = new Uint8Array(geojson.buffer, geojson.byteOffset, geojson.byteLength);
    else throw new TypeError(`extent: expected a string, a Uint8Array, an ArrayBuffer or a DataView, found ${describe(geojson)}`);
    return this.text("cm_extent", bytes);
  }

  /**
   * Transforms points in place with CardMap's SIMD kernels: `"webmercator"` (EPSG:4326 → EPSG:3857)
   * or `"utm"` (WGS 84, `zone` 1…60, negative in the south), from lon/lat degrees, or back with
   * `inverse`. Returns how many points failed (NaN where they were).
   *
   * @param {{zone?: number, inverse?: boolean}} [options]
   */
  project(kind, x, y, options = {}) {
    this.#need("cm_project");
    const kinds = ["webmercator", "utm"];
    if (!kinds.includes(kind)) throw new CardMapError(`kind: expected 'webmercator' or 'utm', found ${describe(kind)}`);
    if (!(x instanceof Float64Array)) throw new TypeError(`x: expected a Float64Array, found ${describe(x)}`);
    if (!(y instanceof Float64Array)) throw new TypeError(`y: expected a Float64Array, found ${describe(y)}`);
    if (x.length !== y.length) throw new CardMapError(`y: expected ${x.length} numbers as x has, found ${y.length}`);
    if (options === null || typeof options !== "object") throw new TypeError(`options: expected an object, found ${describe(options)}`);
    for (const name of Object.keys(options)) {
      if (name !== "zone" && name !== "inverse") throw new CardMapError(`options.${name}: unknown member; expected only zone or inverse`);
    }
    const { zone = 0, inverse = false } = options;
    if (typeof inverse !== "boolean") throw new CardMapError(`options.inverse: expected true or false, found ${describe(inverse)}`);
    if (kind === "utm" && !(Number.isInteger(zone) && zone !== 0 && Math.abs(zone) <= 60)) {
      throw new CardMapError(`options.zone: expected a whole number from 1 to 60, negative in the south, found ${describe(zone)}`);
    }
    const count = x.length;
    const pointers = [this.exports.cm_alloc(count * 8), this.exports.cm_alloc(count * 8)];
    try {
      new Float64Array(this.exports.memory.buffer, pointers[0], count).set(x);
      new Float64Array(this.exports.memory.buffer, pointers[1], count).set(y);
      const failed = this.#run(() => this.exports.cm_project(kind === "utm" ? 1 : 0, zone, inverse ? 0 : 1, pointers[0], pointers[1], count));
      x.set(new Float64Array(this.exports.memory.buffer, pointers[0], count));
      y.set(new Float64Array(this.exports.memory.buffer, pointers[1], count));
      return failed;
    } finally {
      pointers.forEach((pointer) => this.exports.cm_free(pointer));
    }
  }

  /**
   * How a finger reads on a card (the engine's touch slop): whether it has moved far enough from
   * where it went down (`dx`, `dy` points) to drag rather than tap, and, when it drags, whether
   * across the card (paging) rather than along it.
   */
  touch(dx, dy) {
    return { dragging: this.exports.cm_touch_dragging(dx, dy) === 1, horizontal: this.exports.cm_touch_horizontal(dx, dy) === 1 };
  }

  /**
   * A finger's move of `translation` points (+ is down) in a card whose top is `cardY`, its content
   * scrolled `offset` of at most `maxOffset`, with `extended` its extended top (the engine's scroll
   * hand-off): `[cardY, offset]` after it, into `output` (two numbers, nothing allocated).
   */
  handoff(cardY, offset, translation, extended, maxOffset, output) {
    this.#run(() => this.exports.cm_handoff(cardY, offset, translation, extended, maxOffset, this.output));
    output.set(new Float64Array(this.exports.memory.buffer, this.output, 2));
    return output;
  }

  /** The answer of `cm_call` for `request`. */
  #call(request) {
    return this.text("cm_call", wire(request));
  }

  /** The JSON answer of export `name` called with `text` (a string or UTF-8 bytes) and `handle` first, if any. */
  text(name, text, ...handle) {
    this.#need(name);
    const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
    return this.#answer(() => this.#withBytes(bytes, (pointer, length) => this.exports[name](...handle, pointer, length)));
  }

  /** A camera's numbers from export `name` for `handle` at `y`, copied into `output` (`CAMERA_LENGTH`). */
  numbers(name, handle, y, output) {
    this.#need(name);
    if (!(output instanceof Float64Array) || output.length < this.CAMERA_LENGTH) {
      throw new TypeError(`output: expected a Float64Array of at least ${this.CAMERA_LENGTH} numbers, found ${describe(output)}`);
    }
    if (typeof y !== "number") throw new CardMapError(`y: expected a finite number, found ${describe(y)}`);
    const status = this.#run(() => this.exports[name](handle, y, this.output));
    if (status !== 0) throw new CardMapError(this.#error());
    output.set(new Float64Array(this.exports.memory.buffer, this.output, this.CAMERA_LENGTH));
    return output;
  }

  /** Frees `handle` with export `free`, unless the engine stopped (its memory is gone with it). */
  freeHandle(free, handle) {
    if (!this.stopped) this.#run(() => this.exports[free](handle));
  }

  /**
   * Throws unless this module exports `name`: the card controller's (`cardmap-cards.wasm`) has no
   * fits of its own, kernels, keepers or overlays.
   */
  #need(name) {
    if (typeof this.exports[name] === "function") return;
    throw new CardMapError(`${name}: not in this engine's module (the card controller's, cardmap-cards.wasm); load cardmap.wasm, the whole engine`);
  }

  /** A new handle from export `name` with `text`, or the engine's error. */
  #handle(name, text) {
    this.#need(name);
    const handle = this.#withBytes(new TextEncoder().encode(text), (pointer, length) => this.#run(() => this.exports[name](pointer, length)));
    if (handle < 0) throw new CardMapError(this.#error());
    return handle;
  }

  /** Runs `body` (a call that keeps its answer's text, returning 0, or its error's, returning 1) and parses the answer. */
  #answer(body) {
    if (this.#run(body) !== 0) throw new CardMapError(this.#error());
    const text = new Uint8Array(this.exports.memory.buffer, this.exports.cm_text_pointer(), this.exports.cm_text_length());
    return JSON.parse(new TextDecoder().decode(text));
  }

  /**
   * Runs `body`, a call into the engine. Should the engine ever trap (a bug: every input it refuses
   * is an error, not a trap), its memory may be corrupt: it then refuses every later call.
   */
  #run(body) {
    if (this.stopped) throw new CardMapError(`the engine stopped: ${this.stopped}; load it again`);
    try {
      return body();
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        this.stopped = error.message;
        throw new CardMapError(`the engine stopped: ${error.message}; load it again`);
      }
      throw error;
    }
  }

  /** `bytes` copied into the engine's memory for `body(pointer, length)`. */
  #withBytes(bytes, body) {
    if (this.stopped) throw new CardMapError(`the engine stopped: ${this.stopped}; load it again`);
    const pointer = this.#run(() => this.exports.cm_alloc(bytes.length));
    try {
      new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
      return body(pointer, bytes.length);
    } finally {
      if (!this.stopped) this.exports.cm_free(pointer);
    }
  }

  #error() {
    const bytes = new Uint8Array(this.exports.memory.buffer, this.exports.cm_error_pointer(), this.exports.cm_error_length());
    return new TextDecoder().decode(bytes);
  }
}

/** Checks that `engine` is a loaded engine (not the promise `load()` gives, nor anything else). */
export function checkEngine(path, engine) {
  if (engine instanceof CardMap) return engine;
  if (engine && typeof engine.then === "function") {
    throw new TypeError(`${path}: expected the engine, found a Promise: write \`await load()\`, not \`load()\``);
  }
  throw new TypeError(`${path}: expected the engine that \`await load()\` gives, found ${describe(engine)}`);
}
