#!/usr/bin/env python3
"""`cardmap/cards` as a person uses it: the ferries example (Examples/ferries) built from the packed
package, in headless Chromium (Playwright, Debian's chromium) at a phone's size with a finger (CDP
touch events through the browser's gesture pipeline) and keys, over MapLibre GL JS 5.3.

Driven: a flick up of the root card, a tap on the dimmed map, the list scrolled by a swipe and a
swipe down from its top that hands the gesture to the card, a swipe up on a peaking card, a tap on a
route (push), the close button (pop), the listbox's keys (↓ ↓ Enter pushes, Esc pops), a stop tapped
(a paging card), a swipe across it and ⌃→ (pages sharing one manager), a card without map content,
a rotation there and back, a snapshot and its restore. Checked:

- every event the controller gave the engine, run through `cardmap replay` (the same screen, the
  classic presentation), gives the same stack, page, position, card rect, appearance calls and
  manager calls, in order; each drag also for the finger's samples as sent; and the settled card
  lies where the answer puts it (0.5 px);
- what each gesture did: the states a person expects (extended after the flick, peaking after the
  map tap, scrolled without moving the card, the dim over the covered card, the card below back where
  it was, pages turned with no hand-over, positions kept through the rotation, the restored stack);
- every painted frame (measured in a ResizeObserver callback, after the frame's rAF callbacks and
  before its paint) of the drags, flicks, pushes and pops: the map's content inside the visible rect
  of the layout the frame shows, the card where that layout puts it, at most one map render, the
  camera rendered in the frame it changed, no `setPadding`;
- cards with a mistake (a margin below 0 or NaN, GeoJSON missing, truncated or not GeoJSON, a
  position of "half", a point zoom of 40, a misspelt `cardid`): each pushed and shown all the same,
  with one `error` event naming the card and what is wrong;
- the README's web example, bundled by its own esbuild command: a tap on its button pushes the route's
  card, and the map holds the engine's camera for it; right to left in landscape, the side card on the
  leading (right) edge, and with reduced motion a push shows no frame of a motion;
- no card rule's number (bands, velocities, durations, dims, alphas, spacings, the slop) in the
  elements' JavaScript: they take them from the engine;
- pictures of each state for the article (`--pictures`).

    python3 Tests/web/cards_test.py --package .build/npm --cardmap .build/debug/cardmap [--pictures]
"""
import argparse
import asyncio
import gzip
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import touch  # noqa: E402

touch.ensure()
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402
from article_test import Server, blocks, run, style  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

PICTURES = os.path.join(harness.ROOT, "Sources", "CardMap", "CardMap.docc")
WIDTH, HEIGHT = 402, 874
TOLERANCE = 0.5

# Counts the map's renders and setPadding calls, and measures each painted frame: a ResizeObserver
# on an element resized in every frame's rAF runs after the frame's rAF callbacks, before its paint.
INIT = touch.COUNTED_MAPLIBRE + """window.__frames = []; window.__measuring = false;
window.addEventListener("DOMContentLoaded", () => {
  const probe = document.createElement("div");
  probe.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;visibility:hidden";
  document.body.append(probe);
  let tick = 0, renders = 0, camera = null, resizes = 0;
  requestAnimationFrame(function grow() { probe.style.width = (1 + (++tick % 2)) + "px"; requestAnimationFrame(grow); });
  new ResizeObserver(() => {
    const map = window.__maps[0], cards = document.querySelector("cardmap-cards, cardmap-sheet");
    if (!map || !cards || !cards.layout) return;
    const now = map.__renders, c = map.getCenter();
    const shown = [c.lng, c.lat, map.getZoom(), map.getBearing(), map.getPitch()].join();
    if (window.__measuring) {
      const layout = cards.layout, top = cards.top;
      const r = top.shadowRoot.querySelector(".card").getBoundingClientRect();
      // The top card's content on the map (a sheet's: the content its control keeps in view).
      const content = window.__content ? { geojson: window.__content }
        : top.tagName === "CARDMAP-PAGES" ? top.pages[top.page].content : top.content;
      const points = [];
      const walk = (c) => { if (typeof c[0] === "number") points.push(c); else c.forEach(walk); };
      if (content && (window.__content || map.getSource("cardmap-" + (top.tagName === "CARDMAP-PAGES" ? top.pages[top.page] : top).managerName))) {
        for (const f of content.geojson.features) walk(f.geometry.coordinates);
      }
      const v = layout.visibleRect;
      let worst = Infinity;
      for (const p of points) {
        const q = map.project(p);
        worst = Math.min(worst, q.x - v.x, v.x + v.width - q.x, q.y - v.y, v.y + v.height - q.y);
      }
      window.__frames.push({ renders: now - renders, resized: map.__resizes - resizes, changed: shown !== camera, worst: points.length ? worst : null,
        cardY: r.y, layoutY: layout.card.y, moving: !!(cards.motion || cards.gesture || cards.leavingCard),
        top: top.cardId, position: layout.position, step: cards.history.length });
    }
    renders = now; camera = shown; resizes = map.__resizes;
  }).observe(probe);
});"""


def replay(cardmap, events, screen=(WIDTH, HEIGHT)):
    """`cardmap replay`'s lines for `events` on the page's screen (`screen`: its width and height), classic (iOS 26)."""
    done = subprocess.run([cardmap, "replay", "-", "--viewport", "%dx%d" % tuple(screen), "--os", "26"],
                          input="\n".join(json.dumps(e) for e in events), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("cardmap replay refused the controller's events: " + done.stderr)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def example(package):
    """The example built from the packed package by its own script, in .build/browser; and beside it
    the README's web example, its page fragment and script bundled by its own esbuild command."""
    folder = os.path.join(harness.WORK, "cards-example")
    done = subprocess.run(["bash", os.path.join(harness.ROOT, "Examples", "ferries", "build.sh"), package, folder],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("Examples/ferries/build.sh failed:\n" + done.stdout[-2000:] + done.stderr[-2000:])
    with open(os.path.join(harness.ROOT, "README.md")) as f:
        readme = f.read().split("## On the web", 1)[1].split("\n## ", 1)[0]
    [html] = blocks(readme, "html")
    [script] = blocks(readme, "js")
    command = "esbuild " + readme.split("`esbuild ", 1)[1].split("`", 1)[0]
    page = os.path.join(folder, "readme")
    os.makedirs(page)
    with open(os.path.join(page, "index.html"), "w") as f:
        f.write(html)
    with open(os.path.join(page, "rtl.html"), "w") as f:
        f.write(html.replace("<!doctype html>", '<!doctype html>\n<html dir="rtl">', 1))
    with open(os.path.join(page, "app.mjs"), "w") as f:
        f.write(script)
    samples = os.path.join(harness.ROOT, "Data", "samples")
    for name in ("sydney-ferry-network.geojson", "sydney-ferries.geojson"):
        shutil.copy(os.path.join(samples, name), page)
    os.symlink(os.path.join(folder, "node_modules"), os.path.join(page, "node_modules"))
    run(command, page, shell=True)
    # Beside it, for the script's time a frame: the same map and content under a <cardmap-sheet>
    # with CardMapControl, bundled the same way.
    with open(os.path.join(folder, "sheet.html"), "w") as f:
        f.write(SHEET_PAGE)
    with open(os.path.join(folder, "sheet.mjs"), "w") as f:
        f.write(SHEET_APP)
    run("esbuild sheet.mjs --bundle --format=esm --outfile=sheet.js --log-level=warning", folder, shell=True)
    # cardmap/cards with its engine, as a bundler builds it, for its size: embedded (cardmap/inline),
    # and beside the bundle as a file (cardmap).
    for name, engine in (("cards-inline", "cardmap/inline"), ("cards-inline-cards", "cardmap/inline-cards"),
                         ("cards-file", "cardmap")):
        with open(os.path.join(folder, name + ".mjs"), "w") as f:
            f.write('import "%s";\nimport "cardmap/cards";\n' % engine)
        run("esbuild %s.mjs --bundle --format=esm --minify --outfile=%s.js --log-level=warning" % (name, name), folder, shell=True)
    return folder


def gzipped(path):
    with open(path, "rb") as f:
        return len(gzip.compress(f.read(), 9))


SHEET_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.css">
<script src="https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js"></script></head>
<body style="margin:0"><div id="map" style="position:fixed;inset:0"></div>
<cardmap-sheet position="peaking" style="position:fixed"><h2 slot="title" style="margin:0">Sydney ferries</h2>
<ol style="margin:0;padding:0 0 0 40px;line-height:44px" id="rows"></ol></cardmap-sheet>
<script type="module" src="sheet.js"></script></body></html>
"""

SHEET_APP = """import { load } from "cardmap/inline";
import { CardMapControl } from "cardmap/maplibre";
import "cardmap/sheet";
const cardmap = await load();
const network = await (await fetch("sydney-ferry-network.geojson")).json();
const harbour = await (await fetch("sydney-harbour.geojson")).json();
const map = new maplibregl.Map({ container: "map", bounds: [151.15, -33.90, 151.32, -33.77], style: { version: 8,
  sources: { harbour: { type: "geojson", data: harbour }, network: { type: "geojson", data: network } },
  layers: [{ id: "water", type: "background", paint: { "background-color": "#a9cbe8" } },
    { id: "land", type: "fill", source: "harbour", filter: ["==", ["get", "kind"], "land"], paint: { "fill-color": "#f1efe6" } },
    { id: "routes", type: "line", source: "network", paint: { "line-color": "#0a84ff", "line-width": 4 } }] } });
map.addControl(new CardMapControl(cardmap, { sheet: document.querySelector("cardmap-sheet"), geojson: network }));
// Sixty rows, taller than the card shows: its content scrolls once extended.
document.querySelector("#rows").append(...Array.from({ length: 60 }, (_, i) => Object.assign(document.createElement("li"), { textContent: "Departure " + (i + 1) })));
window.__content = network;
"""


# The README's example needs a page round its fragment: MapLibre's script and stylesheet.
async def open_page(browser, url, width=WIDTH, height=HEIGHT):
    context = await browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    page = await context.new_page()
    log = {"errors": []}
    page.on("console", lambda message: message.type == "error" and log["errors"].append(message.text))
    page.on("pageerror", lambda error: log["errors"].append(str(error)))
    await page.add_init_script(INIT)
    assets = {"maplibre-gl.js": harness.maplibre_js(), "maplibre-gl.css": harness.maplibre_css()}
    await page.route("https://unpkg.com/**", lambda route: route.fulfill(path=assets[route.request.url.rsplit("/", 1)[1]]))
    basemap = json.dumps(style())
    await page.route("https://demotiles.maplibre.org/style.json",
                     lambda route: route.fulfill(body=basemap, content_type="application/json"))
    await page.goto(url)
    return page, log


async def settle(page):
    """Until the cards have settled and the map has drawn."""
    await page.wait_for_function("""() => { const c = document.querySelector("cardmap-cards");
      return c && c.layout && !c.motion && !c.gesture && !c.leavingCard && !c.settling && window.__maps[0] && window.__maps[0].loaded(); }""",
                                 timeout=60000)
    await page.wait_for_timeout(250)


STATE = """() => {
  const cards = document.querySelector("cardmap-cards"), top = cards.top;
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const root = top.shadowRoot;
  return { stack: cards.cards.map((c) => c.cardId), position: cards.layout.position, card: box(root.querySelector(".card")),
    layout: cards.layout, steps: cards.history.length, scroll: top.scroller.scrollTop,
    separator: getComputedStyle(root.querySelector(".separator")).visibility,
    dims: cards.cards.map((c) => Number(getComputedStyle(c.shadowRoot.querySelector(".dim")).opacity)),
    mapDim: Number(getComputedStyle(cards.shadowRoot.querySelector(".mapdim")).opacity),
    page: top.tagName === "CARDMAP-PAGES" ? top.page : null,
    focused: document.activeElement === cards || cards.contains(document.activeElement),
    focusedTop: document.activeElement === top || top.contains(document.activeElement),
    closeShown: !root.querySelector(".close").hidden, label: root.querySelector(".card").getAttribute("aria-label"),
    announced: cards.shadowRoot.querySelector(".live").textContent };
}"""


class Run:
    """One browser page of the example, with its finger and what the test found."""

    def __init__(self, page, cdp, failures):
        self.page, self.cdp, self.failures = page, cdp, failures
        self.finger = touch.Finger(cdp)
        self.drags = []

    async def state(self):
        return await self.page.evaluate(STATE)

    async def drag(self, x, y0, y1, seconds, hold=0.0, measure=True):
        await self.page.evaluate("(on) => { window.__measuring = on; }", measure)
        before = await self.page.evaluate("() => document.querySelector('cardmap-cards').history.length")
        top, scroll = await self.page.evaluate("() => { const c = document.querySelector('cardmap-cards'); return [c.layout.card.y, c.top.scroller.scrollTop]; }")
        await self.finger.drag(x, y0, y1, seconds, hold=hold)
        await settle(self.page)
        await self.page.evaluate("() => { window.__measuring = false; }")
        steps = await self.page.evaluate("(n) => document.querySelector('cardmap-cards').history.slice(n)", before)
        for offset, step in enumerate(steps):
            if step["event"]["event"] == "drag":
                # The card's top as the finger moved it: a downward drag first scrolls the list to its top.
                samples = [[t, top + max(0.0, y - top - scroll) if y > top else y] for t, y in self.finger.trajectory(top)]
                self.drags.append((before + offset, samples))
        return await self.state()

    async def tap(self, x, y):
        await self.page.touchscreen.tap(x, y)
        await self.page.wait_for_timeout(100)
        await settle(self.page)
        return await self.state()

    async def measured(self, body):
        """Runs `body` with every painted frame measured."""
        await self.page.evaluate("() => { window.__measuring = true; }")
        result = await body()
        await settle(self.page)
        await self.page.evaluate("() => { window.__measuring = false; }")
        return result

    async def key(self, key):
        await self.page.keyboard.press(key)
        await settle(self.page)
        return await self.state()

    async def center_of(self, selector):
        """The middle of the element `selector` finds in the top card (light DOM) or the cards' shadow."""
        return await self.page.evaluate("""(selector) => { const e = document.querySelector(selector);
          const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""", selector)

    async def close_button(self):
        return await self.page.evaluate("""() => { const top = document.querySelector("cardmap-cards").top;
          const r = top.shadowRoot.querySelector(".close").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""")

    def expect(self, condition, message):
        if not condition:
            self.failures.append(message)


async def gestures(run, pictures):
    """The person's session; returns the pictures' states."""
    page, expect = run.page, run.expect
    shots = {}

    async def picture(name):
        if pictures:
            await page.screenshot(path=os.path.join(PICTURES, "cards-%s.png" % name))
        shots[name] = True

    s = await run.state()
    expect(s["stack"] == ["routes"] and s["position"] == "peaking", "the page starts with %s at %s" % (s["stack"], s["position"]))
    await picture("root")
    # A flick up of the root card: extended, the map dimmed.
    y = s["card"]["y"] + 30
    s = await run.drag(WIDTH / 2, y, y - 260, 0.12)
    expect(s["position"] == "extended", "a flick up from peaking settled at %s" % s["position"])
    expect(abs(s["mapDim"] - s["layout"]["mapDimAlpha"]) < 1e-6 and s["mapDim"] > 0, "extended, the map's dim is %s, the layout says %s" % (s["mapDim"], s["layout"]["mapDimAlpha"]))
    # The list scrolled by a swipe up: the card stays, the content scrolls, the separator shows.
    s = await run.drag(WIDTH / 2, 700, 400, 0.4, hold=0.2)
    expect(s["position"] == "extended" and s["scroll"] > 100, "a swipe up on the extended card's list: %s, scrolled %s" % (s["position"], s["scroll"]))
    expect(s["separator"] == "visible", "scrolled, the separator is %s" % s["separator"])
    await picture("scrolled")
    # A swipe down: the list to its top, then the card down with the rest of the same gesture.
    scrolled = s["scroll"]
    s = await run.drag(WIDTH / 2, 120, 120 + scrolled + 420, 0.6, hold=0.2)
    expect(s["scroll"] == 0 and s["position"] != "extended", "a swipe down from the list scrolled %d px: scrolled %s, the card %s" % (
        scrolled, s["scroll"], s["position"]))
    # Back to extended by keys, then a tap on the dimmed map: peaking, and the map did not take it.
    await page.evaluate("() => document.querySelector('cardmap-cards').focus()")
    for _ in range(2):
        s = await run.key("Control+ArrowUp")
    expect(s["position"] == "extended", "⌃↑ twice: %s" % s["position"])
    center = await page.evaluate("() => { const m = window.__maps[0]; const c = m.getCenter(); return [c.lng, c.lat, m.getZoom()]; }")
    s = await run.tap(WIDTH / 2, 30)
    after = await page.evaluate("() => { const m = window.__maps[0]; const c = m.getCenter(); return [c.lng, c.lat, m.getZoom()]; }")
    expect(s["position"] == "peaking", "a tap on the dimmed map: %s" % s["position"])
    # A finger held on the dimmed map while the card moves under it (a key's motion): each frame of
    # the motion shows (the press on the dim is no drag: nothing of it for a frame to show, no error),
    # and the lift is the dim's tap.
    for _ in range(2):
        s = await run.key("Control+ArrowUp")

    async def key_while_held():
        await page.wait_for_timeout(150)
        await page.evaluate("() => document.querySelector('cardmap-cards').key('ctrl+down')")
    await asyncio.gather(run.finger.drag(WIDTH / 2, 30, 30, 0.05, hold=0.7), key_while_held())
    await settle(page)
    s = await run.state()
    for _ in range(2):
        if s["position"] != "peaking":
            s = await run.key("Control+ArrowDown" if s["position"] == "extended" else "Control+ArrowUp")
    expect(s["position"] == "peaking", "after a finger held on the dim: %s" % s["position"])
    # A swipe up on a peaking card's list drags the card (it does not scroll the list).
    y = s["card"]["y"] + 150
    s = await run.drag(WIDTH / 2, y, y - 120, 0.8, hold=0.3)
    expect(s["scroll"] == 0, "a swipe up on the peaking card's list scrolled it %s px" % s["scroll"])
    await run.measured(lambda: page.evaluate("() => document.querySelector('cardmap-cards').position = 'peaking'"))
    # A tap on a route: its card slides up, the root dims.
    x, y = await run.center_of("cardmap-card [role=option]:nth-child(3)")
    s = await run.measured(lambda: run.tap(x, y))
    s = await run.state()
    expect(s["stack"] == ["routes", "F4"], "a tap on F4: the stack is %s" % s["stack"])
    expect(s["focusedTop"], "after a push by a tap the focus is not in the pushed card")
    expect(abs(s["dims"][0] - 0.25) < 1e-6 and s["dims"][1] == 0, "pushed, the dims are %s" % s["dims"])
    expect(s["closeShown"], "the pushed card shows no close button")
    expect(s["label"] == "F4 Pyrmont Bay" and s["announced"] == "F4 Pyrmont Bay: peaking",
           "the pushed card's region is named %r, the live region said %r" % (s["label"], s["announced"]))
    await picture("route")
    # The close button pops it: the root back at peaking, undimmed.
    x, y = await run.close_button()
    await run.measured(lambda: run.tap(x, y))
    s = await run.state()
    expect(s["stack"] == ["routes"] and s["position"] == "peaking" and s["dims"] == [0], "closed: %s at %s, dims %s" % (
        s["stack"], s["position"], s["dims"]))
    expect(s["focused"] and s["focusedTop"], "after the pop the focus is not in the card that came back")
    # Keys: ↓ ↓ Enter pushes the second route; Esc pops it.
    await page.evaluate("() => document.querySelector('cardmap-cards').focus()")
    await run.key("ArrowDown")
    await run.key("ArrowDown")
    s = await run.measured(lambda: run.key("Enter"))
    s = await run.state()
    expect(s["stack"] == ["routes", "F2"], "↓ ↓ Enter: the stack is %s" % s["stack"])
    s = await run.measured(lambda: run.key("Escape"))
    expect(s["stack"] == ["routes"], "Esc: the stack is %s" % s["stack"])
    # A route, then a stop: the wharves' pages; a swipe across turns a page, ⌃→ another; no hand-over.
    x, y = await run.center_of("cardmap-card [role=option]:nth-child(5)")
    await run.measured(lambda: run.tap(x, y))
    x, y = await run.center_of("cardmap-card[card-id=F6] [role=option]:nth-child(2)")
    await run.measured(lambda: run.tap(x, y))
    s = await run.state()
    expect(s["stack"] == ["routes", "F6", "F6-wharves"] and s["page"] == 1, "a tap on F6's second stop: %s, page %s" % (s["stack"], s["page"]))
    expect(s["label"] == "Cremorne Point", "the pages' region is named %r on Cremorne Point's page" % s["label"])
    await picture("stop")
    managers = await page.evaluate("() => document.querySelector('cardmap-cards').history.length")
    box = s["card"]
    await run.page.evaluate("() => { window.__measuring = true; }")
    await run.finger.swipe(box["x"] + box["width"] - 40, box["y"] + 160, box["x"] + 60, box["y"] + 170, 0.25)
    await settle(page)
    await run.page.evaluate("() => { window.__measuring = false; }")
    s = await run.state()
    expect(s["page"] == 2, "a swipe across the pages: page %s" % s["page"])
    s = await run.key("Control+ArrowRight")
    expect(s["page"] == 3, "⌃→: page %s" % s["page"])
    await picture("paged")
    turned = await page.evaluate("(n) => document.querySelector('cardmap-cards').history.slice(n).map((s) => s.answer.managerEvents.length)", managers)
    expect(sum(turned) == 0, "pages sharing a manager handed over %s times" % sum(turned))
    # A rotation there and back keeps the stack, the page and the position.
    before = await run.state()
    await page.set_viewport_size({"width": HEIGHT, "height": WIDTH})
    await settle(page)
    await picture("landscape")
    await page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    await settle(page)
    s = await run.state()
    expect(s["stack"] == before["stack"] and s["page"] == before["page"] and s["position"] == before["position"],
           "turned and back: %s page %s at %s, before %s page %s at %s" % (s["stack"], s["page"], s["position"],
                                                                          before["stack"], before["page"], before["position"]))
    # A snapshot, two pops, its restore: the same stack, page and position.
    snapshot = await page.evaluate("() => JSON.stringify(document.querySelector('cardmap-cards').snapshot())")
    await page.evaluate("async () => { const c = document.querySelector('cardmap-cards'); window.__kept = c.top; await c.pop(); }")
    await settle(page)
    s = await run.state()
    expect(s["stack"] == ["routes", "F6"], "popped: %s" % s["stack"])
    # (The popped card left the page: the app puts it back before restoring, as it would make it again.)
    await page.evaluate("""(snapshot) => { const cards = document.querySelector('cardmap-cards');
      cards.append(window.__kept); cards.restore(JSON.parse(snapshot)); }""", snapshot)
    await settle(page)
    s = await run.state()
    expect(s["stack"] == before["stack"] and s["page"] == before["page"] and s["position"] == before["position"],
           "restored: %s page %s at %s, before %s page %s at %s" % (s["stack"], s["page"], s["position"],
                                                                   before["stack"], before["page"], before["position"]))
    # The app's own easeTo runs to its end (the cards' camera waits), then the cards' camera is back.
    eased = await page.evaluate("""async () => {
      const cards = document.querySelector("cardmap-cards"), map = window.__maps[0];
      const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const target = map.getZoom() + 1;
      map.easeTo({ zoom: target, duration: 800 });
      await pause(50);
      cards.key("ctrl+down");
      await pause(300);
      const midway = { easing: map.isEasing(), zoom: map.getZoom() };
      while (map.isEasing()) await pause(20);
      await pause(200);
      const camera = cards.lastStep.answer.camera, c = map.getCenter();
      return { midway, target, apart: Math.max(Math.abs(camera.focus[0] - c.lng), Math.abs(camera.focus[1] - c.lat),
        Math.abs(camera.zoom - map.getZoom())) };
    }""")
    expect(eased["midway"]["easing"] and eased["midway"]["zoom"] > eased["target"] - 1 + 1e-3,
           "the cards' camera cut into the app's easeTo: %s" % eased["midway"])
    expect(eased["apart"] < 1e-9, "after the app's easeTo the map is %g from the cards' camera" % eased["apart"])
    await settle(page)
    # A card without map content: extended, and a drag down leaves it there.
    await page.evaluate("async () => { const c = document.querySelector('cardmap-cards'); while (c.cards.length > 1) await c.pop(); }")
    await settle(page)
    x, y = await run.center_of(".about-button")
    await run.tap(x, y)
    s = await run.state()
    expect(s["stack"] == ["routes", "about"] and s["position"] == "extended", "the about card: %s at %s" % (s["stack"], s["position"]))
    y = s["card"]["y"] + 20
    s = await run.drag(WIDTH / 2, y, y + 300, 0.3)
    expect(s["position"] == "extended", "a drag down on a card without map content left it %s" % s["position"])
    await picture("about")
    # Back at the root: a mouse from the grabber, up 300 px and back.
    await page.evaluate("async () => { const c = document.querySelector('cardmap-cards'); while (c.cards.length > 1) await c.pop(); }")
    await settle(page)
    # A mouse from the grabber, up 300 px and back: each ends (the card released where the mouse let
    # go, settled by its samples as a finger's; replay holds it to them), past the card's top too.
    for dy in (-300, 300):
        s = await run.state()
        grabber = s["card"]["y"] + 8
        await page.mouse.move(WIDTH / 2, grabber)
        await page.mouse.down()
        for step in range(1, 11):
            await page.mouse.move(WIDTH / 2, grabber + dy * step / 10)
            await page.wait_for_timeout(30)
        await page.mouse.up()
        await settle(page)
        last = await page.evaluate("() => document.querySelector('cardmap-cards').history.at(-1).event")
        expect(last["event"] == "drag" and abs(last["y"] - (s["card"]["y"] + dy)) < 2,
               "a mouse drag of %d px from the grabber at %s gave %s" % (dy, s["card"]["y"], last))
    return shots


def compare(history, cardmap, drags, failures, screen=(WIDTH, HEIGHT)):
    """The controller's events through `cardmap replay` on `screen`: the same answers, line for line;
    each drag also for the finger's samples as sent."""
    events = [step["event"] for step in history]
    lines = replay(cardmap, events, screen)
    if len(lines) != len(history):
        failures.append("replay answered %d events, the controller gave %d" % (len(lines), len(history)))
    keys = ("stack", "page", "position", "appearance", "managerEvents", "highlight", "coveredDim", "motion")
    for i, (step, line) in enumerate(zip(history, lines)):
        what = "event %d %s" % (i + 1, json.dumps(step["event"])[:80])
        for key in keys:
            if step["answer"][key] != line[key]:
                failures.append("%s: the controller's %s %s, replay's %s" % (what, key, step["answer"][key], line[key]))
        if step["answer"]["layout"]["card"] != line["layout"]["card"]:
            failures.append("%s: the controller's card %s, replay's %s" % (what, step["answer"]["layout"]["card"], line["layout"]["card"]))
    for index, trajectory in drags:
        ideal = dict(events[index], samples=trajectory)
        theirs = replay(cardmap, events[:index] + [ideal], screen)[-1]
        if theirs["position"] != history[index]["answer"]["position"]:
            failures.append("drag at event %d: the controller settled %s; the finger's samples as sent say %s" % (
                index + 1, history[index]["answer"]["position"], theirs["position"]))
    return len(events)


def frames(measured, failures):
    """Every painted frame measured: content inside the visible rect, the card where its layout is,
    at most one render besides MapLibre's own after each of its resizes, the camera rendered in the
    frame it changed."""
    worst = min((f["worst"] for f in measured if f["worst"] is not None), default=float("inf"))
    renders = max((f["renders"] - f.get("resized", 0) for f in measured), default=0)
    late = sum(1 for f in measured if f["changed"] and f["renders"] == 0)
    off = max((abs(f["cardY"] - f["layoutY"]) for f in measured), default=0)
    if worst < -TOLERANCE:
        frame = min((f for f in measured if f["worst"] is not None), key=lambda f: f["worst"])
        failures.append("in a painted frame the content lay %.1f px outside the visible rect (%s)" % (-worst, frame))
    if renders > 1:
        frame = max(measured, key=lambda f: f["renders"])
        failures.append("a frame rendered the map %d times (%s)" % (renders, frame))
    if late:
        failures.append("in %d frames the camera changed but the map did not render it" % late)
    if off > TOLERANCE:
        failures.append("in a painted frame the card lay %.1f px from its layout's y" % off)
    return {"frames": len(measured), "worst": worst, "renders": renders, "late": late, "off": off}


async def browse(url, cardmap, pictures, failures):
    async with async_playwright() as p:
        browser = await touch.launch(p)
        page, log = await open_page(browser, url + "index.html")
        await settle(page)
        cdp = await page.context.new_cdp_session(page)
        run = Run(page, cdp, failures)
        try:
            await gestures(run, pictures)
        except Exception:
            for failure in failures:
                print("FAIL " + failure, file=sys.stderr)
            print("the last steps: %s" % json.dumps(await page.evaluate(
                "() => document.querySelector('cardmap-cards').history.slice(-4).map((s) => [s.event, s.answer.stack, s.answer.position])")),
                file=sys.stderr)
            raise
        history = await page.evaluate("() => document.querySelector('cardmap-cards').history")
        measured = await page.evaluate("() => window.__frames")
        padding = await page.evaluate("() => window.__setPadding")
        if padding:
            failures.append("the controller called setPadding %d times" % padding)
        failures += ["the page logged: " + e for e in log["errors"]]
        await page.context.close()
        await readme(browser, url, failures)
        await mirrored_and_still(browser, url, failures)
        sheet_frames, sheet_events = await sheet_session(browser, url, cardmap, failures)
        timings = {}
        for name, path, selector in (("cards", "index.html", "cardmap-cards"), ("sheet", "sheet.html", "cardmap-sheet")):
            timings[name] = await script_per_frame(browser, url + path, selector)
        await browser.close()
    return history, measured, run.drags, timings, (sheet_frames, sheet_events)


# The script's time a frame while a finger drags the card up and down for two seconds: CDP's
# ScriptDuration over the frames the page painted.
async def script_per_frame(browser, url, selector):
    page, log = await open_page(browser, url)
    await page.wait_for_function("""(s) => { const e = document.querySelector(s);
      return e && e.layout && window.__maps[0] && window.__maps[0].loaded(); }""", arg=selector, timeout=60000)
    await page.wait_for_timeout(500)
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    top = await page.evaluate("(s) => document.querySelector(s).layout.card.y", selector)
    await page.evaluate("() => { window.__frameCount = 0; window.__counting = true; requestAnimationFrame(function tick() { if (!window.__counting) return; window.__frameCount++; requestAnimationFrame(tick); }); }")
    before = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    finger = touch.Finger(cdp)
    await finger.swipe(WIDTH / 2, top + 30, WIDTH / 2, top + 330, 1.0)
    await finger.swipe(WIDTH / 2, top + 330, WIDTH / 2, top + 30, 1.0)
    after = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    frames = await page.evaluate("() => { window.__counting = false; return window.__frameCount; }")
    await page.context.close()
    return 1000 * (after["ScriptDuration"] - before["ScriptDuration"]) / max(frames, 1), frames


SHEET_STATE = """() => { const sheet = document.querySelector("cardmap-sheet"), card = sheet.sheetCard;
  return { position: sheet.layout.position, y: sheet.layout.card.y, scroll: card.scroller.scrollTop,
    separator: getComputedStyle(card.shadowRoot.querySelector(".separator")).visibility }; }"""


async def sheet_session(browser, url, cardmap, failures):
    """<cardmap-sheet> with CardMapControl, by a finger: a flick up, the list scrolled, a swipe down
    from its top that drags the card, collapsed by ⌃↓ and turned to landscape and back; every
    event against cardmap replay, every painted frame measured."""
    page, log = await open_page(browser, url + "sheet.html")
    await page.wait_for_function("""() => { const s = document.querySelector("cardmap-sheet");
      return s && s.layout && !s.motion && !s.settling && window.__maps[0] && window.__maps[0].loaded(); }""", timeout=60000)
    await page.wait_for_timeout(300)
    cdp = await page.context.new_cdp_session(page)
    finger = touch.Finger(cdp)
    settled = """() => { const s = document.querySelector("cardmap-sheet"); return !s.motion && !s.gesture && !s.settling; }"""

    async def drag(y0, y1, seconds, hold=0.0):
        await page.evaluate("() => { window.__measuring = true; }")
        await finger.drag(WIDTH / 2, y0, y1, seconds, hold=hold)
        await page.wait_for_function(settled)
        await page.wait_for_timeout(250)
        await page.evaluate("() => { window.__measuring = false; }")
        return await page.evaluate(SHEET_STATE)

    s = await page.evaluate(SHEET_STATE)
    s = await drag(s["y"] + 30, s["y"] - 230, 0.12)
    if s["position"] != "extended":
        failures.append("the sheet: a flick up from peaking settled at %s" % s["position"])
    s = await drag(700, 300, 0.4, hold=0.2)
    if s["position"] != "extended" or s["scroll"] < 200 or s["separator"] != "visible":
        failures.append("the sheet: a swipe up on its extended list left it %s, scrolled %s, separator %s" % (
            s["position"], s["scroll"], s["separator"]))
    scrolled = s["scroll"]
    s = await drag(150, min(HEIGHT - 10, 150 + scrolled + 420), 0.6, hold=0.2)
    if s["scroll"] != 0 or s["position"] == "extended":
        failures.append("the sheet: a swipe down from its list scrolled %d px left it scrolled %s, %s" % (
            scrolled, s["scroll"], s["position"]))
    await page.evaluate("() => document.querySelector('cardmap-sheet').show('collapsed')")
    await page.wait_for_function(settled)
    await page.set_viewport_size({"width": HEIGHT, "height": WIDTH})
    await page.wait_for_function(settled)
    await page.wait_for_timeout(300)
    await page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    await page.wait_for_function(settled)
    await page.wait_for_timeout(300)
    s = await page.evaluate(SHEET_STATE)
    if s["position"] != "collapsed":
        failures.append("the sheet: collapsed, turned to landscape and back, it is %s" % s["position"])
    history = await page.evaluate("() => document.querySelector('cardmap-sheet').history")
    events = [step["event"] for step in history]
    done = subprocess.run([cardmap, "replay", "-", "--viewport", "%dx%d" % (WIDTH, HEIGHT)],
                          input="\n".join(json.dumps(e) for e in events), capture_output=True, text=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or len(lines) != len(history):
        failures.append("the sheet: cardmap replay answered %d of its %d events (%s)" % (len(lines), len(history), done.stderr[-300:]))
    for i, (step, line) in enumerate(zip(history, lines)):
        for key in ("position", "motion"):
            if step["answer"][key] != line[key]:
                failures.append("the sheet's event %d %s: %s %s, replay's %s" % (i + 1, json.dumps(step["event"])[:60], key,
                                                                              step["answer"][key], line[key]))
        if step["answer"]["layout"]["card"] != line["layout"]["card"]:
            failures.append("the sheet's event %d: its card %s, replay's %s" % (i + 1, step["answer"]["layout"]["card"],
                                                                               line["layout"]["card"]))
    measured = await page.evaluate("() => window.__frames")
    failures += ["the sheet's page logged: " + e for e in log["errors"]]
    await page.context.close()
    return measured, len(events)


async def readme(browser, url, failures):
    """The README's example: a tap on its button pushes the route's card; the map holds its camera."""
    page, log = await open_page(browser, url + "readme/index.html")
    await settle(page)
    # Cards with a mistake (an attribute, their content): each still pushed and shown, with no map
    # content, and an `error` event on the controller naming the card and what is wrong; popped again.
    shown = await page.evaluate("""async () => {
      const cards = document.querySelector("cardmap-cards"), errors = [];
      cards.addEventListener("error", (e) => errors.push(e.error ? e.error.name + ": " + e.error.message : e.message));
      const card = (attributes, geojson) => { const c = document.createElement("cardmap-card");
        c.innerHTML = '<h2 slot="title">A card</h2><p>Its content</p>';
        for (const [k, v] of Object.entries(attributes)) c.setAttribute(k, v); if (geojson !== undefined) c.geojson = geojson; return c; };
      const empty = { type: "FeatureCollection", features: [] };
      const shown = async (c) => {
        errors.length = 0;
        const before = cards.cards.length;
        await cards.push(c);
        const top = cards.top === c && c.hasAttribute("data-shown") && !c.hasAttribute("data-covered") && cards.cards.length === before + 1;
        const said = errors.slice();
        await cards.pop();
        return { top, said, back: cards.cards.length === before };
      };
      return { margin: await shown(card({ "card-id": "m", margin: "-3" }, empty)),
        nan: await shown(card({ "card-id": "n", margin: "NaN" }, empty)),
        missing: await shown(card({ "card-id": "f" }, "missing.geojson")),
        truncated: await shown(card({ "card-id": "t" }, "{ truncated")),
        notGeoJSON: await shown(card({ "card-id": "g" }, { type: "Nope" })),
        position: await shown(card({ "card-id": "p", position: "half" }, null)),
        zoom: await shown(card({ "card-id": "z", "point-zoom": "40" }, empty)),
        misspelt: await shown(card({ cardid: "q" }, empty)) }; }""")
    expected = {"margin": ['card "m"', "margin", "≥ 0"], "nan": ['card "n"', '"NaN"'], "missing": ['card "f"', "HTTP 404"],
                "truncated": ['card "t"', "not JSON"], "notGeoJSON": ['card "g"', "unknown type", "line 1:"],
                "position": ['card "p"', '"half"'], "zoom": ["pointZoom", "40"], "misspelt": ["'cardid'", "did you mean 'card-id'"]}
    for name, words in expected.items():
        result = shown[name]
        said = [m for m in result["said"] if all(w in m for w in words)]
        if not result["top"] or not result["back"] or len(result["said"]) != 1 or not said or not said[0].startswith("CardMapError"):
            failures.append("a card with a mistake (%s): shown on top %s, popped %s, errors %s" % (
                name, result["top"], result["back"], result["said"]))
    log["errors"] = [e for e in log["errors"] if "404" not in e]  # the missing file's own console line
    x, y = await page.evaluate("() => { const r = document.querySelector('#manly').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }")
    await page.touchscreen.tap(x, y)
    await page.wait_for_timeout(200)
    await settle(page)
    held = await page.evaluate("""() => { const cards = document.querySelector("cardmap-cards"), map = window.__maps[0];
      const camera = cards.lastStep.answer.camera, c = map.getCenter();
      return { stack: cards.lastStep.answer.stack, camera, shown: [c.lng, c.lat, map.getZoom()] }; }""")
    if len(held["stack"]) != 2 or held["stack"][0] != "ferries":
        failures.append("the README's example: a tap on its button left the stack %s" % held["stack"])
    elif not held["camera"] or max(abs(held["camera"]["focus"][0] - held["shown"][0]), abs(held["camera"]["focus"][1] - held["shown"][1]),
                                   abs(held["camera"]["zoom"] - held["shown"][2])) > 1e-9:
        failures.append("the README's example: the map holds %s, the engine says %s" % (held["shown"], held["camera"]))
    failures += ["the README's example logged: " + e for e in log["errors"]]
    await page.context.close()


async def mirrored_and_still(browser, url, failures):
    """The README's example right to left, in landscape, with reduced motion: the side card on the
    leading (right) edge as the engine lays it out, and a push shown at once, no frame of a motion."""
    context = await browser.new_context(viewport={"width": HEIGHT, "height": WIDTH}, has_touch=True, is_mobile=True,
                                        reduced_motion="reduce")
    page = await context.new_page()
    await page.add_init_script(INIT)
    assets = {"maplibre-gl.js": harness.maplibre_js(), "maplibre-gl.css": harness.maplibre_css()}
    await page.route("https://unpkg.com/**", lambda route: route.fulfill(path=assets[route.request.url.rsplit("/", 1)[1]]))
    basemap = json.dumps(style())
    await page.route("https://demotiles.maplibre.org/style.json", lambda route: route.fulfill(body=basemap, content_type="application/json"))
    await page.goto(url + "readme/rtl.html")
    await settle(page)
    await page.evaluate("() => { window.__measuring = true; }")
    await page.evaluate("() => document.querySelector('#manly').click()")
    await page.wait_for_timeout(300)
    await settle(page)
    shown = await page.evaluate("""() => { const cards = document.querySelector("cardmap-cards");
      const r = cards.top.shadowRoot.querySelector(".card").getBoundingClientRect();
      return { stack: cards.lastStep.answer.stack, layout: cards.layout, box: { x: r.x, width: r.width },
        screen: cards.screen(), moving: window.__frames.filter((f) => f.moving).length }; }""")
    rect = shown["layout"]["card"]
    if not shown["screen"]["rtl"] or len(shown["stack"]) != 2:
        failures.append("right to left: the screen %s, the stack %s" % (shown["screen"], shown["stack"]))
    if not (rect["x"] + rect["width"] / 2 > HEIGHT / 2 and abs(shown["box"]["x"] - rect["x"]) < TOLERANCE):
        failures.append("right to left in landscape: the card at %s (shown at %s), not on the leading (right) side" % (rect, shown["box"]))
    if shown["moving"]:
        failures.append("with reduced motion, %d painted frames showed a motion" % shown["moving"])
    await context.close()


# The card rules' numbers (SPEC §3–§8, §14: bands, velocities, durations, dims, alphas, spacings, the
# touch slop and the page flick): none may stand in the elements' code, which takes them from the engine.
RULE_NUMBERS = {"0.25", "0.499", "22", "44", "0.4", "1.3", "0.8", "0.75", "0.3125", "0.3", "300", "10", "0.1", "29.04",
                "8", "50", "12", "1000.0", "0.01", "400", "360", "414", "0.38",
                # The overlays': the expanding cards' dismiss distance and default heights, the deck's turn.
                "120", "180", "440", "25"}


# Numbers in the modules that are no card rule's, though they equal one: a turn of longitude, WASI's
# EBADF, the engine's output of 64 numbers of 8 bytes, the "did you mean" rule's word of 8 letters,
# MapLibre's style version 8 and a border's width in the page's style, the warm-up's screen.
NOT_RULES = {("maps/maplibre/bounds.mjs", "360"), ("page/page.mjs", "360"), ("engine/load.mjs", "8"),
             ("engine/cardmap.mjs", "8"), ("engine/checks.mjs", "8"), ("page/page.mjs", "8"), ("page/page.mjs", "0.8"), ("maps/cameras.mjs", "400")}


def rules_in_javascript(failures):
    """No card rule's number in any of the package's modules (the page's too): comments, strings
    (CSS, markup) and the map content's paint (`addContent`, a style, not a rule) aside."""
    folder = os.path.join(harness.ROOT, "Sources", "CardMapWasm", "js")
    names = sorted(os.path.relpath(os.path.join(at, n), folder) for at, _, files in os.walk(folder)
                   for n in files if n.endswith(".mjs"))
    for name in names:
        with open(os.path.join(folder, name)) as f:
            code = f.read()
        if "function addContent(" in code:
            start = code.index("function addContent(")
            code = code[:start] + code[code.index("\n}\n", start):]
        code = re.sub(r"/\*.*?\*/", "", code, flags=re.S)
        code = re.sub(r"//[^\n]*", "", code)
        code = re.sub(r"`[^`]*`", "``", code, flags=re.S)
        code = re.sub(r'"[^"\n]*"', '""', code)
        found = sorted(n for n in set(re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])", code)) & RULE_NUMBERS
                       if (name, n) not in NOT_RULES)
        if found:
            failures.append("%s writes card rules' numbers in JavaScript: %s" % (name, ", ".join(found)))


def article_is_example(failures):
    """The article's page and script are the example's files, as the test builds and runs them."""
    with open(os.path.join(PICTURES, "CardsOverMapLibre.md")) as f:
        text = f.read()
    for block, name in ((blocks(text, "html"), "index.html"), (blocks(text, "js"), "app.mjs")):
        with open(os.path.join(harness.ROOT, "Examples", "ferries", name)) as f:
            if block != [f.read()]:
                failures.append("the article's %s is not Examples/ferries/%s" % (name, name))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(harness.ROOT, ".build", "npm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--pictures", action="store_true", help="write the article's pictures")
    args = parser.parse_args()
    folder = example(args.package)
    server = Server(folder)
    failures = []
    article_is_example(failures)
    rules_in_javascript(failures)
    try:
        history, measured, drags, timings, sheet = asyncio.run(browse(server.url, args.cardmap, args.pictures, failures))
    finally:
        server.close()
    events = compare(history, args.cardmap, drags, failures)
    stats = frames(measured, failures)
    sheet_failures = []
    sheet_stats = frames(sheet[0], sheet_failures)
    failures += ["the sheet: " + f for f in sheet_failures]
    for failure in failures[:30]:
        print("FAIL " + failure, file=sys.stderr)
    print("cards: <cardmap-sheet> with CardMapControl by a finger: %d events as cardmap replay answers them; %d painted "
          "frames: content %.1f px inside the visible rect at worst, at most %d map render a frame, %d frames late" % (
              sheet[1], sheet_stats["frames"], sheet_stats["worst"], sheet_stats["renders"], sheet_stats["late"]))
    print("cards: script a frame during a two-second finger drag: <cardmap-cards> %.3f ms (%d frames), <cardmap-sheet> "
          "with CardMapControl %.3f ms (%d frames); cardmap/cards with its engine, bundled and minified by esbuild, "
          "gzipped: %d bytes embedded (cardmap/inline), %d with the card controller's engine (cardmap/inline-cards), "
          "or %d of script and %d of cardmap-cards.wasm, which it fetches (cardmap)" % (
              timings["cards"] + timings["sheet"] + (gzipped(os.path.join(folder, "cards-inline.js")),
                                                     gzipped(os.path.join(folder, "cards-inline-cards.js")),
                                                     gzipped(os.path.join(folder, "cards-file.js")),
                                                     gzipped(os.path.join(folder, "node_modules", "cardmap", "cardmap-cards.wasm")))))
    print("cards: the ferries example from the packed package, with a finger and keys in Chromium: %d events as "
          "cardmap replay answers them (%d drags also for the finger's samples); %d painted frames measured: content "
          "%.1f px inside the visible rect at worst, at most %d map render a frame, %d frames late, card %.2f px from "
          "its layout; failures %d" % (events, len(drags), stats["frames"], stats["worst"], stats["renders"],
                                       stats["late"], stats["off"], len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
