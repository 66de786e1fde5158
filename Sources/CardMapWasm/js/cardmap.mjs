// CardMap in JavaScript: the engine's WebAssembly (`make wasm`) behind a small API, for browsers
// and node, with no dependencies. Every answer is the native engine's, computed by the same Swift,
// and has the `cardmap` command's JSON shape, member for member.
//
//   import { load } from "./cardmap.mjs";
//   const cardmap = await load();                       // cardmap.wasm beside this module
//   const screen = { width: 402, height: 874, safeArea: { top: 62, bottom: 34 } };
//   const { camera } = cardmap.fit(screen, { position: "peaking" }, [151.2108, -33.8611, 151.2847, -33.8003]);
//   jumpTo(map, camera);                                 // cardmap/maplibre: its padding the card's insets
//
// Every input is checked by the engine as the command line checks its own: a member of the wrong
// type, shape or range, an unknown one, NaN or undefined where a number belongs is a CardMapError
// naming its path (`options.select[1]: expected a latitude within ±90, found undefined`). Nothing is
// coerced. Per frame (a drag), `frames()` passes numbers through a typed array: write the request
// once, then ask for the camera at each `y`.
//
// The package's JavaScript is in layers, each a folder, each importing only from those below it:
// engine/ (loading, handles, JSON for the engine, input checks), maps/ (the MapLibre and Leaflet
// adapters, the cameras that follow an element, the frame they are drawn in), elements/ (one folder
// per element over a shared base and gesture), page/ (the page `cardmap page` writes). This file and
// the others beside it are the package's entry points (`cardmap`, `cardmap/maplibre`, …).
export { CardMap } from "./engine/cardmap.mjs";
export { CardMapError } from "./engine/errors.mjs";
export { BoundsKeeper, CardStack, Frames } from "./engine/handles.mjs";
export { defaultSource, load, loaded } from "./engine/load.mjs";
export { CONTROL_MARGIN, OverlayCameras, SheetCameras, contentBounds } from "./maps/cameras.mjs";
