// Sets every scenario's camera on MapLibre GL JS, both ways, and measures with map.project.
// Reads window.CONTENTS (name → positions [lng, lat], longitudes unwrapped past the antimeridian) and
// window.SCENARIOS; writes one summary per scenario as JSON into <pre id="results">.
"use strict";

function run() {
  const container = document.getElementById("map");
  const map = new maplibregl.Map({
    container, style: {version: 8, sources: {}, layers: []}, attributionControl: false, fadeDuration: 0,
    renderWorldCopies: true, minZoom: -2, maxZoom: 24, maxPitch: 85, interactive: false,
  });
  const results = [];
  let size = null;
  for (const s of window.SCENARIOS) {
    if (size !== s.width + "x" + s.height) {
      size = s.width + "x" + s.height;
      container.style.width = s.width + "px";
      container.style.height = s.height + "px";
      map.resize();
    }
    const positions = window.CONTENTS[s.content];
    const padding = s.insets;
    const rect = {left: padding.left, top: padding.top, right: s.width - padding.right, bottom: s.height - padding.bottom};
    const cut = new Set(s.camera.cut || []);
    // With a pitch only the focus form shows the fitted picture (the centre of perspective is the
    // padded centre), so only it is set.
    const pitch = s.camera.pitch || 0;
    const forms = {focus: {center: s.camera.focus, padding}};
    if (pitch === 0) forms.center = {center: s.camera.center, padding: {top: 0, left: 0, bottom: 0, right: 0}};
    const result = {forms: {}};
    const projected = {};
    for (const [name, form] of Object.entries(forms)) {
      map.jumpTo({center: form.center, zoom: s.camera.zoom, bearing: s.camera.bearing, pitch, padding: form.padding});
      const shown = map.getCenter();
      // The camera as set against the camera as kept, in pixels and zoom.
      const given = map.project(form.center);
      const dLng = ((shown.lng - form.center[0]) % 360 + 540) % 360 - 180;
      const kept = map.project([form.center[0] + dLng, shown.lat]);
      const moved = Math.hypot(given.x - kept.x, given.y - kept.y);
      // How far content lies outside the visible rect: beyond a side facing a direction `cut` names
      // (excused) or not. A side faces north when its outward normal, turned by the bearing into the
      // world, points north (at bearing 0 the top side); east, south and west likewise.
      const b = s.camera.bearing * Math.PI / 180;
      const sides = [[-1, 0], [1, 0], [0, -1], [0, 1]].map(([nx, ny]) => {
        const north = nx * Math.sin(b) + ny * Math.cos(b);  // world y of the normal: − is north
        const east = nx * Math.cos(b) - ny * Math.sin(b);
        return (north < -1e-9 && cut.has("north")) || (north > 1e-9 && cut.has("south"))
          || (east > 1e-9 && cut.has("east")) || (east < -1e-9 && cut.has("west"));
      });
      // The world copy of the whole content that a user sees in the visible rect: of the copies
      // around the one nearest the map's centre, the one least outside it (tilted towards the
      // horizon, content can lie the better part of a world from the centre), outside it only
      // beyond the sides `cut` names when it can be.
      const [w, , e] = s.bbox;
      const middle = (w + (e >= w ? e : e + 360)) / 2;
      const nearest = Math.round((middle - shown.lng) / 360) * 360;
      let shift = nearest, points = null, least = Infinity;
      for (const turn of [0, -360, 360, -720, 720]) {
        const candidate = positions.map(([lng, lat]) => map.project([lng - nearest - turn, lat]));
        const worst = Math.max(...candidate.map((p) => Math.max(0,
          ...[rect.left - p.x, p.x - rect.right, rect.top - p.y, p.y - rect.bottom].filter((_, side) => !sides[side]))));
        if (worst < least - 1e-9) { least = worst; shift = nearest + turn; points = candidate; }
      }
      projected[name] = points;
      let outside = 0;
      let excused = 0;
      points.forEach((p) => {
        [rect.left - p.x, p.x - rect.right, rect.top - p.y, p.y - rect.bottom].forEach((distance, side) => {
          if (sides[side]) excused = Math.max(excused, distance);
          else outside = Math.max(outside, distance);
        });
      });
      // The screen box of the content's bounding box (what the fit fits: at a bearing its rotated
      // corners, not the vertices, touch the visible rect).
      const east = e >= w ? e : e + 360;
      const corners = [[w, s.bbox[3]], [east, s.bbox[3]], [east, s.bbox[1]], [w, s.bbox[1]]]
        .map(([lng, lat]) => map.project([lng - shift, lat]));
      const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
      const form_ = {moved, zoomMoved: Math.abs(map.getZoom() - s.camera.zoom), outside, excused,
                     box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]};
      if (name === "focus") {
        // The visible region CardMap reports against map.unproject of the visible rect's corners, in
        // pixels of the world (Mercator without the latitude clamp: a rotated corner may lie beyond
        // the world's edge, where the client's clamp lets it show).
        const corners = [[rect.left, rect.top], [rect.right, rect.top], [rect.right, rect.bottom], [rect.left, rect.bottom]];
        const world = 512 * Math.pow(2, s.camera.zoom);
        const mercatorY = (lat) => (180 - 180 / Math.PI * Math.log(Math.tan(Math.PI / 4 + lat * Math.PI / 360))) / 360;
        form_.region = Math.max(...s.region.map(([lng, lat], i) => {
          const corner = map.unproject(corners[i]);
          const dLng = ((lng - corner.lng) % 360 + 540) % 360 - 180;
          return Math.hypot(dLng / 360 * world, (mercatorY(lat) - mercatorY(corner.lat)) * world);
        }));
      }
      form_.pitchMoved = Math.abs(map.getPitch() - pitch);
      result.forms[name] = form_;
    }
    result.disagree = projected.center ? Math.max(0, ...projected.focus.map((p, i) =>
      Math.abs(p.x - projected.center[i].x) + Math.abs(p.y - projected.center[i].y))) : 0;
    if (!s.camera.worldClamped && pitch === 0) {
      const [w, south, e, north] = s.bbox;
      const camera = map.cameraForBounds([[w, south], [e >= w ? e : e + 360, north]], {padding, bearing: s.camera.bearing});
      result.cameraForBoundsZoom = camera ? camera.zoom : null;
    }
    results.push(result);
  }
  document.getElementById("results").textContent = JSON.stringify(results);
}

try {
  run();
} catch (error) {
  document.getElementById("results").textContent = JSON.stringify({error: String(error && error.stack || error)});
}
