#!/usr/bin/env python3
"""MapLibre GL JS 5.3's globe, measured: `map.project` of a few coordinates at a few cameras (some
pitched) on a 390 × 844 map with `{type: 'globe'}`, printed as the Swift literal that GlobeFitTests checks the
library's globe against (positions on the far side of the globe included: the test skips them).

    python3 Tests/browser/globe_vectors.py [--chromium chromium]
"""
import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

CAMERAS = [
    {"center": [10, 40], "zoom": 1.5, "bearing": 0, "padding": {"top": 0, "left": 0, "bottom": 0, "right": 0}},
    {"center": [10, 40], "zoom": 1.5, "bearing": 30, "padding": {"top": 50, "left": 20, "bottom": 400, "right": 10}},
    {"center": [-100, 70], "zoom": 3.2, "bearing": -75, "padding": {"top": 47, "left": 0, "bottom": 300, "right": 0}},
    {"center": [150, -30], "zoom": 11, "bearing": 10, "padding": {"top": 47, "left": 0, "bottom": 300, "right": 0}},
    {"center": [10, 40], "zoom": 1.5, "bearing": 20, "pitch": 40,
     "padding": {"top": 50, "left": 20, "bottom": 400, "right": 10}},
    {"center": [-100, 70], "zoom": 3.2, "bearing": -75, "pitch": 60,
     "padding": {"top": 47, "left": 0, "bottom": 300, "right": 0}},
    {"center": [12, 35], "zoom": 4.5, "bearing": 150, "pitch": 55,
     "padding": {"top": 0, "left": 0, "bottom": 0, "right": 0}},
]
POINTS = [[10, 40], [20, 45], [0, 30], [-30, 60], [100, 0], [151, -29.9], [149.98, -30.02], [14, 33]]
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}
#map{position:absolute;left:0;top:0;width:390px;height:844px}</style></head><body><div id="map"></div>
<pre id="results"></pre><script src="maplibre-gl.js"></script><script>
const map = new maplibregl.Map({container: "map", style: {version: 8, projection: {type: "globe"}, sources: {},
  layers: []}, attributionControl: false, fadeDuration: 0, minZoom: -2, maxZoom: 24, maxPitch: 85,
  interactive: false});
map.on("load", () => {
  map.setProjection({type: "globe"});
  document.getElementById("results").textContent = JSON.stringify(%s.map((c) => {
    map.jumpTo(c);
    return %s.map((p) => { const q = map.project(p); return [q.x, q.y]; });
  }));
});
</script></body></html>"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    harness.maplibre_js()
    page = os.path.join(harness.WORK, "globe-vectors.html")
    with open(page, "w") as f:
        f.write(PAGE % (json.dumps(CAMERAS), json.dumps(POINTS)))
    results = harness.page_results(args.chromium, page, ["--window-size=500,900", "--virtual-time-budget=5000"], 120)
    print("  // Made by Tests/browser/globe_vectors.py (MapLibre GL JS 5.3's map.project on the globe).")
    print("  static let vectors: [(camera: Camera, padding: Insets, points: [(Double, Double)])] = [")
    for camera, shown in zip(CAMERAS, results):
        (lon, lat), p = camera["center"], camera["padding"]
        print("    (Camera(center: Coordinate(lon: %r, lat: %r), focus: Coordinate(lon: %r, lat: %r), zoom: %r, bearing: %r,"
              " pitch: %r)," % (lon, lat, lon, lat, camera["zoom"], camera["bearing"], camera.get("pitch", 0)))
        print("     Insets(top: %r, left: %r, bottom: %r, right: %r)," % (p["top"], p["left"], p["bottom"], p["right"]))
        print("     [%s])," % ", ".join("(%r, %r)" % (x, y) for x, y in shown))
    print("  ]")
    print("  static let vectorPoints = [%s]" % ", ".join("Coordinate(lon: %r, lat: %r)" % (x, y) for x, y in POINTS))


if __name__ == "__main__":
    main()
