// The README's example in TypeScript: type-checked by `make web` (tsc --strict) against cardmap.d.mts.
import { load, CardMapError, type Camera, type Screen, type StackAnswer } from "../../Sources/CardMapWasm/js/cardmap.mjs";
import { cameraForBounds, fitBounds, follow, jumpTo, type MapLibreView } from "../../Sources/CardMapWasm/js/maplibre.mjs";
import { leafletView } from "../../Sources/CardMapWasm/js/leaflet.mjs";

declare const process: { argv: string[] };  // node's, without @types/node

const cardmap = await load(process.argv[2] ?? ".build/wasm/cardmap.wasm");
const phone: Screen = { width: 402, height: 874, safeArea: { top: 62, bottom: 34 } };
const layout = cardmap.layout(phone, { position: "peaking" });
const { camera }: { camera: Camera } = cardmap.fit(phone, { position: "peaking" }, [151.2108, -33.8611, 151.2847, -33.8003]);
console.log(layout.presentation, layout.mapInsets.bottom, layout.buttons.alpha, camera.focus, camera.zoom.toFixed(3));
try {
  cardmap.fit({ width: 402, height: 874, safeArea: { top: 900 } }, {}, [0, 0, 1, 1]);
} catch (error) {
  if (error instanceof CardMapError) console.log("refused:", error.message);
}

// A map client as the adapters see it (in a page: `new maplibregl.Map(...)`).
declare const map: MapLibreView;
const ferries: [number, number, number, number] = [151.2108, -33.8611, 151.2847, -33.8003];
if (typeof map !== "undefined") {
  jumpTo(map, camera);
  const drag = follow(map, { cardmap, screen: phone, card: { position: "peaking" }, bounds: ferries });
  drag(300);
  drag.free();
  // No card: MapLibre's fit with a sheet's padding, exact with pitch.
  map.jumpTo(cameraForBounds(map, ferries, { padding: { bottom: 480 }, pitch: 50, cardmap }));
  fitBounds(map, [[151.2108, -33.8611], [151.2847, -33.8003]], { padding: 40, duration: 300 });
}
const noCard = cardmap.fitView({ width: 1024, height: 768 }, ferries, { padding: { bottom: 480 }, bearing: 30 });
console.log(noCard.camera.zoom.toFixed(3), noCard.camera.cut.length);
console.log(leafletView(camera).zoom === camera.zoom256);

// The camera modes, a release and what the card covers.
const modes = cardmap.fit(phone, { position: "collapsed" }, ferries, {
  steady: { from: { position: "peaking" }, anchor: [151.2153, -33.8568] }, select: [151.2108, -33.8568],
  callout: { width: 200, height: 70 }, maxBounds: [150, -35, 152, -33], exclusions: true,
});
const held: Camera | null = modes.steady ? modes.steady.camera : null;
const callout = modes.selection && modes.selection.camera ? modes.selection.callout.width : 0;
const release = cardmap.release(phone, { y: 300 }, -800, 0.1);
const zones = modes.exclusions && modes.exclusions.geojson ? modes.exclusions.geojson.properties.kinds.length : 0;
console.log(held ? held.zoom.toFixed(3) : null, callout, release.snap.position, release.y.toFixed(1), zones);

// A card stack, driven as `cardmap replay` is, and a drag's cameras through numbers.
const stack = cardmap.stack(phone);
const pushed: StackAnswer = stack.apply({ event: "push", card: { id: "A", mapManager: "m", bbox: ferries } });
const numbers = stack.cameraNumbers(300, new Float64Array(cardmap.CAMERA_LENGTH));
const released = stack.apply('{"event": "drag", "y": 300, "velocity": -800}');
console.log(pushed.position, numbers[cardmap.CAMERA.zoom], released.snap ? released.snap.position : null, released.appearance.length);
stack.free();

// The other card systems: a toast swiped 40 pt and let go, a deck's top card dragged, an open card dragged down.
const toast = cardmap.modal(phone, { preset: "toast", content: { height: 60 }, translation: 40, velocity: 300 });
const deck = cardmap.deck(phone, { count: 4, directions: "four", translation: [140, -10] });
const list = cardmap.expanding(phone, { count: 3, selected: 1, drag: 30, velocity: 200 });
console.log(toast.card.y, toast.dismisses, toast.show.duration, deck.swipe.direction, deck.cards.length,
  list.frames[1].y, list.closes, list.mapInsets.top);
