// The README's example in TypeScript: type-checked by `make web` (tsc --strict) against cardmap.d.mts.
import { load, CardMapError, type Camera, type Screen } from "../../Sources/CardMapWasm/js/cardmap.mjs";
import { follow, jumpTo, type MapLibreMap } from "../../Sources/CardMapWasm/js/maplibre.mjs";
import { leafletView } from "../../Sources/CardMapWasm/js/leaflet.mjs";

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

// A map client as the adapters see it (in a page: `new maplibregl.Map(...)`).
declare const map: MapLibreMap;
const ferries: [number, number, number, number] = [151.2108, -33.8611, 151.2847, -33.8003];
if (typeof map !== "undefined") {
  jumpTo(map, camera);
  const drag = follow(map, cardmap, phone, { position: "peaking" }, ferries);
  drag(300);
}
console.log(leafletView(camera).zoom === camera.zoom256);

