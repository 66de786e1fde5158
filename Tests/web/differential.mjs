// The WebAssembly engine against the native `cardmap`, member for member: seeded random screens ×
// card states × contents × fit options × camera modes (flat, pitched and globe, at every zoom), each
// fitted by both, their whole JSON answers walked together: every name, string and flag equal, every
// number bit-identical or apart by no more than 64 units in the last place where the two C
// libraries' maths round differently (on the fits that search their zoom, within 1e-9); a refusal
// on one side only, or in other words, fails. Each failure names the case and the JSON path.
//
//   node Tests/web/differential.mjs CARDMAP_BINARY CARDMAP_WASM [CASES] [SEED]
import { execFileSync } from "node:child_process";
import { load, CardMapError } from "../../Sources/CardMapWasm/js/cardmap.mjs";
import { generator, ulps } from "./seeded.mjs";

const [binary, wasm, casesText = "300", seedText = "1"] = process.argv.slice(2);
const cardmap = await load(wasm);
const { random, pick, round } = generator(seedText);

function scenario() {
  const [width, height] = pick([[402, 874], [390, 844], [375, 667], [820, 1180], [1180, 820], [874, 402], [1024, 1366]]);
  const safeArea = { top: pick([0, 20, 47, 59, 62]), bottom: pick([0, 20, 34]), left: 0, right: 0 };
  const screen = { width, height, safeArea, os: pick(["26", "27", "27.1"]) };
  const card = random() < 0.7 ? { position: pick(["collapsed", "peaking", "extended"]) } : { y: round(random() * height, 0.5) };
  card.bearing = pick([0, 0, 30, -75, 137.5]);
  card.topButtons = pick([0, 0, 1, 2]);
  if (random() < 0.2) card.floatingItems = pick([1, 2, 3]);
  if (random() < 0.2) card.infoView = { width: 240, height: 44 };
  const west = round(random() * 360 - 180, 0.0001);
  const span = pick([0.001, 0.05, 1, 20, 120, 300]);
  const south = round(random() * 150 - 75, 0.0001);
  const north = Math.min(85, round(south + Math.min(span, 160 - (south + 75)) * random() + 0.0001, 0.0001));
  const east = round(((west + span + 180) % 360) - 180, 0.0001);
  const bounds = [west, south, east, north];
  const options = {};
  if (random() < 0.3) options.pitch = pick([20, 45, 60]);
  if (random() < 0.2) options.projection = "globe";
  if (random() < 0.2) options.margin = pick([8, 24]);
  if (random() < 0.2) options.zoomSnap = pick([0.5, 1]);
  // The rarer traits and card parts, and the camera modes (on the globe too: one rule, both sides).
  if (random() < 0.15) screen.horizontal = pick(["compact", "regular"]);
  if (random() < 0.1) screen.idiom = pick(["phone", "pad"]);
  if (random() < 0.1) screen.verticalBar = { edge: pick(["leading", "trailing"]), width: 56 };
  if (random() < 0.1) screen.header = pick([0, 44]);
  if (random() < 0.1) screen.rtl = true;
  if (random() < 0.1) card.compass = true;
  if (random() < 0.1) card.userTracking = true;
  if (random() < 0.1) card.closeButton = true;
  if (random() < 0.1) card.floatingAlignment = pick(["leading", "trailing"]);
  if (random() < 0.05) card.overlaysHidden = true;
  if (random() < 0.1) card.contentHeight = pick([120, 900]);
  if (!options.pitch && random() < 0.15) options.maxBounds = [round(west - 5, 0.01), Math.max(-85, south - 5), round(west + span + 5, 0.01), Math.min(85, north + 5)];
  if (random() < 0.25) {
    options.select = [round(west + span * random(), 1e-4), round(south + (north - south) * random(), 1e-4)];
    if (random() < 0.5) options.callout = { width: pick([120, 240]), height: pick([40, 80]) };
  }
  options.exclusions = true;
  // A sheet's padding, the focus still at the visible rect's centre (a side may be negative).
  if (random() < 0.2) options.padding = { top: pick([0, 16]), left: pick([0, 0, 400, -20]), bottom: pick([0, 300, 0.6 * height]), right: pick([0, 8]) };
  // Now and then a map with no card: its size and own padding (`fitView`, `fit --insets`).
  let view = null;
  if (random() < 0.15) {
    view = { width, height, insets: { top: pick([0, 20]), left: 0, bottom: pick([0, 60]), right: pick([0, 10]) } };
    delete options.exclusions;
  }

  // Now and then, input both must refuse with the same words.
  const broken = random();
  if (broken < 0.03) safeArea.top = height + 10;
  else if (broken < 0.06) card.titleHeight = -3;
  return { screen, card, bounds, options, view };
}

const sides = (i) => `top=${i.top},left=${i.left},bottom=${i.bottom},right=${i.right}`;

function arguments_({ screen, card, bounds, options, view }) {
  const s = screen.safeArea;
  const words = ["fit", "--viewport", `${screen.width}x${screen.height}`, "--bbox", bounds.join(","),
    "--bearing", String(card.bearing)];
  if (view) words.push("--insets", sides(view.insets));
  else {
    words.push("--safe-area", sides(s), "--os", screen.os, "--top-buttons", String(card.topButtons));
    words.push(...(card.y === undefined ? ["--position", card.position] : ["--y", String(card.y)]));
  }
  if (options.padding) words.push("--padding", sides(options.padding));
  if (view) return fitWords(words, options);
  if (card.floatingItems) words.push("--floating-items", String(card.floatingItems));
  fitWords(words, options);
  if (card.infoView) words.push("--info-view", `${card.infoView.width}x${card.infoView.height}`);
  if (card.titleHeight !== undefined) words.push(`--title-height=${card.titleHeight}`);
  if (screen.horizontal) words.push("--horizontal", screen.horizontal);
  if (screen.idiom) words.push("--idiom", screen.idiom);
  if (screen.verticalBar) words.push("--vertical-bar", `${screen.verticalBar.edge}:${screen.verticalBar.width}`);
  if (screen.header !== undefined) words.push("--header", String(screen.header));
  if (screen.rtl) words.push("--rtl");
  for (const [flag, name] of [["--compass", "compass"], ["--user-tracking", "userTracking"],
    ["--close-button", "closeButton"], ["--overlays-hidden", "overlaysHidden"]]) if (card[name]) words.push(flag);
  if (card.floatingAlignment) words.push("--floating-alignment", card.floatingAlignment);
  if (card.contentHeight) words.push("--content-height", String(card.contentHeight));
  if (options.exclusions) words.push("--exclusions");
  return words;
}

/** The fit options' words, added to `words`. */
function fitWords(words, options) {
  if (options.pitch) words.push("--pitch", String(options.pitch));
  if (options.projection) words.push("--projection", options.projection);
  if (options.margin) words.push("--margin", String(options.margin));
  if (options.zoomSnap) words.push("--zoom-snap", String(options.zoomSnap));
  if (options.maxBounds) words.push("--max-bounds", options.maxBounds.join(","));
  if (options.select) words.push("--select", options.select.join(","));
  if (options.callout) words.push("--callout", `${options.callout.width}x${options.callout.height}`);
  return words;
}

const ULP_LIMIT = 64;

/** The native command's JSON answer to `words`, or the first line of its error. */
function runNative(words) {
  try {
    return { native: JSON.parse(execFileSync(binary, words, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })), nativeError: null };
  } catch (error) {
    return { native: null, nativeError: String(error.stderr || error.message).split("\n")[0] };
  }
}

/** Every leaf of two JSON answers side by side, named by path; a shape that differs is a pair too. */
function treePairs(path, a, b, pairs = []) {
  if (typeof a === "number" && typeof b === "number") pairs.push([path, [a], [b]]);
  else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) a.forEach((item, i) => treePairs(`${path}[${i}]`, item, b[i], pairs));
  else if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)
    && JSON.stringify(Object.keys(a)) === JSON.stringify(Object.keys(b))) {
    for (const key of Object.keys(a)) treePairs(path ? `${path}.${key}` : key, a[key], b[key], pairs);
  } else pairs.push([path, [JSON.stringify(a)], [JSON.stringify(b)]]);
  return pairs;
}

/**
 * The first pair whose numbers differ, counting the case as bit-identical or nearly so: numbers
 * apart by a few units in the last place come from the C libraries' maths (glibc's libm natively,
 * wasi-libc's musl-derived one in WebAssembly: sin, atan, exp and log round differently in the last
 * bit); anything more is a failure.
 */
function compare(pairs) {
  let worst = 0;
  const differing = pairs.find(([path, a, b]) => a.length !== b.length || a.some((value, i) => {
    if (Object.is(value, b[i])) return false;
    const apart = ulps(value, b[i]);
    if (apart <= ULP_LIMIT) {
      worst = Math.max(worst, apart);
      return false;
    }
    // A fit that searches (its zoom under a bearing or pitch, on the globe) can stop a step apart
    // when one input differs in its last bit: within 1e-9 of the number (1e-9 of a degree is 0.1 mm).
    const relative = Math.abs(value - b[i]) / Math.max(1, Math.abs(value));
    if (relative <= 1e-9) {
      searched++;
      worstRelative = Math.max(worstRelative, relative);
      return false;
    }
    // What is computed from such a camera (a selection's move, the zones' rings, the visible region's
    // corners) carries that step, magnified: within 1e-6 (of a degree, 0.1 m; of a point, a
    // millionth); a point unprojected on a globe, where its ray grazes the sphere near the limb (a
    // corner of the visible region, and a tilted camera's `center`, the ground under the view's
    // centre), within 1e-5 of a degree (a metre, where a point of the screen covers kilometres).
    const apartBy = Math.abs(value - b[i]);
    const onGlobe = pairs.some(([p, x]) => p === "camera.projection" && x[0].includes("globe"));
    // A globe fit settles its focus on the sphere to a thousandth of a point (GlobeFit's search),
    // and the two engines' maths may stop it anywhere within that: the focus (and the centre with
    // it) within a thousandth of a point at the camera's zoom, in degrees (longitude's widened by
    // the latitude's scale).
    const zoom = pairs.find(([p]) => p === "camera.zoom");
    if (onGlobe && zoom && /^camera\.(focus|center)\[[01]\]$/.test(path)) {
      const degrees = 1e-3 * 360 / (512 * 2 ** zoom[1][0]);
      const lat = pairs.find(([p]) => p === "camera.focus[1]")[1][0];
      if (apartBy <= (path.endsWith("[0]") ? degrees / Math.max(1e-3, Math.cos(lat * Math.PI / 180)) : degrees)) {
        settledOnGlobe++;
        return false;
      }
    }
    const tilted = pairs.some(([p, x]) => p === "camera.pitch" && Number(x[0]) > 0);
    const unprojected = /visibleRegion/.test(path) || (tilted && /camera\.center/.test(path));
    const limit = unprojected && onGlobe ? 1e-5 : 1e-6;
    if (/visibleRegion|move|callout|ring|rect|geojson|Bounds/.test(path) || (unprojected && onGlobe)) {
      if (apartBy > limit) return true;
      derived++;
      worstDerived = Math.max(worstDerived, apartBy);
      return false;
    }
    return true;
  }));
  if (differing) return differing;
  if (worst > 0) {
    nearlySame++;
    worstUlps = Math.max(worstUlps, worst);
  } else same++;
  return null;
}
let same = 0;
let nearlySame = 0;
let worstUlps = 0;
let refused = 0;
let searched = 0;
let worstRelative = 0;
let modes = 0;
let derived = 0;
let settledOnGlobe = 0;
let worstDerived = 0;
const failures = [];
// Cases a long run (3 000 and more) once found differing, kept: a pitched globe held at its least
// zoom, whose focus the two engines' maths left 1.3e-4° apart; a globe whose focus went past the
// pole while it was centred, left on either side of it (180° apart).
const found = [
  {
    screen: { width: 1024, height: 1366, safeArea: { top: 47, bottom: 0, left: 0, right: 0 }, os: "27", horizontal: "compact" },
    card: { y: 507, bearing: 137.5, topButtons: 0, floatingItems: 1, closeButton: true },
    bounds: [-131.7367, -63.7269, -11.7367, -35.4258],
    options: { pitch: 45, projection: "globe", zoomSnap: 0.5, exclusions: true },
    view: null,
  },
  {
    screen: { width: 1024, height: 1366, safeArea: { top: 20, bottom: 20, left: 0, right: 0 }, os: "27.1" },
    card: { position: "extended", bearing: 137.5, topButtons: 2, floatingItems: 1 },
    bounds: [156.9528, 48.6071, 96.9528, 72.8177],
    options: { projection: "globe", exclusions: true },
    view: null,
  },
];
for (let index = 0; index < found.length + Number(casesText); index++) {
  const case_ = index < found.length ? found[index] : scenario();
  const words = arguments_(case_);
  const { native, nativeError } = runNative(words);
  let web = null;
  let webError = null;
  try {
    web = case_.view
      ? cardmap.fitView(case_.view, case_.bounds, { ...case_.options, bearing: case_.card.bearing })
      : cardmap.fit(case_.screen, case_.card, case_.bounds, case_.options);
  } catch (error) {
    if (!(error instanceof CardMapError)) throw error;
    webError = error.message;
  }
  if (nativeError || webError) {
    // Both refuse, with the same words (the native adds "Error: " and may say which input's; the
    // web names the path from the call's top, "screen." or "card.").
    if (!(nativeError && webError && nativeError.endsWith(webError.replace(/^(screen|card)\./, "")))) {
      failures.push(`${words.join(" ")}: native ${nativeError ?? "fits"}, wasm ${webError ?? "fits"}`);
    } else refused++;
    continue;
  }
  const differing = compare(treePairs("", native, web));
  if (differing) failures.push(`${words.join(" ")}: ${differing[0]} native ${differing[1]} wasm ${differing[2]}`);
  else modes += ["selection", "exclusions", "constraint"].filter((name) => web[name] && (web[name].camera ?? web[name].zones ?? web[name].bounds)).length;
}
// Motions: a release's snap and samples, and the steady focus holding an anchor through them,
// against `cardmap motion --snap`.
let motions = 0;
for (let index = 0; index < Number(casesText) / 4; index++) {
  const { screen, card, bounds } = scenario();
  if (card.y === undefined) card.y = round(random() * screen.height, 0.5);
  delete card.position;
  const velocity = pick([-2500, -800, -100, 0, 300, 1200]);
  const anchor = [round(bounds[0] + 0.3 * (bounds[2] - bounds[0]), 1e-4), round(bounds[1] + 0.6 * (bounds[3] - bounds[1]), 1e-4)];
  const words = arguments_({ screen, card, bounds, options: {} }).filter((word) => word !== "--exclusions");
  words.splice(0, 1, "motion", "--snap", "--velocity", String(velocity), "--samples", "3", "--anchor", anchor.join(","));
  const { native, nativeError } = runNative(words);
  if (nativeError) continue;  // refusals are compared above, fit by fit
  const pairs = [];
  for (const sample of native.samples) {
    const release = cardmap.release(screen, card, velocity, sample.t);
    pairs.push([`y at t=${sample.t}`, [sample.y, native.duration], [release.y, release.snap.duration]]);
    if (sample.camera) {
      const held = cardmap.fit(screen, { ...card, y: sample.y }, bounds, { steady: { from: { y: card.y }, anchor } }).steady;
      pairs.push(...treePairs(`steady camera at t=${sample.t}`, sample.camera, held.camera));
    }
  }
  const differing = compare(pairs);
  if (differing) failures.push(`${words.join(" ")}: ${differing[0]} native ${differing[1]} wasm ${differing[2]}`);
  else motions++;
}
console.log(`wasm motions (seed ${seedText}): ${motions} releases and steady cameras equal to cardmap motion's`);
// GeoJSON: generated documents, some broken, read by both; the same extent and counts, or the same
// error at the same line:column and JSON path.
function geometry() {
  const point = () => [round(random() * 360 - 180, 1e-6), round(random() * 170 - 85, 1e-6)];
  const kind = pick(["Point", "LineString", "Polygon", "MultiPoint"]);
  if (kind === "Point") return { type: kind, coordinates: point() };
  const line = Array.from({ length: 2 + Math.floor(random() * 5) }, point);
  if (kind === "Polygon") return { type: kind, coordinates: [[...line, line[0]]] };
  return { type: kind, coordinates: line };
}
/** `depth` levels of arrays or objects around a value, or of GeometryCollections around a point. */
function nested(depth, kind) {
  let value = kind === "collection" ? { type: "Point", coordinates: [1, 2] } : 1;
  for (let i = 0; i < depth; i++) {
    value = kind === "array" ? [value] : kind === "object" ? { a: value } : { type: "GeometryCollection", geometries: [value] };
  }
  return value;
}
function document_() {
  const features = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, id) =>
    ({ type: "Feature", id, properties: { name: `f${id}` }, geometry: geometry() }));
  // Several faults in one document now and then, and nesting from 1 to 200 levels: the first fault
  // in reading order is the one both must name.
  const faults = random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
  for (let k = 0; k < faults; k++) {
    const feature = pick(features);
    const fault = random();
    if (fault < 0.25) feature.geometry = { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] };
    else if (fault < 0.5) feature.geometry = { type: "Point", coordinates: [1, pick([95, -90.5, 1e308])] };
    else if (fault < 0.75) feature.properties = { deep: nested(1 + Math.floor(random() * 200), pick(["array", "object"])) };
    else feature.geometry = nested(1 + Math.floor(random() * 200), "collection");
  }
  let text = JSON.stringify({ type: "FeatureCollection", features }, null, random() < 0.5 ? 1 : 0);
  const broken = random();
  if (broken < 0.1) text = text.slice(0, Math.floor(random() * text.length));
  else if (broken < 0.2) text = text.replace(/\d/, "x");
  else if (broken < 0.25) text = text.replace("]", "],");
  else if (broken < 0.3) text = text.replace('"Feature"', '"Featur"');
  else if (broken < 0.33) text = text.replace(/(\d)\]/, "$1e308e+1]");
  return text;
}
let documents = 0;
let documentsRefused = 0;
for (let index = 0; index < Number(casesText) / 4; index++) {
  const text = document_();
  let native = null;
  let nativeError = null;
  try {
    native = JSON.parse(execFileSync(binary, ["fit", "-", "--viewport", "400x400", "--insets", "top=0"],
      { input: text, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] })).content;
  } catch (error) {
    nativeError = String(error.stderr || error.message).split("\n")[0];
  }
  let web = null;
  let webError = null;
  try {
    web = cardmap.extent(text);
  } catch (error) {
    if (!(error instanceof CardMapError)) throw error;
    webError = error.message;
  }
  if (nativeError || webError) {
    // The native names its input ("<stdin>: ") and may add a hint after the engine's words.
    if (nativeError && webError && nativeError.includes("<stdin>: " + webError)) documentsRefused++;
    else failures.push(`document ${JSON.stringify(text.slice(0, 120))}: native ${nativeError ?? "reads"}, wasm ${webError ?? "reads"}`);
    continue;
  }
  const differing = compare(treePairs("content", native, web));
  if (differing) {
    failures.push(`document ${JSON.stringify(text.slice(0, 120))}: ${differing[0]} native ${differing[1]}, wasm ${differing[2]}`);
  } else documents++;
}
console.log(`wasm GeoJSON (seed ${seedText}): ${documents} extents identical, ${documentsRefused} documents refused ` +
  `with the same error`);
// The kernels: points through both engines' Web Mercator and UTM (the native one in the CPU's
// instruction set, this one in WebAssembly's), within 1e-8 m of each other.
let projected = 0;
let worstMetres = 0;
for (const [kind, zone, crs] of [["webmercator", 0, "EPSG:3857"], ["utm", 33, "EPSG:32633"], ["utm", -56, "EPSG:32756"]]) {
  const centre = zone === 0 ? 0 : (Math.abs(zone) - 1) * 6 - 177;
  const points = Array.from({ length: 500 }, () =>
    [round(centre - 3 + 6 * random(), 1e-7), round((zone < 0 ? -80 : 0) + 80 * random(), 1e-7)]);
  const native = JSON.parse(execFileSync(binary, ["project", "-", "--from", "EPSG:4326", "--to", crs],
    { input: JSON.stringify({ type: "MultiPoint", coordinates: points }), encoding: "utf8" })).coordinates;
  const x = Float64Array.from(points, (p) => p[0]);
  const y = Float64Array.from(points, (p) => p[1]);
  cardmap.project(kind, x, y, { zone });
  points.forEach((point, i) => {
    const apart = Math.hypot(native[i][0] - x[i], native[i][1] - y[i]);
    worstMetres = Math.max(worstMetres, apart);
    if (apart <= 1e-8) projected++;
    else failures.push(`${crs} point ${point}: native ${native[i]}, wasm ${x[i]},${y[i]}`);
  });
}
console.log(`wasm kernels: ${projected} points within ${worstMetres.toExponential(1)} m of the native kernels`);
for (const failure of failures.slice(0, Number(process.env.SHOW ?? 10))) console.error("DIFFER " + failure);
console.log(`wasm differential (seed ${seedText}): ${same} cases bit-identical, ${nearlySame} within ` +
  `${worstUlps} units in the last place (the C libraries' maths), ${searched} numbers of searched fits within ` +
  `${worstRelative.toExponential(1)} of them, ${derived} numbers derived from them within ` +
  `${worstDerived.toExponential(1)}, ${settledOnGlobe} globe foci settled within a thousandth of a point, ` +
  `${modes} camera modes answered, ${refused} refused alike, ` +
  `${failures.length} differ`);
process.exit(failures.length ? 1 : 0);
