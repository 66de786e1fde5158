// cardmap/leaflet: CardMap's cameras on a Leaflet 1.9 map (the centre form, at Leaflet's zoom), and
// a control that keeps a sheet's camera.
//
//   import { setView } from "cardmap/leaflet";
//   setView(map, cardmap.fit(screen, card, bounds).camera);
export { CardMapLeafletControl, leafletView, setView } from "./maps/leaflet.mjs";
