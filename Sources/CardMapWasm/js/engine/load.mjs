// Loading the engine: the page's one engine (fetched once, whoever asks first), or any module given;
// bytes checked before they are compiled; the lighter card controller's module for an element that
// was given none.
import { CARDS_ENGINE_FILE, ENGINE_FILE } from "../engine-files.mjs";
import { CardMap } from "./cardmap.mjs";
import { CardMapError } from "./errors.mjs";

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
      pagePromise = instantiate(typeof pageSource === "function" ? pageSource() : pageSource ?? ENGINE_FILE);
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
 * The engine of an element given none (`element.engine` null): the page's, asked for once the
 * page's module scripts have run (a page that loads an engine, or imports cardmap/inline, has then
 * asked for it, so only that one is fetched). An engine given meanwhile wins. With `cardsOnly` (an
 * element that needs only the card controller's calls): when the page has neither loaded nor
 * embedded an engine by then, that smaller module, `cardmap-cards.wasm`, loaded once and not made
 * the page's.
 */
export async function elementEngine(element, cardsOnly = false) {
  if (!element.engine) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!element.engine) {
      const engine = await (cardsOnly && !pagePromise && !pageSource ? cardsEngine() : load());
      if (!element.engine) element.engine = engine;
    }
  }
  return element.engine;
}

let cardsPromise = null;
/** The card controller's module, loaded once, neither the page's engine nor `loaded()`'s. */
function cardsEngine() {
  if (!cardsPromise) cardsPromise = instantiate(CARDS_ENGINE_FILE, false);
  return cardsPromise;
}
