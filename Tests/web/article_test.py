#!/usr/bin/env python3
"""The article "A sheet over MapLibre" followed as a newcomer does, from the packed package, with a
real finger.

`npm pack` makes the tarball; a fresh folder gets it with `npm install --offline`, the article's
page (`index.html`) and `app.mjs` exactly as the article writes them, the route, and the bundle
made by the article's own esbuild command. Headless Chromium (Playwright, Debian's chromium) opens
it at a phone's size (402 × 874, touch), the article's MapLibre (5.3, from PyPI's wheel) and style
(Natural Earth from Data/basemap) served from the test's copies in place of their URLs. Checked:

- the engine is fetched once: with `cardmap/inline`, never (no request for cardmap.wasm); with
  `cardmap` and cardmap.wasm copied beside the bundle, once; without the copy, the page's error says
  what to copy where;
- nothing is logged as an error;
- at each position: the content's alpha is the layout's (none shows under a collapsed card's title),
  MapLibre's controls lie inside the visible rect and never over the card (or are hidden, where the
  engine fades map buttons out), with the map buttons' alpha; the attribution shows at every
  position, and is not covered where the map takes touches; the wharves' dots are whole inside the visible rect and under no control;
- flicks and a slow drag with a finger (CDP touch events, one every 8 ms as a 120 Hz screen sends
  them), the CPU slowed six times (`Emulation.setCPUThrottlingRate`) and every frame's script 100 ms
  long (a busy phone: the browser coalesces the samples): each settles where `cardmap replay` says
  for the sheet's own event, and for the finger's samples as the test sent them;
- pictures of each position, light and dark, for the article (`--pictures`).

    python3 Tests/web/article_test.py --package .build/npm --cardmap .build/debug/cardmap [--pictures]
"""
import argparse
import asyncio
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import touch  # noqa: E402

touch.ensure()
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

ARTICLE = os.path.join(harness.ROOT, "Sources", "CardMap", "CardMap.docc", "SheetOverMapLibre.md")
PICTURES = os.path.dirname(ARTICLE)
WIDTH, HEIGHT = 402, 874
# The wharves' dots: radius 7 and a 2-pt stroke.
DOT = 9
TOLERANCE = 0.5


def blocks(text, language):
    """The article's code blocks in `language`, in order."""
    parts = text.split("```" + language + "\n")[1:]
    return [part.split("```", 1)[0] for part in parts]


def run(command, cwd, shell=False):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, shell=shell)
    if done.returncode != 0:
        raise SystemExit("%s failed in %s:\n%s%s" % (command, cwd, done.stdout[-2000:], done.stderr[-2000:]))
    return done.stdout


def style():
    """The article's style URL served as a basemap of Natural Earth's countries (land on water)."""
    with open(os.path.join(harness.ROOT, "Data", "basemap", "countries.geojson")) as f:
        countries = json.load(f)
    return {"version": 8, "sources": {"countries": {"type": "geojson", "data": countries,
                                                    "attribution": "Natural Earth"}},
            "layers": [{"id": "water", "type": "background", "paint": {"background-color": "#a9cbe8"}},
                       {"id": "land", "type": "fill", "source": "countries", "paint": {"fill-color": "#f1efe6"}}]}


def consumer(package):
    """A fresh folder with the package installed offline, the article's files as written, the route,
    and the bundle made by the article's esbuild command."""
    _, folder = web_assets.installed(package, "article", {"name": "ferry", "private": True, "type": "module"})
    with open(ARTICLE) as f:
        text = f.read()
    [html] = blocks(text, "html")
    [js] = blocks(text, "js")
    [build] = [b for b in blocks(text, "sh") if b.startswith("esbuild")]
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(html)
    with open(os.path.join(folder, "app.mjs"), "w") as f:
        f.write(js)
    shutil.copy(os.path.join(harness.ROOT, "Data", "samples", "sydney-ferries.geojson"), os.path.join(folder, "route.geojson"))
    run(build.strip(), folder, shell=True)
    # The article's alternative: the engine as a file (cardmap, not cardmap/inline), in its own folder.
    files = os.path.join(folder, "files")
    os.makedirs(files)
    shutil.copy(os.path.join(folder, "index.html"), files)
    shutil.copy(os.path.join(folder, "route.geojson"), files)
    with open(os.path.join(files, "app.mjs"), "w") as f:
        f.write(js.replace('from "cardmap/inline"', 'from "cardmap"'))
    os.symlink(os.path.join(folder, "node_modules"), os.path.join(files, "node_modules"))
    run(build.strip(), files, shell=True)
    return folder


class Server:
    """`folder` on the loopback address."""

    def __init__(self, folder):
        handler = functools.partial(Quiet, directory=folder)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d/" % self.server.server_address[1]

    def close(self):
        self.server.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


# Reads what the page shows: the sheet's layout and what it applied, the controls' boxes, the
# attribution, the wharves where MapLibre draws them, the camera.
MEASURE = """() => {
  const sheet = document.querySelector("cardmap-sheet");
  const root = sheet.sheetCard.shadowRoot, layout = sheet.layout;
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const content = getComputedStyle(root.querySelector(".content"));
  const map = window.__maps[0];
  const controls = [...document.querySelectorAll(".maplibregl-ctrl-top-right > *, .maplibregl-ctrl-bottom-right > *, .maplibregl-ctrl-top-left > *, .maplibregl-ctrl-bottom-left > *")]
    .filter((e) => e.offsetWidth > 0).map((e) => {
      const corner = e.parentElement; const style = getComputedStyle(corner);
      return { name: e.className, box: box(e), shown: style.visibility !== "hidden" && Number(style.opacity) > 0,
        opacity: Number(style.opacity) };
    });
  const attribution = document.querySelector(".maplibregl-ctrl-attrib");
  let attributionOnTop = false;
  if (attribution) {
    const r = attribution.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    attributionOnTop = !!hit && attribution.contains(hit);
  }
  const wharves = map.querySourceFeatures("route").filter((f) => f.geometry.type === "Point")
    .map((f) => { const p = map.project(f.geometry.coordinates); return [p.x, p.y]; });
  const center = map.getCenter();
  return { layout, card: box(root.querySelector(".card")), contentOpacity: Number(content.opacity),
    contentVisibility: content.visibility, controls, attributionOnTop, wharves,
    camera: { focus: [center.lng, center.lat], zoom: map.getZoom(), padding: map.getPadding() },
    lastStep: sheet.lastStep };
}"""

# Wraps MapLibre's Map as the article's script creates it, so the test can read the map.
INIT = """window.__maps = [];
Object.defineProperty(window, "maplibregl", { configurable: true, get() { return this.__maplibregl; }, set(value) {
  const Map = value.Map;
  value.Map = class extends Map { constructor(options) { super(options); window.__maps.push(this); } };
  this.__maplibregl = value;
} });"""


async def open_page(browser, url, scheme="light"):
    context = await browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                                        color_scheme=scheme)
    page = await context.new_page()
    log = {"requests": [], "errors": []}
    page.on("request", lambda request: log["requests"].append(request.url))
    page.on("console", lambda message: message.type == "error" and log["errors"].append(message.text))
    page.on("pageerror", lambda error: log["errors"].append(str(error)))
    await page.add_init_script(INIT)
    assets = {"maplibre-gl.js": harness.maplibre_js(), "maplibre-gl.css": harness.maplibre_css()}
    basemap = json.dumps(style())
    await page.route("https://unpkg.com/**", lambda route: route.fulfill(path=assets[route.request.url.rsplit("/", 1)[1]]))
    await page.route("https://demotiles.maplibre.org/style.json",
                     lambda route: route.fulfill(body=basemap, content_type="application/json"))
    await page.goto(url)
    return page, log


async def settle(page, route=True):
    """Until the sheet has settled and the map has drawn it (and the route's source, with `route`)."""
    await page.wait_for_function("""(route) => { const s = document.querySelector("cardmap-sheet");
      return s && s.layout && !s.motion && !s.gesture && !s.settling && window.__maps[0] && window.__maps[0].loaded()
        && (!route || window.__maps[0].querySourceFeatures("route").length > 0); }""", arg=route, timeout=60000)
    await page.wait_for_timeout(300)


def inside(point, rect, margin):
    x, y = point
    return min(x - rect["x"], rect["x"] + rect["width"] - x, y - rect["y"], rect["y"] + rect["height"] - y) - margin


def overlap(a, b):
    return not (a["x"] + a["width"] <= b["x"] + TOLERANCE or b["x"] + b["width"] <= a["x"] + TOLERANCE
                or a["y"] + a["height"] <= b["y"] + TOLERANCE or b["y"] + b["height"] <= a["y"] + TOLERANCE)


def check_position(shown, cardmap, failures, stats):
    """What a settled page shows against its layout."""
    layout, position = shown["layout"], shown["layout"]["position"]
    what = "at " + position
    if abs(shown["contentOpacity"] - layout["contentAlpha"]) > 1e-6 or (layout["contentAlpha"] == 0) != (shown["contentVisibility"] == "hidden"):
        failures.append("%s: the content's opacity %s (%s), the layout's contentAlpha %s" % (
            what, shown["contentOpacity"], shown["contentVisibility"], layout["contentAlpha"]))
    if any(abs(shown["card"][k] - layout["card"][k]) > TOLERANCE for k in "xywh" if k in layout["card"]):
        failures.append("%s: the card shows at %s, the layout says %s" % (what, shown["card"], layout["card"]))
    visible = layout["visibleRect"]
    for control in shown["controls"]:
        if not control["shown"]:
            continue
        corners = [(control["box"]["x"] + dx, control["box"]["y"] + dy) for dx in (0, control["box"]["width"])
                   for dy in (0, control["box"]["height"])]
        worst = min(inside(c, visible, 0) for c in corners)
        stats["controls"] = min(stats["controls"], worst)
        if worst < -TOLERANCE:
            failures.append("%s: %s lies %.1f px outside the visible rect %s" % (what, control["name"], -worst, visible))
        if overlap(control["box"], shown["card"]):
            failures.append("%s: %s lies over the card" % (what, control["name"]))
        # The attribution shows at every position; the other controls fade as the map buttons do.
        alpha = 1 if "attrib" in control["name"] else layout["buttons"]["alpha"]
        if abs(control["opacity"] - alpha) > 1e-6:
            failures.append("%s: %s's alpha %s, expected %s" % (what, control["name"], control["opacity"], alpha))
    if not any(c["shown"] and "attrib" in c["name"] for c in shown["controls"]):
        failures.append("%s: the attribution does not show" % what)
    if layout["mapInteractive"] and not shown["attributionOnTop"]:
        failures.append("%s: the attribution is covered or missing" % what)
    for wharf in shown["wharves"]:
        dot = {"x": wharf[0] - DOT, "y": wharf[1] - DOT, "width": 2 * DOT, "height": 2 * DOT}
        for control in shown["controls"]:
            if control["shown"] and overlap(dot, control["box"]):
                failures.append("%s: a wharf's dot at %s lies under %s" % (what, wharf, control["name"]))
        room = inside(wharf, visible, DOT)
        stats["dots"] = min(stats["dots"], room)
        if room < -TOLERANCE:
            failures.append("%s: a wharf's dot is cut by %.1f px at %s (visible rect %s)" % (what, -room, wharf, visible))
    if len(shown["wharves"]) < 2:
        failures.append("%s: MapLibre drew %d wharves" % (what, len(shown["wharves"])))


def replay(cardmap, events):
    """What `cardmap replay` answers for `events` (the sheet's, its push first) on the page's screen."""
    done = subprocess.run([cardmap, "replay", "-", "--viewport", "%dx%d" % (WIDTH, HEIGHT)],
                          input="\n".join(json.dumps(e) for e in events), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("cardmap replay refused %s: %s" % (events, done.stderr))
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


async def gestures(page, cardmap, failures, stats):
    """Flicks and a slow drag with a finger, the CPU slowed six times: each settles where replay says
    for the sheet's own event and for the finger's samples as sent, and the sheet saw them coalesced."""
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    # A busy phone: besides the slowed CPU, every frame's script takes 100 ms (frames of 100–200 ms, in
    # which the browser coalesces the finger's samples).
    await page.evaluate("""() => { window.__busy = true; requestAnimationFrame(function busy() {
      const start = performance.now(); while (performance.now() - start < 100); if (window.__busy) requestAnimationFrame(busy); }); }""")
    await page.evaluate("""() => { window.__coalesced = 0; document.querySelector("cardmap-sheet").sheetCard
      .shadowRoot.querySelector(".card").addEventListener("pointermove", (e) => { window.__coalesced = Math.max(window.__coalesced,
        e.getCoalescedEvents().length); }); }""")
    finger = touch.Finger(cdp)
    drags = 0
    # (the finger's travel in px, seconds, held still after)
    for travel, seconds, hold in ((-300, 0.12, 0), (450, 0.15, 0), (-160, 0.9, 0.4), (-250, 0.1, 0), (600, 0.2, 0)):
        await settle(page)
        top = await page.evaluate("() => document.querySelector('cardmap-sheet').layout.card.y")
        start = top + 30
        await finger.drag(WIDTH / 2, start, max(5, min(HEIGHT - 5, start + travel)), seconds, hold=hold)
        await settle(page)
        step = await page.evaluate("() => document.querySelector('cardmap-sheet').lastStep")
        events = await page.evaluate("() => document.querySelector('cardmap-sheet').history.map((s) => s.event)")
        event = step["event"]
        if event.get("event") != "drag":
            failures.append("a touch drag of %d px gave the sheet %s, not a drag" % (travel, event))
            continue
        drags += 1
        [own] = replay(cardmap, events)[-1:]
        ideal = dict(event, samples=finger.trajectory(top))
        [theirs] = replay(cardmap, events[:-1] + [ideal])[-1:]
        stats["drags"] += 1
        stats["samples"] = max(stats["samples"], len(event["samples"]))
        if own["position"] != step["answer"]["position"] or own["layout"]["card"] != step["answer"]["layout"]["card"]:
            failures.append("drag %d: the sheet settled %s, replay of its event says %s" % (
                drags, step["answer"]["position"], own["position"]))
        if theirs["position"] != own["position"]:
            failures.append("drag %d (%d px in %g s, held %g s, CPU 6x slower): the sheet settled %s; the finger's "
                            "samples as sent say %s" % (drags, travel, seconds, hold, own["position"], theirs["position"]))
    stats["coalesced"] = await page.evaluate("() => window.__coalesced")
    if stats["coalesced"] < 2:
        failures.append("with the CPU 6x slower the browser coalesced no touch samples: the test did not slow the frames")
    await page.evaluate("() => { window.__busy = false; }")
    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})


async def browse(url, folder, cardmap, pictures, failures, stats):
    """Every page of the test in one browser."""
    async with async_playwright() as p:
        browser = await touch.launch(p)
        page, log = await open_page(browser, url + "index.html")
        await settle(page)
        for position in ("peaking", "collapsed", "extended", "peaking"):
            await page.evaluate("(p) => document.querySelector('cardmap-sheet').show(p)", position)
            await settle(page)
            shown = await page.evaluate(MEASURE)
            check_position(shown, cardmap, failures, stats)
            if position != shown["layout"]["position"]:
                failures.append("show(%r) settled at %s" % (position, shown["layout"]["position"]))
        await gestures(page, cardmap, failures, stats)
        wasm = [u for u in log["requests"] if u.endswith(".wasm")]
        if wasm:
            failures.append("with cardmap/inline the page fetched %s" % wasm)
        failures += ["the article's page logged: " + e for e in log["errors"]]
        await page.context.close()
        if pictures:
            for scheme in ("light", "dark"):
                shot, _ = await open_page(browser, url + "index.html", scheme)
                for position in ("peaking", "collapsed", "extended"):
                    await settle(shot)
                    await shot.evaluate("(p) => document.querySelector('cardmap-sheet').show(p)", position)
                    await settle(shot)
                    await shot.screenshot(path=os.path.join(PICTURES, "sheet-%s-%s.png" % (scheme, position)))
                await shot.context.close()
        # The engine as a file: without cardmap.wasm beside the bundle, the error says what to copy.
        page, log = await open_page(browser, url + "files/index.html")
        # Until the page says why (a loaded machine takes longer than an idle one's second).
        for _ in range(100):
            if "HTTP 404" in " ".join(log["errors"]):
                break
            await page.wait_for_timeout(200)
        said = " ".join(log["errors"])
        if "copy node_modules/cardmap/cardmap.wasm beside the bundle" not in said or "HTTP 404" not in said:
            failures.append("without cardmap.wasm the page said: %s" % (said or "nothing"))
        await page.context.close()
        shutil.copy(os.path.join(folder, "node_modules", "cardmap", "cardmap.wasm"), os.path.join(folder, "files"))
        page, log = await open_page(browser, url + "files/index.html")
        await settle(page)
        wasm = [u for u in log["requests"] if u.endswith(".wasm")]
        if len(wasm) != 1:
            failures.append("with cardmap and cardmap.wasm beside the bundle, the page fetched %s" % wasm)
        failures += ["the page with cardmap.wasm logged: " + e for e in log["errors"]]
        await browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(harness.ROOT, ".build", "npm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--pictures", action="store_true", help="write the article's pictures")
    args = parser.parse_args()
    folder = consumer(args.package)
    server = Server(folder)
    failures = []
    stats = {"controls": float("inf"), "dots": float("inf"), "drags": 0, "samples": 0, "coalesced": 0}
    try:
        asyncio.run(browse(server.url, folder, args.cardmap, args.pictures, failures, stats))
    finally:
        server.close()
    for failure in failures[:30]:
        print("FAIL " + failure, file=sys.stderr)
    print("article: the page and app.mjs as written, bundled by its esbuild command, in Chromium with touch: "
          "controls %.1f px inside the visible rect at least, wharves' dots %.1f px inside, %d finger drags with "
          "the CPU 6x slower (up to %d samples each, up to %d coalesced in one event) as replay says; engine "
          "fetched once; failures %d" % (stats["controls"], stats["dots"], stats["drags"], stats["samples"],
                                         stats["coalesced"], len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
