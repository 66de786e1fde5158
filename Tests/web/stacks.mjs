// The web engine's card stacks against `cardmap replay`, event for event: seeded scripts (pushes with
// managers, content, pitch, zooms and pages; the map's limits; content flings; the on-screen keyboard; drags by velocity and by pointer samples, predictions, taps,
// keys, pages, rotations, edge pans, hidden overlays, VoiceOver, snapshots and restores, some from
// an earlier script's saved snapshot; now and then a broken event), run whole by the native command and one event at a time through
// `CardMap.stack`. Every answer equal, numbers bit-identical or within 64 units in the last place
// (the C libraries' maths; a fit that searches its zoom within 1e-9); a refused event refused by
// both, at the same event, with the same words; each move's frame the same through `frame(y)`.
//
//   node Tests/web/stacks.mjs CARDMAP_BINARY CARDMAP_WASM [SCRIPTS] [SEED]
import { execFileSync, spawnSync } from "node:child_process";
import { load, CardMapError } from "../../Sources/CardMapWasm/js/cardmap.mjs";
import { generator, ulps } from "./seeded.mjs";

const [binary, wasm, scriptsText = "100", seedText = "1"] = process.argv.slice(2);
const cardmap = await load(wasm);
const { random, pick, round } = generator(seedText);
const profiles = Object.fromEntries(JSON.parse(execFileSync(binary, ["devices"], { encoding: "utf8" }))
  .map((p) => [p.name, p]));
const DEVICES = ["iphone-17", "iphone-se", "iphone-17-landscape", "ipad-11", "ipad-11-landscape", "ipad-13", "mac-catalyst"];
const KEYS = ["ctrl+up", "ctrl+down", "cmd+w", "up", "down", "cmd+up", "cmd+down", "space", "return", "esc", "ctrl+left", "ctrl+right"];

/** The screen of a device profile, as the JavaScript API takes it. */
function screen(name) {
  const p = profiles[name];
  return { width: p.size[0], height: p.size[1], safeArea: p.safeArea, horizontal: p.horizontal, vertical: p.vertical,
    idiom: p.idiom, os: "27", verticalBar: p.verticalBar };
}

function bbox() {
  const west = round(random() * 340 - 170, 1e-4);
  const south = round(random() * 140 - 70, 1e-4);
  const span = pick([0.01, 0.5, 10]);
  return [west, south, round(west + span, 1e-4), Math.min(85, round(south + span / 2, 1e-4))];
}

function card(index) {
  const card = { id: `C${index}` };
  if (random() < 0.6) card.position = pick(["collapsed", "peaking", "extended"]);
  if (random() < 0.8) card.mapManager = pick(["m1", "m2", "m3"]);
  if (card.mapManager && random() < 0.7) card.bbox = bbox();
  if (card.mapManager && random() < 0.15) card.pitch = pick([30, 60]);
  // A fit's zooms (a point zoom now and then out of range, which the engine refuses).
  if (card.mapManager && random() < 0.15) card.pointZoom = pick([12, 17, 31]);
  if (card.mapManager && random() < 0.1) Object.assign(card, { minZoom: pick([2, 9]), maxZoom: pick([8, 14]) });
  if (random() < 0.15) {
    card.pages = [{ id: `P${index}a`, mapManager: pick(["m1", "m4"]) }, { id: `P${index}b`, mapManager: "m5", bbox: bbox() }];
  }
  if (random() < 0.3) card.rows = pick([0, 3, 12]);
  if (random() < 0.1) card.titleHeight = pick([44, 90]);
  if (random() < 0.2) card.topButtons = pick([1, 2]);
  // What a layout's card shows besides: floating buttons, compass, user tracking, bearing, info view.
  if (random() < 0.15) Object.assign(card, { floatingItems: pick([0, 2, 3]), floatingAlignment: pick(["center", "leading", "fill"]) });
  if (random() < 0.1) Object.assign(card, { compass: random() < 0.5, userTracking: true, bearing: pick([0, 45]) });
  if (random() < 0.1) Object.assign(card, { infoView: pick([{ width: 240, height: 40 }, null]), contentHeight: pick([300, null]) });
  return card;
}

function event(index, height) {
  if (index === 0 || random() < 0.15) return { event: "push", card: card(index) };
  const y = round(random() * height, 0.5);
  const kind = pick(["pop", "move", "move", "drag", "drag", "dragSamples", "predict", "tapTitle", "tapMap", "key", "page", "resize",
    "snapshot", "restore", "edgePan", "overlays", "voiceOver", "voiceOverFocus", "mapLimits", "fling", "keyboard"]);
  switch (kind) {
    case "move": return { event: "move", y };
    case "drag": case "predict": return { event: kind, y, velocity: pick([-2500, -600, 0, 400, 1800]) };
    case "dragSamples": return { event: "drag", y, samples: [[0, y + 40], [0.016, y + 20], [0.033, y]] };
    case "key": return { event: "key", key: pick(KEYS) };
    case "page": return { event: "page", index: pick([0, 1, 2]) };
    case "resize": return { event: "resize", device: pick(DEVICES) };
    case "edgePan": return random() < 0.5 ? { event: "edgePan" } : { event: "edgePan", edge: pick(["left", "right"]) };
    case "overlays": return { event: "overlays", show: random() < 0.5 };
    case "voiceOver": return { event: "voiceOver", running: random() < 0.5 };
    case "voiceOverFocus": return { event: "voiceOverFocus", maxY: y };
    case "keyboard": return { event: "keyboard", height: pick([0, 0, 260, 336.5, height * 0.6, height]) };
    case "fling": {
      const offset = round(random() * 900, 0.5), maxOffset = pick([offset, offset + 300, 2400]);
      return random() < 0.5 ? { event: "fling", offset, maxOffset, velocity: pick([-2500, -300, 0, 0.5, 700, 4000]) }
        : { event: "fling", offset, maxOffset, samples: [[0, offset - 30], [0.016, offset - 12], [0.033, offset]] };
    }
    case "mapLimits": return { event: "mapLimits", minZoom: pick([-2, 0, 3]), maxZoom: pick([10, 16, 22]),
      maxBounds: random() < 0.5 ? null : bbox() };
    default: return { event: kind };
  }
}

/** Now and then, an event either must refuse: a misspelt member, a wrong type, an unknown event. */
function broken(event) {
  const r = random();
  if (r < 0.02) return { ...event, velocty: 3 };
  if (r < 0.04) return { ...event, event: "wobble" };
  if (r < 0.05 && "y" in event) return { ...event, y: "top" };
  return event;
}

/** [path, value] of every leaf of a JSON value. */
function leaves(value, path = "", out = []) {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) leaves(child, `${path}/${key}`, out);
    if (Object.keys(value).length === 0) out.push([path, Array.isArray(value) ? "[]" : "{}"]);
  } else out.push([path, value]);
  return out;
}

const saved = [];
let restoredFromJSON = 0;
const numbers = new Float64Array(cardmap.CAMERA_LENGTH);
let events = 0, frames = 0, searched = 0, identical = 0, nearly = 0, worst = 0, refused = 0;
const failures = [];
for (let n = 0; n < Number(scriptsText); n++) {
  const device = pick(DEVICES);
  const count = 4 + Math.floor(random() * 16);
  const script = Array.from({ length: count }, (_, i) => broken(event(i, profiles[device].size[1])));
  // Now and then a script starts from a snapshot an earlier one saved (its JSON form), on any screen.
  if (saved.length && random() < 0.3) script.unshift({ event: "restore", snapshot: pick(saved) });
  const native = spawnSync(binary, ["replay", "-", "--device", device, "--os", "27"],
    { input: script.map((e) => JSON.stringify(e)).join("\n"), encoding: "utf8" });
  const lines = native.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line));
  const nativeError = native.status === 0 ? null : native.stderr.split("\n")[0];
  const stack = cardmap.stack(screen(device));
  try {
    for (let i = 0; i < script.length; i++) {
      let answer;
      try {
        answer = stack.apply(script[i]);
      } catch (error) {
        if (!(error instanceof CardMapError)) throw error;
        const expected = `event ${i + 1} (${script[i].event}): ${error.message}`;
        if (i !== lines.length || !nativeError || !nativeError.endsWith(expected)) {
          failures.push(`${device} ${JSON.stringify(script.slice(0, i + 1))}: wasm refused event ${i + 1} (${error.message}), native: ${nativeError ?? "took it"}`);
        } else refused++;
        break;
      }
      events++;
      if (answer.snapshot) saved.push(answer.snapshot);
      if (script[i].event === "restore" && script[i].snapshot) restoredFromJSON++;
      if (i >= lines.length) {
        failures.push(`${device} ${JSON.stringify(script.slice(0, i + 1))}: wasm took event ${i + 1}, native: ${nativeError}`);
        break;
      }
      const a = leaves(lines[i]), b = leaves(answer);
      let apart = 0;
      const differing = a.length !== b.length ? ["shape", a.length, b.length] : a.find(([path, value], k) => {
        if (path !== b[k][0]) return true;
        if (Object.is(value, b[k][1])) return false;
        const d = ulps(value, b[k][1]);
        if (d <= 64) {
          apart = Math.max(apart, d);
          return false;
        }
        // A fit that searches its zoom (pitched, turned) can stop a step apart when one input
        // differs in its last bit: within 1e-9 of the number, as the fit differential allows.
        const relative = Math.abs(value - b[k][1]) / Math.max(1, Math.abs(value));
        if (relative <= 1e-9) {
          searched++;
          return false;
        }
        return true;
      });
      if (differing) {
        failures.push(`${device} event ${i + 1} ${JSON.stringify(script[i])}: ${JSON.stringify(differing)} vs ${JSON.stringify(b[a.indexOf(differing)] ?? null)}`);
        break;
      }
      if (apart > 0) { nearly++; worst = Math.max(worst, apart); } else identical++;
      // A move's camera again, through the numbers a page reads at every pointer move.
      if (script[i].event === "move" && typeof script[i].y === "number") {
        const camera = cardmap.camera(stack.cameraNumbers(script[i].y, numbers));
        const pairs = [[camera && [camera.focus, camera.zoom, camera.padding], answer.camera && [answer.camera.focus, answer.camera.zoom, answer.camera.padding]]];
        if (pairs.some(([a, b]) => JSON.stringify(a) !== JSON.stringify(b))) {
          failures.push(`${device} event ${i + 1}: cameraNumbers(${script[i].y}) ${JSON.stringify(pairs.map(([a]) => a))}, move's ${JSON.stringify(pairs.map(([, b]) => b))}`);
          break;
        }
        frames++;
      }
    }
  } finally {
    stack.free();
  }
}
for (const failure of failures.slice(0, 10)) console.error("DIFFER " + failure.slice(0, 1500));
console.log(`wasm stacks (seed ${seedText}): ${scriptsText} scripts, ${events} events: ${identical} answers identical to ` +
  `cardmap replay's, ${nearly} within ${worst} units in the last place, ${searched} numbers of searched fits ` +
  `within 1e-9, ${refused} refused alike, ${failures.length} differ; ` +
  `${frames} moves' cameras equal through stack.cameraNumbers, ${restoredFromJSON} stacks restored from a saved snapshot`);
process.exit(failures.length ? 1 : 0);
