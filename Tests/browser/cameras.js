// Sets the cameras of `cardmap fit`'s and `cardmap motion`'s camera features on MapLibre GL JS and
// measures them with map.project / map.unproject. Reads window.SCENARIOS (see cameras.py); gives one
// result per scenario in the promise window.cameraResults.
"use strict";

const ZERO = {top: 0, left: 0, bottom: 0, right: 0};

function makeMap(id, projection) {
  const container = document.getElementById(id);
  const style = {version: 8, sources: {}, layers: []};
  if (projection) style.projection = {type: projection};
  return new Promise((resolve) => {
    const map = new maplibregl.Map({
      container, style, attributionControl: false, fadeDuration: 0, renderWorldCopies: true, minZoom: -2,
      maxZoom: 24, maxPitch: 85, interactive: false,
    });
    map.on("load", () => {
      if (projection) map.setProjection({type: projection});
      resolve({map, container, size: null});
    });
  });
}

function resize(view, width, height) {
  if (view.size === width + "x" + height) return;
  view.size = width + "x" + height;
  view.container.style.width = width + "px";
  view.container.style.height = height + "px";
  view.map.resize();
}

// How far the camera MapLibre shows lies from the one given, in pixels, and its zoom change.
function kept(map, center, zoom) {
  const shown = map.getCenter();
  const given = map.project(center);
  const dLng = ((shown.lng - center[0]) % 360 + 540) % 360 - 180;
  const moved = map.project([center[0] + dLng, shown.lat]);
  return {moved: Math.hypot(given.x - moved.x, given.y - moved.y), zoomMoved: Math.abs(map.getZoom() - zoom)};
}

// The distance a screen point lies outside a rect (0 inside).
function outside(p, r) {
  return Math.max(0, r.left - p.x, p.x - r.right, r.top - p.y, p.y - r.bottom);
}

function visibleRect(s, padding) {
  return {left: padding.left, top: padding.top, right: s.width - padding.right, bottom: s.height - padding.bottom};
}

// Positions projected in the world copy nearest the focus, as a user sees them.
function projectNear(map, positions, focusLng) {
  return positions.map(([lng, lat]) => map.project([lng + Math.round((focusLng - lng) / 360) * 360, lat]));
}

// Web Mercator's y of a latitude (radians of the unit world; the poles at MapLibre's limit).
function mercatorY(lat) {
  const limited = Math.max(-85.051129, Math.min(85.051129, lat));
  return Math.log(Math.tan(Math.PI / 4 + limited * Math.PI / 360));
}

// A globe zone's ring as MapLibre draws it as a fill (its edges straight in Web Mercator): how far
// an edge between two vertices on one side of the rect strays from it (at a quarter, the middle and
// three quarters of the edge), and how many points of the rect that show the sphere (away from the
// limb) lie outside the polygon (in Mercator's plane, in any world copy).
function drawnRings(map, zones) {
  let edgeError = 0;
  let capped = 0;
  let missed = 0;
  let points = 0;
  const shows = (p) => {
    const back = map.project(map.unproject(p));
    return Math.hypot(back.x - p[0], back.y - p[1]) < 1e-3;
  };
  for (const zone of zones) {
    const ring = zone.ring;
    if (!ring) continue;
    const r = {left: zone.rect.x, top: zone.rect.y, right: zone.rect.x + zone.rect.width, bottom: zone.rect.y + zone.rect.height};
    const sides = [["x", r.left], ["x", r.right], ["y", r.top], ["y", r.bottom]];
    for (let k = 0; k + 1 < ring.length; k++) {
      const [a, b] = [ring[k], ring[k + 1]];
      // (Past the Mercator world's edge, ±85.05°, MapLibre draws no fill: it clamps there.)
      if (Math.abs(a[1]) > 85.051129 || Math.abs(b[1]) > 85.051129) continue;
      const [p, q] = [map.project(a), map.project(b)];
      // The side both lie on (else the limb joins them).
      const side = sides.find(([axis, at]) => Math.abs(p[axis] - at) < 1e-3 && Math.abs(q[axis] - at) < 1e-3);
      if (!side) continue;
      // A piece halved eight times (the ring's documented cap, where a side's image turns fastest:
      // by the limb) is left as it is.
      const length = side[0] === "x" ? r.bottom - r.top : r.right - r.left;
      if (Math.hypot(q.x - p.x, q.y - p.y) <= length / 256 + 1e-6) { capped++; continue; }
      for (const t of [0.25, 0.5, 0.75]) {
        const y = mercatorY(a[1]) + (mercatorY(b[1]) - mercatorY(a[1])) * t;
        const lat = (2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180 / Math.PI;
        const m = map.project([a[0] + (b[0] - a[0]) * t, lat]);
        edgeError = Math.max(edgeError, Math.abs(m[side[0]] - side[1]));
      }
    }
    // Points of the rect that show the sphere, 20 px inside the limb, a pixel inside the rect.
    const lngs = ring.map((v) => v[0]);
    const low = Math.min(...lngs);
    for (let i = 1; i < 8; i++) {
      for (let j = 1; j < 8; j++) {
        const x = r.left + 1 + (r.right - r.left - 2) * i / 8;
        const y = r.top + 1 + (r.bottom - r.top - 2) * j / 8;
        const centre = map.transform.centerPoint || {x: map.getContainer().clientWidth / 2, y: map.getContainer().clientHeight / 2};
        const away = Math.hypot(x - centre.x, y - centre.y);
        const further = [centre.x + (x - centre.x) * (away + 20) / Math.max(away, 1e-9), centre.y + (y - centre.y) * (away + 20) / Math.max(away, 1e-9)];
        if (!shows([x, y]) || !shows(further)) continue;
        const q = map.unproject([x, y]);
        if (Math.abs(q.lat) > 85) continue;
        let lng = q.lng;
        while (lng < low) lng += 360;
        while (lng >= low + 360) lng -= 360;
        const holds = (lng) => {
          let inside = false;
          const yq = mercatorY(q.lat);
          for (let k = 0; k + 1 < ring.length; k++) {
            const [a, b] = [ring[k], ring[k + 1]];
            const [ya, yb] = [mercatorY(a[1]), mercatorY(b[1])];
            if ((ya > yq) !== (yb > yq) && lng < a[0] + (yq - ya) / (yb - ya) * (b[0] - a[0])) inside = !inside;
          }
          return inside;
        };
        points++;
        if (!holds(lng) && !holds(lng + 360)) missed++;
      }
    }
  }
  return {edgeError, cappedEdges: capped, polygonMissed: missed, polygonPoints: points};
}

const checks = {
  // The globe fit: every position in front of the limb and inside the visible rect; MapLibre's own
  // cameraForBounds on the globe for comparison.
  globe(view, s) {
    const map = view.map;
    const c = s.camera;
    const padding = s.insets;
    map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: 0, padding});
    const result = kept(map, c.focus, c.zoom);
    const rect = visibleRect(s, padding);
    const points = projectNear(map, s.positions, c.focus[0]);
    result.outside = Math.max(0, ...points.map((p) => outside(p, rect)));
    const occluded = map.transform.isLocationOccluded
      ? s.positions.filter((p) => map.transform.isLocationOccluded({lng: p[0], lat: p[1]})).length : 0;
    result.occluded = occluded;
    // The box's outline, densely: what the fit fits (its parallels are curves on the globe).
    const outline = projectNear(map, s.outline, c.focus[0]);
    result.outlineOutside = Math.max(0, ...outline.map((p) => outside(p, rect)));
    result.touch = Math.min(...outline.map((p) => Math.min(
      Math.abs(p.x - rect.left), Math.abs(p.x - rect.right), Math.abs(p.y - rect.top), Math.abs(p.y - rect.bottom))));
    // MapLibre's own fit of the same box on the same globe, with the same padding and bearing.
    const [w, south, e, north] = s.bbox;
    let own = null;
    try {
      own = map.cameraForBounds([[w, south], [e >= w ? e : e + 360, north]], {padding, bearing: c.bearing});
    } catch (error) {
      result.ownThrew = true;
    }
    if (own) {
      map.jumpTo({center: own.center, zoom: own.zoom, bearing: own.bearing || 0, pitch: 0, padding});
      const theirs = projectNear(map, s.positions, own.center.lng !== undefined ? own.center.lng : own.center[0]);
      result.ownOutside = Math.max(0, ...theirs.map((p) => outside(p, rect)));
      result.ownZoom = own.zoom;
    }
    return result;
  },
  // A selection kept clear: its callout inside the room, clear of the obstacles, moved as reported.
  selection(view, s) {
    const map = view.map;
    const before = s.camera;
    map.jumpTo({center: before.focus, zoom: before.zoom, bearing: before.bearing, pitch: before.pitch, padding: s.insets});
    // The selection in the world copy nearest the focus before the move; the move is that copy's
    // (across the antimeridian the copy nearest the focus after it may be the next one).
    const copy = [s.selection[0] + Math.round((before.focus[0] - s.selection[0]) / 360) * 360, s.selection[1]];
    const from = map.project(copy);
    const c = s.cleared.camera;
    map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: s.insets});
    const result = kept(map, c.focus, c.zoom);
    const at = projectNear(map, [s.selection], c.focus[0])[0];
    const moved = map.project(copy);
    const callout = {left: at.x + s.offset[0], top: at.y + s.offset[1]};
    callout.right = callout.left + s.size[0];
    callout.bottom = callout.top + s.size[1];
    const room = s.room;
    result.outside = Math.max(0, room.x - callout.left, callout.right - (room.x + room.width), room.y - callout.top,
                              callout.bottom - (room.y + room.height));
    result.overlap = Math.max(0, ...s.obstacles.map((o) => Math.min(
      callout.right - o.x, o.x + o.width - callout.left, callout.bottom - o.y, o.y + o.height - callout.top)));
    result.moveError = Math.hypot(moved.x - from.x - s.cleared.move[0], moved.y - from.y - s.cleared.move[1]);
    return result;
  },
  // Exclusion zones: each ring's vertices lie on its rect's sides (or on the world's north or south
  // edge, inside the rect; on the globe, on the limb of a zone that reaches past it, or at a pole
  // the ring goes round), and every corner of the rect that shows map is one of them.
  exclusions(view, s) {
    const map = view.map;
    const c = s.camera;
    map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: s.insets});
    const result = kept(map, c.focus, c.zoom);
    let worst = 0;
    let cutAtTheEdge = 0;
    s.zones.forEach((zone) => {
      const ring = zone.ring;
      if (!ring) return;
      const r = {left: zone.rect.x, top: zone.rect.y, right: zone.rect.x + zone.rect.width,
                 bottom: zone.rect.y + zone.rect.height};
      // As given: each vertex in the world copy that shows under its screen point (a ring may span
      // more than 180°, and a pitched one reach worlds away towards the horizon).
      const shown = ring.slice(0, -1).map((vertex) => map.project(vertex));
      shown.forEach((p, k) => {
        const onEdge = s.globe ? Math.abs(ring[k][1]) === 90 : Math.abs(Math.abs(ring[k][1]) - 85.051129) < 1e-6;
        cutAtTheEdge += onEdge;
        const side = Math.min(Math.abs(p.x - r.left), Math.abs(p.x - r.right), Math.abs(p.y - r.top),
                              Math.abs(p.y - r.bottom));
        worst = Math.max(worst, outside(p, r), onEdge || (s.globe && zone.pastLimb) ? 0 : side);
      });
      const highest = Math.min(...shown.map((p) => p.y));
      for (const [x, y] of [[r.left, r.top], [r.left, r.bottom], [r.right, r.bottom], [r.right, r.top]]) {
        if (s.globe) {
          // In space, past the limb: no globe there.
          const back = map.project(map.unproject([x, y]));
          if (Math.hypot(back.x - x, back.y - y) > 1e-3) continue;
        } else if (Math.abs(map.unproject([x, y]).lat) > 85.051129 || y < highest - 0.5) continue;
        // (Flat: beyond the world's edge, or above a pitched ring's top, no map shows.)
        worst = Math.max(worst, Math.min(...shown.map((p) => Math.hypot(p.x - x, p.y - y))));
      }
    });
    result.ringError = worst;
    result.cutAtTheEdge = cutAtTheEdge;
    if (s.globe) Object.assign(result, drawnRings(map, s.zones));
    return result;
  },
  // Bounds that respect padding: what the visible rect shows inside the bounds (flat or pitched, its
  // corners: the ground under it is a convex quadrilateral; on a sphere, its outline every 0.2 % of
  // a side: a side's latitude or longitude may peak between its corners); a moved camera touches
  // them. MapLibre's own maxBounds, given the unconstrained camera and the padding, for comparison.
  bounds(view, s) {
    const map = view.map;
    const c = s.camera;
    map.setMaxBounds(null);
    map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch || 0, padding: s.insets});
    const result = kept(map, c.focus, c.zoom);
    const rect = visibleRect(s, s.insets);
    const world = 512 * Math.pow(2, c.zoom);
    const mercatorY = (lat) => (180 - 180 / Math.PI * Math.log(Math.tan(Math.PI / 4 + lat * Math.PI / 360))) / 360;
    const sphere = c.projection === "globe";
    // Flat, an edge beyond the Mercator world's is its edge: no map shows past it.
    const limit = sphere ? 90 : 85.0511287798;
    const [w, south, e, north] = s.bounds.map((v, i) => i % 2 ? Math.max(-limit, Math.min(limit, v)) : v);
    const east = e >= w ? e : e + 360;
    let points = [[rect.left, rect.top], [rect.right, rect.top], [rect.right, rect.bottom], [rect.left, rect.bottom]];
    if (sphere) {
      // A point of the outline in space is taken to the limb towards the centre of perspective (the
      // last point on the way that shows the sphere: MapLibre's unproject of a point in space is a
      // point of the horizon, not what shows there).
      const corners = points;
      const centre = [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2];
      const shows = (p) => {
        const back = map.project(map.unproject(p));
        return Math.hypot(back.x - p[0], back.y - p[1]) < 1e-3;
      };
      points = [];
      for (let side = 0; side < 4; side++) {
        const [a, b] = [corners[side], corners[(side + 1) % 4]];
        for (let k = 0; k < 500; k++) {
          const p = [a[0] + (b[0] - a[0]) * k / 500, a[1] + (b[1] - a[1]) * k / 500];
          if (shows(p)) { points.push(p); continue; }
          let [inside, out] = [0, 1];
          for (let i = 0; i < 40; i++) {
            const f = (inside + out) / 2;
            if (shows([centre[0] + (p[0] - centre[0]) * f, centre[1] + (p[1] - centre[1]) * f])) inside = f; else out = f;
          }
          points.push([centre[0] + (p[0] - centre[0]) * inside, centre[1] + (p[1] - centre[1]) * inside]);
        }
      }
    }
    function beyond() {
      const gaps = points.map((p) => map.unproject(p)).map((q) => {
        const lng = q.lng + Math.round(((w + east) / 2 - q.lng) / 360) * 360;
        if (sphere) {
          // On the sphere, degrees are measured in screen pixels where the point shows: a degree of
          // latitude and one of longitude there, projected (near the limb a degree is a sliver).
          const here = map.project([q.lng, q.lat]);
          const step = (dLng, dLat) => {
            const there = map.project([q.lng + dLng, q.lat + dLat]);
            return Math.hypot(there.x - here.x, there.y - here.y) / 1e-5;
          };
          const [across, along] = [step(1e-5, 0), step(0, q.lat > 0 ? -1e-5 : 1e-5)];
          return {out: Math.max(0, (w - lng) * across, (lng - east) * across, (q.lat - north) * along,
                                (south - q.lat) * along),
                  edge: Math.min(Math.abs(lng - w) * across, Math.abs(lng - east) * across,
                                 Math.abs(q.lat - north) * along, Math.abs(q.lat - south) * along)};
        }
        const x = (lng + 180) / 360;
        const y = mercatorY(q.lat);
        return {out: Math.max(0, (w + 180) / 360 - x, x - (east + 180) / 360, mercatorY(north) - y, y - mercatorY(south)) * world,
                edge: Math.min(Math.abs(x - (w + 180) / 360), Math.abs(x - (east + 180) / 360), Math.abs(y - mercatorY(north)),
                               Math.abs(y - mercatorY(south))) * world};
      });
      return {out: Math.max(...gaps.map((g) => g.out)), edge: Math.min(...gaps.map((g) => g.edge))};
    }
    const ours = beyond();
    result.outside = ours.out;
    result.edge = ours.edge;
    if (s.clampMinZoom) {
      // A client that clamps with setMinZoom(minZoom) keeps the camera (no zoom raised under it),
      // and every focus of focusBounds at the camera's zoom shows nothing beyond the bounds.
      map.setMinZoom(s.constraint.minZoom);
      map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch || 0, padding: s.insets});
      const clamped = kept(map, c.focus, c.zoom);
      result.minZoomMoved = Math.max(clamped.moved, clamped.zoomMoved > 1e-9 ? Infinity : 0);
      result.boxOutside = 0;
      const box = s.constraint.focusBounds;
      if (box) {
        const [bw, bs, be, bn] = box;
        const bEast = be >= bw ? be : be + 360;
        for (const [u, v] of [[0, 0], [1, 0], [0, 1], [1, 1], [0.5, 0.5], [0.5, 0], [0.5, 1], [0, 0.5], [1, 0.5]]) {
          map.jumpTo({center: [bw + (bEast - bw) * u, bs + (bn - bs) * v], zoom: c.zoom, bearing: c.bearing,
                      pitch: c.pitch || 0, padding: s.insets});
          result.boxOutside = Math.max(result.boxOutside, beyond().out);
        }
      }
      map.setMinZoom(-2);
      map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch || 0, padding: s.insets});
    }
    // MapLibre's maxBounds with the fit's own camera.
    const f = s.fitCamera;
    if (f) {
      map.setMaxBounds([[w, south], [east, north]]);
      map.jumpTo({center: f.focus, zoom: f.zoom, bearing: f.bearing, pitch: f.pitch || 0, padding: s.insets});
      result.ownOutside = beyond().out;
      map.setMaxBounds(null);
    }
    return result;
  },
  // Any camera in any combination (cameras.py's cross product): kept; every position inside the
  // visible rect, except beyond the sides facing a direction `cut` names (in the world copy least
  // outside); the visible region is where the visible rect's corners show (on the globe, those
  // corners that lie on the sphere).
  cross(view, s) {
    const map = view.map;
    const c = s.camera;
    map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: s.insets});
    const result = kept(map, c.focus, c.zoom);
    const rect = visibleRect(s, s.insets);
    const cut = new Set(c.cut || []);
    const b = c.bearing * Math.PI / 180;
    const excused = [[-1, 0], [1, 0], [0, -1], [0, 1]].map(([nx, ny]) => {
      const south = nx * Math.sin(b) + ny * Math.cos(b), east = nx * Math.cos(b) - ny * Math.sin(b);
      return (south < -1e-9 && cut.has("north")) || (south > 1e-9 && cut.has("south"))
        || (east > 1e-9 && cut.has("east")) || (east < -1e-9 && cut.has("west"));
    });
    const beyond = (p) => Math.max(0, ...[rect.left - p.x, p.x - rect.right, rect.top - p.y, p.y - rect.bottom]
      .filter((_, side) => !excused[side]));
    const nearest = Math.round((s.middle - c.focus[0]) / 360) * 360;
    result.outside = Infinity;
    for (const turn of s.globe ? [0] : [0, -360, 360, -720, 720]) {
      const points = s.positions.map(([lng, lat]) => map.project([lng - nearest - turn, lat]));
      result.outside = Math.min(result.outside, Math.max(0, ...points.map(beyond)));
    }
    result.occluded = s.globe && map.transform.isLocationOccluded && cut.size < 4
      ? s.positions.filter((p) => map.transform.isLocationOccluded({lng: p[0], lat: p[1]})).length : 0;
    const corners = [[rect.left, rect.top], [rect.right, rect.top], [rect.right, rect.bottom], [rect.left, rect.bottom]];
    const world = 512 * Math.pow(2, c.zoom);
    const mercatorY = (lat) => (180 - 180 / Math.PI * Math.log(Math.tan(Math.PI / 4 + lat * Math.PI / 360))) / 360;
    result.region = Math.max(...s.region.map(([lng, lat], i) => {
      const corner = map.unproject(corners[i]);
      if (s.globe) {
        // A corner on the sphere shows where it was unprojected from; ours must show there too.
        const back = map.project(corner);
        if (Math.hypot(back.x - corners[i][0], back.y - corners[i][1]) > 1e-3) return 0;
        const p = map.project([lng, lat]);
        return Math.hypot(p.x - corners[i][0], p.y - corners[i][1]);
      }
      const dLng = ((lng - corner.lng) % 360 + 540) % 360 - 180;
      return Math.hypot(dLng / 360 * world, (mercatorY(lat) - mercatorY(corner.lat)) * world);
    }));
    return result;
  },
  // A steady focus: the anchor at the same fractions of every sample's visible rect.
  steady(view, s) {
    const map = view.map;
    let moved = 0, zoomMoved = 0;
    const fractions = s.samples.map((sample) => {
      const c = sample.camera;
      map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: sample.padding});
      const held = kept(map, c.focus, c.zoom);
      moved = Math.max(moved, held.moved);
      zoomMoved = Math.max(zoomMoved, held.zoomMoved);
      const p = projectNear(map, [s.anchor], c.focus[0])[0];
      const r = visibleRect(s, sample.padding);
      return {x: (p.x - r.left), y: (p.y - r.top), w: r.right - r.left, h: r.bottom - r.top};
    });
    const first = fractions[0];
    const drift = Math.max(...fractions.map((f) => Math.hypot(
      (f.x / f.w - first.x / first.w) * f.w, (f.y / f.h - first.y / first.h) * f.h)));
    return {moved, zoomMoved, drift};
  },
};

async function run() {
  const views = {mercator: await makeMap("flat", null), globe: await makeMap("globe", "globe")};
  const results = [];
  for (const s of window.SCENARIOS) {
    const view = views[s.kind === "globe" || s.globe ? "globe" : "mercator"];
    resize(view, s.width, s.height);
    results.push(checks[s.kind](view, s));
  }
  return results;
}

// The results, as a promise the page's runner reads (cameras.py posts them back in real time).
window.cameraResults = run().catch((error) => ({error: String(error && error.stack || error)}));
