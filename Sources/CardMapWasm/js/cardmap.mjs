// CardMap in JavaScript: the engine's WebAssembly (`make wasm`) behind a small API, for browsers
// and node, with no dependencies. Every answer is the native engine's, computed by the same Swift,
// and has the `cardmap` command's JSON shape, member for member.
//
//   import { load } from "./cardmap.mjs";
//   const cardmap = await load();                       // cardmap.wasm beside this module
//   const screen = { width: 402, height: 874, safeArea: { top: 62, bottom: 34 } };
//   const { camera } = cardmap.fit(screen, { position: "peaking" }, [151.2108, -33.8611, 151.2847, -33.8003]);
//   map.jumpTo({ center: camera.focus, zoom: camera.zoom, padding: camera.padding });
//
// Every input is checked by the engine as the command line checks its own: a member of the wrong
// type, shape or range, an unknown one, NaN or undefined where a number belongs is a CardMapError
// naming its path (`options.select[1]: expected a latitude within ±90, found undefined`). Nothing is
// coerced. Per frame (a drag), `frames()` passes numbers through a typed array: write the request
// once, then ask for the camera at each `y`.

/** An error of the engine: its message, as the command line gives it, naming the input's path. */
export class CardMapError extends Error {
  constructor(message) {
    super(message);
    this.name = "CardMapError";
  }
}

/** Node's `process` when running in node (read through `globalThis`: no node types needed). */
const node = /** @type {any} */ (globalThis).process?.versions?.node;

/** WebAssembly's first four bytes, `\0asm`. */
const MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * The page's engine: one per page, whoever asks first. `load()` with no argument gives it (the
 * first call starts it, every later call gets the same promise), and so do the elements
 * (`<cardmap-sheet>`) and controls that were given no engine, so a page fetches the engine once,
 * whichever order it sets things up in. `cardmap/inline` makes its embedded engine the source.
 */
let pageSource = null;
let pagePromise = null;
let latest = null;

/**
 * Makes `source` (or what the function `source` returns when first asked) what `load()` with no
 * argument loads (`cardmap/inline` gives its embedded bytes), unless the page's engine was already
 * asked for.
 */
export function defaultSource(source) {
  if (!pagePromise) pageSource = source;
}

/**
 * Loads the engine. With no argument: the page's engine (`cardmap.wasm` beside this module, or
 * `cardmap/inline`'s embedded one when that module is imported), loaded once however often it is
 * asked for. With `source`: a URL (or its path in node), bytes, a Response or a compiled module,
 * loaded anew; the first engine loaded is the page's, which elements and controls without one use.
 * A fetched file is checked before it is compiled: an HTTP error, or bytes that are not
 * WebAssembly (an HTML page served in its place), is a CardMapError saying what came and from where.
 */
export function load(source) {
  if (source === undefined) {
    if (!pagePromise) {
      pagePromise = instantiate(typeof pageSource === "function" ? pageSource() : pageSource ?? new URL("./cardmap.wasm", import.meta.url));
    }
    return pagePromise;
  }
  const loading = instantiate(source);
  if (!pagePromise) pagePromise = loading;
  return loading;
}

/** The compiled module of `source` (see `load`). */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(checked(source, "the bytes given"));
  if (typeof Response !== "undefined" && source instanceof Response) return WebAssembly.compile(await fetched(source, source.url));
  if (node && !/^(https?|data|blob):/.test(String(source))) {
    // (A specifier in a variable: a bundler for the browser then leaves node's module alone.)
    const fs = "node:fs/promises";
    const { readFile } = await import(fs);
    let bytes;
    try {
      bytes = await readFile(source instanceof URL ? source : String(source));
    } catch (error) {
      throw new CardMapError(`${name(source)}: could not read ${source} (${error.message})`);
    }
    return WebAssembly.compile(checked(bytes, String(source)));
  }
  let response;
  try {
    response = await fetch(source);
  } catch (error) {
    throw new CardMapError(`${name(source)}: could not fetch ${source} (${error.message})${BUNDLER}`);
  }
  return WebAssembly.compile(await fetched(response, String(source)));
}

/** What to do when a bundle cannot find cardmap.wasm. */
const BUNDLER = "; with a bundler, import cardmap/inline (the engine inside the module) or copy node_modules/cardmap/cardmap.wasm beside the bundle";

/** The file's name in a URL, for messages. */
function name(source) {
  return String(source).split(/[?#]/)[0].split("/").pop() || String(source);
}

/** A response's bytes, checked: an HTTP status that is not OK, or bytes that are not WebAssembly, are refused. */
async function fetched(response, url) {
  if (!response.ok) {
    throw new CardMapError(`${name(url)}: HTTP ${response.status}${response.statusText ? " " + response.statusText : ""} from ${url}${BUNDLER}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get("content-type");
  return checked(bytes, `${url}${type ? ` (served as ${type})` : ""}`, BUNDLER);
}

/** `bytes` when they start with WebAssembly's magic number, else a CardMapError saying what they start with. */
function checked(bytes, where, advice = "") {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength);
  if (MAGIC.every((byte, i) => view[i] === byte)) return bytes;
  const start = new TextDecoder().decode(view.subarray(0, 16)).replace(/[^\x20-\x7e]/g, ".");
  throw new CardMapError(`${name(where)}: not WebAssembly (it starts with ${JSON.stringify(start)}) from ${where}${advice}`);
}

async function instantiate(source, latestToo = true) {
  const module = await compile(source);
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
  const engine = new CardMap(instance.exports);
  if (latestToo) latest = engine;
  return engine;
}


/**
 * The engine `load()` gave last: what `cardmap/maplibre`'s `cameraForBounds` and `fitBounds` use
 * when their options name none. Throws when nothing is loaded yet.
 */
export function loaded() {
  if (!latest) throw new CardMapError("no engine loaded: await load() first (or pass options.cardmap)");
  return latest;
}

/**
 * JSON text for the engine. JavaScript's values that JSON has no text for (NaN, ±Infinity,
 * undefined in an array, a function, a symbol, a bigint) are written as `{"$js": "NaN"}`, which the
 * engine refuses by name, instead of JSON.stringify's silent `null` or omission. A member whose value
 * is undefined is absent, as in JSON.
 */
function wire(value) {
  try {
    return JSON.stringify(value, function (key, v) {
      if (typeof v === "number" && !Number.isFinite(v)) return { $js: String(v) };
      if (v === undefined) return Array.isArray(this) ? { $js: "undefined" } : undefined;
      if (typeof v === "function") return { $js: "a function" };
      if (typeof v === "symbol") return { $js: "a symbol" };
      if (typeof v === "bigint") return { $js: `a bigint, ${v}n` };
      return v;
    });
  } catch (error) {
    // A cycle, or nesting deeper than JavaScript's own stack.
    throw new CardMapError(`the input cannot be written as JSON: ${error.message}`);
  }
}

/** Frees what an object forgot to free (the stack or frames' handle in the engine). */
const forgotten = typeof FinalizationRegistry === "undefined" ? null
  : new FinalizationRegistry(({ engine, free, handle }) => engine.freeHandle(free, handle));

/** An object holding a handle in the engine: freed by `free()`, `using` (Symbol.dispose), or when collected. */
class Handle {
  constructor(engine, handle, free) {
    this.engine = engine;
    this.handle = handle;
    this.freer = free;
    if (forgotten) forgotten.register(this, { engine, free, handle }, this);
  }

  /** The handle, or an error once freed. */
  get live() {
    if (this.handle < 0) throw new CardMapError(`this ${this.constructor.name} was freed`);
    return this.handle;
  }

  /** Frees it in the engine (again: nothing). */
  free() {
    if (this.handle < 0) return;
    if (forgotten) forgotten.unregister(this);
    this.engine.freeHandle(this.freer, this.handle);
    this.handle = -1;
  }

  [/** @type {any} */ (Symbol).dispose ?? Symbol.for("Symbol.dispose")]() {
    this.free();
  }
}

/**
 * A card stack in the engine (`CardMap.stack`): events in, each answered as `cardmap replay` answers
 * it; the top card's drag frames. `free()` it when done (or let `using` or the collector do it).
 */
export class CardStack extends Handle {
  /**
   * Applies one event (an object, or its JSON text): the stack, the top card's position, layout and
   * camera, the appearance and map-manager calls and the motion, as `cardmap replay` prints them.
   * Throws a CardMapError with replay's words for an event the stack cannot take; the stack is then
   * unchanged.
   */
  apply(event) {
    const text = typeof event === "string" ? event : wire(event);
    return this.engine.text("cm_stack_apply", text, this.live);
  }

  /** The top card dragged to `y`, nothing changed: replay's `move` answer (its layout and camera). */
  frame(y) {
    return this.apply({ event: "move", y });
  }

  /** The same frame's camera as numbers (`CardMap.CAMERA`'s places) into `output`, nothing allocated. */
  cameraNumbers(y, output) {
    return this.engine.numbers("cm_stack_camera", this.live, y, output);
  }
}

/**
 * The camera of a drag's every frame for one request (`CardMap.frames`): the steady focus's when
 * asked, else the selection's, else the content's. `free()` it when done.
 */
export class Frames extends Handle {
  /** The camera with the card's top at `y`, as numbers (`CardMap.CAMERA`'s places), into `output`. */
  cameraNumbers(y, output) {
    return this.engine.numbers("cm_frames_camera", this.live, y, output);
  }
}

/**
 * Keeps a map's camera inside bounds frame by frame (`CardMap.keeper`), whatever its bearing and
 * pitch: `keep(lon, lat, zoom, bearing, pitch, output)` writes the kept focus's longitude and
 * latitude, its zoom, and 1 when it moved (else 0) into `output` (four numbers, nothing allocated).
 * `free()` it when done.
 */
export class BoundsKeeper extends Handle {
  keep(lon, lat, zoom, bearing, pitch, output) {
    if (!(output instanceof Float64Array) || output.length < 4) {
      throw new TypeError(`output: expected a Float64Array of at least 4 numbers, found ${describe(output)}`);
    }
    return this.engine.kept(this.live, lon, lat, zoom, bearing, pitch, output);
  }
}

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
      if (this.request) cancelAnimationFrame(this.request);
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
    if (this.request) cancelAnimationFrame(this.request);
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
    if (!this.request) this.request = requestAnimationFrame(() => this.#followed());
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
      this.request = requestAnimationFrame(() => this.#followed());
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
      else if (!this.request) this.request = requestAnimationFrame(() => this.frame());
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
    if (this.request) cancelAnimationFrame(this.request);
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

/**
 * The engine of an element given none (`element.engine` null): the page's, asked for once the
 * page's module scripts have run (a page that loads an engine, or imports cardmap/inline, has then
 * asked for it, so only that one is fetched). An engine given meanwhile wins. With `lighter` (the
 * URL of the card controller's module, `cardmap-cards.wasm`): when the page has neither loaded nor
 * embedded an engine by then, that smaller module, loaded once and not made the page's.
 */
export async function elementEngine(element, lighter = null) {
  if (!element.engine) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!element.engine) {
      const engine = await (lighter && !pagePromise && !pageSource ? lighterEngine(lighter) : load());
      if (!element.engine) element.engine = engine;
    }
  }
  return element.engine;
}

const lighterEngines = new Map();
/** The module at `url`, loaded once, neither the page's engine nor `loaded()`'s. */
function lighterEngine(url) {
  const key = String(url);
  if (!lighterEngines.has(key)) lighterEngines.set(key, instantiate(url, false));
  return lighterEngines.get(key);
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

/** Dispatches `error` (an `ErrorEvent` carrying it) on `target`, for an error no caller can catch (a frame's callback). */
export function reportError(target, error) {
  if (typeof ErrorEvent === "undefined" || !target || typeof target.dispatchEvent !== "function") return;
  target.dispatchEvent(new ErrorEvent("error", { error, message: String(error && error.message || error) }));
}

/**
 * For the package's elements: one pointer followed from its `pointerdown` to its end, the same way
 * for a finger, a pen and a mouse. A mouse has no implicit capture: once it leaves the element it
 * went down on, its moves and its release go to whatever lies under it (the map), so they are taken
 * on the window, in the capture phase, until the pointer ends: `end(event)` at its `pointerup` or
 * `pointercancel`. While a mouse is followed its press is the gesture's: it selects no text and
 * starts no native drag and drop (a press on text that an earlier drag selected would start one,
 * and the browser would cancel the pointer a move later). Whether `down` starts a gesture is the
 * caller's: a mouse's other buttons never do. Returns `stop()`.
 * @param {PointerEvent} down
 * @param {{ move: (event: PointerEvent) => void, end: (event: PointerEvent) => void }} handlers
 */
export function followPointer(down, { move, end }) {
  const view = down.view ?? globalThis;
  const id = down.pointerId;
  const moved = (/** @type {PointerEvent} */ event) => {
    if (event.pointerId === id) move(event);
  };
  const ended = (/** @type {PointerEvent} */ event) => {
    if (event.pointerId !== id) return;
    stop();
    end(event);
  };
  const refused = (/** @type {Event} */ event) => event.preventDefault();
  /** @type {Array<[string, (event: any) => void]>} */
  const listeners = [["pointermove", moved], ["pointerup", ended], ["pointercancel", ended]];
  if (down.pointerType === "mouse") listeners.push(["selectstart", refused], ["dragstart", refused]);
  const stop = () => { for (const [type, listener] of listeners) view.removeEventListener(type, listener, true); };
  for (const [type, listener] of listeners) view.addEventListener(type, listener, true);
  return stop;
}

/** Whether `event` may start a gesture: a finger, a pen, or a mouse's main button. */
export function startsGesture(event) {
  return event.isPrimary && (event.pointerType !== "mouse" || event.button === 0);
}

/** For the package's elements: a gesture's latest samples kept, enough for the engine's release window at any frame rate. */
export function keepRecent(samples) {
  if (samples.length > 64) samples.splice(0, samples.length - 64);
}

/** For the package's elements: a gesture's samples with the release's `last`, in time order (a coalesced sample can be stamped after the next). */
export function released(samples, last) {
  const all = samples.concat([last]);
  for (let i = 1; i < all.length; i++) all[i][0] = Math.max(all[i][0], all[i - 1][0]);
  return all;
}

/** For the package's elements: how far `y` is along `motion`, from 0 to 1. */
export function progress(motion, y) {
  return motion.to === motion.from ? 1 : Math.min(1, Math.max(0, (y - motion.from) / (motion.to - motion.from)));
}

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
    if (!kinds.includes(kind)) throw new CardMapError(`kind: expected "webmercator" or "utm", found ${describe(kind)}`);
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

/**
 * Checks an element's or control's own input as the engine checks its: `value` must be one of
 * `names` (a CardMapError naming `path`, the value and the nearest name otherwise).
 */
export function checkOneOf(path, value, names) {
  if (names.includes(value)) return value;
  throw new CardMapError(`${path}: expected ${list(names)}, found ${describe(value)}${nearest(value, names)}`);
}

/** Checks that `object` is an object (not null, not an array): a TypeError naming `path` otherwise. */
export function checkObject(path, object) {
  if (object === null || typeof object !== "object" || Array.isArray(object)) {
    throw new TypeError(`${path}: expected an object, found ${describe(object)}`);
  }
  return object;
}

/** Checks that `object` is an object with no member but `names` (a TypeError or CardMapError naming `path`). */
export function checkMembers(path, object, names) {
  for (const member of Object.keys(checkObject(path, object))) {
    if (!names.includes(member)) {
      throw new CardMapError(`${path}.${member}: unknown member; expected ${list(names)}${nearest(member, names)}`);
    }
  }
  return object;
}

/** Checks that `engine` is a loaded engine (not the promise `load()` gives, nor anything else). */
export function checkEngine(path, engine) {
  if (engine instanceof CardMap) return engine;
  if (engine && typeof engine.then === "function") {
    throw new TypeError(`${path}: expected the engine, found a Promise: write \`await load()\`, not \`load()\``);
  }
  throw new TypeError(`${path}: expected the engine that \`await load()\` gives, found ${describe(engine)}`);
}

function list(names) {
  const quoted = names.map((n) => JSON.stringify(n));
  return quoted.length < 2 ? quoted.join("") : quoted.slice(0, -1).join(", ") + " or " + quoted[quoted.length - 1];
}

/**
 * The name of `names` nearest `value` by the engine's "did you mean" (CardMap's `Suggestion`, held
 * to it by Tests/web/typos): ASCII letters' case aside, by edit distance (an insertion, a deletion,
 * a substitution or a swap of neighbours each 1), and only within 1 edit for a word of up to 4 bytes,
 * 2 up to 8, 3 beyond; a tie goes to the earlier name. Null when none is that close.
 */
export function suggested(value, names) {
  if (typeof value !== "string") return null;
  const fold = (text) => Array.from(new TextEncoder().encode(text), (byte) => (byte >= 65 && byte <= 90 ? byte + 32 : byte));
  const typed = fold(value);
  const allowed = typed.length <= 4 ? 1 : typed.length <= 8 ? 2 : 3;
  let best = null, bestDistance = Infinity;
  for (const name of names) {
    const d = distance(typed, fold(name));
    if (d <= allowed && d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** The optimal-string-alignment distance between `a` and `b` (arrays). */
function distance(a, b) {
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let before = [], previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], before[j - 2] + 1);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length];
}

/** ` (did you mean "x"?)` for the name `suggested` gives, else "". */
export function nearest(value, names) {
  const best = suggested(value, names);
  return best === null ? "" : ` (did you mean ${JSON.stringify(best)}?)`;
}

/** What a value is, for an error message. */
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return value.constructor ? `a ${value.constructor.name}` : "an object";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  return String(value);
}
