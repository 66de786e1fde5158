#!/usr/bin/env python3
"""`cardmap page` in headless Chromium, driven through its test hook (`window.cardmapTest.drag`, ready
once the page's engine has loaded: `window.cardmapReady`).

For every release point and velocity of a grid, on a phone and on an iPad, the card must snap where
`cardmap replay` says the same drag ends, and the map must then hold the padding, centre and zoom
that `cardmap fit` gives for that position. MapLibre GL JS is the PyPI wheel's copy (see harness.py).

    python3 Tests/browser/page_test.py [--cardmap .build/debug/cardmap] [--screenshot PATH]
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SAMPLE = os.path.join(harness.ROOT, "Data", "samples", "sydney-ferries.geojson")
GREENLAND = os.path.join(harness.ROOT, "Data", "samples", "greenland.geojson")
DEVICES = ("iphone-17", "ipad-11-landscape")
RELEASES = [(y, v) for y in (96, 200, 400, 456, 600, 800) for v in (-2000, -500, 0, 500, 2000)]


def expected(cardmap, device, y, v):
    script = "\n".join([
        json.dumps({"event": "push", "card": {"id": "A", "mapManager": "m", "bbox": BBOX[device]}}),
        json.dumps({"event": "drag", "y": y, "velocity": v}),
    ])
    run = subprocess.run([cardmap, "replay", "-", "--device", device], input=script, capture_output=True,
                         text=True, check=True)
    position = json.loads(run.stdout.strip().splitlines()[-1])["position"]
    fit = json.loads(subprocess.run([cardmap, "fit", SAMPLE, "--device", device, "--position", position],
                                    capture_output=True, text=True, check=True).stdout)
    return position, fit


BBOX = {}

# Pointer events as a finger and a mouse make them: down on the card's title, a slow move to y = 300,
# up; the card must follow during the move, and the snap it releases to is then checked against
# replay's for the page's own pointer samples.
GESTURES = """<script>
window.gestures = () => window.cardmapReady.then(() => new Promise(function (resolve) {
  // The card of the page's <cardmap-cards> (the package's element), in its card element's shadow root.
  const card = document.querySelector("cardmap-page-card").shadowRoot.querySelector(".card");
  const results = {};
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  async function gesture(kind, done) {
    const deviceTop = document.getElementById("device").getBoundingClientRect().top;
    const top = card.getBoundingClientRect().top - deviceTop;
    const startY = deviceTop + top + 20, targetTop = 304;  // on the snap grid (8 pt)
    const fire = (type, y) => card.dispatchEvent(new PointerEvent(type, {pointerId: kind === "touch" ? 2 : 1,
      pointerType: kind, clientX: 100, clientY: y, bubbles: true, composed: true, isPrimary: true}));
    fire("pointerdown", startY);
    fire("pointermove", startY + (targetTop - top));
    await frame();  // (the controller shows a finger's place in its next frame)
    const during = card.getBoundingClientRect().top - document.getElementById("device").getBoundingClientRect().top;
    setTimeout(() => {
      // The finger rests, then lifts.
      fire("pointermove", startY + (targetTop - top));
      fire("pointermove", startY + (targetTop - top));
      fire("pointerup", startY + (targetTop - top));
      setTimeout(() => {
        // The spring runs on animation frames, which a headless page may not draw: the snap the
        // release chose is what the card settles at.
        results[kind] = {during, target: targetTop, settled: window.cardmapTest.lastRelease.position,
                         release: window.cardmapTest.lastRelease};
        done();
      }, 2000);
    }, 500);
  }
  gesture("touch", () => gesture("mouse", () => resolve(results)));
}));
</script>"""


def modes(args, live, name, content, extra):
    """The camera modes, live: a page made with an anchor and a selection (`extra`), the card dragged
    through every 25 pt. Steady: the anchor at the same fractions of the visible rect as at the start.
    Keep clear: the selection where the engine's callout says (MapLibre's `map.project`), the callout
    inside the visible rect. Markers under the card: the page filters them with the engine's exclusion
    polygon. On the globe (pitched) the same, as MapLibre draws the sphere."""
    failures = []
    checked = 0
    device = DEVICES[0]
    page = os.path.join(harness.WORK, "page-modes-%s.html" % name.replace(", ", "-"))
    subprocess.run([args.cardmap, "page", content, "--device", device, "--maplibre", harness.maplibre_js(),
                    "--callout", "200x70", "--top-buttons", "2", "--test-hook", "--output", page] + extra, check=True)
    with open(page) as f:
        html = f.read()
    ys = list(range(100, 800, 25))
    # Measured once the style has loaded (the exclusion filter is set on the loaded style), in real time.
    driven = page.replace(".html", "-driven.html")
    hook = harness.post_results(
        'window.cardmapReady.then((test) => test.loaded).then(() => { const ys = %s; return {'
        'start: window.cardmapTest.frame(ys[0], "steady"), '
        'steady: ys.map((y) => window.cardmapTest.frame(y, "steady")), '
        'clear: ys.map((y) => window.cardmapTest.frame(y, "clear")), '
        'projection: window.cardmapTest.projection()}; })' % json.dumps(ys), os.path.basename(driven))
    with open(driven, "w") as f:
        f.write(html.replace("</body>", hook))
    result = live.results(driven)
    if "error" in result:
        raise SystemExit("the %s modes page failed: %s" % (name, result["error"]))
    if "--projection" in extra and result["projection"] != "globe":
        failures.append("%s modes: MapLibre draws %s, not the globe" % (name, result["projection"]))

    def fractions(frame):
        r = frame["visibleRect"]
        return ((frame["anchor"][0] - r["x"]) / r["width"], (frame["anchor"][1] - r["y"]) / r["height"], r)

    fx0, fy0, _ = fractions(result["start"])
    drift = 0.0
    for y, frame in zip(ys, result["steady"]):
        fx, fy, r = fractions(frame)
        drift = max(drift, abs(fx - fx0) * r["width"], abs(fy - fy0) * r["height"])
        checked += 1
    if drift > 0.5:
        failures.append("%s steady focus: the anchor drifted %.3f px while the card moved" % (name, drift))
    worst_clear = 0.0
    cleared = 0
    for y, frame in zip(ys, result["clear"]):
        checked += 1
        callout, (sx, sy), r = frame["callout"], frame["selection"], frame["visibleRect"]
        if not callout:
            # Only where the visible rect is smaller than the callout (200 × 70) is there no room.
            if r["width"] >= 200 and r["height"] >= 70 + 44 * 2:
                failures.append("%s keep clear at y %d: no callout in a %s visible rect" % (name, y, r))
            continue
        cleared += 1
        # The callout centred above the selection where the map shows it, inside the visible rect.
        worst_clear = max(worst_clear, abs(callout["x"] + callout["width"] / 2 - sx), abs(callout["y"] + callout["height"] - sy),
                          r["x"] - callout["x"], callout["x"] + callout["width"] - r["x"] - r["width"],
                          r["y"] - callout["y"], callout["y"] + callout["height"] - r["y"] - r["height"])
        if frame["covered"] is not True:
            failures.append("%s y %d: the markers' filter does not use the exclusion polygon (%s)" % (
                name, y, frame["covered"]))
    if worst_clear > 0.5:
        failures.append("%s keep clear: the callout is %.3f px off the selection or outside the visible rect" % (
            name, worst_clear))
    if cleared < len(ys) // 2:
        failures.append("%s keep clear: a callout in only %d of %d frames" % (name, cleared, len(ys)))
    print("page modes (%s): steady drift %.2g px, keep-clear worst %.2g px over %d frames each" % (
        name, drift, worst_clear, len(ys)))
    return checked, failures


def render_against_maplibre(args, live, projection, pitch, bearing):
    """`cardmap render --projection PROJECTION --pitch PITCH --bearing BEARING` against MapLibre: every
    vertex of the content that MapLibre shows at `fit`'s camera (same device, padding, bearing and
    pitch; on the sphere, its near side) is drawn in the picture's content layer within 0.5 px of where
    MapLibre's `map.project` puts it."""
    failures = []
    device = DEVICES[0]
    extra = ["--projection", projection, "--pitch", str(pitch), "--bearing", str(bearing)]
    what = "render --projection %s --pitch %s --bearing %s" % (projection, pitch, bearing)
    picture = os.path.join(harness.WORK, "render-%s-%s.svg" % (projection, pitch))
    subprocess.run([args.cardmap, "render", GREENLAND, "--device", device, "--output", picture] + extra, check=True)
    fit = json.loads(subprocess.run([args.cardmap, "fit", GREENLAND, "--device", device] + extra,
                                    capture_output=True, text=True, check=True).stdout)
    with open(picture) as f:
        svg = f.read()
    content = svg[svg.index('id="content"'):]
    content = content[:content.index("</g>")]
    drawn = [(float(x), float(y)) for x, y in re.findall(r"[ML]([-0-9.e]+) ([-0-9.e]+)", content)]
    with open(GREENLAND) as f:
        vertices = harness.vertices(json.load(f)["features"][0]["geometry"])
    devices = json.loads(subprocess.run([args.cardmap, "devices"], capture_output=True, check=True).stdout)
    width, height = next(d["size"] for d in devices if d["name"] == device)
    camera = fit["camera"]
    page = os.path.join(harness.WORK, "render-%s-%s.html" % (projection, pitch))
    with open(page, "w") as f:
        f.write('<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}'
                '#map{position:absolute;left:0;top:0;width:%dpx;height:%dpx}</style></head><body><div id="map"></div>'
                '<script src="maplibre-gl.js"></script><script>'
                'window.measured = new Promise((resolve) => { const map = new maplibregl.Map({container: "map", '
                'style: {version: 8, projection: {type: "%s"}, sources: {}, layers: []}, attributionControl: false, '
                'fadeDuration: 0, maxPitch: 85, interactive: false}); map.on("load", () => { '
                'map.setProjection({type: "%s"}); const c = %s; '
                'map.jumpTo({center: c.focus, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: c.padding}); '
                'resolve({projection: map.getProjection().type, points: %s.map((v) => { const p = map.project(v); '
                'return [p.x, p.y, !!(map.transform.isLocationOccluded && map.transform.isLocationOccluded({lng: v[0], lat: v[1]}))]; '
                '})}); }); });</script>' % (width, height, projection, projection, json.dumps(camera), json.dumps(vertices))
                + harness.post_results("window.measured", os.path.basename(page)) + "</html>")
    result = live.results(page)
    if "error" in result:
        return ["%s: the page failed: %s" % (what, result["error"])]
    if result["projection"] != projection:
        failures.append("%s: MapLibre draws %s" % (what, result["projection"]))
    worst, shown = 0.0, 0
    for x, y, occluded in result["points"]:
        if occluded or not (0 <= x <= width and 0 <= y <= height):
            continue
        shown += 1
        worst = max(worst, min(math.hypot(x - dx, y - dy) for dx, dy in drawn))
    if shown < 10:
        failures.append("%s: only %d vertices shown" % (what, shown))
    if worst > 0.5:
        failures.append("%s: a vertex drawn %.3f px from where MapLibre shows it" % (what, worst))
    print("%s: %d vertices where MapLibre shows them, worst %.2g px" % (what, shown, worst))
    return failures


def hostile_and_globe(args, live):
    """Two more pages: one whose content has a property that would end or comment out a script element
    (`<!--<script>`, `</script>`), which must still draw its card and map; and a globe page, whose camera
    after the style has loaded (the globe comes with it) must be `cardmap fit`'s. Users' pages have no
    test hook."""
    failures = []
    hostile = os.path.join(harness.WORK, "hostile.geojson")
    with open(hostile, "w") as f:
        json.dump({"type": "Feature", "properties": {"name": "<!--<script>", "note": "</script><b>"},
                   "geometry": {"type": "Point", "coordinates": [151.21, -33.86]}}, f)
    for name, content, extra in (("hostile", hostile, []), ("globe", SAMPLE, ["--projection", "globe"]),
                                 ("globe-world", os.path.join(harness.ROOT, "Data", "samples", "greenland.geojson"),
                                  ["--projection", "globe", "--bearing", "30"])):
        page = os.path.join(harness.WORK, "page-%s.html" % name)
        plain = subprocess.run([args.cardmap, "page", content, "--device", DEVICES[0], "--maplibre", harness.maplibre_js(),
                                "--output", "-"] + extra, capture_output=True, text=True, check=True).stdout
        if "cardmapTest = {" in plain and "testHook: false" not in plain:
            failures.append("%s: a page made without --test-hook has the test hook" % name)
        subprocess.run([args.cardmap, "page", content, "--device", DEVICES[0], "--maplibre", harness.maplibre_js(),
                        "--test-hook", "--output", page] + extra, check=True)
        with open(page) as f:
            html = f.read()
        driven = page.replace(".html", "-driven.html")
        hook = harness.post_results(
            'window.cardmapReady.then((test) => test.loaded).then(() => ({canvas: !!document.querySelector("#map canvas"), '
            'card: document.querySelector("cardmap-page-card").shadowRoot.querySelector(".card").getBoundingClientRect().height, '
            'center: window.cardmapTest.center(), projection: window.cardmapTest.projection()}))',
            os.path.basename(driven))
        with open(driven, "w") as f:
            f.write(html.replace("</body>", hook))
        result = live.results(driven)
        if "error" in result:
            failures.append("%s page: %s" % (name, result["error"]))
            continue
        if not result["canvas"] or result["card"] <= 0:
            failures.append("%s page: no map or no card drawn (%s)" % (name, result))
        if name.startswith("globe"):
            fit = json.loads(subprocess.run([args.cardmap, "fit", content, "--device", DEVICES[0]] + extra,
                                            capture_output=True, text=True, check=True).stdout)
            focus = fit["camera"]["focus"]
            if max(abs(a - b) for a, b in zip(result["center"], focus)) > 1e-6:
                failures.append("%s page: MapLibre's centre after load %s, fit's focus %s" % (name, result["center"], focus))
            if result["projection"] != "globe":
                failures.append("%s page: MapLibre draws %s, not the globe" % (name, result["projection"]))
    print("page: a hostile property and the globe (camera after load equals fit's): failures %d" % len(failures))
    return failures


def screenshot(args, live):
    """The gallery's picture of the page: served over HTTP (MapLibre's workers need an origin) and
    given time to draw, then checked to hold the route (its blue) and the card's list; taken again
    with more time when the content layer had not drawn yet."""
    page = os.path.join(harness.WORK, "page-screenshot.html")
    subprocess.run([args.cardmap, "page", SAMPLE, "--device", DEVICES[0], "--maplibre", harness.maplibre_js(),
                    "--top-buttons", "2", "--floating-items", "2", "--info-view", "240x40", "--margin", "32", "--output", page],
                   check=True)
    # (Through Playwright: chromium's own --screenshot can shoot before MapLibre's workers have drawn.)
    touch = os.path.join(harness.ROOT, "Tests", "web", "touch.py")
    for seconds in (5, 10, 20):
        subprocess.run([sys.executable, touch, "screenshot", live.url(page), os.path.abspath(args.screenshot), "440", "1000",
                        str(seconds)], check=True, capture_output=True)
        route = count_colour(args.screenshot, (0x18, 0x64, 0xab))
        if route > 300:
            print("page screenshot: %s, the route drawn (%d px of its blue)" % (args.screenshot, route))
            return []
    return ["page screenshot: the route's layer had not drawn after %d s" % seconds]


def count_colour(path, rgb, tolerance=12):
    """Pixels of a PNG (8-bit RGB or RGBA, not interlaced: what Chromium writes) within `tolerance`
    of `rgb` in every channel."""
    import struct
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    chunks, offset = {}, 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunks.setdefault(kind, []).append(data[offset + 8:offset + 8 + length])
        offset += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][0][:10])
    assert depth == 8 and colour in (2, 6), "an 8-bit RGB or RGBA PNG"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
    stride = width * channels
    previous = bytearray(stride)
    count = 0
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        for i in range(0, stride, channels):
            if all(abs(line[i + c] - rgb[c]) <= tolerance for c in range(3)):
                count += 1
        previous = line
    return count


# What the page shows besides the map: the card's title and content list, the map buttons' and
# floating buttons' glyphs, the info view's text, and a message when MapLibre is missing.
SHOWN = ('({title: document.querySelector("cardmap-page-card .title").textContent, '
         'rows: Array.from(document.querySelectorAll("cardmap-page-card li b")).map((b) => b.textContent), '
         'top: document.querySelectorAll("cardmap-page-card [slot=buttons]").length, '
         'floating: Array.from(document.querySelectorAll("cardmap-page-card .floating")).map((g) => g.getBoundingClientRect().width), '
         'floatingShown: !document.querySelector("cardmap-page-card").shadowRoot.querySelector(".toolbar").hidden, '
         'info: document.getElementById("info").textContent, '
         'message: document.getElementById("message").hidden ? null : document.getElementById("message").textContent, '
         'canvas: !!document.querySelector("#map canvas")})')


def shown(args, live):
    """The card, its content list and the buttons on a page with MapLibre, and the same with a
    message on a page whose MapLibre cannot load."""
    failures = []
    for name, maplibre in (("shown", harness.maplibre_js()), ("no-maplibre", "http://127.0.0.1:9/maplibre-gl.js")):
        page = os.path.join(harness.WORK, "page-%s.html" % name)
        subprocess.run([args.cardmap, "page", SAMPLE, "--device", DEVICES[0], "--maplibre", maplibre, "--top-buttons",
                        "2", "--floating-items", "2", "--info-view", "240x40", "--position", "extended",
                        "--output", page], check=True)
        with open(page) as f:
            html = f.read()
        driven = page.replace(".html", "-driven.html")
        # Once the page's module has loaded its engine and filled the card, and its cards have started
        # (then half a second for the map).
        wait = ("new Promise((r) => { const t0 = Date.now(); (function poll() { "
                "const title = document.querySelector('cardmap-page-card .title'); "
                "if ((title && title.textContent) || Date.now() - t0 > 10000) "
                "Promise.resolve(document.getElementById('cards') && document.getElementById('cards').ready)"
                ".then(() => setTimeout(r, window.maplibregl ? 500 : 100)); else setTimeout(poll, 50); })(); })")
        with open(driven, "w") as f:
            f.write(html.replace("</body>", harness.post_results(
                "Promise.resolve(%s).then(() => %s)" % (wait, SHOWN), os.path.basename(driven))))
        result = live.results(driven)
        expected = {"title": "Manly ferry", "rows": ["Manly ferry", "Circular Quay", "Manly"], "top": 2,
                    "floating": [44, 44], "floatingShown": True, "info": "Showing Manly ferry"}
        for key, value in expected.items():
            if result.get(key) != value:
                failures.append("%s page: %s is %s, expected %s" % (name, key, result.get(key), value))
        if name == "shown" and (result.get("message") or not result.get("canvas")):
            failures.append("shown page: no map, or a message (%s)" % result.get("message"))
        if name == "no-maplibre" and "MapLibre GL JS did not load from http://127.0.0.1:9/" not in (result.get("message") or ""):
            failures.append("no-maplibre page: no message saying MapLibre did not load (%s)" % result.get("message"))
    print("page: the card's content list, the buttons' glyphs, the info view, and a page without MapLibre: "
          "failures %d" % len(failures))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--screenshot", help="also write a PNG of the phone's page here")
    args = parser.parse_args()
    harness.maplibre_js()
    live = harness.LivePages(args.chromium)
    try:
        return run(args, live)
    finally:
        live.close()


def run(args, live):
    failures = []
    checked = 0
    for device in DEVICES:
        fit = json.loads(subprocess.run([args.cardmap, "fit", SAMPLE, "--device", device], capture_output=True,
                                        text=True, check=True).stdout)
        BBOX[device] = fit["content"]["bbox"]
        page = os.path.join(harness.WORK, "page-%s.html" % device)
        subprocess.run([args.cardmap, "page", SAMPLE, "--device", device, "--maplibre", harness.maplibre_js(),
                        "--test-hook", "--output", page], check=True)
        with open(page) as f:
            html = f.read()
        # In real time, served (the page's engine compiles off the main thread, which virtual time
        # does not wait for).
        driven = page.replace(".html", "-driven.html")
        hook = harness.post_results("window.cardmapReady.then(async (test) => { const out = []; "
                                    "for (const [y, v] of %s) out.push(await test.drag(y, v)); return out; })"
                                    % json.dumps(RELEASES), os.path.basename(driven))
        with open(driven, "w") as f:
            f.write(html.replace("</body>", hook))
        results = live.results(driven)
        # By hand: a touch and a mouse drag the card; it follows the pointer, then snaps.
        gestures = os.path.join(harness.WORK, "page-%s-gestures.html" % device)
        with open(gestures, "w") as f:
            f.write(html.replace("</body>", GESTURES + harness.post_results("window.gestures()",
                                                                             os.path.basename(gestures))))
        for kind, result in live.results(gestures).items():
            checked += 1
            if abs(result["during"] - result["target"]) > 1 or result["settled"] not in ("collapsed", "peaking", "extended"):
                failures.append("%s %s drag: card at %s during the drag to %s, settled %s" % (
                    device, kind, result["during"], result["target"], result["settled"]))
            # The release velocity is the engine's rule: replay's drag with the page's own samples
            # snaps to the same position in the same time.
            release = result["release"]
            script = "\n".join([
                json.dumps({"event": "push", "card": {"id": "A", "mapManager": "m", "bbox": BBOX[device]}}),
                json.dumps({"event": "drag", "y": release["y"], "samples": release["samples"]}),
            ])
            replayed = json.loads(subprocess.run([args.cardmap, "replay", "-", "--device", device], input=script,
                                                 capture_output=True, text=True, check=True).stdout.splitlines()[-1])
            snap = replayed["snap"]
            if snap["position"] != release["position"] or abs(snap["duration"] - release["duration"]) > 1e-9:
                failures.append("%s %s drag: the page released %s in %s s, the engine's rule gives %s" % (
                    device, kind, release["position"], release["duration"], snap))
        for (y, v), result in zip(RELEASES, results):
            position, fit = expected(args.cardmap, device, y, v)
            checked += 1
            insets = fit["layout"]["mapInsets"]
            camera = fit["camera"]
            where = "%s y %g v %g" % (device, y, v)
            if result["position"] != position:
                failures.append("%s: snapped to %s, replay says %s" % (where, result["position"], position))
            if any(abs(result["padding"][k] - insets[k]) > 1e-9 for k in insets):
                failures.append("%s: padding %s, fit's insets %s" % (where, result["padding"], insets))
            if max(abs(a - b) for a, b in zip(result["center"], camera["focus"])) > 1e-7:
                failures.append("%s: centre %s, fit's focus %s" % (where, result["center"], camera["focus"]))
            if abs(result["zoom"] - camera["zoom"]) > 1e-9:
                failures.append("%s: zoom %s, fit's %s" % (where, result["zoom"], camera["zoom"]))
    for name, content, extra in (
            ("flat", SAMPLE, ["--anchor", "151.2153,-33.8568", "--select", "151.2108,-33.8568"]),
            ("globe, pitched", GREENLAND, ["--projection", "globe", "--pitch", "40", "--bearing", "20",
                                           "--anchor", "-45,68", "--select", "-40,66"])):
        modes_checked, modes_failures = modes(args, live, name, content, extra)
        checked += modes_checked
        failures += modes_failures
    for projection, pitch, bearing in (("globe", 40, 20), ("mercator", 50, 30), ("mercator", 0, 15)):
        failures += render_against_maplibre(args, live, projection, pitch, bearing)
    failures += hostile_and_globe(args, live)
    failures += shown(args, live)
    checked += 4
    if args.screenshot:
        failures += screenshot(args, live)
    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("page: %d drags on %s (through the test hook, and by touch and mouse pointer events): the card follows "
          "the pointer, snaps as replay's, and the map holds fit's padding, centre and zoom; failures %d" % (
              checked, ", ".join(DEVICES), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
