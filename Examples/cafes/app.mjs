// Five cafés in Paris: a list of them; tap one and its card slides up while the map shows that one
// café at a street's zoom. Written from "A card controller over MapLibre" alone.
import "cardmap/inline-cards";
import "cardmap/cards";

const cards = document.querySelector("cardmap-cards");
const root = cards.querySelector("cardmap-card");
root.geojson = "cafes.geojson";

cards.map = new maplibregl.Map({
  container: "map",
  style: { version: 8, sources: {}, layers: [{ id: "land", type: "background", paint: { "background-color": "#f1efe6" } }] },
  attributionControl: { customAttribution: "Cafés: the CardMap example" },
  center: [2.335, 48.86],
  zoom: 13,
});

// A file that fails leaves the root card with its title and list, and no dots (an `error` event says why).
cards.addEventListener("error", (event) => console.warn(event.message));
await cards.ready;
const cafes = new Map((root.content ? root.content.geojson.features : []).map((cafe) => [cafe.properties.id, cafe]));

/** A café's card, by its id: its name, its address, and the café alone as the map's content. */
function cafeCard(id) {
  const cafe = cafes.get(id);
  const card = document.createElement("cardmap-card");
  card.setAttribute("card-id", id);
  card.innerHTML = `<h2 slot="title"></h2><p></p>`;
  card.querySelector("h2").textContent = root.querySelector(`[data-id="${id}"]`).textContent;
  card.querySelector("p").textContent = cafe ? cafe.properties.address : "";
  if (cafe) card.geojson = { type: "FeatureCollection", features: [cafe] };
  return card;
}

cards.addEventListener("cardselect", (event) => {
  const option = root.querySelectorAll('[role="option"]')[event.detail.index];
  if (cards.top === root && option) cards.push(cafeCard(option.dataset.id));
});

// The browser's back pops a café's card, forward and a reload bring it back, made again here.
cards.makeCard = cafeCard;

window.cafes = { cards, cafeCard };
