#!/usr/bin/env python3
"""CardMap's WebAssembly engine driving MapLibre GL JS 5.3 and Leaflet 1.9.3 in headless Chromium.

For every device profile at every card position and a set of boxes (a city, an island group across
the antimeridian, a country, a continent), the page loads `cardmap.wasm` through `cardmap.mjs`,
fits the box, and hands the camera to each client through its adapter (`maplibre.mjs` at bearings
taken in turn, `leaflet.mjs` north-up). Each client's own projection of the box's corners and edge
midpoints (`map.project`, `latLngToContainerPoint`) must lie inside the rect the camera's padding
leaves, within 0.5 px, and one of them on its edge. MapLibre comes from PyPI's `maplibre` wheel,
Leaflet from `django-leaflet`'s, both fetched at test time.

    python3 Tests/web/adapters.py --wasm .build/wasm/cardmap.wasm [--cardmap .build/debug/cardmap]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402

BOXES = {"sydney": [151.2050, -33.8700, 151.2850, -33.8000], "fiji": [175.8, -20.2, -178.3, -15.4],
         "norway": [4, 58, 31, 71], "africa": [-18, -35, 52, 37]}
BEARINGS = (0, 30, -75, 137.5)
TOLERANCE = 0.5

PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="leaflet.css">
<script src="../maplibre-gl.js"></script><script src="leaflet.js"></script></head>
<body style="margin:0"><div id="maplibre" style="position:absolute;left:0;top:0"></div>
<div id="leaflet" style="position:absolute;left:0;top:0"></div>
<script type="module">
import { load } from "./cardmap.mjs";
import { jumpTo } from "./maplibre.mjs";
import { setView } from "./leaflet.mjs";
const DEVICES = %(devices)s, BOXES = %(boxes)s, BEARINGS = %(bearings)s;
const report = (body) => fetch("/results/adapters.html", {method: "POST", body: JSON.stringify(body)});
try {
  const cardmap = await load("./cardmap.wasm");
  const maplibreDiv = document.getElementById("maplibre"), leafletDiv = document.getElementById("leaflet");
  const maplibreMap = new maplibregl.Map({container: maplibreDiv, style: {version: 8, sources: {}, layers: []},
    attributionControl: false, interactive: false, fadeDuration: 0, maxPitch: 85});
  await new Promise((resolve) => maplibreMap.once("load", resolve));
  const leafletMap = L.map(leafletDiv, {zoomSnap: 0, zoomAnimation: false, fadeAnimation: false,
    attributionControl: false, zoomControl: false});
  const results = [];
  let turn = 0;
  for (const device of DEVICES) {
    const screen = {width: device.size[0], height: device.size[1], safeArea: device.safeArea, os: device.os};
    for (const div of [maplibreDiv, leafletDiv]) Object.assign(div.style, {width: screen.width + "px", height: screen.height + "px"});
    maplibreMap.resize();
    leafletMap.invalidateSize({animate: false});
    for (const position of ["collapsed", "peaking", "extended"]) {
      for (const [name, box] of Object.entries(BOXES)) {
        const bearing = BEARINGS[turn++ %% BEARINGS.length];
        for (const client of ["maplibre", "leaflet"]) {
          const card = {position, bearing: client === "maplibre" ? bearing : 0};
          const {camera} = cardmap.fit(screen, card, box);
          if (camera.worldClamped || camera.cut.length) { results.push({client, device: device.name, position, name, skipped: true}); continue; }
          const [w, s, e, n] = box, east = e >= w ? e : e + 360;
          const points = [];
          for (const lng of [w, (w + east) / 2, east]) for (const lat of [s, (s + n) / 2, n]) {
            // Each corner in the world copy nearest the camera.
            points.push([lng + 360 * Math.round((camera.center[0] - lng) / 360), lat]);
          }
          let screenPoints;
          if (client === "maplibre") {
            jumpTo(maplibreMap, camera);
            screenPoints = points.map((p) => { const q = maplibreMap.project(p); return [q.x, q.y]; });
          } else {
            setView(leafletMap, camera);
            screenPoints = points.map(([lng, lat]) => { const q = leafletMap.latLngToContainerPoint([lat, lng]); return [q.x, q.y]; });
          }
          const p = camera.padding;
          const rect = [p.left, p.top, screen.width - p.right, screen.height - p.bottom];
          let outside = 0, nearest = Infinity;
          for (const [x, y] of screenPoints) {
            outside = Math.max(outside, rect[0] - x, x - rect[2], rect[1] - y, y - rect[3]);
            nearest = Math.min(nearest, Math.abs(x - rect[0]), Math.abs(x - rect[2]), Math.abs(y - rect[1]), Math.abs(y - rect[3]));
          }
          results.push({client, device: device.name, position, name, bearing: card.bearing, outside, nearest});
        }
      }
    }
  }
  report({results});
} catch (error) { report({error: String(error && error.stack || error)}); }
</script></body></html>
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wasm", default=os.path.join(harness.ROOT, ".build", "wasm", "cardmap.wasm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    harness.maplibre_js()
    folder = web_assets.fetch()
    shutil.copy(args.wasm, os.path.join(folder, "cardmap.wasm"))
    shutil.copytree(os.path.join(harness.ROOT, "Sources", "CardMapWasm", "js"), folder, dirs_exist_ok=True)
    devices = json.loads(subprocess.run([args.cardmap, "devices"], capture_output=True, check=True).stdout)
    page = os.path.join(folder, "adapters.html")
    with open(page, "w") as f:
        f.write(PAGE % {"devices": json.dumps(devices), "boxes": json.dumps(BOXES), "bearings": json.dumps(BEARINGS)})
    live = harness.LivePages(args.chromium)
    try:
        posted = live.results(page, timeout=300)
    finally:
        live.close()
    if "error" in posted:
        raise SystemExit("the adapters' page failed: " + posted["error"])
    failures = []
    counts = {"maplibre": 0, "leaflet": 0}
    skipped = 0
    worst = {"maplibre": 0.0, "leaflet": 0.0}
    for result in posted["results"]:
        if result.get("skipped"):
            skipped += 1
            continue
        client = result["client"]
        counts[client] += 1
        worst[client] = max(worst[client], result["outside"])
        where = "%s %s %s %s bearing %s" % (client, result["device"], result["position"], result["name"], result["bearing"])
        if result["outside"] > TOLERANCE:
            failures.append("%s: content %.3f px outside the padded rect" % (where, result["outside"]))
        if result["nearest"] > TOLERANCE:
            failures.append("%s: no point on the padded rect's edge (nearest %.3f px)" % (where, result["nearest"]))
    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("web adapters: MapLibre %d cameras (worst %.2g px), Leaflet %d (worst %.2g px), %d clamped at the world's "
          "edge left out, over %d devices × 3 positions × %d boxes; failures %d" % (
              counts["maplibre"], worst["maplibre"], counts["leaflet"], worst["leaflet"], skipped, len(devices),
              len(BOXES), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
