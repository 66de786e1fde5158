// The WebAssembly engine's speed, in one node process (`make bench` runs it after cardmap-bench):
// a frame of a drag (layout and fit) against the native engine's time for the same frame, and the
// kernels against proj4js (the web's projection library) on 10⁶ points, with their largest
// difference; and the module's size.
//
//   node Benchmarks/web/bench.mjs CARDMAP_WASM PROJ4_JS NATIVE_FRAME_JSON
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { load } from "../../Sources/CardMapWasm/js/cardmap.mjs";

const [wasmPath, proj4Path, nativePath] = process.argv.slice(2);
const cardmap = await load(wasmPath);
const proj4 = createRequire(import.meta.url)(resolve(proj4Path));
const native = JSON.parse(readFileSync(nativePath, "utf8")).find((row) => row.case === "frame.layout-and-fit");

function best(rounds, body) {
  let fastest = Infinity;
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    body();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - start));
  }
  return fastest;
}

// A frame: the same screen, card and content as the native case, the card's y new every call.
const screen = { width: 402, height: 874, safeArea: { top: 62, bottom: 34 } };
const follower = cardmap.frames(screen, { y: 300 }, [151.2108, -33.8611, 151.2847, -33.8003]);
const output = new Float64Array(cardmap.CAMERA_LENGTH);
const frames = 200_000;
const frameNs = best(5, () => {
  for (let i = 0; i < frames; i++) follower.cameraNumbers(300 + (i & 255), output);
}) / frames;
follower.free();

// 10⁶ points in UTM zone 33's band, lon/lat degrees.
const count = 1_000_000;
const lons = new Float64Array(count), lats = new Float64Array(count);
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let i = 0; i < count; i++) {
  lons[i] = 12 + 6 * random();
  lats[i] = -70 + 150 * random();
}
const rows = [];
for (const [name, kind, zone, definition] of [
  ["WGS 84 → Web Mercator", "webmercator", 0, "EPSG:3857"],
  ["WGS 84 → UTM 33N", "utm", 33, "+proj=utm +zone=33 +datum=WGS84 +units=m +no_defs"],
]) {
  const x = new Float64Array(count), y = new Float64Array(count);
  const wasmNs = best(5, () => {
    x.set(lons);
    y.set(lats);
    cardmap.project(kind, x, y, { zone });
  }) / count;
  const transform = proj4("EPSG:4326", definition);
  const px = new Float64Array(count), py = new Float64Array(count);
  const proj4Ns = best(3, () => {
    for (let i = 0; i < count; i++) {
      const [a, b] = transform.forward([lons[i], lats[i]]);
      px[i] = a;
      py[i] = b;
    }
  }) / count;
  let worst = 0;
  for (let i = 0; i < count; i++) worst = Math.max(worst, Math.hypot(x[i] - px[i], y[i] - py[i]));
  rows.push([name, wasmNs, proj4Ns, worst]);
}

const bytes = readFileSync(wasmPath);
const fmt = (value, digits = 1) => value.toFixed(digits);
console.log("\nCardMap on the web (node " + process.versions.node + ", one thread)\n");
console.log("| case | wasm | anchor | ratio |");
console.log("|---|---|---|---|");
console.log(`| frame: layout + fit | ${fmt(frameNs, 0)} ns | native ${fmt(native.nsPerPoint ?? native.nsPerItem, 0)} ns | ` +
  `${fmt(frameNs / (native.nsPerPoint ?? native.nsPerItem), 2)}× native's time |`);
for (const [name, wasmNs, proj4Ns, worst] of rows) {
  console.log(`| ${name}, 10⁶ points | ${fmt(wasmNs, 2)} ns/point | proj4js ${fmt(proj4Ns, 1)} ns/point | ` +
    `${fmt(proj4Ns / wasmNs)}× proj4js (largest difference ${worst.toExponential(1)} m) |`);
}
const gzipped = gzipSync(bytes, { level: 9 }).length;
console.log(`| module | ${bytes.length} bytes | gzipped ${gzipped} bytes | ${fmt(gzipped / 1024, 0)} KB of 240 |`);
const cards = readFileSync(wasmPath.replace(/cardmap\.wasm$/, "cardmap-cards.wasm"));
const cardsGzipped = gzipSync(cards, { level: 9 }).length;
console.log(`| card controller's module | ${cards.length} bytes | gzipped ${cardsGzipped} bytes | ${fmt(cardsGzipped / 1024, 0)} KB of 200 |`);
