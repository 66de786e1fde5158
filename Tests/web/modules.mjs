// The card controller's engine module against the whole engine's, each call: a call it carries
// answers as the whole engine answers it (which differential.mjs, stacks.mjs and overlays.mjs hold
// to the native command), whatever it is given, wrong input too; a call it does not carry is
// refused by name, saying which module this is and to load the whole engine. A call's home is
// written here once, as the modules' comments and the articles say it: the card controller's
// (`cardmap-cards.wasm`) has screens, cards, card stacks and a GeoJSON's extent; the whole engine
// everything.
//
//   node Tests/web/modules.mjs WASM_DIR
import { readFileSync } from "node:fs";
import { load, CardMapError } from "../../Sources/CardMapWasm/js/cardmap.mjs";

const [dir = ".build/wasm"] = process.argv.slice(2);
const whole = await load(`${dir}/cardmap.wasm`);
const file = "cardmap-cards.wasm";
const cards = await load(`${dir}/${file}`);
/** The parts of `calls` below that the card controller's module carries. */
const carried = ["common", "cards"];

const phone = { width: 402, height: 874, safeArea: { top: 62, left: 0, bottom: 34, right: 0 }, horizontal: "compact",
  vertical: "regular", idiom: "phone", os: "27" };
const bounds = [151.18, -33.87, 151.3, -33.8];
const ferries = readFileSync(new URL("../../Data/samples/sydney-ferries.geojson", import.meta.url), "utf8");

/** Each call, in the part of the engine that carries it; each run right and wrong. */
const calls = {
  common: {
    layout: [(e) => e.layout(phone, { position: "peaking" }), (e) => e.layout(phone, { position: "halfway" })],
    release: [(e) => e.release(phone, { y: 500 }, -900, 0.1), (e) => e.release(phone, { y: 500 }, undefined)],
    motion: [(e) => e.motion({ kind: "snap", from: 700, to: 300, duration: 0.5, damping: 1 }, 0.2),
      (e) => e.motion({ kind: "snap", from: 700 }, 0.2)],
    touch: [(e) => e.touch(3, 12), (e) => e.touch(12, 3)],
    handoff: [(e) => Array.from(e.handoff(300, 40, 25, 120, 900, new Float64Array(2)))],
  },
  fits: {
    fit: [(e) => e.fit(phone, { position: "peaking" }, bounds, { pitch: 30 }),
      (e) => e.fit(phone, {}, bounds, { projection: "globe" }), (e) => e.fit(phone, {}, [1, 2, 3], {})],
    fitView: [(e) => e.fitView({ width: 800, height: 600, insets: { top: 0, left: 0, bottom: 200, right: 0 } }, bounds),
      (e) => e.fitView({ width: 800 }, bounds)],
    frames: [(e) => e.camera(e.frames(phone, {}, bounds).cameraNumbers(420, new Float64Array(e.CAMERA_LENGTH)))],
  },
  cards: {
    stack: [(e) => {
      const stack = e.stack(phone);
      const answers = [stack.apply({ event: "push", card: { id: "A", mapManager: "m", bbox: bounds } }),
        stack.apply({ event: "drag", y: 400, velocity: 900 }), stack.apply({ event: "snapshot" })];
      stack.free();
      return answers;
    }, (e) => e.stack(phone).apply({ event: "pop" })],
    extent: [(e) => e.extent(ferries), (e) => e.extent('{"type": "Point", "coordinates": [1]}')],
  },
  whole: {
    keeper: [(e) => Array.from(e.keeper({ width: 800, height: 600 }, bounds).keep(151, -33.9, 9, 0, 0, new Float64Array(4)))],
    project: [(e) => { const x = new Float64Array([151.2]), y = new Float64Array([-33.86]); e.project("webmercator", x, y);
      return [x[0], y[0]]; }],
    modal: [(e) => e.modal(phone, { preset: "toast" })],
  },
};

/** What a run gives: its answer, or the error's message (a CardMapError) — anything else is thrown. */
function outcome(run, engine) {
  try {
    return { answer: run(engine) };
  } catch (error) {
    if (!(error instanceof CardMapError)) throw error;
    return { error: error.message };
  }
}

let answered = 0, refused = 0;
const failures = [];
for (const [part, byName] of Object.entries(calls)) {
  for (const [name, runs] of Object.entries(byName)) {
    for (const [index, run] of runs.entries()) {
      const got = outcome(run, cards);
      if (carried.includes(part)) {
        const want = JSON.stringify(outcome(run, whole));
        if (JSON.stringify(got) !== want) failures.push(`${file} ${name}[${index}]: ${JSON.stringify(got)}, the whole engine ${want}`);
        else answered += 1;
      } else if (!got.error || !got.error.includes(`not in this engine's module`) || !got.error.includes(file)
        || !got.error.includes("load cardmap.wasm")) {
        failures.push(`${file} ${name}[${index}]: expected a refusal naming the module, found ${JSON.stringify(got).slice(0, 200)}`);
      } else {
        refused += 1;
      }
    }
  }
}
if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
console.log(`wasm modules: ${answered} calls answered as the whole engine answers them, ${refused} refused by name`);
