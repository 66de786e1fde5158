#!/usr/bin/env python3
"""Max bounds on MapLibre GL JS 5.3's globe, with a person's input: `constrainToBounds` (maplibre.mjs)
against MapLibre's own `setMaxBounds`, in the same run.

A 402 × 874 page (headless Chromium through Playwright, touch and mouse) holds a globe map with a
sheet's padding (bottom 420) and bounds round Europe. The map is driven as a person and an app drive
it: a mouse drag far past the bounds, the wheel out past the least zoom, a two-finger pinch out, a
turn and a tilt with the right button, the keyboard (arrows, minus, shift+arrows), and the app's
`flyTo` to New York. At every frame MapLibre draws (its `render` event) the page measures how far
what shows of the sphere lies past the bounds, in screen pixels where it shows (the visible rect's
outline every 4 px, taken to the limb where it lies in space). With `constrainToBounds` nothing may
show past them (0.5 px); with `setMaxBounds` the same input is measured and reported alongside.
Bounds that span every longitude work with `constrainToBounds` (MapLibre's own throw on the globe).

    python3 Tests/web/bounds_test.py --wasm .build/wasm/cardmap.wasm
"""
import argparse
import asyncio
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import touch  # noqa: E402

touch.ensure()
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

WIDTH, HEIGHT = 402, 874
BOUNDS = [-12, 34, 42, 72]
WORLD = [-180, -60, 180, 75]
TOLERANCE = 0.5

PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="../maplibre-gl.css">
<script src="../maplibre-gl.js"></script></head><body style="margin:0">
<div id="map" style="position:absolute;left:0;top:0;width:402px;height:874px"></div>
<script type="module">
import { load } from "./cardmap.mjs";
import { constrainToBounds } from "./maplibre.mjs";
window.cardmap = await load("./cardmap.wasm");
window.constrainToBounds = constrainToBounds;
const countries = await (await fetch("countries.geojson")).json();
const style = { version: 8, projection: { type: "globe" }, sources: { countries: { type: "geojson", data: countries } },
  layers: [{ id: "water", type: "background", paint: { "background-color": "#a9cbe8" } },
           { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f1efe6" } }] };
const map = window.map = new maplibregl.Map({ container: "map", style, center: [15, 52], zoom: 3.2, fadeDuration: 0 });
await new Promise((resolve) => map.once("load", resolve));
map.setPadding({ top: 0, left: 0, bottom: 420, right: 0 });
// How far what shows of the sphere lies past [w, s, e, n], in screen pixels where it shows.
window.beyond = (bounds) => {
  const c = map.getContainer(), p = map.getPadding();
  const rect = { left: p.left, top: p.top, right: c.clientWidth - p.right, bottom: c.clientHeight - p.bottom };
  const centre = [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2];
  const shows = (q) => { const back = map.project(map.unproject(q)); return Math.hypot(back.x - q[0], back.y - q[1]) < 1e-3; };
  const corners = [[rect.left, rect.top], [rect.right, rect.top], [rect.right, rect.bottom], [rect.left, rect.bottom]];
  const [w, south, e, north] = bounds, east = e >= w ? e : e + 360;
  let worst = 0;
  for (let side = 0; side < 4; side++) {
    const [a, b] = [corners[side], corners[(side + 1) % 4]];
    const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 4);
    for (let k = 0; k < steps; k++) {
      let q = [a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps];
      if (!shows(q)) {
        let [inside, out] = [0, 1];
        for (let i = 0; i < 30; i++) {
          const f = (inside + out) / 2;
          if (shows([centre[0] + (q[0] - centre[0]) * f, centre[1] + (q[1] - centre[1]) * f])) inside = f; else out = f;
        }
        q = [centre[0] + (q[0] - centre[0]) * inside, centre[1] + (q[1] - centre[1]) * inside];
      }
      const at = map.unproject(q);
      if (east - w >= 360 - 1e-9) at.lng = w + 180;
      const lng = at.lng + Math.round(((w + east) / 2 - at.lng) / 360) * 360;
      const here = map.project([at.lng, at.lat]);
      const step = (dLng, dLat) => { const there = map.project([at.lng + dLng, at.lat + dLat]); return Math.hypot(there.x - here.x, there.y - here.y) / 1e-5; };
      const [across, along] = [step(1e-5, 0), step(0, at.lat > 0 ? -1e-5 : 1e-5)];
      worst = Math.max(worst, (w - lng) * across, (lng - east) * across, (at.lat - north) * along, (south - at.lat) * along);
    }
  }
  return worst;
};
window.measure = { frames: 0, worst: 0, bounds: null, moved: 0 };
map.on("render", () => {
  if (!window.measure.bounds) return;
  window.measure.frames++;
  window.measure.worst = Math.max(window.measure.worst, window.beyond(window.measure.bounds));
});
window.ready = true;
</script></body></html>
"""


async def drive(page, cdp):
    """A person's input, then the app's flyTo, each waited out."""
    box = (WIDTH / 2, 300)
    # A mouse drag far to the west and south (the map follows the hand east and north).
    await page.mouse.move(*box)
    await page.mouse.down()
    for i in range(1, 31):
        await page.mouse.move(box[0] + 20 * i, box[1] - 12 * i)
        await page.wait_for_timeout(16)
    await page.mouse.up()
    await page.wait_for_timeout(600)
    # The wheel, out past the least zoom.
    for _ in range(25):
        await page.mouse.wheel(0, 240)
        await page.wait_for_timeout(30)
    await page.wait_for_timeout(600)
    # A two-finger pinch out, then in again.
    for (a, b) in (((120, 200), (280, 400)), ((200, 300), (200, 300))):
        fingers = [[a[0], a[1]], [b[0], b[1]]]
        target = [[185, 285], [215, 315]] if a[0] == 120 else [[100, 150], [300, 450]]
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [
            {"x": x, "y": y, "id": i} for i, (x, y) in enumerate(fingers)]})
        for k in range(1, 21):
            points = [{"x": f[0] + (t[0] - f[0]) * k / 20, "y": f[1] + (t[1] - f[1]) * k / 20, "id": i}
                      for i, (f, t) in enumerate(zip(fingers, target))]
            await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points})
            await page.wait_for_timeout(16)
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        await page.wait_for_timeout(600)
    # A turn and a tilt with the right button.
    await page.mouse.move(*box)
    await page.mouse.down(button="right")
    for i in range(1, 31):
        await page.mouse.move(box[0] + 6 * i, box[1] - 5 * i)
        await page.wait_for_timeout(16)
    await page.mouse.up(button="right")
    await page.wait_for_timeout(600)
    # The keyboard: pan, zoom out, turn and tilt.
    await page.focus("canvas")
    for key in ["ArrowLeft"] * 8 + ["ArrowDown"] * 8 + ["Minus"] * 6 + ["Shift+ArrowLeft"] * 4 + ["Shift+ArrowUp"] * 4:
        await page.keyboard.press(key)
        await page.wait_for_timeout(60)
    await page.wait_for_timeout(800)
    # The app's own flyTo, to New York.
    await page.evaluate("() => { try { map.flyTo({ center: [-74, 40.7], zoom: 5, duration: 1500 }); } catch (error) { window.flyError = String(error); } }")
    await page.wait_for_timeout(2200)


async def run(url, keep, bounds):
    """`keep`: constrainToBounds, else MapLibre's setMaxBounds; the worst px past the bounds over every frame drawn."""
    async with async_playwright() as p:
        browser = await touch.launch(p)
        context = await browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True)
        page = await context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(url)
        await page.wait_for_function("() => window.ready", timeout=60000)
        cdp = await context.new_cdp_session(page)
        # (With the keeper, the cameras it moved are counted: the input must have pushed past the bounds.)
        setup = ("""(b) => { window.handle = constrainToBounds(map, b, { cardmap }); const keep = map.transformCameraUpdate;
          map.transformCameraUpdate = (t) => { const r = keep(t); if (r.center) window.measure.moved++; return r; }; }""" if keep
                 else "(b) => { map.setMaxBounds([[b[0], b[1]], [b[2], b[3]]]); map.jumpTo({}); }")
        try:
            await page.evaluate(setup, bounds)
        except Exception as error:  # MapLibre's own bounds may throw on the globe
            errors.append(str(error))
        await page.wait_for_timeout(300)
        await page.evaluate("(b) => { window.measure.bounds = b; }", bounds)
        await drive(page, cdp)
        measure = await page.evaluate("() => ({ ...window.measure, zoom: map.getZoom(), error: window.handle && window.handle.error && String(window.handle.error) })")
        if await page.evaluate("() => window.flyError || null"):
            errors.append("flyTo: " + await page.evaluate("() => window.flyError"))
        await browser.close()
        measure["errors"] = errors
        return measure


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wasm", default=os.path.join(harness.ROOT, ".build", "wasm", "cardmap.wasm"))
    args = parser.parse_args()
    harness.maplibre_js()
    harness.maplibre_css()
    folder = web_assets.page_folder("bounds", args.wasm)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "bounds.html"), "w") as f:
        f.write(PAGE)
    with open(harness.COUNTRIES) as source, open(os.path.join(folder, "countries.geojson"), "w") as out:
        out.write(source.read())
    server = web_assets_server(folder)
    url = server.url(os.path.join(folder, "bounds.html"))
    failures = []
    try:
        ours = asyncio.run(run(url, True, BOUNDS))
        theirs = asyncio.run(run(url, False, BOUNDS))
        world = asyncio.run(run(url, True, WORLD))
        world_theirs = asyncio.run(run(url, False, WORLD))
    finally:
        server.close()
    for name, result in (("constrainToBounds", ours), ("constrainToBounds, 360° bounds", world)):
        if result["frames"] < 50:
            failures.append("%s: only %d frames drawn" % (name, result["frames"]))
        if name == "constrainToBounds" and result["moved"] < 20:
            failures.append("%s: the input pushed past the bounds only %d times" % (name, result["moved"]))
        if result["worst"] > TOLERANCE:
            failures.append("%s: what shows lies %.2f px past the bounds" % (name, result["worst"]))
        failures += ["%s: %s" % (name, e) for e in result["errors"]]
        if result["error"]:
            failures.append("%s: the keeper could not keep a camera: %s" % (name, result["error"]))
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    print("| globe, a person's input and a flyTo | frames drawn | cameras moved | worst px past the bounds | errors |")
    print("|---|---|---|---|---|")
    for name, result in (("constrainToBounds, Europe", ours), ("MapLibre's setMaxBounds, Europe", theirs),
                         ("constrainToBounds, every longitude", world),
                         ("MapLibre's setMaxBounds, every longitude", world_theirs)):
        print("| %s | %d | %d | %.1f | %s |" % (name, result["frames"], result["moved"], result["worst"],
                                          "; ".join(result["errors"])[:80] or "none"))
    print("bounds: failures %d" % len(failures))
    return 1 if failures else 0


def web_assets_server(folder):
    """The build folder served on the loopback address (`harness.LivePages`'s server)."""
    return harness.LivePages("chromium")


if __name__ == "__main__":
    sys.exit(main())
