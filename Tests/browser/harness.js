// Sets every scenario's camera on MapLibre GL JS, both ways, and measures with map.project.
// Reads window.SCENARIOS; writes the results as JSON into <pre id="results">.
"use strict";

function run() {
  const container = document.getElementById("map");
  const map = new maplibregl.Map({
    container, style: {version: 8, sources: {}, layers: []}, attributionControl: false, fadeDuration: 0,
    renderWorldCopies: true, minZoom: -2, maxZoom: 24, interactive: false,
  });
  const results = [];
  for (const s of window.SCENARIOS) {
    container.style.width = s.width + "px";
    container.style.height = s.height + "px";
    map.resize();
    const padding = s.insets;
    const forms = {
      focus: {center: s.camera.focus, padding},
      center: {center: s.camera.center, padding: {top: 0, left: 0, bottom: 0, right: 0}},
    };
    const result = {id: s.id, forms: {}};
    for (const [name, form] of Object.entries(forms)) {
      map.jumpTo({center: form.center, zoom: s.camera.zoom, bearing: s.camera.bearing, padding: form.padding});
      const shown = map.getCenter();
      // The camera as set against the camera as kept, in pixels and zoom.
      const given = map.project(form.center);
      const dLng = ((shown.lng - form.center[0]) % 360 + 540) % 360 - 180;
      const kept = map.project([form.center[0] + dLng, shown.lat]);
      const moved = Math.hypot(given.x - kept.x, given.y - kept.y);
      // The world copy of the whole content nearest the map's centre (positions are unwrapped
      // past the antimeridian already), as a user sees it.
      const [w, , e] = s.bbox;
      const middle = (w + (e >= w ? e : e + 360)) / 2;
      const shift = Math.round((middle - shown.lng) / 360) * 360;
      const points = s.positions.map(([lng, lat]) => {
        const p = map.project([lng - shift, lat]);
        return [p.x, p.y];
      });
      result.forms[name] = {moved, zoomMoved: Math.abs(map.getZoom() - s.camera.zoom), points};
    }
    const [w, south, e, north] = s.bbox;
    const camera = map.cameraForBounds([[w, south], [e >= w ? e : e + 360, north]], {padding, bearing: s.camera.bearing});
    result.cameraForBoundsZoom = camera ? camera.zoom : null;
    results.push(result);
  }
  document.getElementById("results").textContent = JSON.stringify(results);
}

try {
  run();
} catch (error) {
  document.getElementById("results").textContent = JSON.stringify({error: String(error && error.stack || error)});
}
