#!/usr/bin/env python3
"""`CardMapControl` on MapLibre GL JS 5.3 in headless Chromium, against the way apps keep a map
clear of a sheet today, in the same run.

A 402 × 874 page holds a map and a `<cardmap-sheet>`; the sheet is dragged for two seconds with
pointer events (down 500 pt and back, a move every 16 ms), flat and at pitch 45: once with the
control bound to it, once with what apps do now (`setPadding` with the sheet's insets and `fitBounds`
on every move). Each
run counts MapLibre's renders per animation frame, `setPadding` calls, the content's worst distance
outside the padded rect at each render (MapLibre's own `project` of the box's corners and edges), and
the script's milliseconds per frame. The control must render at most once a frame, call `setPadding`
never and keep the content inside (0.5 px); the numbers of both are printed side by side. The
Leaflet control is dragged the same way: at most one `setView` in each painted frame, the content inside the
visible rect (1 px: Leaflet rounds its pixel origin), and Leaflet's zoom and attribution placed
inside the visible rect above a peaking card (the zoom hidden under an extended one, the credit still
shown above it), the card painting over
the map.

    python3 Tests/web/control_test.py --wasm .build/wasm/cardmap.wasm
"""
import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402

TOLERANCE = 0.5
BOUNDS = json.dumps([151.2108, -33.8611, 151.2847, -33.8003])
# What both pages start with: a report to /results/<page>, the engine, the sheet ready, and pointer
# events on its card.
PRELUDE = """const report = (body) => fetch("/results/%(name)s", { method: "POST", body: JSON.stringify(body) });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const bounds = %(bounds)s;
try {
  const cardmap = await load("./cardmap.wasm");
  const sheet = document.querySelector("cardmap-sheet");
  sheet.cardmap = cardmap;
  await sheet.ready;
  const card = sheet.sheetCard.shadowRoot.querySelector(".card");
  const pointer = (type, y) => card.dispatchEvent(new PointerEvent(type,
    { pointerId: 1, clientX: 200, clientY: y, bubbles: true, composed: true, isPrimary: true }));"""
PAGE = """<!doctype html><html><head><meta charset="utf-8"><script src="../maplibre-gl.js"></script></head>
<body style="margin:0"><div id="screen" style="position:absolute;left:0;top:0;width:402px;height:874px">
<div id="map" style="position:absolute;inset:0"></div><cardmap-sheet position="peaking"><b slot="title">Route</b></cardmap-sheet></div>
<script type="module">
import { load } from "./cardmap.mjs";
import { CardMapControl } from "./maplibre.mjs";
import "./sheet.mjs";
%(prelude)s
  const style = { version: 8, sources: {}, layers: [{ id: "bg", type: "background", paint: { "background-color": "#cde" } }] };
  const map = new maplibregl.Map({ container: "map", style, attributionControl: false, fadeDuration: 0, interactive: false });
  await new Promise((resolve) => map.once("load", resolve));
  // Content's corners and edge midpoints, and how far MapLibre draws them outside the padded rect.
  const [w, s, e, n] = bounds;
  const points = [[w, s], [e, s], [e, n], [w, n], [(w + e) / 2, s], [(w + e) / 2, n], [w, (s + n) / 2], [e, (s + n) / 2]];
  function outside() {
    const p = map.getPadding(), c = map.getContainer();
    const [left, top, right, bottom] = [p.left, p.top, c.clientWidth - p.right, c.clientHeight - p.bottom];
    let worst = 0;
    for (const point of points) {
      const q = map.project(point);
      worst = Math.max(worst, left - q.x, q.x - right, top - q.y, q.y - bottom);
    }
    return worst;
  }
  async function run(name, bind, unbind) {
    await pause(300);
    let renders = 0, frames = 0, worst = 0, padding = 0, scriptMs = 0, running = true;
    const setPadding = map.setPadding;
    map.setPadding = function (...args) { padding++; return setPadding.apply(this, args); };
    const onRender = () => { renders++; worst = Math.max(worst, outside()); };
    map.on("render", onRender);
    const count = () => { if (!running) return; frames++; requestAnimationFrame(count); };
    requestAnimationFrame(count);
    const timed = (body) => { const t = performance.now(); body(); scriptMs += performance.now() - t; };
    bind(timed);
    const top = card.getBoundingClientRect().y + 10;
    timed(() => pointer("pointerdown", top));
    for (let i = 1; i <= 125; i++) {
      await pause(16);
      const dy = 500 * Math.sin(Math.PI * i / 125);
      timed(() => pointer("pointermove", top + dy));
    }
    await pause(16);
    running = false;
    unbind();
    map.off("render", onRender);
    map.setPadding = setPadding;
    // Let the release's motion run out, then back where the next run starts.
    timed(() => pointer("pointerup", top));
    while (sheet.motion || sheet.gesture || sheet.settling) await pause(20);
    return { name, renders, frames, rendersPerFrame: renders / Math.max(frames, 1), setPadding: padding, worst,
      scriptMsPerFrame: scriptMs / Math.max(frames, 1) };
  }
  const rows = [];
  let control = null;
  for (const pitch of [0, 45]) {
    control = new CardMapControl(cardmap, { sheet, bounds, options: { pitch } });
    rows.push(await run(`CardMapControl, pitch ${pitch}`, (timed) => {
      const frame = control.cameras.frame.bind(control.cameras);
      control.cameras.frame = () => timed(frame);
      map.addControl(control);
    }, () => map.removeControl(control)));
    let onDrag = null;
    rows.push(await run(`setPadding + fitBounds on every move, pitch ${pitch}`, (timed) => {
      onDrag = (event) => timed(() => {
        map.setPadding(event.detail.layout.mapInsets);
        map.fitBounds(bounds, { animate: false, pitch });
      });
      sheet.addEventListener("cardmove", onDrag);
    }, () => sheet.removeEventListener("cardmove", onDrag)));
    map.setPadding({ top: 0, left: 0, bottom: 0, right: 0 });
  }
  // An easeTo of the app's own runs to its end while the sheet moves; then the control's camera is back.
  control = new CardMapControl(cardmap, { sheet, bounds });
  map.addControl(control);
  await pause(300);
  const target = map.getZoom() - 1.5;
  let endZoom = null;
  map.once("moveend", () => { endZoom = map.getZoom(); });
  map.easeTo({ zoom: target, duration: 800 });
  const shown = sheet.show("extended");
  await pause(300);
  const midway = map.isEasing();
  while (map.isEasing()) await pause(20);
  await shown;
  await pause(200);
  const eased = { midway, target, endZoom, back: outside() };
  map.removeControl(control);
  await sheet.show("peaking");
  // After onRemove, the sheet's moves leave the map alone.
  const before = map.getCenter().toArray();
  sheet.dispatchEvent(new CustomEvent("cardmove", { detail: { y: 300, layout: sheet.layout } }));
  await pause(50);
  report({ rows, eased, removedLeftAlone: JSON.stringify(before) === JSON.stringify(map.getCenter().toArray()) });
} catch (error) { report({ error: String(error && error.stack || error) }); }
</script></body></html>
"""


LEAFLET_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="leaflet.css">
<script src="leaflet.js"></script></head>
<body style="margin:0"><div id="screen" style="position:absolute;left:0;top:0;width:402px;height:874px">
<div id="map" style="position:absolute;inset:0"></div><cardmap-sheet position="peaking"></cardmap-sheet></div>
<script type="module">
import { load } from "./cardmap.mjs";
import { CardMapLeafletControl } from "./leaflet.mjs";
import "./sheet.mjs";
%(prelude)s
  const map = L.map("map", { zoomSnap: 0, zoomAnimation: false, fadeAnimation: false }).setView([0, 0], 1);
  map.attributionControl.addAttribution("Natural Earth");
  let views = 0, frames = 0, worst = 0, running = true, rect = sheet.layout.visibleRect;
  const setView = map.setView;
  map.setView = function (...args) { views++; return setView.apply(this, args); };
  sheet.addEventListener("cardmove", (event) => { rect = event.detail.layout.visibleRect; });
  const [w, s, e, n] = bounds;
  // Each painted frame's setView calls, counted where a frame's rAF callbacks have all run (a
  // ResizeObserver callback on an element resized in every frame's rAF), before its paint.
  let most = 0, seen = 0;
  const probe = document.body.appendChild(document.createElement("div"));
  probe.style.cssText = "position:fixed;width:1px;height:1px;visibility:hidden";
  new ResizeObserver(() => { if (running) { most = Math.max(most, views - seen); frames++; } seen = views; }).observe(probe);
  const count = () => { if (running) { probe.style.width = (1 + frames %% 2) + "px"; requestAnimationFrame(count); } };
  const control = new CardMapLeafletControl(cardmap, { sheet, bounds });
  // Where Leaflet draws the content once the control set its view, against the visible rect of the
  // sheet's latest move (the one the view is for).
  const frame = control.cameras.frame.bind(control.cameras);
  control.cameras.frame = () => {
    const shown = rect;
    frame();
    for (const [lng, lat] of [[w, s], [e, s], [e, n], [w, n]]) {
      const q = map.latLngToContainerPoint([lat, lng]);
      worst = Math.max(worst, shown.x - q.x, q.x - shown.x - shown.width, shown.y - q.y, q.y - shown.y - shown.height);
    }
  };
  map.addControl(control);
  await pause(100);
  seen = views;
  requestAnimationFrame(count);
  const top = card.getBoundingClientRect().y + 10;
  pointer("pointerdown", top);
  for (let i = 1; i <= 125; i++) { await pause(16); pointer("pointermove", top + 500 * Math.sin(Math.PI * i / 125)); }
  pointer("pointerup", top);
  while (sheet.motion || sheet.gesture || sheet.settling) await pause(20);
  await pause(50);
  running = false;
  // Leaflet's zoom and attribution where the engine puts map buttons: inside the visible rect, not
  // over the card, which paints over the map (the map isolated).
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  await sheet.show("extended");
  await pause(50);
  // Extended: the zoom buttons fade out with the engine's map buttons; the credit stays, at the
  // bottom of what the card leaves visible.
  const credit = document.querySelector(".leaflet-control-attribution"), visibleExtended = sheet.layout.visibleRect;
  const creditBox = credit.getBoundingClientRect();
  const hiddenExtended = getComputedStyle(document.querySelector(".leaflet-control-zoom").parentElement).visibility === "hidden"
    && getComputedStyle(credit.parentElement).visibility !== "hidden" && creditBox.height > 0
    && creditBox.bottom <= visibleExtended.y + visibleExtended.height + 1 && creditBox.top >= visibleExtended.y - 1;
  await sheet.show("peaking");
  await pause(50);
  const placed = [".leaflet-control-zoom", ".leaflet-control-attribution"].map((name) => ({ name, box: box(document.querySelector(name)) }));
  const cardBox = box(card);
  const hit = document.elementFromPoint(cardBox.x + cardBox.width / 2, cardBox.y + 20);
  const controls = { placed, visible: sheet.layout.visibleRect, card: cardBox, hiddenExtended,
    cardOnTop: sheet.contains(hit) || card.contains(hit) || hit === sheet };
  map.removeControl(control);
  const before = views;
  sheet.dispatchEvent(new CustomEvent("cardmove", { detail: { y: 300, layout: sheet.layout } }));
  await pause(50);
  report({ views, frames, most, worst, removedLeftAlone: views === before, controls });
} catch (error) { report({ error: String(error && error.stack || error) }); }
</script></body></html>
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wasm", default=os.path.join(harness.ROOT, ".build", "wasm", "cardmap.wasm"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    harness.maplibre_js()
    folder = web_assets.page_folder("control", args.wasm)
    page = os.path.join(folder, "control.html")
    with open(page, "w") as f:
        f.write(PAGE % {"prelude": PRELUDE % {"name": "control.html", "bounds": BOUNDS}})
    assets = web_assets.fetch()
    for name in ("leaflet.js", "leaflet.css"):
        shutil.copy(os.path.join(assets, name), os.path.join(folder, name))
    leaflet_page = os.path.join(folder, "leaflet-control.html")
    with open(leaflet_page, "w") as f:
        f.write(LEAFLET_PAGE % {"prelude": PRELUDE % {"name": "leaflet-control.html", "bounds": BOUNDS}})
    posted, leaflet = harness.live_results(args.chromium, page, leaflet_page)
    if "error" in leaflet:
        raise SystemExit("the Leaflet control's page failed: " + leaflet["error"])
    if "error" in posted:
        raise SystemExit("the control's page failed: " + posted["error"])
    rows = posted["rows"]
    failures = []
    for ours in rows[0::2]:
        if ours["rendersPerFrame"] > 1 + 1e-9:
            failures.append("%s rendered %.2f times a frame" % (ours["name"], ours["rendersPerFrame"]))
        if ours["setPadding"]:
            failures.append("%s called setPadding %d times" % (ours["name"], ours["setPadding"]))
        if ours["worst"] > TOLERANCE:
            failures.append("%s: content %.3f px outside the padded rect" % (ours["name"], ours["worst"]))
    if not posted["removedLeftAlone"]:
        failures.append("after onRemove the sheet still moved the map")
    eased = posted["eased"]
    if not eased["midway"] or eased["endZoom"] is None or abs(eased["endZoom"] - eased["target"]) > 1e-6:
        failures.append("the control cut into the app's easeTo (easing midway: %s, ended at zoom %s for %s)" % (
            eased["midway"], eased["endZoom"], eased["target"]))
    if eased["back"] > TOLERANCE:
        failures.append("after the app's easeTo the control's camera did not come back: content %.3f px outside" % eased["back"])
    # Leaflet: one setView a frame at most, the content inside the visible rect (Leaflet rounds its
    # pixel origin to whole pixels: within 1 px), nothing after remove().
    if leaflet["most"] > 1:
        failures.append("the Leaflet control set %d views in one frame" % leaflet["most"])
    if leaflet["worst"] > 1:
        failures.append("with the Leaflet control, content %.3f px outside the visible rect" % leaflet["worst"])
    if not leaflet["removedLeftAlone"]:
        failures.append("after remove() the sheet still moved the Leaflet map")
    placed = leaflet["controls"]
    if not placed["hiddenExtended"]:
        failures.append("with the Leaflet control and an extended card, its zoom still shows or its credit is not in the visible rect")
    if not placed["cardOnTop"]:
        failures.append("with the Leaflet control, the map paints over the card")
    for control in placed["placed"]:
        b, v, c = control["box"], placed["visible"], placed["card"]
        outside = max(v["x"] - b["x"], b["x"] + b["width"] - v["x"] - v["width"], v["y"] - b["y"], b["y"] + b["height"] - v["y"] - v["height"])
        if outside > TOLERANCE or not b["width"]:
            failures.append("Leaflet's %s at %s, not inside the visible rect %s" % (control["name"], b, v))
        if b["y"] + b["height"] > c["y"] + TOLERANCE:
            failures.append("Leaflet's %s at %s lies over the card at y %s" % (control["name"], b, c["y"]))
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    print("| a two-second drag on MapLibre 5.3 | renders | frames | renders a frame | setPadding | worst px outside "
          "| script ms a frame |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print("| %s | %d | %d | %.2f | %d | %.3g | %.3f |" % (
            row["name"], row["renders"], row["frames"], row["rendersPerFrame"], row["setPadding"], row["worst"],
            row["scriptMsPerFrame"]))
    print("control: the app's easeTo ran to its end under the moving sheet (zoom %.3f), the control's camera back "
          "after it (%.3g px outside)" % (eased["endZoom"] or float("nan"), eased["back"]))
    print("control: Leaflet %d setView, at most %d in one of %d frames, worst %.3g px outside; failures %d" % (
        leaflet["views"], leaflet["most"], leaflet["frames"], leaflet["worst"], len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
