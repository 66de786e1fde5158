#!/usr/bin/env python3
"""A real map client in the test suite: CardMap's cameras set on MapLibre GL JS in headless Chromium.

Two sets of scenarios, each at every card position of every device profile:
- boxes near both poles, across the antimeridian, country-sized, street-sized and world-sized, at
  five bearings, fitted with `cardmap fit --bbox` (their corners and edge midpoints are the content);
- every country of Natural Earth's 1:110m admin-0 map (Data/basemap/countries.geojson), fitted
  from its GeoJSON with `cardmap fit -`, at a bearing taken in turn from a list with non-multiples
  of 90 (every vertex is the content).

The page (harness.js) sets each camera on MapLibre GL JS 5.3 both ways, `focus` with the insets as
padding and `center` without padding, and projects the content with `map.project`: where MapLibre
draws each vertex. Checked here, for every scenario, clamped or not:

- MapLibre keeps the camera (centre within 0.5 px, zoom unchanged) in both forms, and the two forms
  put every position at the same pixel within 0.5 px;
- every position lies inside the visible rect within 0.5 px, except beyond a side of the visible rect
  that faces a direction the camera's `cut` names (counted, not failed), at a zoom limit too;
- the reported `visibleRegion` polygon is `map.unproject` of the visible rect's corners within 0.5 px;
- unless clamped and when the zoom is the fit's, not a limit: a pair of the visible rect's edges is
  touched within 0.5 px, and `map.cameraForBounds` gives the same zoom.

MapLibre GL JS comes from PyPI's `maplibre` wheel (`maplibre/srcjs/maplibre-gl.js`), fetched into the
build folder at test time and never committed. Chromium is Debian's `chromium`.

All of them is 15,900 scenarios (20 devices, 3 positions, 11 boxes at 5 bearings and 3 pitches, 177
countries); `--sample N --seed S` checks N of them drawn with a fixed seed (`make test`'s pass; the
long run: `--sample 0`, every one).

    python3 Tests/browser/harness.py --cardmap .build/debug/cardmap [--chromium chromium] [--quick] [--sample N --seed S]
"""
import argparse
import concurrent.futures
import functools
import http.server
import threading
import time
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import pypi  # noqa: E402
WORK = os.path.join(ROOT, ".build", "browser")
WHEEL = "maplibre==0.3.6"  # carries MapLibre GL JS 5.3.0
AXE_WHEEL = "axe-playwright-python==0.1.8"  # carries axe-core 4.x (axe.min.js)
COUNTRIES = os.path.join(ROOT, "Data", "basemap", "countries.geojson")

BOXES = {
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
BEARINGS = (0, 30, -75, 180, 137.5)
# The countries' bearings, one per scenario in turn.
COUNTRY_BEARINGS = (0, 30, -75, 180, 137.5, -12.5, 90, 61)
# Pitched cameras: the boxes at each pitch, at a bearing taken in turn.
PITCHES = (20, 45, 60)
PITCH_BEARINGS = (0, 30, -75, 137.5, 180)
POSITIONS = ("collapsed", "peaking", "extended")
TOLERANCE = 0.5


def maplibre_js():
    """MapLibre GL JS from PyPI's wheel, fetched once into the build folder."""
    return _from_wheel("maplibre-gl.js")


def maplibre_css():
    """MapLibre GL JS's stylesheet, from the same wheel."""
    return _from_wheel("maplibre-gl.css")


def axe_js():
    """axe-core (Deque's accessibility rules) from PyPI's axe-playwright-python wheel, fetched once."""
    return _from_wheel("axe.min.js", AXE_WHEEL, "axe_playwright_python/", "the accessibility test")


def _from_wheel(name, spec=None, folder="maplibre/srcjs/", what="the browser tests"):
    spec = spec or WHEEL
    target = os.path.join(WORK, name)
    if os.path.exists(target):
        return target
    os.makedirs(WORK, exist_ok=True)
    wheel = pypi.download(spec, os.path.join(WORK, "wheel" if spec == WHEEL else "wheel-" + spec.split("=")[0])) or pypi.skip(what, spec)
    with zipfile.ZipFile(wheel) as archive, archive.open(folder + name) as source:
        with open(target + ".tmp", "wb") as out:
            shutil.copyfileobj(source, out)
    os.replace(target + ".tmp", target)
    return target


def as_drawn(points, bbox):
    """The positions as MapLibre draws them: latitudes clamped to the Mercator world's edge
    (±85.051129°, where geojson-vt puts them), longitudes unwrapped past the box's west edge when it
    crosses the antimeridian."""
    w, _, e, _ = bbox
    return [[lng + 360 if e < w and lng < w else lng, max(min(lat, 85.051129), -85.051129)] for lng, lat in points]


def corners_and_edges(box):
    """The box's corners and edge midpoints, east unwrapped past west across the antimeridian."""
    w, s, e, n = box
    e = e if e >= w else e + 360
    return [[x, y] for x in (w, (w + e) / 2, e) for y in (s, (s + n) / 2, n)]


def vertices(geometry):
    """Every position of a Polygon or MultiPolygon."""
    rings = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    return [[p[0], p[1]] for polygon in rings for ring in polygon for p in ring]


def fit(cardmap, args, stdin=None):
    run = subprocess.run([cardmap, "fit"] + args, input=stdin, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("cardmap fit %s failed: %s" % (" ".join(args), run.stderr))
    return json.loads(run.stdout)


def scenarios(cardmap, quick, sample=0, seed=1):
    """The scenarios and their contents (name → positions with halves); with `sample`, that many of
    them drawn with `seed`, in their order."""
    devices = json.loads(subprocess.run([cardmap, "devices"], capture_output=True, check=True).stdout)
    sizes = {d["name"]: d["size"] for d in devices}
    names = [d["name"] for d in devices][:: 4 if quick else 1]
    with open(COUNTRIES) as f:
        countries = json.load(f)["features"]
    if quick:
        countries = countries[::8]
    jobs = []  # (content name, device, position, bearing, fit arguments, stdin, positions or None)
    for (name, box), device, position, bearing in itertools.product(BOXES.items(), names, POSITIONS, BEARINGS):
        jobs.append((name, device, position, bearing, ["--bbox=" + ",".join(map(str, box))], None,
                     corners_and_edges(box)))
    turn = itertools.cycle(PITCH_BEARINGS)
    for (name, box), device, position, pitch in itertools.product(BOXES.items(), names, POSITIONS, PITCHES):
        jobs.append((name, device, position, next(turn), ["--bbox=" + ",".join(map(str, box)), "--pitch", str(pitch)],
                     None, corners_and_edges(box)))
    turn = itertools.cycle(COUNTRY_BEARINGS)
    for feature, device, position in itertools.product(countries, names, POSITIONS):
        name = "country:" + feature["properties"]["name"]
        jobs.append((name, device, position, next(turn), ["-"], json.dumps(feature), vertices(feature["geometry"])))
    if 0 < sample < len(jobs):
        jobs = [jobs[i] for i in sorted(random.Random(seed).sample(range(len(jobs)), sample))]

    def run(job):
        name, device, position, bearing, args, stdin, _ = job
        return fit(cardmap, args + ["--device", device, "--position", position, "--bearing", str(bearing)], stdin)

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        fits = list(pool.map(run, jobs))
    cases, contents = [], {}
    for (name, device, position, bearing, _, _, points), result in zip(jobs, fits):
        bbox = result["content"]["bbox"]
        contents.setdefault(name, as_drawn(points, bbox))
        width, height = sizes[device]
        cases.append({
            "id": "%s/%s/%s/%g%s" % (device, position, name, bearing,
                                     "/pitch %g" % result["camera"]["pitch"] if result["camera"]["pitch"] else ""),
            "content": name, "width": width,
            "height": height, "insets": result["layout"]["mapInsets"], "camera": result["camera"], "bbox": bbox,
            "region": result["visibleRegion"]["polygon"],
        })
    return cases, contents


def run_browser(chromium, cases, contents):
    page = os.path.join(WORK, "harness.html")
    with open(page, "w") as f:
        f.write('<!doctype html><html><head><meta charset="utf-8">'
                '<style>body{margin:0} #map{position:absolute;left:0;top:0}</style></head><body>'
                '<div id="map"></div><pre id="results"></pre>'
                '<script src="maplibre-gl.js"></script>'
                '<script>window.CONTENTS = %s; window.SCENARIOS = %s;</script>'
                '<script src="harness.js"></script></body></html>' % (json.dumps(contents), json.dumps(cases)))
    shutil.copy(os.path.join(HERE, "harness.js"), os.path.join(WORK, "harness.js"))
    results = page_results(chromium, page, ["--window-size=2000,2000", "--virtual-time-budget=60000"], timeout=900)
    if isinstance(results, dict) and "error" in results:
        raise SystemExit("the page failed: " + results["error"])
    return results


def page_results(chromium, page, flags, timeout):
    """What a page wrote into its <pre id="results"> as JSON, in headless Chromium with WebGL."""
    process = subprocess.run(
        [chromium, "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--disable-gpu-sandbox", "--allow-file-access-from-files"] + flags
        + ["--dump-dom", page if page.startswith("http") else "file://" + page],
        capture_output=True, text=True, timeout=timeout)
    match = re.search(r'<pre id="results">(.*?)</pre>', process.stdout, re.S)
    if not match or not match.group(1).strip():
        raise SystemExit("the page gave no results\n" + process.stderr[-3000:])
    text = match.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(text)


class LivePages:
    """The build folder served on the loopback address, for pages that must run in real time (a
    MapLibre style with GeoJSON sources loads in a worker, which headless Chromium's virtual time never
    waits for): a page POSTs its results to /results, and `results(page)` waits for them."""

    def __init__(self, chromium):
        self.chromium = chromium
        self.posted = {}
        self.ready = threading.Condition()
        owner = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with owner.ready:
                    owner.posted[self.path] = body.decode()
                    owner.ready.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=WORK))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, page):
        return "http://127.0.0.1:%d/%s" % (self.server.server_address[1], os.path.relpath(page, WORK))

    def results(self, page, timeout=120):
        """What `page` POSTs to /results/<its name>, as JSON: the page is opened in headless Chromium
        and given up to `timeout` seconds of real time."""
        key = "/results/" + os.path.basename(page)
        browser = subprocess.Popen(
            [self.chromium, "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
             "--disable-gpu-sandbox", "--window-size=2000,2000", "--remote-debugging-port=0", self.url(page)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + timeout
            with self.ready:
                while key not in self.posted and time.monotonic() < deadline:
                    self.ready.wait(deadline - time.monotonic())
        finally:
            browser.terminate()
            browser.wait()
        if key not in self.posted:
            raise SystemExit("%s posted no results in %d s" % (os.path.basename(page), timeout))
        return json.loads(self.posted.pop(key))

    def close(self):
        self.server.shutdown()


def live_results(chromium, *pages, timeout=120):
    """What each of `pages` POSTs to /results/<its name>, in turn, opened by one `LivePages`."""
    live = LivePages(chromium)
    try:
        return [live.results(page, timeout=timeout) for page in pages]
    finally:
        live.close()


def post_results(expression, name):
    """A script for a live page: POSTs the JSON of `expression` (a promise or a value) to /results/<name>."""
    return ('<script>Promise.resolve().then(() => %s).then((r) => fetch("/results/%s", {method: "POST", '
            'body: JSON.stringify(r)})).catch((e) => fetch("/results/%s", {method: "POST", '
            'body: JSON.stringify({error: String(e && e.stack || e)})}));</script></body>' % (expression, name, name))


def check(cases, results):
    failures = []
    stats = {"scenarios": len(cases), "countries": len({c["content"] for c in cases if c["content"].startswith("country:")}),
             "clamped": 0, "cut": 0, "pitched": 0, "placed off-centre": 0, "worst inside px": 0.0, "worst cut px": 0.0,
             "worst forms px": 0.0, "worst kept px": 0.0, "worst region px": 0.0, "worst touch px": 0.0,
             "worst zoom vs cameraForBounds": 0.0}

    def worst(key, value, limit, message):
        stats[key] = max(stats[key], value)
        if value > limit:
            failures.append(message % value)

    for case, result in zip(cases, results):
        camera, insets, w, h, what = case["camera"], case["insets"], case["width"], case["height"], case["id"]
        clamped = camera["worldClamped"]
        stats["clamped"] += clamped
        stats["cut"] += bool(camera.get("cut"))
        for name, form in result["forms"].items():
            worst("worst kept px", max(form["moved"], 0), TOLERANCE, what + ": MapLibre moved the " + name + " form by %.3f px")
            if form["zoomMoved"] > 1e-9 or form["pitchMoved"] > 1e-9:
                failures.append("%s: MapLibre changed the %s form's zoom by %g, pitch by %g" % (
                    what, name, form["zoomMoved"], form["pitchMoved"]))
        focus = result["forms"]["focus"]
        worst("worst forms px", result["disagree"], TOLERANCE, what + ": the two forms disagree by %.3f px")
        worst("worst region px", focus["region"], TOLERANCE, what + ": visibleRegion is %.3f px off the visible rect's corners")
        stats["worst cut px"] = max(stats["worst cut px"], focus["excused"])
        # Inside but beyond the sides `cut` names, at every zoom: a zoom held at a limit says what it cuts.
        worst("worst inside px", focus["outside"], TOLERANCE,
              what + ": content %%.3f px outside the visible rect (cut %s)" % camera.get("cut", []))
        at_limit = camera["zoom"] <= 1e-9 or camera["zoom"] >= 22 - 1e-9
        if clamped or at_limit:
            continue
        left, top, right, bottom = insets["left"], insets["top"], w - insets["right"], h - insets["bottom"]
        x0, y0, x1, y1 = focus["box"]
        if camera["pitch"]:
            # Tilted, the content touches the visible rect on one side at least.
            stats["pitched"] += 1
            touch = min(abs(x0 - left), abs(x1 - right), abs(y0 - top), abs(y1 - bottom))
            worst("worst touch px", touch, TOLERANCE, what + ": no edge touched (%.3f px)")
            continue
        touch = min(max(abs(x0 - left), abs(x1 - right)), max(abs(y0 - top), abs(y1 - bottom)))
        worst("worst touch px", touch, TOLERANCE, what + ": no pair of edges touched (%.3f px)")
        zoom = result.get("cameraForBoundsZoom")
        difference = abs(zoom - camera["zoom"]) if zoom is not None else float("inf")
        worst("worst zoom vs cameraForBounds", difference, 1e-6,
              what + ": cameraForBounds zoom differs by %%g (CardMap %s)" % camera["zoom"])
        # Off-centre: the focus is not the content's centre (the room was used).
        if abs((y0 + y1) / 2 - (top + bottom) / 2) > TOLERANCE or abs((x0 + x1) / 2 - (left + right) / 2) > TOLERANCE:
            stats["placed off-centre"] += 1
    return failures, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--quick", action="store_true", help="every fourth device profile only")
    parser.add_argument("--sample", type=int, default=0, help="this many scenarios, drawn with --seed (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    script = maplibre_js()
    cases, contents = scenarios(args.cardmap, args.quick, args.sample, args.seed)
    # A control that MapLibre must move (a camera at 85°N, zoom 1, on a phone): proof that the page
    # sees the client's clamp at all.
    control = {"id": "control", "content": "control", "width": 390, "height": 844,
               "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "bbox": [0, 80, 10, 85],
               "camera": {"center": [5, 85], "focus": [5, 85], "zoom": 1, "bearing": 0, "pitch": 0,
                          "worldClamped": False},
               "region": [[0, 85], [10, 85], [10, 80], [0, 80]]}
    contents["control"] = [[5, 85]]
    results = run_browser(args.chromium, cases + [control], contents)
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
