// Sydney's ferries over MapLibre: a list of routes; tap one and its card slides up with its stops
// while the map shows the route; tap a stop and a card of the route's wharves, one page each,
// comes up (the pages share one map manager: paging moves no camera). Close a card (✕ or Esc)
// and the one below comes back where it was.
import "cardmap/inline-cards";  // the card controller's engine, embedded: stacks, their cameras, GeoJSON's extent
import "cardmap/cards";

// The root card's content is the whole network: set now, before the cards start, it is fetched with them.
const cards = document.querySelector("cardmap-cards");
const root = cards.querySelector("cardmap-card");
root.geojson = "sydney-ferry-network.geojson";

const network = await (await fetch("sydney-ferry-network.geojson")).json();
const harbour = await (await fetch("sydney-harbour.geojson")).json();
const routes = network.features.filter((f) => f.geometry.type === "LineString");
const wharves = new Map(network.features.filter((f) => f.geometry.type === "Point").map((f) => [f.properties.name, f]));

// GSHHG's shoreline: land over water.
const map = new maplibregl.Map({
  container: "map",
  style: {
    version: 8,
    sources: { harbour: { type: "geojson", data: harbour, attribution: "Shoreline: GSHHG (LGPL)" } },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#a9cbe8" } },
      { id: "land", type: "fill", source: "harbour", filter: ["==", ["get", "kind"], "land"], paint: { "fill-color": "#f1efe6" } },
    ],
  },
  bounds: [151.15, -33.90, 151.32, -33.77],
});

cards.map = map;

/** A `<li role="option">` for each item. */
function options(list, items, label) {
  list.replaceChildren(...items.map((item) => {
    const option = document.createElement("li");
    option.setAttribute("role", "option");
    option.innerHTML = label(item);
    return option;
  }));
}

/** A card element: title, subtitle, content. */
function card(tag, id, title, subtitle, manager) {
  const element = document.createElement(tag);
  element.setAttribute("card-id", id);
  if (manager) element.setAttribute("manager", manager);
  element.innerHTML = `<h2 slot="title"></h2><span slot="subtitle" class="subtitle"></span>`;
  element.querySelector("h2").textContent = title;
  element.querySelector(".subtitle").textContent = subtitle;
  return element;
}

const collection = (features) => ({ type: "FeatureCollection", features });

options(root.querySelector("ul"), routes, (r) => `<b>${r.properties.route}</b> ${r.properties.stops.at(-1)}`);
root.querySelector(".wharves").replaceChildren(...[...wharves.values()].map((w) => {
  const item = document.createElement("li");
  item.innerHTML = `${w.properties.name} <small>${w.properties.routes.join(", ")}</small>`;
  return item;
}));

// The search field filters the wharves as one types, the routes hidden meanwhile (its focus brings up a
// phone's keyboard: the cards move the card to extended above it, and back when it goes).
const search = root.querySelector(".search");
search.addEventListener("input", () => {
  const words = search.value.trim().toLowerCase();
  root.querySelector('[role="listbox"]').hidden = words !== "";
  for (const item of root.querySelectorAll(".wharves li")) item.hidden = !item.textContent.toLowerCase().includes(words);
});

/** A route's card: its stops as a list, its line and wharves on the map. */
function routeCard(route) {
  const { route: id, stops } = route.properties;
  const element = card("cardmap-card", id, route.properties.name, `${stops.length} stops`, id);
  const list = document.createElement("ul");
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Stops");
  list.tabIndex = 0;
  options(list, stops, (name) => name);
  element.append(list);
  element.geojson = collection([route, ...stops.map((name) => wharves.get(name))]);
  return element;
}

/** The route's wharves as pages: each shows the wharf's routes; all share the route's wharves' manager. */
function wharfPages(route) {
  const { route: id, stops } = route.properties;
  const pages = card("cardmap-pages", `${id}-wharves`, "", "", null);
  pages.querySelector("h2").remove();
  pages.querySelector(".subtitle").remove();
  const header = document.createElement("span");
  header.slot = "header";
  header.textContent = `${id} wharves`;
  pages.append(header);
  const content = collection([route, ...stops.map((name) => wharves.get(name))]);
  for (const name of stops) {
    const wharf = wharves.get(name);
    const page = card("cardmap-card", `${id}-${name}`, name, `Wharf · ${wharf.properties.routes.join(", ")}`, `${id}-wharves`);
    const about = document.createElement("p");
    about.className = "about";
    about.textContent = `Ferries from ${name}: ${wharf.properties.routes.map((r) => routes.find((x) => x.properties.route === r).properties.name).join("; ")}.`;
    page.append(about);
    page.geojson = content;
    pages.append(page);
  }
  return pages;
}

/** About the app: a card without map content (always extended; the map keeps the card below's camera). */
function aboutCard() {
  const element = card("cardmap-card", "about", "About", "Sydney ferries", null);
  element.setAttribute("no-map-content", "");
  const text = document.createElement("p");
  text.className = "about";
  text.textContent = "Routes and wharves of Sydney Ferries from Circular Quay. Shoreline: GSHHG; wharves: OpenStreetMap.";
  element.append(text);
  return element;
}
root.querySelector(".about-button").addEventListener("click", () => cards.push(aboutCard()));

// A row chosen (a tap, Enter or Space): the next card.
cards.addEventListener("cardselect", async (event) => {
  const top = cards.top;
  const index = event.detail.index;
  if (top === root) await cards.push(routeCard(routes[index]));
  else if (top.tagName === "CARDMAP-CARD" && routes.some((r) => r.properties.route === top.cardId)) {
    const pages = wharfPages(routes.find((r) => r.properties.route === top.cardId));
    await cards.push(pages);
    if (index > 0) pages.page = index;
  }
});

window.ferries = { map, cards, routes, wharves };
