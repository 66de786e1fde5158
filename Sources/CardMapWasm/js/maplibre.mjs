// cardmap/maplibre: CardMap's cameras on a MapLibre GL JS map: the focus form, whose padding is the
// card's insets, so that MapLibre keeps the content in what the card leaves visible (with bearing,
// pitch and the globe); a control that keeps a sheet's or an overlay's camera; MapLibre's own fits
// answered exactly; max bounds that hold on the globe too.
//
//   import { jumpTo, follow, cameraForBounds } from "cardmap/maplibre";
//   jumpTo(map, cardmap.fit(screen, card, bounds).camera);
//   const drag = follow(map, { screen, bounds });   // then drag(y) at every pointer move
//   map.easeTo(cameraForBounds(map, bounds, { padding: { bottom: 400 }, pitch: 50 }));  // no card
export { constrainToBounds } from "./maps/maplibre/bounds.mjs";
export { easeTo, jumpTo, maplibreCamera } from "./maps/maplibre/camera.mjs";
export { CardMapControl, follow } from "./maps/maplibre/control.mjs";
export { boxOf, cameraForBounds, fitBounds, fitForBounds } from "./maps/maplibre/fit.mjs";
