// Hostile input to the web engine's JavaScript API, against an oracle of its own: seeded valid calls
// (layout, fit, release, frames, stack, extent, project), each answered once cleanly, then broken one
// member at a time. The oracle is the declared type of each member (cardmap.d.mts, written down
// here again by hand): a value of the wrong type, NaN or ±Infinity, an empty or short array, a
// wrongly cased or unknown name, a misspelt or extra member, a megabyte string, nesting 200 deep must
// throw a CardMapError (or a TypeError) whose message names the member's path; a change that means
// nothing (a member set to undefined, members reordered) must answer exactly the clean answer. After
// every error the same instance must answer the clean call exactly again. No call may trap. Then
// 10⁵ stacks and 10⁶ frames (and 10⁴ whole fits) must leave the engine's memory where warm-up left it.
//
//   node Tests/web/hostile.mjs CARDMAP_WASM [CASES] [SEED] [SCALE]
//
// SCALE (default 1) multiplies the memory loop's counts (0.1 for a quick pass).
import { load, CardMapError, SheetCameras } from "../../Sources/CardMapWasm/js/cardmap.mjs";
import { generator } from "./seeded.mjs";

const [wasm, casesText = "300", seedText = "1", scaleText = "1"] = process.argv.slice(2);
const cardmap = await load(wasm);
const { random, pick, round } = generator(seedText);

// Each member's kind, as cardmap.d.mts declares it: what values are of another type.
const NUMBER = "number", STRING = "string", BOOL = "bool", OBJECT = "object", PAIR = "pair", BOX = "box";
const kinds = {
  screen: { width: NUMBER, height: NUMBER, safeArea: OBJECT, os: "version", sdk: "version", mode: ["floating", "sidebar"],
    fullScreen: BOOL, header: "number|null", rtl: BOOL, horizontal: ["compact", "regular"], vertical: ["compact", "regular"],
    idiom: ["phone", "pad", "mac", "vision"], verticalBar: "object|null" },
  "screen.safeArea": { top: NUMBER, left: NUMBER, bottom: NUMBER, right: NUMBER },
  "screen.verticalBar": { edge: ["leading", "trailing"], width: NUMBER },
  card: { position: ["collapsed", "peaking", "extended"], y: NUMBER, titleHeight: NUMBER, topButtons: "count",
    bottomButtons: "count", floatingItems: "count", bearing: NUMBER, infoView: "object|null", hasMapContent: BOOL,
    closeButton: BOOL, paging: BOOL, verticalBarActions: "count", floatingAlignment: ["center", "leading", "trailing", "fill"],
    compass: BOOL, userTracking: BOOL, overlaysHidden: BOOL, contentHeight: "number|null" },
  "card.infoView": { width: NUMBER, height: NUMBER },
  options: { minZoom: NUMBER, maxZoom: NUMBER, zoomSnap: NUMBER, pointZoom: "number|null", margin: NUMBER,
    markerRadius: NUMBER, pitch: NUMBER, maxPitch: NUMBER, projection: ["mercator", "globe"], maxBounds: "box|null",
    select: "pair|null", callout: OBJECT, steady: "object|null", exclusions: BOOL },
  "options.callout": { width: NUMBER, height: NUMBER },
  "options.steady": { anchor: "pair|null", from: OBJECT },
};
const MEGABYTE = "x".repeat(1 << 20);
const deep = (depth) => { let value = 1; for (let i = 0; i < depth; i++) value = [value]; return value; };

/** Values of another type than `kind`, each with a word for the report. */
function wrongValues(kind, value) {
  const nullable = typeof kind === "string" && kind.endsWith("|null");
  const base = typeof kind === "string" ? kind.replace("|null", "") : "enum";
  const values = [["an array", [value ?? 1]], ["an object", { value: value ?? 1 }], ["a megabyte string", MEGABYTE], ["200 levels", deep(200)]];
  if (!nullable) values.push(["null", null]);
  if (base !== BOOL) values.push(["true", true]);
  if (base === NUMBER || base === "count") {
    values.push(["a numeric string", String(value ?? 402)], ["NaN", NaN], ["Infinity", Infinity], ["-Infinity", -Infinity]);
  }
  if (base === "count") values.push(["a fraction", 1.5], ["-1", -1], ["1e308", 1e308]);
  if (base === BOOL) values.push(["1", 1], ['"true"', "true"]);
  if (base === "version") values.push(['"abc"', "abc"], ["NaN", NaN], ['"27.x"', "27.x"]);
  if (base === "enum") {
    const upper = value[0].toUpperCase() + value.slice(1);
    values.push(["a capitalised name", upper], ["an unknown name", value + "ish"], ["a number", 1]);
  }
  if (base === PAIR || base === BOX) {
    const length = base === PAIR ? 2 : 4;
    values.push(["an empty array", []], ["a short array", (value ?? [1, 2, 3, 4]).slice(0, length - 1)],
      ["a long array", [...(value ?? [1, 2, 3, 4]).slice(0, length), 0]], ["a string", "1,2"],
      ["NaN inside", [NaN, ...(value ?? [1, 2, 3, 4]).slice(1, length)]], ["undefined inside", [1, undefined, 3, 4].slice(0, length)]);
  }
  if (base === OBJECT) values.push(["an array", []], ["a string", "{}"], ["a number", 5]);
  return values;
}

/** A seeded valid call's arguments. */
function validCall() {
  const [width, height] = pick([[402, 874], [390, 844], [820, 1180], [1180, 820]]);
  const screen = { width, height, safeArea: { top: pick([0, 20, 62]), bottom: pick([0, 34]) }, os: pick(["26", "27", "27.1", 27]) };
  if (random() < 0.3) screen.mode = pick(["floating", "sidebar"]);
  if (random() < 0.3) screen.horizontal = pick(["compact", "regular"]);
  if (random() < 0.2) screen.verticalBar = { edge: pick(["leading", "trailing"]), width: 56 };
  if (random() < 0.2) screen.header = pick([0, 44, null]);
  const card = random() < 0.7 ? { position: pick(["collapsed", "peaking", "extended"]) } : { y: round(random() * height * 0.8, 0.5) };
  card.bearing = pick([0, 30, -75]);
  if (random() < 0.3) card.topButtons = pick([1, 2]);
  if (random() < 0.2) card.infoView = { width: 240, height: 44 };
  if (random() < 0.2) card.floatingAlignment = pick(["center", "leading", "fill"]);
  const west = round(random() * 300 - 150, 1e-4), south = round(random() * 120 - 60, 1e-4);
  const bounds = [west, south, round(west + pick([0.01, 1, 20]), 1e-4), round(south + pick([0.01, 1, 20]), 1e-4)];
  const options = {};
  if (random() < 0.3) options.margin = pick([0, 8]);
  if (random() < 0.3) options.projection = pick(["mercator", "globe"]);
  if (random() < 0.3) options.maxBounds = [bounds[0] - 5, bounds[1] - 5, bounds[2] + 5, bounds[3] + 5];
  if (random() < 0.3) {
    options.select = [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2];
    if (random() < 0.5) options.callout = { width: 200, height: 60 };
  }
  if (random() < 0.3) options.steady = { from: { position: "peaking" }, anchor: random() < 0.5 ? null : [bounds[0], bounds[1]] };
  return { screen, card, bounds, options };
}

/** Every member path of the call's objects with its kind, and its holder. */
function members(call) {
  const found = [];
  for (const [top, holder] of [["screen", call.screen], ["card", call.card], ["options", call.options]]) {
    const walk = (path, object) => {
      for (const [name, kind] of Object.entries(kinds[path] ?? {})) {
        found.push({ path: `${path}.${name}`, holder: object, name, kind, value: object[name] });
        if (object[name] && typeof object[name] === "object" && !Array.isArray(object[name]) && kinds[`${path}.${name}`]) {
          walk(`${path}.${name}`, object[name]);
        }
      }
    };
    walk(top, holder);
  }
  return found;
}

/** A release's card: dragged, at its `y` or 400 (a card that is no plain object is passed as it is). */
function released(card) {
  if (!card || typeof card !== "object" || Array.isArray(card)) return card;
  const { position, ...dragged } = card;
  return { ...dragged, y: dragged.y === undefined ? 400 : dragged.y };
}
const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const calls = {
  layout: (c) => cardmap.layout(c.screen, c.card),
  fit: (c) => cardmap.fit(c.screen, c.card, c.bounds, c.options),
  release: (c) => cardmap.release(c.screen, released(c.card), 500, 0.1),
  frames: (c) => {
    const frames = cardmap.frames(c.screen, c.card, c.bounds, c.options);
    try {
      return Array.from(frames.cameraNumbers(400, new Float64Array(cardmap.CAMERA_LENGTH)));
    } finally {
      frames.free();
    }
  },
};

let failures = [], refusedRight = 0, same = 0, healthy = 0, traps = 0;
/** Runs `body`: the error it must throw naming `path`, or (path null) the answer it must equal. */
function expect(what, body, path, clean, again) {
  let answer, error;
  try {
    answer = body();
  } catch (thrown) {
    error = thrown;
  }
  if (error && !(error instanceof CardMapError || error instanceof TypeError)) {
    failures.push(`${what}: threw ${error.name}: ${error.message}`);
  } else if (error && /engine stopped/.test(error.message)) {
    traps++;
    failures.push(`${what}: trapped: ${error.message}`);
  } else if (path !== null) {
    if (!error) failures.push(`${what}: answered instead of refusing`);
    else if (!(error.message.startsWith(path) || error.message.includes(`at ${path}`))) {
      failures.push(`${what}: refused without naming ${path}: ${error.message.slice(0, 200)}`);
    } else refusedRight++;
  } else if (error) failures.push(`${what}: refused a call that means the same: ${error.message}`);
  else if (JSON.stringify(answer) !== JSON.stringify(clean)) failures.push(`${what}: answered differently`);
  else same++;
  // The same instance answers the clean call exactly, after anything.
  const after = again();
  if (JSON.stringify(after) !== JSON.stringify(clean)) failures.push(`${what}: the clean call then answered differently`);
  else healthy++;
}

// A release's velocity left out (undefined) is refused naming it, never taken as a release at rest.
{
  const call = validCall();
  const again = () => calls.release(call);
  expect("release velocity = undefined", () => cardmap.release(call.screen, released(call.card), undefined, 0.1), "velocity",
    again(), again);
}

for (let index = 0; index < Number(casesText); index++) {
  const call = validCall();
  const name = pick(Object.keys(calls));
  let clean;
  try {
    clean = calls[name](call);
  } catch (error) {
    if (!(error instanceof CardMapError)) failures.push(`${name} ${JSON.stringify(call)}: ${error}`);
    continue;  // a valid shape the engine cannot answer (a fit with no room): nothing to break
  }
  const again = () => calls[name](call);
  const list = members(call).filter((m) => (name !== "layout" && name !== "release" || !m.path.startsWith("options"))
    && !(name === "release" && m.path === "card.position"));
  const member = pick(list);
  const present = member.value !== undefined;
  const choice = random();
  if (choice < 0.6) {
    // A value of another type.
    const [word, value] = pick(wrongValues(member.kind, Array.isArray(member.kind) ? member.value ?? member.kind[0] : member.value));
    const broken = clone(call);
    const holder = member.path.split(".").slice(1, -1).reduce((o, key) => o[key], broken[member.path.split(".")[0]]);
    if (!holder) continue;
    holder[member.name] = value;
    if (member.kind === "pair|null" || member.kind === "box|null") holder[member.name] = value;
    expect(`${name} ${member.path} = ${word}`, () => calls[name](broken), member.path, clean, again);
  } else if (choice < 0.75) {
    // A misspelt member beside the real ones.
    const broken = clone(call);
    const parts = member.path.split(".");
    const holder = parts.slice(1, -1).reduce((o, key) => o[key], broken[parts[0]]);
    if (!holder) continue;
    const typo = member.name.slice(0, -1) + (member.name.endsWith("s") ? "z" : "s");
    holder[typo] = member.value ?? 1;
    expect(`${name} ${parts.slice(0, -1).join(".")}.${typo}`, () => calls[name](broken), `${parts.slice(0, -1).join(".")}.${typo}`, clean, again);
  } else if (choice < 0.85) {
    // The screen, card, bounds or options not an object (or array) at all.
    const [argument, value] = pick([["screen", 5], ["screen", "402x874"], ["screen", null], ["card", []], ["bounds", "1,2,3,4"],
      ["bounds", { west: 1 }], ["options", 7]].filter(([a]) => name !== "layout" && name !== "release" || a === "screen" || a === "card"));
    const broken = { ...call, [argument]: value };
    expect(`${name} ${argument} = ${JSON.stringify(value)}`, () => calls[name](broken), argument, clean, again);
  } else {
    // Nothing that changes the meaning: an absent member spelt undefined, the members reordered.
    const same_ = clone(call);
    if (!present) {
      const parts = member.path.split(".");
      const holder = parts.slice(1, -1).reduce((o, key) => o && o[key], same_[parts[0]]);
      if (holder) holder[member.name] = undefined;
    }
    same_.screen = Object.fromEntries(Object.entries(same_.screen).reverse());
    same_.card = Object.fromEntries(Object.entries(same_.card).reverse());
    expect(`${name} reordered`, () => calls[name](same_), null, clean, again);
  }
}

// Stacks, extent and project: the other entry points, their wrong arguments.
const screen = { width: 402, height: 874 };
const answerOf = () => cardmap.layout(screen, {});
const plain = answerOf();
for (const [what, body, path] of [
  ["stack(5)", () => cardmap.stack(5), "screen"],
  ["stack({width: '402'})", () => cardmap.stack({ width: "402", height: 874 }), "screen.width"],
  ["stack event not an object", () => { const s = cardmap.stack(screen); try { return s.apply(7); } finally { s.free(); } }, ""],
  ["stack event misspelt", () => { const s = cardmap.stack(screen); try { return s.apply({ event: "psh" }); } finally { s.free(); } }, "event"],
  ["stack event nested 200 deep", () => { const s = cardmap.stack(screen); try { return s.apply({ event: "push", card: deep(200) }); } finally { s.free(); } }, ""],
  ["stack frees twice", () => { const s = cardmap.stack(screen); s.free(); s.free(); return s.apply({ event: "pop" }); }, "this"],
  ["extent(5)", () => cardmap.extent(5), "extent"],
  ["extent({})", () => cardmap.extent({}), "extent"],
  ["extent(nested 300 deep)", () => cardmap.extent('{"type":"Feature","geometry":null,"properties":' + "[".repeat(300) + "]".repeat(300) + "}"), ""],
  ["project('utm', zone 61)", () => cardmap.project("utm", new Float64Array(1), new Float64Array(1), { zone: 61 }), "options.zone"],
  ["project('UTM')", () => cardmap.project("UTM", new Float64Array(1), new Float64Array(1)), "kind"],
  ["project(x as array)", () => cardmap.project("webmercator", [1], new Float64Array(1)), "x"],
  ["frames.cameraNumbers('300')", () => { const f = cardmap.frames(screen, {}, [1, 2, 3, 4]); try { return f.cameraNumbers("300", new Float64Array(14)); } finally { f.free(); } }, "y"],
  ["SheetCameras(options null)", () => new SheetCameras(cardmap, { sheet: { screen: () => screen, addEventListener() {} }, bounds: [0, 0, 1, 1], options: null }, () => {}), "binding.options"],
  ["SheetCameras(geoJSON)", () => new SheetCameras(cardmap, { sheet: { screen: () => screen, addEventListener() {} }, geoJSON: {} }, () => {}), "binding.geoJSON"],
  ["keeper(options null)", () => cardmap.keeper({ width: 400, height: 800 }, [0, 0, 10, 10], null).free(), "options"],
  ["keeper(view 0 wide)", () => cardmap.keeper({ width: 0, height: 800 }, [0, 0, 10, 10]).free(), "view.width"],
  ["keeper(bounds south > north)", () => cardmap.keeper({ width: 400, height: 800 }, [0, 10, 10, 0]).free(), "bounds"],
  ["keeper(projection 'Globe')", () => cardmap.keeper({ width: 400, height: 800 }, [0, 0, 10, 10], { projection: "Globe" }).free(), "projection"],
  ["keeper(options.pitch)", () => cardmap.keeper({ width: 400, height: 800 }, [0, 0, 10, 10], { pitch: 30 }).free(), "pitch"],
  ["keeper.keep(lat 91)", () => { const k = cardmap.keeper({ width: 400, height: 800 }, [0, 0, 10, 10], { projection: "globe" }); try { return k.keep(5, 91, 3, 0, 0, new Float64Array(4)); } finally { k.free(); } }, "lat"],
  ["keeper.keep(pitch NaN)", () => { const k = cardmap.keeper({ width: 400, height: 800 }, [0, 0, 10, 10], { projection: "globe" }); try { return k.keep(5, 5, 3, 0, NaN, new Float64Array(4)); } finally { k.free(); } }, "pitch"],
  ["keeper.keep(zoom '3')", () => { const k = cardmap.keeper({ width: 400, height: 800 }, [0, 0, 10, 10], { projection: "globe" }); try { return k.keep(5, 5, "3", 0, 0, new Float64Array(4)); } finally { k.free(); } }, "zoom"],
]) {
  expect(what, body, path, plain, answerOf);
}
// The overlays (modal, deck, expanding): each valid call answered once, then every member of its
// options given a value of another kind, each refused naming the member; the clean call then
// answers exactly as before.
const overlayCalls = {
  modal: [{ preset: "toast", anchor: "bottom", insets: { top: { inset: 12, condition: "always", avoidance: "card" } },
    corners: ["topLeft"], cornerRadius: 12, content: { width: 200, height: 80 }, translation: 20, velocity: 300 },
  (o) => cardmap.modal(screen, o)],
  deck: [{ count: 4, maxVisible: 3, cardOffset: 10, cardScale: 0.1, area: { width: 300, height: 400 }, threshold: 0.5,
    directions: "four", translation: [60, -10] }, (o) => cardmap.deck(screen, o)],
  expanding: [{ count: 3, cardHeight: 120, expandedHeight: 400, selected: 1, drag: 30, velocity: 200 },
    (o) => cardmap.expanding(screen, o)],
};
const overlayWrong = [["a string", "12"], ["NaN", NaN], ["Infinity", Infinity], ["an object", { a: 1 }], ["true", true],
  ["a function", () => 1]];
for (const [name, [options, call]] of Object.entries(overlayCalls)) {
  const clean = call(options);
  const again = () => call(options);
  const walk = (prefix, object) => {
    for (const [member, value] of Object.entries(object)) {
      const path = prefix ? `${prefix}.${member}` : member;
      if (value && typeof value === "object" && !Array.isArray(value)) { walk(path, value); continue; }
      for (const [word, wrong] of overlayWrong) {
        if (typeof value === "string" && typeof wrong === "string") continue;
        const broken = clone(options);
        const holder = path.split(".").slice(0, -1).reduce((o, key) => o[key], broken);
        holder[member] = wrong;
        expect(`${name} ${path} = ${word}`, () => call(broken), path, clean, again);
      }
    }
  };
  walk("", options);
  expect(`${name} misspelt member`, () => call({ ...options, tranlsation: 1 }), "tranlsation", clean, again);
}

// Reading through each form `extent` takes gives the same answer.
const text = '{"type":"LineString","coordinates":[[1,2],[3,4]]}';
const bytes = new TextEncoder().encode(text);
const forms = [text, bytes, bytes.buffer.slice(0), new DataView(bytes.buffer)].map((form) => JSON.stringify(cardmap.extent(form)));
if (new Set(forms).size !== 1) failures.push(`extent: string, Uint8Array, ArrayBuffer and DataView answer differently: ${forms}`);

// Memory: after warm-up, 10⁵ stacks, 10⁶ frames and 10⁴ fits leave it where it was.
const scale = Number(scaleText);
const bounds = [151.2108, -33.8611, 151.2847, -33.8003];
const churn = (stacks, frames, fits) => {
  for (let i = 0; i < stacks; i++) {
    const stack = cardmap.stack(screen);
    stack.apply({ event: "push", card: { id: "A", mapManager: "m", bbox: bounds } });
    stack.free();
  }
  const follower = cardmap.frames(screen, { y: 300 }, bounds);
  const output = new Float64Array(cardmap.CAMERA_LENGTH);
  for (let i = 0; i < frames; i++) follower.cameraNumbers(200 + (i & 511), output);
  follower.free();
  for (let i = 0; i < fits; i++) cardmap.fit(screen, { y: 200 + (i & 511) }, bounds, { select: [151.25, -33.83] });
};
churn(1000, 10000, 1000);
const before = cardmap.exports.memory.buffer.byteLength;
const counts = [Math.round(1e5 * scale), Math.round(1e6 * scale), Math.round(1e4 * scale)];
churn(...counts);
const grown = cardmap.exports.memory.buffer.byteLength - before;
if (grown !== 0) failures.push(`memory grew by ${grown} bytes over ${counts[0]} stacks, ${counts[1]} frames and ${counts[2]} fits`);

for (const failure of failures.slice(0, Number(process.env.SHOW ?? 10))) console.error("FAIL " + failure.slice(0, 400));
console.log(`wasm hostile input (seed ${seedText}): ${refusedRight} refused naming the path, ${same} answered the same ` +
  `as the clean call, ${healthy} clean calls answered exactly after each, ${traps} traps; memory ${grown === 0 ? "unchanged" : "grew"} over ` +
  `${counts[0]} stacks, ${counts[1]} frames and ${counts[2]} fits (${before} bytes); ${failures.length} failures`);
process.exit(failures.length ? 1 : 0);
