// CardMap in JavaScript: the engine's WebAssembly (`make wasm`) behind a small API, for browsers
// and node, with no dependencies. Every answer is the native engine's, computed by the same Swift.
//
//   import { load } from "./cardmap.mjs";
//   const cardmap = await load(new URL("./cardmap.wasm", import.meta.url));
//   const screen = { width: 402, height: 874, safeArea: { top: 62, bottom: 34 } };
//   const { camera } = cardmap.fit(screen, { position: "peaking" }, [151.2108, -33.8611, 151.2847, -33.8003]);
//   map.jumpTo({ center: camera.focus, zoom: camera.zoom, padding: camera.padding });
//
// Per frame (a drag), `fitNumbers` takes and fills Float64Arrays and makes no objects: write a screen
// and card once with `encode`, change the y (`INPUT.y`), call it.

/** Where each number sits in the input (a screen, a card, then a fit's content, options and camera modes). */
export const INPUT = Object.freeze({
  width: 0, height: 1, safeTop: 2, safeLeft: 3, safeBottom: 4, safeRight: 5, osMajor: 6, osMinor: 7, mode: 8,
  fullScreen: 9, header: 10, rtl: 11, position: 12, y: 13, titleHeight: 14, topButtons: 15, bottomButtons: 16,
  floatingItems: 17, bearing: 18, infoWidth: 19, infoHeight: 20, hasMapContent: 21, horizontal: 22, vertical: 23,
  idiom: 24, sdkMajor: 25, sdkMinor: 26, verticalBarWidth: 27, verticalBarEdge: 28, closeButton: 29, paging: 30,
  verticalBarActions: 31, floatingAlignment: 32, compass: 33, userTracking: 34, overlaysHidden: 35, contentHeight: 36,
  west: 37, south: 38, east: 39, north: 40, minZoom: 41, maxZoom: 42, zoomSnap: 43, pointZoom: 44, margin: 45,
  markerRadius: 46, pitch: 47, maxPitch: 48, projection: 49, maxWest: 50, maxSouth: 51, maxEast: 52, maxNorth: 53,
  anchorLon: 54, anchorLat: 55, steadyFrom: 56, selectLon: 57, selectLat: 58, calloutWidth: 59, calloutHeight: 60,
  steadyFromY: 61,
});
export const INPUT_LENGTH = 62;
const LAYOUT_OUTPUT = 42;
/** Where each number sits in `fitNumbers`' output: the content's camera, then (from `STEADY` and
 * `CLEAR` on, the same numbers) the steady focus's and the selection's, then the callout's rect. */
export const OUTPUT = Object.freeze({
  centerLon: 0, centerLat: 1, focusLon: 2, focusLat: 3, zoom: 4, bearing: 5, pitch: 6, worldClamped: 7, cut: 8,
  paddingTop: 9, paddingLeft: 10, paddingBottom: 11, paddingRight: 12, drawnOnGlobe: 13,
  STEADY: 14, CLEAR: 28, calloutX: 42, calloutY: 43, calloutWidth: 44, calloutHeight: 45,
});
export const OUTPUT_LENGTH = 46;
/** Where each number sits in `releaseNumbers`' output. */
export const RELEASE = Object.freeze({ position: 0, duration: 1, y: 2, endY: 3 });

const PRESENTATIONS = ["classic-bottom", "classic-side", "sidebar", "sheet-bottom", "sheet-leading"];
const POSITIONS = ["collapsed", "peaking", "extended"];
const EDGES = [["north", 1], ["south", 2], ["east", 4], ["west", 8]];
const ZONES = ["card", "header", "topToolbar", "bottomToolbar", "floatingToolbar", "infoView"];

/** An error of the engine: its message, as the command line gives it. */
export class CardMapError extends Error {
  constructor(message) {
    super(message);
    this.name = "CardMapError";
  }
}

/** Loads the engine from a URL (or its path in node), bytes, a Response or a compiled module. */
export async function load(source) {
  let module;
  if (source instanceof WebAssembly.Module) module = source;
  else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) module = await WebAssembly.compile(source);
  else if (typeof Response !== "undefined" && source instanceof Response) module = await WebAssembly.compile(await source.arrayBuffer());
  else if (typeof process !== "undefined" && process.versions && process.versions.node && !String(source).startsWith("http")) {
    const { readFile } = await import("node:fs/promises");
    module = await WebAssembly.compile(await readFile(source instanceof URL ? source : String(source)));
  } else module = await WebAssembly.compile(await (await fetch(source)).arrayBuffer());
  let memory = null;
  const wasi = {
    // The engine writes nothing; these answer the C library's few calls.
    fd_write: () => 8, fd_close: () => 8, fd_seek: () => 8,
    random_get: (pointer, length) => {
      const bytes = new Uint8Array(memory.buffer, pointer, length);
      if (globalThis.crypto && globalThis.crypto.getRandomValues) globalThis.crypto.getRandomValues(bytes);
      else for (let i = 0; i < length; i++) bytes[i] = (Math.random() * 256) | 0;
      return 0;
    },
  };
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi });
  memory = instance.exports.memory;
  return new CardMap(instance.exports);
}

/** The camera at `at` in a fit's output, or null when that mode gave none. */
function cameraAt(out, at, projection) {
  const O = OUTPUT;
  if (Number.isNaN(out[at + O.zoom])) return null;
  return {
    center: [out[at + O.centerLon], out[at + O.centerLat]], focus: [out[at + O.focusLon], out[at + O.focusLat]],
    zoom: out[at + O.zoom], zoom256: out[at + O.zoom] + 1, bearing: out[at + O.bearing], pitch: out[at + O.pitch],
    worldClamped: out[at + O.worldClamped] === 1, cut: EDGES.filter(([, bit]) => out[at + O.cut] & bit).map(([edge]) => edge),
    padding: { top: out[at + O.paddingTop], left: out[at + O.paddingLeft], bottom: out[at + O.paddingBottom], right: out[at + O.paddingRight] },
    projection, drawnOnGlobe: out[at + O.drawnOnGlobe] === 1,
  };
}

/** A layout's numbers (from `at` in `out`) as an object. */
function layoutAt(out, at = 0) {
  const rect = (i) => (Number.isNaN(out[at + i]) ? null : { x: out[at + i], y: out[at + i + 1], width: out[at + i + 2], height: out[at + i + 3] });
  const n = (i) => out[at + i];
  return {
    presentation: PRESENTATIONS[n(0)], usesSystemSheet: n(1) === 1, position: POSITIONS[n(2)],
    positions: { extended: n(3), peaking: n(4), collapsed: n(5) }, card: rect(6),
    mapInsets: { top: n(10), left: n(11), bottom: n(12), right: n(13) }, visibleRect: rect(14),
    mapDimAlpha: n(18), contentAlpha: n(19), buttonAlpha: n(20), cardAlpha: n(21), draggable: n(22) === 1,
    topToolbar: rect(23), bottomToolbar: rect(27), floatingToolbar: rect(31), infoView: rect(35),
  };
}

/** Where a stack frame's numbers sit: the layout's (as `layout` reads them), then the camera's (as `OUTPUT`). */
export const FRAME = Object.freeze({ CAMERA: LAYOUT_OUTPUT, LENGTH: LAYOUT_OUTPUT + 14 });

/**
 * A card stack in the engine (`CardMap.stack`): events in, each answered as `cardmap replay` answers
 * it; the top card's drag frames as numbers. `free()` it when done.
 */
export class CardStack {
  constructor(cardmap, handle, bytes, error) {
    this.cardmap = cardmap;
    this.handle = handle;
    this.bytes = bytes;
    this.error = error;
  }

  /**
   * Applies one event (an object, or its JSON text): the stack, the top card's position, layout and
   * camera, the appearance and map-manager calls and the motion, as `cardmap replay` prints them.
   * Throws a `CardMapError` with replay's words for an event the stack cannot take; the stack is
   * then unchanged.
   */
  apply(event) {
    const exports = this.cardmap.exports;
    const status = this.bytes(typeof event === "string" ? event : JSON.stringify(event))(
      (pointer, length) => exports.cm_stack_apply(this.handle, pointer, length));
    if (status !== 0) throw new CardMapError(this.error());
    const text = new Uint8Array(exports.memory.buffer, exports.cm_text_pointer(), exports.cm_text_length());
    return JSON.parse(new TextDecoder().decode(text));
  }

  /** The top card dragged to `y`, nothing changed: its layout and its manager's camera (null without one). */
  frame(y) {
    const out = this.frameNumbers(y, new Float64Array(FRAME.LENGTH));
    return { layout: layoutAt(out), camera: cameraAt(out, FRAME.CAMERA, "mercator") };
  }

  /** The same frame's numbers into `output` (`FRAME.LENGTH`), nothing allocated: for every pointer move. */
  frameNumbers(y, output) {
    const exports = this.cardmap.exports;
    if (exports.cm_stack_frame(this.handle, y, this.cardmap.output) !== 0) throw new CardMapError(this.error());
    output.set(new Float64Array(exports.memory.buffer, this.cardmap.output, FRAME.LENGTH));
    return output;
  }

  /** Frees the stack in the engine. */
  free() {
    this.cardmap.exports.cm_stack_free(this.handle);
  }
}

/** The engine, loaded. */
export class CardMap {
  constructor(exports) {
    this.exports = exports;
    this.input = exports.cm_alloc(INPUT_LENGTH * 8);
    this.output = exports.cm_alloc(Math.max(LAYOUT_OUTPUT + 14, OUTPUT_LENGTH) * 8);
    this.numbers = new Float64Array(INPUT_LENGTH);
  }

  /** The input's numbers for a screen, a card and (for a fit) content and options, into `into`. */
  encode(screen, card = {}, bounds = null, options = {}, into = new Float64Array(INPUT_LENGTH)) {
    const safe = screen.safeArea || {};
    const os = String(screen.os ?? "27").split(".");
    const position = card.y === undefined ? POSITIONS.indexOf(card.position ?? "peaking") : NaN;
    if (card.y === undefined && position < 0) throw new CardMapError("position: expected collapsed, peaking or extended");
    const info = card.infoView || null;
    const values = [screen.width, screen.height, safe.top ?? 0, safe.left ?? 0, safe.bottom ?? 0, safe.right ?? 0,
      Number(os[0]), Number(os[1] ?? 0), screen.mode === "sidebar" ? 1 : 0, screen.fullScreen === false ? 0 : 1,
      screen.header ?? NaN, screen.rtl ? 1 : 0, position, card.y ?? NaN, card.titleHeight ?? NaN,
      card.topButtons ?? 0, card.bottomButtons ?? 0, card.floatingItems ?? 0, card.bearing ?? 0,
      info ? info.width : NaN, info ? info.height : NaN, card.hasMapContent === false ? 0 : 1];
    // The traits the size implies unless given, and the card's rarer parts.
    const choice = (value, names, name) => {
      if (value === undefined || value === null) return NaN;
      const index = names.indexOf(value);
      if (index < 0) throw new CardMapError(`${name}: expected ${names.join(", ")}`);
      return index;
    };
    const sdk = screen.sdk === undefined ? [NaN, NaN] : String(screen.sdk).split(".").map(Number);
    const bar = screen.verticalBar || null;
    values.push(choice(screen.horizontal, ["compact", "regular"], "horizontal"),
      choice(screen.vertical, ["compact", "regular"], "vertical"), choice(screen.idiom, ["phone", "pad", "mac", "vision"], "idiom"),
      sdk[0], sdk[1] ?? 0, bar ? bar.width : NaN, bar ? choice(bar.edge ?? "leading", ["leading", "trailing"], "verticalBar.edge") : NaN,
      card.closeButton ? 1 : 0, card.paging ? 1 : 0, card.verticalBarActions ?? 0,
      choice(card.floatingAlignment, ["center", "leading", "trailing"], "floatingAlignment"), card.compass ? 1 : 0,
      card.userTracking ? 1 : 0, card.overlaysHidden ? 1 : 0, card.contentHeight ?? NaN);
    const [w, s, e, n] = bounds || [NaN, NaN, NaN, NaN];
    values.push(w, s, e, n, options.minZoom ?? 0, options.maxZoom ?? 22, options.zoomSnap ?? 0,
      options.pointZoom ?? NaN, options.margin ?? 0, options.markerRadius ?? 0, options.pitch ?? 0,
      options.maxPitch ?? 60, options.projection === "globe" ? 1 : 0);
    values.push(...(options.maxBounds || [NaN, NaN, NaN, NaN]));
    // The steady focus starts from a card: { position } or { y } (default: peaking).
    const steady = options.steady || null;
    const from = steady ? steady.from || { position: "peaking" } : null;
    const fromPosition = from && from.y === undefined ? POSITIONS.indexOf(from.position ?? "peaking") : NaN;
    if (fromPosition < 0) throw new CardMapError("steady.from.position: expected collapsed, peaking or extended");
    values.push(...((steady && steady.anchor) || [NaN, NaN]), fromPosition);
    const callout = options.callout || { width: 240, height: 80 };
    values.push(...(options.select || [NaN, NaN]), callout.width, callout.height, from && from.y !== undefined ? from.y : NaN);
    into.set(values);
    return into;
  }

  /** The layout of `screen` with `card`: the card's frame, the map's insets, its visible rect and the rest. */
  layout(screen, card = {}) {
    return layoutAt(this.#call("cm_layout", this.encode(screen, card, null, {}, this.numbers), LAYOUT_OUTPUT));
  }

  /**
   * A card stack on `screen`, empty until its first push, driven by the events `cardmap replay`
   * reads: push, pop, drag, predict, tapTitle, tapMap, key, page, resize, edgePan, overlays,
   * voiceOver, voiceOverFocus, snapshot, restore (see the `cardmap` command's article).
   */
  stack(screen) {
    new Float64Array(this.exports.memory.buffer).set(this.encode(screen, {}, null, {}, this.numbers), this.input / 8);
    const handle = this.exports.cm_stack_new(this.input);
    if (handle < 0) throw new CardMapError(this.#error());
    return new CardStack(this, handle, (text) => this.#bytes(text), () => this.#error());
  }

  /**
   * The camera that shows `bounds` ([west, south, east, north]) in what `card` leaves visible on
   * `screen`; with `options.steady`, the camera holding its anchor (default: the focus) where the fit
   * with the card at `steady.from` (`{ position }` or `{ y }`) showed it; with `options.select`, the camera that keeps the selection's callout clear, and the
   * callout's rect (each null when it cannot hold).
   */
  fit(screen, card, bounds, options = {}) {
    const out = this.fitNumbers(this.encode(screen, card, bounds, options, this.numbers), new Float64Array(OUTPUT_LENGTH));
    const projection = options.projection === "globe" ? "globe" : "mercator";
    const result = { camera: cameraAt(out, 0, projection) };
    if (options.steady) result.steady = cameraAt(out, OUTPUT.STEADY, projection);
    if (options.select) {
      const camera = cameraAt(out, OUTPUT.CLEAR, projection);
      const O = OUTPUT;
      result.clear = camera && { camera, callout: { x: out[O.calloutX], y: out[O.calloutY], width: out[O.calloutWidth], height: out[O.calloutHeight] } };
    }
    return result;
  }

  /**
   * Where a card released with its top at `card.y` and `velocity` (pt/s, down positive) snaps
   * (`position`), in how many seconds (`duration`), and its top `t` seconds after the release (`y`).
   */
  release(screen, card, velocity, t = 0) {
    const out = this.releaseNumbers(this.encode(screen, card, null, {}, this.numbers), velocity, t, new Float64Array(4));
    return { position: POSITIONS[out[RELEASE.position]], duration: out[RELEASE.duration], y: out[RELEASE.y], endY: out[RELEASE.endY] };
  }

  /**
   * What the card and its controls cover at the fit of `bounds`, as a GeoJSON Feature whose
   * MultiPolygon holds one ring of lon/lat per zone (`properties.kinds` names them), as
   * `cardmap fit --exclusions` gives it.
   */
  exclusions(screen, card, bounds, options = {}) {
    const input = this.encode(screen, card, bounds, options, this.numbers);
    new Float64Array(this.exports.memory.buffer).set(input, this.input / 8);
    let capacity = 256;
    for (;;) {
      const pointer = this.exports.cm_alloc(capacity * 8);
      try {
        const needed = this.exports.cm_exclusions(this.input, pointer, capacity);
        if (needed < 0) throw new CardMapError(this.#error());
        if (needed > capacity) { capacity = needed; continue; }
        const n = new Float64Array(this.exports.memory.buffer, pointer, needed);
        const kinds = [], polygons = [];
        for (let i = 1, zone = 0; zone < n[0]; zone++) {
          kinds.push(ZONES[n[i]]);
          const ring = [];
          for (let k = 0; k < n[i + 1]; k++) ring.push([n[i + 2 + 2 * k], n[i + 3 + 2 * k]]);
          polygons.push([ring]);
          i += 2 + 2 * n[i + 1];
        }
        return { type: "Feature", properties: { kinds }, geometry: { type: "MultiPolygon", coordinates: polygons } };
      } finally {
        this.exports.cm_free(pointer);
      }
    }
  }

  /**
   * The extent of a GeoJSON document (a string or UTF-8 bytes, in lon/lat): `bounds` ([west, south,
   * east, north], null without positions; east < west across the antimeridian), and how many
   * features and positions it has. Throws a CardMapError naming the line:column and JSON path of
   * what is not GeoJSON.
   */
  extent(geojson) {
    const bytes = typeof geojson === "string" ? new TextEncoder().encode(geojson) : geojson;
    const pointer = this.exports.cm_alloc(bytes.length);
    try {
      new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
      const status = this.exports.cm_extent(pointer, bytes.length, this.output);
      if (status !== 0) throw new CardMapError(this.#error());
      const out = new Float64Array(this.exports.memory.buffer, this.output, 6);
      return { bounds: Number.isNaN(out[0]) ? null : [out[0], out[1], out[2], out[3]], features: out[4], positions: out[5] };
    } finally {
      this.exports.cm_free(pointer);
    }
  }

  /**
   * Transforms points in place with CardMap's SIMD kernels: `"webmercator"` (EPSG:4326 → EPSG:3857)
   * or `"utm"` (WGS 84, `zone` 1…60, negative in the south), from lon/lat degrees, or back with
   * `inverse`. Returns how many points failed (NaN where they were).
   */
  project(kind, x, y, { zone = 0, inverse = false } = {}) {
    const count = Math.min(x.length, y.length);
    const pointers = [this.exports.cm_alloc(count * 8), this.exports.cm_alloc(count * 8)];
    try {
      new Float64Array(this.exports.memory.buffer, pointers[0], count).set(x.subarray(0, count));
      new Float64Array(this.exports.memory.buffer, pointers[1], count).set(y.subarray(0, count));
      const failed = this.exports.cm_project(kind === "utm" ? 1 : 0, zone, inverse ? 0 : 1, pointers[0], pointers[1], count);
      if (failed < 0) throw new CardMapError(this.#error());
      x.set(new Float64Array(this.exports.memory.buffer, pointers[0], count));
      y.set(new Float64Array(this.exports.memory.buffer, pointers[1], count));
      return failed;
    } finally {
      pointers.forEach((pointer) => this.exports.cm_free(pointer));
    }
  }

  /** A fit from `input` (`INPUT_LENGTH` numbers, as `encode` writes them) into `output` (`OUTPUT_LENGTH`). */
  fitNumbers(input, output) {
    output.set(this.#call("cm_fit", input, OUTPUT_LENGTH));
    return output;
  }

  /** A release from `input` (its `INPUT.y`) at `velocity`, `t` seconds on, into `output` (`RELEASE`'s four numbers). */
  releaseNumbers(input, velocity, t, output) {
    output.set(this.#call("cm_release", input, 4, velocity, t));
    return output;
  }

  #call(name, input, count, ...numbers) {
    // The memory's buffer is replaced when it grows: a view is made again only then.
    if (this.heap === undefined || this.heap.buffer !== this.exports.memory.buffer) {
      this.heap = new Float64Array(this.exports.memory.buffer);
    }
    this.heap.set(input, this.input / 8);
    if (this.exports[name](this.input, ...numbers, this.output) !== 0) throw new CardMapError(this.#error());
    if (this.heap.buffer !== this.exports.memory.buffer) this.heap = new Float64Array(this.exports.memory.buffer);
    return this.heap.subarray(this.output / 8, this.output / 8 + count);
  }

  /** `text` as UTF-8 in the engine's memory, for `body(pointer, length)`. */
  #bytes(text) {
    return (body) => {
      const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
      const pointer = this.exports.cm_alloc(bytes.length);
      try {
        new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
        return body(pointer, bytes.length);
      } finally {
        this.exports.cm_free(pointer);
      }
    };
  }

  #error() {
    const bytes = new Uint8Array(this.exports.memory.buffer, this.exports.cm_error_pointer(), this.exports.cm_error_length());
    return new TextDecoder().decode(bytes);
  }
}
