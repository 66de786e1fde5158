// The web engine's overlays (`modal`, `deck`, `expanding`) against `cardmap overlay modal`, `stack`
// and `expanding`, member for member: seeded random screens × presets, anchors, content, swipes and
// releases; decks of every shape with drags in every direction; expanding cards open, dragged and
// released. Every name, string and flag equal, every number bit-identical or apart by no more than
// 64 units in the last place (the two C libraries' atan2); a refusal on one side only fails.
//
//   node Tests/web/overlays.mjs CARDMAP_BINARY CARDMAP_WASM [CASES] [SEED]
import { execFileSync } from "node:child_process";
import { load, CardMapError } from "../../Sources/CardMapWasm/js/cardmap.mjs";
import { generator, ulps } from "./seeded.mjs";

const [binary, wasm, casesText = "150", seedText = "1"] = process.argv.slice(2);
const cardmap = await load(wasm);
const { random, pick, round } = generator(seedText);

function screen() {
  const [width, height] = pick([[402, 874], [390, 844], [375, 667], [820, 1180], [1180, 820], [874, 402]]);
  const safeArea = { top: pick([0, 20, 47, 59]), left: pick([0, 0, 44]), bottom: pick([0, 20, 34]), right: pick([0, 0, 44]) };
  return { width, height, safeArea };
}

const environment = (s) => ["--viewport", `${s.width}x${s.height}`, "--safe-area",
  `top=${s.safeArea.top},left=${s.safeArea.left},bottom=${s.safeArea.bottom},right=${s.safeArea.right}`];

function modalCase() {
  const s = screen();
  const options = { preset: pick(["defaultModal", "system", "notification", "banner", "toast", "alert"]) };
  const words = ["overlay", "modal", ...environment(s), "--style", options.preset];
  if (random() < 0.3) words.push("--anchor", options.anchor = pick(["top", "bottom", "left", "right", "center"]));
  // Now and then a height both must refuse.
  const height = random() < 0.05 ? -5 : round(random() * 1000, 0.5);
  if (random() < 0.4) {
    const width = round(random() * 600, 0.5);
    options.content = { width, height };
    words.push("--content-size", `${width}x${height}`);
  } else {
    options.content = { height };
    words.push("--content-height", String(height));
  }
  const moved = random();
  if (moved < 0.5) words.push("--translation", String(options.translation = round(random() * 700 - 20, 0.25)));
  else if (moved < 0.8) {
    options.drag = [round(random() * 600 - 300, 0.25), round(random() * 600 - 300, 0.25)];
    words.push("--drag", options.drag.join(","));
  }
  if (random() < 0.6) words.push("--velocity", String(options.velocity = round(random() * 2400 - 400, 1)));
  return { words, web: () => cardmap.modal(s, options) };
}

function deckCase() {
  const s = screen();
  const options = {
    count: pick([0, 1, 3, 5, 12]), maxVisible: pick([1, 3, 5, 8]), cardOffset: pick([0, 10, 24]),
    cardScale: pick([0, 0.05, 0.1, 0.2, 0.3]), threshold: pick([0, 0.25, 0.5, 1, -0.5]),
    directions: pick(["left-right", "four", "eight"]),
    translation: [round(random() * 800 - 400, 0.5), round(random() * 800 - 400, 0.5)],
  };
  const words = ["overlay", "stack", ...environment(s), "--count", String(options.count), "--max-visible",
    String(options.maxVisible), "--card-offset", String(options.cardOffset), "--card-scale", String(options.cardScale),
    "--threshold", String(options.threshold), "--directions", options.directions, "--translation", options.translation.join(",")];
  if (random() < 0.5) {
    options.area = { width: pick([200, 300, 360]), height: pick([300, 400, 520]) };
    words.push("--area", `${options.area.width}x${options.area.height}`);
  }
  if (random() < 0.3) words.push("--advance", String(options.advance = pick([0, 0.25, 0.5, 1, 1.5])));
  if (random() < 0.3) { options.release = true; words.push("--release"); }
  if (random() < 0.2) words.push("--key", options.key = pick(["left", "right", "up", "down"]));
  if (random() < 0.2) {
    options.direction = pick(["right", "up", null]);
    words.push("--direction", options.direction ?? "none");
  }
  return { words, web: () => cardmap.deck(s, options) };
}

function expandingCase() {
  const s = screen();
  const options = { count: pick([0, 1, 4, 7]), cardHeight: pick([20, 44, 120, 180]), expandedHeight: pick([100, 300, 440, 700]) };
  const words = ["overlay", "expanding", ...environment(s), "--count", String(options.count), "--card-height",
    String(options.cardHeight), "--expanded-height", String(options.expandedHeight)];
  if (random() < 0.7) words.push("--selected", String(options.selected = pick([0, 1, 3, 9])));
  if (random() < 0.4) words.push("--height", String(options.height = round(random() * 800, 0.5)));
  if (random() < 0.7) words.push("--drag", String(options.drag = round(random() * 300 - 60, 0.5)));
  if (random() < 0.5) words.push("--velocity", String(options.velocity = round(random() * 2400 - 400, 1)));
  return { words, web: () => cardmap.expanding(s, options) };
}

/** The first leaf where two answers differ beyond 64 ulps, or null. */
function differ(path, a, b) {
  if (typeof a === "number" && typeof b === "number") return ulps(a, b) <= 64 ? null : [path, a, b];
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [path + ".length", a.length, b.length];
    for (let i = 0; i < a.length; i++) { const d = differ(`${path}[${i}]`, a[i], b[i]); if (d) return d; }
    return null;
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    if (keys.join() !== Object.keys(b).join()) return [path + " members", keys.join(), Object.keys(b).join()];
    for (const key of keys) { const d = differ(path ? `${path}.${key}` : key, a[key], b[key]); if (d) return d; }
    return null;
  }
  return a === b ? null : [path, a, b];
}

let same = 0;
let refused = 0;
const failures = [];
const kinds = [modalCase, deckCase, expandingCase];
for (let index = 0; index < Number(casesText); index++) {
  const { words, web } = kinds[index % kinds.length]();
  let native = null;
  let nativeError = null;
  try {
    native = JSON.parse(execFileSync(binary, words, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (error) {
    nativeError = String(error.stderr || error.message).split("\n")[0];
  }
  let answer = null;
  let webError = null;
  try {
    answer = web();
  } catch (error) {
    if (!(error instanceof CardMapError)) throw error;
    webError = error.message;
  }
  if (nativeError || webError) {
    if (nativeError && webError) refused++;
    else failures.push(`${words.join(" ")}: native ${nativeError ?? "answers"}, wasm ${webError ?? "answers"}`);
    continue;
  }
  const d = differ("", native, answer);
  if (d) failures.push(`${words.join(" ")}: ${d[0]} native ${d[1]} wasm ${d[2]}`);
  else same++;
}
for (const failure of failures.slice(0, 10)) console.log("DIFFER " + failure);
console.log(`wasm overlays (seed ${seedText}): ${same} modal, deck and expanding answers equal to cardmap overlay's, ` +
  `${refused} refused by both, ${failures.length} differ`);
process.exit(failures.length ? 1 : 0);
