// The page `cardmap page` writes (Sources/cardmap/HTML/PageTemplate.swift holds its HTML and CSS):
// a device frame with a MapLibre GL JS map under the package's card controller, `<cardmap-cards>`
// with one card, on the device's screen: its drags, snaps, springs, taps, keys and scroll hand-off
// are the element's, every decision the engine's. The page adds what it shows besides: the card's
// content and the map buttons' glyphs, the visible rect, the info view, the camera modes (the
// content fitted, a point held steady, the selection kept clear) and the markers under the card,
// each frame the card moves from the engine's fit for that frame's card. `cardmap page` inlines
// this module after the package's modules it imports (make wasm joins them into
// cardmap-page.mjs) and calls `startPage(window.CARDMAP)`; `make web` type-checks it with the
// package's other modules.
import { load } from "../engine/load.mjs";
import { maplibreCamera, showCamera } from "../maps/maplibre/camera.mjs";
import { place } from "../elements/base.mjs";
import { CardMapCard } from "../elements/cards/card.mjs";
import { CardMapCards } from "../elements/cards/cards.mjs";

/** What a layout's card shows that the page's card takes: the stack keeps them as it moves the card. */
const LOOK = ["titleHeight", "topButtons", "bottomButtons", "verticalBarActions", "floatingItems", "floatingAlignment",
  "compass", "userTracking", "bearing", "infoView", "contentHeight"];

/** The page's card: pushed as the page describes it (`described`), not as its children would. */
class PageCard extends CardMapCard {
  engineCard() { return /** @type {any} */ (this).described; }
}

/** The page's controller: on the device's screen (`device`, the profile's), not the window's. */
class PageCards extends CardMapCards {
  screen() { return /** @type {any} */ (this).device; }
}

/**
 * Runs the page on the data `cardmap page` wrote into the element `#data` (the screen, the card, the
 * content and its bounds, the fit options, the camera modes' anchor and selection, the card's
 * content and controls, the land), with `hooks`: whether to add the tests' hook
 * (`window.cardmapTest`) and what to call when it is ready.
 *
 * @param {any} hooks
 */
export async function startPage(hooks) {
  const $ = (id) => document.getElementById(id);
  // What an inlined element holds: base64, gzipped where it says so (the browser's
  // DecompressionStream opens it).
  async function opened(element) {
    const bytes = Uint8Array.from(atob(element.textContent.trim()), (c) => c.charCodeAt(0));
    if (element.dataset.gzip !== "true") return bytes;
    const stream = new Blob([bytes]).stream().pipeThrough(new (/** @type {any} */ (globalThis).DecompressionStream)("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  // The page's data (the screen, card, content, options and camera modes) and its test hook.
  const D = {...JSON.parse(new TextDecoder().decode(await opened($("data")))), ...hooks};
  /** Whether the panel's checkbox `id` is checked. */
  const checked = (id) => /** @type {HTMLInputElement} */ ($(id)).checked;
  const device = $("device");
  device.style.width = D.screen.width + "px";
  device.style.height = D.screen.height + "px";
  // Without MapLibre GL JS (no network for the default URL, a wrong --maplibre) the page says so
  // and still shows the card, its content and its controls.
  function fail(text) {
    $("message").hidden = false;
    $("message").textContent = text;
  }
  let engine;
  try {
    engine = await load(await opened($("engine")));
  } catch (error) {
    fail("The CardMap engine did not load: " + error.message);
    throw error;
  }
  // A compact ring: [lon₀, lat₀, Δlon₁, Δlat₁, …] in whole 1/`scale` degrees, each point a step from the last.
  const ring = (steps, scale) => {
    const points = [];
    for (let i = 0, x = 0, y = 0; i < steps.length; i += 2) points.push([(x += steps[i]) / scale, (y += steps[i + 1]) / scale]);
    return points;
  };
  // The countries' land, in whole hundredths of a degree.
  const land = {type: "MultiPolygon", coordinates: D.land.map((polygon) => polygon.map((r) => ring(r, 100)))};
  // Sydney Harbour's land and water, [kind, ring, …], in whole 1e-5 degrees.
  const harbour = {type: "FeatureCollection", features: (D.harbour || []).map(([kind, ...rings]) => ({type: "Feature",
    properties: {kind}, geometry: {type: "Polygon", coordinates: rings.map((r) => ring(r, 1e5))}}))};
  /** @type {any} */
  const style = {version: 8, sources: {
    land: {type: "geojson", data: land},
    harbour: D.harbour ? {type: "geojson", data: harbour, attribution: "Shoreline: GSHHG"} : {type: "geojson", data: harbour},
    content: {type: "geojson", data: D.content ? JSON.parse(D.content) : {type: "FeatureCollection", features: []}},
  }, layers: [
    {id: "water", type: "background", paint: {"background-color": "#cfe3f2"}},
    {id: "land", type: "fill", source: "land", paint: {"fill-color": "#f4f1e8"}},
    {id: "borders", type: "line", source: "land", paint: {"line-color": "#b8ab93", "line-width": 0.8}},
    // Sydney Harbour's shoreline (GSHHG) over the countries' land, where the content reaches it.
    {id: "harbour-water", type: "fill", source: "harbour", filter: ["==", ["get", "kind"], "water"], paint: {"fill-color": "#cfe3f2"}},
    {id: "harbour-land", type: "fill", source: "harbour", filter: ["==", ["get", "kind"], "land"],
     paint: {"fill-color": "#f4f1e8", "fill-outline-color": "#b8ab93"}},
    {id: "areas", type: "fill", source: "content", filter: ["==", "$type", "Polygon"],
     paint: {"fill-color": "#74c0fc", "fill-opacity": 0.35}},
    {id: "lines-casing", type: "line", source: "content", layout: {"line-join": "round", "line-cap": "round"},
     paint: {"line-color": "#ffffff", "line-width": 7}},
    {id: "lines", type: "line", source: "content", layout: {"line-join": "round", "line-cap": "round"},
     paint: {"line-color": "#1864ab", "line-width": 4}},
    {id: "points", type: "circle", source: "content", filter: ["==", ["geometry-type"], "Point"],
     paint: {"circle-color": "#c2255c", "circle-radius": 6, "circle-stroke-color": "#fff", "circle-stroke-width": 2}},
    {id: "points-covered", type: "circle", source: "content", filter: ["==", ["geometry-type"], "Point"],
     layout: {visibility: "none"}, paint: {"circle-color": "#c2255c", "circle-radius": 5, "circle-opacity": 0.2}},
  ]};
  if (D.options.projection === "globe") style.projection = {type: "globe"};
  if (D.options.maxBounds) {
    const [w, s, e, n] = D.options.maxBounds, east = e >= w ? e : e + 360;
    style.sources.bounds = {type: "geojson", data: {type: "LineString",
      coordinates: [[w, s], [east, s], [east, n], [w, n], [w, s]]}};
    style.layers.push({id: "bounds", type: "line", source: "bounds",
      paint: {"line-color": "#e8590c", "line-width": 2, "line-dasharray": [2, 2]}});
  }
  let map = null;
  const page = /** @type {any} */ (window);
  const maplibregl = page.maplibregl;
  if (!maplibregl) {
    const src = document.querySelector("script[src]").getAttribute("src");
    fail("MapLibre GL JS did not load from " + (src.startsWith("data:") ? "the page" : src) + ". Open the page "
      + "with a network, or make it with --maplibre and the path of a local copy of maplibre-gl.js.");
  } else {
    try {
      map = new maplibregl.Map({container: "map", style, attributionControl: false, interactive: false,
        fadeDuration: 0, renderWorldCopies: true, minZoom: -2, maxZoom: 24, maxPitch: 85});
    } catch (error) { fail("MapLibre GL JS could not draw the map: " + error.message); }
  }
  // The card: the package's controller with one card, on the device's screen, described as the page's
  // card is (its look, its map content). A page made with `y` starts where a release there at rest
  // settles (the engine's snap).
  if (!customElements.get("cardmap-page-card")) customElements.define("cardmap-page-card", PageCard);
  if (!customElements.get("cardmap-page-cards")) customElements.define("cardmap-page-cards", PageCards);
  const cards = /** @type {any} */ (document.createElement("cardmap-page-cards"));
  cards.id = "cards";
  cards.cardmap = engine;
  cards.device = D.screen;
  const card = /** @type {any} */ (document.createElement("cardmap-page-card"));
  const look = Object.fromEntries(LOOK.filter((name) => D.card[name] !== undefined).map((name) => [name, D.card[name]]));
  card.described = {id: "page", ...look, ...(D.card.position ? {position: D.card.position} : {}),
    ...(D.card.hasMapContent === false ? {} : {mapManager: "page"})};
  // The card's content and the buttons' glyphs, as `cardmap render` draws them.
  card.innerHTML = '<div slot="title" class="title"></div><div slot="subtitle" class="subtitle"></div><ul></ul>';
  card.querySelector(".title").textContent = D.cardContent.title;
  const list = card.querySelector("ul");
  for (const row of D.cardContent.rows) {
    const item = document.createElement("li");
    item.innerHTML = D.cardContent.icons[row.kind] + "<div><b></b><small></small></div>";
    item.querySelector("b").textContent = row.name;
    item.querySelector("small").textContent = row.detail;
    list.appendChild(item);
  }
  // The map buttons in their toolbars (the top one the card's `buttons`; the bottom one, or the
  // floating buttons where the layout has them instead, its `toolbar`), each where the layout puts it.
  const glyph = (markup, slot, className) => {
    card.insertAdjacentHTML("beforeend", markup);
    const element = /** @type {HTMLElement} */ (card.lastElementChild);
    element.setAttribute("slot", slot);
    element.classList.add(className);
    return element;
  };
  const floating = D.controls.floating.map((markup) => glyph(markup, "toolbar", "floating"));
  for (const button of D.controls.toolbarItems) {
    if (button.toolbar === "bottom" && floating.length) continue;
    const element = glyph(button.glyph, button.toolbar === "top" ? "buttons" : "toolbar", "button");
    Object.assign(element.style, {left: button.x + "px", top: button.y + "px"});
  }
  cards.append(card);
  $("device").insertBefore(cards, $("message"));
  $("info").textContent = D.content ? "Showing " + D.cardContent.title : "Nothing on the map";
  // The card as the engine's layout and fit take it: its look, and where it is (`from`: where it
  // starts; `fitCard`: settled at a position, or at a y between).
  const laidOut = {...look, hasMapContent: D.card.hasMapContent !== false};
  const from = D.card.y === undefined ? {position: D.card.position} : {y: D.card.y};
  const fitCard = (layout) => ({...laidOut,
    ...(layout.positions && layout.positions[layout.position] === layout.card.y ? {position: layout.position} : {y: layout.card.y})});
  // The camera modes: the steady focus holds the anchor (the start fit's focus unless given)
  // where the start fit shows it; the selection's callout kept clear.
  let anchor = D.anchor;
  if (D.bounds && !anchor) {
    try { anchor = engine.fit(D.screen, {...laidOut, ...from}, D.bounds, D.options).camera.focus; } catch (error) { anchor = null; }
  }
  const optionsOf = {fit: D.options, steady: {...D.options, steady: {from, anchor}},
    clear: {...D.options, select: D.selection, callout: D.callout}};
  const modes = {fit: "fit the content"};
  if (D.bounds && anchor) modes.steady = "hold a point steady";
  if (D.bounds && D.selection) modes.clear = "keep the selection clear";
  Object.entries(modes).slice(1).forEach(([value, label]) => {
    $("modes").insertAdjacentHTML("beforeend",
      '<label><input type="radio" name="mode" value="' + value + '"> ' + label + '</label>');
  });
  let mode = "fit";
  // What the page shows for the card's layout: the engine's cameras for the content.
  function frameFor(layout) {
    const frame = {...layout, camera: null, steady: null, clear: null, exclusions: null};
    if (!D.bounds) return frame;
    // A mode that gives no camera (its reason in the answer) leaves the content's camera.
    const options = {...optionsOf[mode], exclusions: checked("hide-covered")};
    try {
      const fit = engine.fit(D.screen, fitCard(layout), D.bounds, options);
      const selected = fit.selection && fit.selection.camera ? fit.selection : null;
      Object.assign(frame, {camera: fit.camera, steady: fit.steady ? fit.steady.camera : null, clear: selected,
        exclusions: fit.exclusions ? fit.exclusions.geojson : null});
    } catch (error) { return frame; }  // no camera for this card (the content cannot fit): the map stays
    return frame;
  }
  function cameraOf(frame) {
    if (mode === "steady" && frame.steady) return frame.steady;
    if (mode === "clear" && frame.clear) return frame.clear.camera;
    return frame.camera;
  }
  // Markers under the card and controls: hidden (dimmed) with the engine's exclusion polygon.
  let styleReady = false;
  const styleLoaded = map ? new Promise((resolve) => map.once("load", () => { styleReady = true; resolve(); }))
    : Promise.resolve();
  function applyExclusions(frame) {
    if (!styleReady) return;
    const zones = frame.exclusions;
    const hide = zones && zones.geometry.coordinates.length;
    const point = ["==", ["geometry-type"], "Point"];
    map.setFilter("points", hide ? ["all", point, ["!", ["within", zones]]] : point);
    map.setFilter("points-covered", hide ? ["all", point, ["within", zones]] : point);
    map.setLayoutProperty("points-covered", "visibility", hide ? "visible" : "none");
  }
  let current = null;
  // What the page shows besides the card (which the controller shows): the map and its camera in the
  // card's frame, the visible rect, the info view, the floating buttons' places, the callout.
  function show(frame) {
    current = frame;
    place($("visible"), checked("show-visible") ? frame.visibleRect : null);
    place($("info"), frame.infoView);
    $("info").style.opacity = frame.buttons.alpha;
    card.classList.toggle("has-floating", Boolean(frame.floatingToolbar));
    const row = frame.floatingToolbar;
    floating.forEach((element, index) => {
      const item = frame.floatingItems[index];
      element.style.left = row && item ? item.x - row.x + "px" : "0";
    });
    const camera = cameraOf(frame);
    // Rendered now, in the card's frame (MapLibre would draw it in the next one).
    if (camera && map) showCamera(map, maplibreCamera(camera), () => current && show(current));
    place($("callout"), mode === "clear" && frame.clear ? frame.clear.callout : null);
    if (mode === "steady" && anchor && map) {
      const p = map.project(anchor);
      $("anchor").hidden = false;
      Object.assign($("anchor").style, {left: p.x + "px", top: p.y + "px"});
    } else { $("anchor").hidden = true; }
    applyExclusions(frame);
  }
  // The card's layout shown: the map, and what the card's subtitle and the panel say of it; in each
  // frame the card moves (the controller's animation frame), where it settles, and when an option
  // of the panel changes.
  function showCard(layout) {
    const frame = frameFor(layout);
    show(frame);
    card.querySelector(".subtitle").textContent = frame.presentation + " · " + frame.position;
    const camera = cameraOf(frame);
    $("state").textContent = frame.position + (camera ? " · zoom " + camera.zoom.toFixed(2) : "");
  }
  cards.addEventListener("cardmove", (event) => showCard(event.detail.layout));
  // A camera set before the style loaded (the globe's projection comes with the style) is set again.
  styleLoaded.then(() => { if (current) show(current); });
  const refresh = () => { if (cards.layout) showCard(cards.layout); };
  $("modes").addEventListener("change", (event) => { mode = /** @type {HTMLInputElement} */ (event.target).value; refresh(); });
  $("hide-covered").addEventListener("change", refresh);
  $("show-visible").addEventListener("change", refresh);
  await cards.ready;
  if (D.card.y !== undefined) await cards.release(D.card.y, 0, false);
  /** The card's last release: its top, samples (seconds, top), and the engine's snap. */
  const lastRelease = () => {
    const step = cards.history.filter((s) => s.event.event === "drag").pop();
    return step ? {y: step.event.y, samples: step.event.samples, position: step.answer.snap.position,
      duration: step.answer.snap.duration} : null;
  };
  // A hook for tests: the map for the card at y in a camera mode; a release at y and velocity,
  // settled at once; what the map then holds.
  if (D.testHook) page.cardmapTest = {
    get lastRelease() { return lastRelease(); },
    loaded: styleLoaded,
    // The card dragged to y in a camera mode: where the anchor and the selection then show.
    frame(y, name) {
      mode = name;
      show(frameFor(engine.layout(D.screen, {...laidOut, y})));
      const at = (lngLat) => { if (!lngLat) return null; const p = map.project(lngLat); return [p.x, p.y]; };
      return {padding: map.getPadding(), visibleRect: current.visibleRect, anchor: at(anchor),
        selection: at(D.selection), callout: current.clear ? current.clear.callout : null,
        covered: styleReady ? JSON.stringify(map.getFilter("points")).includes("within") : null};
    },
    center() { const c = map.getCenter(); return [c.lng, c.lat]; },
    projection() { const p = map.getProjection && map.getProjection(); return p ? p.type : "mercator"; },
    async drag(y, velocity) {
      const answer = await cards.release(y, velocity, false);
      const center = map.getCenter();
      return {position: answer.snap.position, padding: map.getPadding(), center: [center.lng, center.lat],
        zoom: map.getZoom(), bearing: map.getBearing(), card: cards.layout.card};
    },
  };
  if (D.testHook) D.ready(page.cardmapTest);
}
