// The README's example in TypeScript: type-checked by `make web` (tsc --strict) against cardmap.d.mts.
import { load, CardMapError, type Camera, type Screen } from "../../Sources/CardMapWasm/js/cardmap.mjs";

declare const process: { argv: string[] };  // node's, without @types/node

const cardmap = await load(process.argv[2] ?? ".build/wasm/cardmap.wasm");
const phone: Screen = { width: 402, height: 874, safeArea: { top: 62, bottom: 34 } };
const layout = cardmap.layout(phone, { position: "peaking" });
const { camera }: { camera: Camera } = cardmap.fit(phone, { position: "peaking" }, [151.2108, -33.8611, 151.2847, -33.8003]);
console.log(layout.presentation, layout.mapInsets.bottom, camera.focus, camera.zoom.toFixed(3));
try {
  cardmap.fit({ width: 402, height: 874, safeArea: { top: 900 } }, {}, [0, 0, 1, 1]);
} catch (error) {
  if (error instanceof CardMapError) console.log("refused:", error.message);
}
