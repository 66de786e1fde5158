#!/usr/bin/env python3
"""A real map client in the test suite: CardMap's cameras set on MapLibre GL JS in headless Chromium.

For every device profile at every card position, content near both poles, across the antimeridian,
country-sized, street-sized and world-sized, and four bearings, `cardmap fit` gives a camera. The page
(harness.js) sets it on MapLibre GL JS 5.3 both ways, `focus` with the insets as padding and `center`
without padding, and measures with `map.project`. Checked here:

- MapLibre keeps the camera (centre within 0.5 px, zoom unchanged) in both forms, clamped or not;
- unless clamped, every content position lies inside the visible rect within 0.5 px, a pair of the
  visible rect's edges is touched within 0.5 px (when the zoom is the fit's, not a limit), and the two
  forms put every position at the same pixel within 0.5 px;
- `map.cameraForBounds` gives the same zoom (when the zoom is not at a limit).

MapLibre GL JS comes from PyPI's `maplibre` wheel (`maplibre/srcjs/maplibre-gl.js`), fetched into the
build folder at test time and never committed. Chromium is Debian's `chromium`.

    python3 Tests/browser/harness.py --cardmap .build/debug/cardmap [--chromium chromium] [--quick]
"""
import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(ROOT, ".build", "browser")
WHEEL = "maplibre==0.3.6"  # carries MapLibre GL JS 5.3.0

CONTENT = {
    "svalbard": (10, 76, 34, 81),
    "greenland": (-73, 59, -11, 84),
    "arctic-band": (-60, 65, 60, 80),
    "antarctica": (100, -80, 160, -65),
    "fiji": (175.8, -20.2, -178.3, -15.4),
    "russia": (27, 41, -169, 82),
    "usa": (-125, 24, -66, 50),
    "norway": (4, 58, 31, 71),
    "sydney-street": (151.2050, -33.8700, 151.2150, -33.8600),
    "paris-block": (2.3510, 48.8560, 2.3530, 48.8575),
    "world": (-180, -85, 180, 85),
}
BEARINGS = (0, 30, -75, 180)
POSITIONS = ("collapsed", "peaking", "extended")
TOLERANCE = 0.5


def maplibre_js():
    """MapLibre GL JS from PyPI's wheel, fetched once into the build folder."""
    target = os.path.join(WORK, "maplibre-gl.js")
    if os.path.exists(target):
        return target
    os.makedirs(WORK, exist_ok=True)
    wheels = os.path.join(WORK, "wheel")
    subprocess.run([sys.executable, "-m", "pip", "download", WHEEL, "--no-deps", "-q", "-d", wheels], check=True)
    wheel = next(os.path.join(wheels, name) for name in os.listdir(wheels) if name.endswith(".whl"))
    with zipfile.ZipFile(wheel) as archive, archive.open("maplibre/srcjs/maplibre-gl.js") as source:
        with open(target + ".tmp", "wb") as out:
            shutil.copyfileobj(source, out)
    os.replace(target + ".tmp", target)
    return target


def corners_and_edges(box):
    """The box's corners and edge midpoints, east unwrapped past west across the antimeridian."""
    w, s, e, n = box
    e = e if e >= w else e + 360
    return [[x, y] for x in (w, (w + e) / 2, e) for y in (s, (s + n) / 2, n)]


def scenarios(cardmap, quick):
    devices = [d["name"] for d in json.loads(subprocess.run([cardmap, "devices"], capture_output=True, check=True).stdout)]
    if quick:
        devices = devices[::4]
    cases = []
    for device, position, (name, box), bearing in itertools.product(devices, POSITIONS, CONTENT.items(), BEARINGS):
        run = subprocess.run(
            [cardmap, "fit", "--bbox=" + ",".join(map(str, box)), "--device", device, "--position", position,
             "--bearing", str(bearing)], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit("cardmap fit failed for %s %s %s %s: %s" % (device, position, name, bearing, run.stderr))
        fit = json.loads(run.stdout)
        layout = fit["layout"]
        cases.append({
            "id": "%s/%s/%s/%g" % (device, position, name, bearing),
            "width": layout["view"]["width"] if "view" in layout else None,
            "device": device, "insets": layout["mapInsets"], "camera": fit["camera"], "bbox": box,
            "positions": corners_and_edges(box),
        })
    sizes = {d["name"]: d["size"] for d in json.loads(subprocess.run([cardmap, "devices"], capture_output=True, check=True).stdout)}
    for case in cases:
        case["width"], case["height"] = sizes[case["device"]]
    return cases


def run_browser(chromium, cases):
    page = os.path.join(WORK, "harness.html")
    with open(page, "w") as f:
        f.write('<!doctype html><html><head><meta charset="utf-8">'
                '<style>body{margin:0} #map{position:absolute;left:0;top:0}</style></head><body>'
                '<div id="map"></div><pre id="results"></pre>'
                '<script src="maplibre-gl.js"></script>'
                '<script>window.SCENARIOS = %s;</script>'
                '<script src="harness.js"></script></body></html>' % json.dumps(cases))
    shutil.copy(os.path.join(HERE, "harness.js"), os.path.join(WORK, "harness.js"))
    results = page_results(chromium, page, ["--window-size=2000,2000", "--virtual-time-budget=60000"], timeout=900)
    if isinstance(results, dict) and "error" in results:
        raise SystemExit("the page failed: " + results["error"])
    return results


def page_results(chromium, page, flags, timeout):
    """What a page wrote into its <pre id="results"> as JSON, in headless Chromium with WebGL."""
    process = subprocess.run(
        [chromium, "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--disable-gpu-sandbox", "--allow-file-access-from-files"] + flags + ["--dump-dom", "file://" + page],
        capture_output=True, text=True, timeout=timeout)
    match = re.search(r'<pre id="results">(.*?)</pre>', process.stdout, re.S)
    if not match or not match.group(1).strip():
        raise SystemExit("the page gave no results\n" + process.stderr[-3000:])
    text = match.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(text)


def check(cases, results):
    failures = []
    stats = {"scenarios": len(cases), "placed off-centre": 0, "clamped": 0, "worst inside px": 0.0,
             "worst forms px": 0.0, "worst kept px": 0.0, "worst touch px": 0.0, "worst zoom vs cameraForBounds": 0.0}
    for case, result in zip(cases, results):
        camera, insets, w, h = case["camera"], case["insets"], case["width"], case["height"]
        clamped = camera["worldClamped"]
        stats["clamped"] += clamped
        for name, form in result["forms"].items():
            kept = max(form["moved"], 0)
            stats["worst kept px"] = max(stats["worst kept px"], kept)
            if kept > TOLERANCE or form["zoomMoved"] > 1e-9:
                failures.append("%s: MapLibre moved the %s form by %.3f px, zoom by %g" % (
                    case["id"], name, kept, form["zoomMoved"]))
        if clamped:
            continue
        at_limit = camera["zoom"] <= 1e-9 or camera["zoom"] >= 22 - 1e-9
        focus_points = result["forms"]["focus"]["points"]
        center_points = result["forms"]["center"]["points"]
        left, top, right, bottom = insets["left"], insets["top"], w - insets["right"], h - insets["bottom"]
        if not at_limit:
            outside = max(max(left - x, x - right, top - y, y - bottom, 0) for x, y in focus_points)
            stats["worst inside px"] = max(stats["worst inside px"], outside)
            if outside > TOLERANCE:
                failures.append("%s: content %.3f px outside the visible rect" % (case["id"], outside))
            xs = [p[0] for p in focus_points]
            ys = [p[1] for p in focus_points]
            touch = min(max(abs(min(xs) - left), abs(max(xs) - right)), max(abs(min(ys) - top), abs(max(ys) - bottom)))
            stats["worst touch px"] = max(stats["worst touch px"], touch)
            if touch > TOLERANCE:
                failures.append("%s: no pair of edges touched (%.3f px)" % (case["id"], touch))
            zoom = result["cameraForBoundsZoom"]
            difference = abs(zoom - camera["zoom"]) if zoom is not None else float("inf")
            stats["worst zoom vs cameraForBounds"] = max(stats["worst zoom vs cameraForBounds"], difference)
            if difference > 1e-6:
                failures.append("%s: cameraForBounds zoom %s, CardMap %s" % (case["id"], zoom, camera["zoom"]))
        forms = max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(focus_points, center_points))
        stats["worst forms px"] = max(stats["worst forms px"], forms)
        if forms > TOLERANCE:
            failures.append("%s: the two forms disagree by %.3f px" % (case["id"], forms))
        # Off-centre: the focus is not the content's centre (the room was used).
        w0, s0, e0, n0 = case["bbox"]
        ys = [p[1] for p in focus_points]
        if abs((min(ys) + max(ys)) / 2 - (top + bottom) / 2) > TOLERANCE and not at_limit:
            stats["placed off-centre"] += 1
    return failures, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--quick", action="store_true", help="every fourth device profile only")
    args = parser.parse_args()
    script = maplibre_js()
    cases = scenarios(args.cardmap, args.quick)
    # A control that MapLibre must move (a camera at 85°N, zoom 1, on a phone): proof that the page
    # sees the client's clamp at all.
    control = {"id": "control", "device": "control", "width": 390, "height": 844,
               "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "bbox": [0, 80, 10, 85],
               "camera": {"center": [5, 85], "focus": [5, 85], "zoom": 1, "bearing": 0, "worldClamped": False},
               "positions": [[5, 85]]}
    results = run_browser(args.chromium, cases + [control])
    if len(results) != len(cases) + 1:
        raise SystemExit("the page measured %d of %d scenarios" % (len(results), len(cases) + 1))
    moved = results.pop()["forms"]["center"]
    if moved["moved"] <= 1 and moved["zoomMoved"] <= 1e-9:
        raise SystemExit("the control camera at 85°N was not moved by MapLibre: the harness cannot see a clamp")
    failures, stats = check(cases, results)
    for failure in failures[:40]:
        print("FAIL " + failure, file=sys.stderr)
    print("browser harness (MapLibre GL JS from %s): %s, failures %d" % (
        os.path.basename(script), ", ".join("%s %s" % (k, ("%.3g" % v) if isinstance(v, float) else v)
                                            for k, v in stats.items()), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
