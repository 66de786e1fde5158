// A card's map content on a MapLibre GL JS map: its manager's GeoJSON as a source with its layers.

/** The ids of a manager's source and layers on the map. */
function ids(manager) {
  const base = `cardmap-${manager}`;
  return { source: base, layers: ["fill", "line", "circle", "symbol"].map((kind) => `${base}-${kind}`) };
}

/**
 * A manager's content on `map`: a GeoJSON source and its layers (polygons filled, lines and
 * outlines stroked, points as dots, names as labels where the style has glyphs).
 */
export function addContent(map, manager, geojson) {
  if (!map) return;
  const { source, layers } = ids(manager);
  if (map.getSource(source)) {
    map.getSource(source).setData(geojson);
    return;
  }
  const color = "#0a84ff";
  map.addSource(source, { type: "geojson", data: geojson });
  map.addLayer({ id: layers[0], type: "fill", source, filter: ["==", ["geometry-type"], "Polygon"],
    paint: { "fill-color": color, "fill-opacity": 0.15 } });
  map.addLayer({ id: layers[1], type: "line", source, filter: ["!=", ["geometry-type"], "Point"],
    paint: { "line-color": color, "line-width": 4 }, layout: { "line-cap": "round", "line-join": "round" } });
  map.addLayer({ id: layers[2], type: "circle", source, filter: ["==", ["geometry-type"], "Point"],
    paint: { "circle-radius": 6, "circle-color": "#fff", "circle-stroke-color": color, "circle-stroke-width": 2 } });
  if (map.getStyle().glyphs) {
    map.addLayer({ id: layers[3], type: "symbol", source, filter: ["==", ["geometry-type"], "Point"],
      layout: { "text-field": ["get", "name"], "text-offset": [0, 1.2], "text-anchor": "top", "text-size": 12 },
      paint: { "text-color": "#1c1c1e", "text-halo-color": "#fff", "text-halo-width": 1.5 } });
  }
}

/** A manager's source and layers taken off `map`. */
export function removeContent(map, manager) {
  if (!map) return;
  const { source, layers } = ids(manager);
  for (const layer of layers) if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(source)) map.removeSource(source);
}
