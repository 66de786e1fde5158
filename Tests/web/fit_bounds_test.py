#!/usr/bin/env python3
"""`cameraForBounds` and `fitBounds` of `cardmap/maplibre` on MapLibre GL JS 5.3 in headless Chromium,
against MapLibre's own `map.cameraForBounds` on the same maps, in the same run.

Seeded scenarios (`--cases`, a third each flat, pitched 0–60° and on the globe, half of those pitched): a map of a phone's,
a tablet's or a desktop's size, sometimes with its own padding; a sheet's padding as the fit's
`padding` option (the bottom 30–70 % of the height, or a 400-px leading sheet on a wide map); a
bearing; a box from a few hundred metres to a continent, some across the antimeridian. Each
camera is shown with `jumpTo`, and the box's outline (its edges, densely: parallels are curves on
the globe) is projected with MapLibre's own `project`; a point on the globe's far side counts as
outside. CardMap's camera must keep every point inside the padded rect (the map less its padding and
the option's) within 0.5 px; MapLibre's own count is printed beside it. `fitBounds` with
`animate: false` must land on `cameraForBounds`'s camera, and an animated one must leave the map's
padding as it was.

    python3 Tests/web/fit_bounds_test.py --wasm .build/wasm/cardmap.wasm --cases 450
"""
import argparse
import json
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402

TOLERANCE = 0.5
SIZES = [(390, 844), (1024, 768), (1280, 800)]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><script src="../maplibre-gl.js"></script></head>
<body style="margin:0"><div id="map" style="position:absolute;left:0;top:0;width:390px;height:844px"></div>
<script type="module">
import { load } from "./cardmap.mjs";
import { cameraForBounds, fitBounds, fitForBounds } from "./maplibre.mjs";
const report = (body) => fetch("/results/fit-bounds.html", { method: "POST", body: JSON.stringify(body) });
const scenarios = %(scenarios)s;
try {
  await load("./cardmap.wasm");
  const style = { version: 8, sources: {}, layers: [{ id: "bg", type: "background", paint: { "background-color": "#cde" } }] };
  const element = document.getElementById("map");
  const map = new maplibregl.Map({ container: "map", style, attributionControl: false, fadeDuration: 0,
    interactive: false, maxPitch: 60 });
  await new Promise((resolve) => map.once("load", resolve));
  // The box's outline, 24 points an edge, in the world copy nearest the camera.
  function outline([w, s, e, n]) {
    const east = e >= w ? e : e + 360;
    const points = [];
    for (let i = 0; i <= 24; i++) {
      const lon = w + (east - w) * i / 24, lat = s + (n - s) * i / 24;
      points.push([lon, s], [lon, n], [w, lat], [east, lat]);
    }
    return points;
  }
  const samePadding = (a, b) => ["top", "left", "bottom", "right"].every((side) => a[side] === b[side]);
  function worstOutside(points, rect) {
    const focus = map.getCenter().lng;
    let worst = 0;
    for (const [lon, lat] of points) {
      const near = lon + Math.round((focus - lon) / 360) * 360;
      if (map.transform.isLocationOccluded && map.transform.isLocationOccluded({ lng: near, lat })) return 1e9;
      const q = map.project([near, lat]);
      worst = Math.max(worst, rect.left - q.x, q.x - rect.right, rect.top - q.y, q.y - rect.bottom);
    }
    return worst;
  }
  const rows = [];
  let projection = "mercator";
  for (const s of scenarios) {
    element.style.width = s.width + "px";
    element.style.height = s.height + "px";
    map.resize();
    if (s.projection !== projection) { map.setProjection({ type: s.projection }); projection = s.projection; }
    map.setPadding(s.mapPadding);
    map.jumpTo({ center: [0, 0], zoom: 1, bearing: 0, pitch: 0 });
    const p = s.padding, m = s.mapPadding;
    const rect = { left: m.left + p.left, top: m.top + p.top, right: s.width - m.right - p.right,
      bottom: s.height - m.bottom - p.bottom };
    const points = outline(s.bbox);
    const row = { id: s.id };
    try {
      const ours = cameraForBounds(map, s.bbox, { padding: p, bearing: s.bearing, pitch: s.pitch });
      const whole = fitForBounds(map, s.bbox, { padding: p, bearing: s.bearing, pitch: s.pitch }).camera;
      row.named = whole.cut.length > 0;
      map.jumpTo(ours);
      row.zoom = ours.zoom;
      row.outside = worstOutside(points, rect);
      row.padding = samePadding(map.getPadding(), m);
      map.jumpTo({ center: [0, 0], zoom: 1 });
      fitBounds(map, s.bbox, { padding: p, bearing: s.bearing, pitch: s.pitch, animate: false });
      const c = map.getCenter();
      row.fitBoundsSame = Math.abs(c.lng - ours.center[0]) < 1e-9 && Math.abs(c.lat - ours.center[1]) < 1e-9
        && Math.abs(map.getZoom() - ours.zoom) < 1e-9;
      if (!row.fitBoundsSame) row.fitBoundsAt = [c.lng, c.lat, map.getZoom(), ...ours.center, ours.zoom];
    } catch (error) { row.error = String(error.message || error); }
    const [w, south, e, north] = s.bbox;
    try {
      const own = map.cameraForBounds([[w, south], [e >= w ? e : e + 360, north]],
        { padding: p, bearing: s.bearing, pitch: s.pitch });
      if (own) {
        map.jumpTo({ center: own.center, zoom: own.zoom, bearing: s.bearing, pitch: s.pitch });
        row.ownOutside = worstOutside(points, rect);
      } else row.ownOutside = null;
    } catch (error) { row.ownOutside = null; }
    rows.push(row);
  }
  // An animated fitBounds ends where cameraForBounds says and leaves the map's padding alone.
  const s = scenarios[0];
  element.style.width = s.width + "px";
  element.style.height = s.height + "px";
  map.resize();
  map.setProjection({ type: s.projection });
  map.setPadding(s.mapPadding);
  const expected = cameraForBounds(map, s.bbox, { padding: s.padding, bearing: s.bearing, pitch: s.pitch });
  await new Promise((resolve) => { map.once("moveend", resolve);
    fitBounds(map, s.bbox, { padding: s.padding, bearing: s.bearing, pitch: s.pitch, duration: 200 }); });
  const eased = { zoom: map.getZoom() - expected.zoom, padding: samePadding(map.getPadding(), s.mapPadding) };
  report({ rows, eased });
} catch (error) { report({ error: String(error && error.stack || error) }); }
</script></body></html>
"""


def scenarios(count, seed):
    """`count` seeded scenarios, a third each flat, pitched and on the globe (half of those pitched)."""
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        globe, flat = i % 3 == 2, i % 3 == 0
        width, height = rng.choice(SIZES)
        if width > 1000 and rng.random() < 0.3:
            padding = {"top": 16, "left": 400, "bottom": 16, "right": 0}
        else:
            padding = {"top": 0, "left": 0, "bottom": round(height * rng.uniform(0.3, 0.7)), "right": 0}
        map_padding = {"top": 0, "left": 0, "bottom": 0, "right": 0}
        if rng.random() < 0.3:
            map_padding = {side: rng.choice([0, 20, 60]) for side in ("top", "left", "bottom", "right")}
        span = 10 ** rng.uniform(-2.5, 1.6)
        lat = rng.uniform(-60, 60)
        lon = rng.uniform(-180, 180)
        south = max(-80.0, lat - span / 2)
        north = min(80.0, lat + span / 2)
        west = lon - span * rng.uniform(0.5, 2) / 2
        east = lon + span * rng.uniform(0.5, 2) / 2
        west = (west + 180) % 360 - 180
        east = (east + 180) % 360 - 180
        cases.append({
            "id": i, "width": width, "height": height, "padding": padding, "mapPadding": map_padding,
            "projection": "globe" if globe else "mercator",
            "pitch": 0 if flat or (globe and i % 2) else round(rng.uniform(0, 60), 2),
            "bearing": round(rng.uniform(-180, 180), 2),
            "bbox": [round(west, 6), round(south, 6), round(east, 6), round(north, 6)],
        })
    # The globe's scenarios together (one setProjection a group).
    return sorted(cases, key=lambda c: c["projection"] == "globe")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wasm", default=os.path.join(harness.ROOT, ".build", "wasm", "cardmap.wasm"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--cases", type=int, default=450)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    harness.maplibre_js()
    folder = web_assets.page_folder("fit-bounds", args.wasm)
    cases = scenarios(args.cases, args.seed)
    page = os.path.join(folder, "fit-bounds.html")
    with open(page, "w") as f:
        f.write(PAGE % {"scenarios": json.dumps(cases)})
    [posted] = harness.live_results(args.chromium, page, timeout=600)
    if "error" in posted:
        raise SystemExit("the page failed: " + posted["error"])
    by_id = {c["id"]: c for c in cases}
    failures = []
    table = {}
    for row in posted["rows"]:
        case = by_id[row["id"]]
        kind = ("globe" if case["projection"] == "globe" else "flat") + (", pitch 0" if case["pitch"] == 0 else ", pitched")
        counts = table.setdefault(kind, {"n": 0, "ours": 0, "oursWorst": 0.0, "own": 0, "ownWorst": 0.0, "named": 0})
        counts["n"] += 1
        if "error" in row:
            failures.append("scenario %s: %s" % (json.dumps(case), row["error"]))
            continue
        own = row["ownOutside"]
        if row["named"]:
            # No camera shows it whole, the engine says: MapLibre's own fit must not either.
            counts["named"] += 1
            if own is not None and own <= TOLERANCE:
                failures.append("scenario %s: the engine said no camera shows it whole, MapLibre's own did" % (
                    json.dumps(case)))
        elif row["outside"] > TOLERANCE:
            counts["ours"] += 1
            failures.append("scenario %s: content %.3g px outside the padded rect" % (json.dumps(case), row["outside"]))
        else:
            counts["oursWorst"] = max(counts["oursWorst"], row["outside"])
        if not row["padding"] or not row["fitBoundsSame"]:
            failures.append("scenario %s: fitBounds moved the padding (%s) or landed elsewhere (%s)" % (
                json.dumps(case), not row["padding"], row.get("fitBoundsAt")))
        if own is None or own > TOLERANCE:
            counts["own"] += 1
        if own is not None:
            counts["ownWorst"] = max(counts["ownWorst"], own)
    if abs(posted["eased"]["zoom"]) > 1e-9 or not posted["eased"]["padding"]:
        failures.append("an animated fitBounds ended off its camera or changed the map's padding: %s" % posted["eased"])
    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("| %d scenarios with a sheet's padding | MapLibre's own: > 0.5 px outside | worst | CardMap: > 0.5 px "
          "outside | worst | no camera shows it whole (cut named; MapLibre's own outside too) |" % len(posted["rows"]))
    print("|---|---|---|---|---|---|")
    for kind in sorted(table):
        c = table[kind]
        def worst(px):
            return "the far side" if px >= 1e9 else "%.2g px" % px
        print("| %s | %d / %d | %s | %d / %d | %s | %d |" % (
            kind, c["own"], c["n"], worst(c["ownWorst"]), c["ours"], c["n"], worst(c["oursWorst"]), c["named"]))
    print("fit-bounds: %d scenarios, failures %d" % (len(posted["rows"]), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
