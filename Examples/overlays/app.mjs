// The other seeds' cards over MapLibre, on Sydney's ferries: a toast that a finger swipes away, an
// alert that keeps focus until answered, a deck of wharves swiped left and right, and the routes as
// expanding cards. A map control follows the card shown: the map keeps its content in what the card
// leaves visible, in the same frame as the card.
import { load } from "cardmap/inline";
import { CardMapControl } from "cardmap/maplibre";
import "cardmap/modal";
import "cardmap/deck";
import "cardmap/expanding";

const cardmap = await load();
const network = await (await fetch("sydney-ferry-network.geojson")).json();
const harbour = await (await fetch("sydney-harbour.geojson")).json();
const routes = network.features.filter((f) => f.geometry.type === "LineString");
const wharves = network.features.filter((f) => f.geometry.type === "Point");
const collection = (features) => ({ type: "FeatureCollection", features });

const map = new maplibregl.Map({
  container: "map",
  style: {
    version: 8,
    sources: {
      harbour: { type: "geojson", data: harbour, attribution: "Shoreline: GSHHG (LGPL)" },
      network: { type: "geojson", data: network },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#a9cbe8" } },
      { id: "land", type: "fill", source: "harbour", filter: ["==", ["get", "kind"], "land"], paint: { "fill-color": "#f1efe6" } },
      { id: "routes", type: "line", source: "network", filter: ["==", ["geometry-type"], "LineString"],
        paint: { "line-color": "#0a84ff", "line-width": 3 } },
      { id: "wharves", type: "circle", source: "network", filter: ["==", ["geometry-type"], "Point"],
        paint: { "circle-radius": 5, "circle-color": "#fff", "circle-stroke-color": "#0a84ff", "circle-stroke-width": 2 } },
    ],
  },
  bounds: [151.15, -33.90, 151.32, -33.77],
});

// The cards: a deck of wharves, the routes as expanding cards.
const deck = document.getElementById("deck");
for (const wharf of wharves) {
  const card = document.createElement("article");
  card.className = "wharf";
  card.innerHTML = `<h2></h2><p></p>`;
  card.querySelector("h2").textContent = wharf.properties.name;
  card.querySelector("p").textContent = "Routes " + wharf.properties.routes.join(", ");
  deck.append(card);
}
const list = document.getElementById("routes");
for (const route of routes) {
  const card = document.createElement("article");
  card.className = "route";
  card.innerHTML = `<h2><b></b> <span></span></h2><p></p><ol></ol>`;
  const [code, ...name] = route.properties.name.split(" ");
  card.querySelector("b").textContent = code;
  card.querySelector("span").textContent = name.join(" ");
  card.querySelector("p").textContent = route.properties.stops.length + " wharves";
  for (const stop of route.properties.stops) card.querySelector("ol").append(Object.assign(document.createElement("li"), { textContent: stop }));
  list.append(card);
}

// One map control at a time, following the card shown, with the content that card is about.
let control = null;
function follow(overlay, geojson) {
  if (control) map.removeControl(control);
  control = new CardMapControl(cardmap, { overlay, geojson });
  map.addControl(control);
}

const toast = document.getElementById("toast");
const alert = document.getElementById("alert");
document.getElementById("stay").addEventListener("click", () => alert.dismiss());
document.getElementById("leave").addEventListener("click", () => alert.dismiss());
// The map shows the open route, or the whole network when none is open.
list.addEventListener("cardselectionchange", (event) => {
  const index = event.detail.index;
  control.setContent({ geojson: index === null ? network : routes[index] });
});

/** Shows the card the page's address names (`#toast`, `#alert`, `#deck`, `#routes`). */
async function show() {
  const mode = location.hash.slice(1) || "toast";
  for (const link of document.querySelectorAll("nav a")) {
    if (link.hash === "#" + mode) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  deck.hidden = mode !== "deck";
  list.hidden = mode !== "routes";
  for (const modal of [toast, alert]) if (modal.id !== mode && modal.open) await modal.dismiss();
  if (mode === "toast") {
    follow(toast, routes[0]);
    await toast.show();
  } else if (mode === "alert") {
    follow(alert, network);
    await alert.show();
  } else if (mode === "deck") {
    follow(deck, network);
  } else {
    follow(list, list.selection === null ? network : routes[list.selection]);
  }
}

window.addEventListener("hashchange", show);
map.on("load", show);
window.gallery = { cardmap, map, toast, alert, deck, list, routes, network, control: () => control };
