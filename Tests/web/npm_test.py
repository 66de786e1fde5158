#!/usr/bin/env python3
"""The npm package as a web developer meets it (`make npm`'s `.build/npm`), offline.

`npm pack` makes the tarball (at most 1 MB), `npm install` puts it into a fresh consumer folder, and
then, through the package's own `exports` only:
- node runs `load()` with no argument and `cardmap/inline`'s `load()`: both engines' fit equals
  `cardmap fit`'s on the same screen, card and box, member for member (numbers within 1e-9), and
  `fitView` (a map with no card, a sheet's padding, pitched) equals `cardmap fit --insets --padding`'s;
- `tsc --strict` (Debian's 4.8: `--module node16`) type-checks a TypeScript consumer of `cardmap`,
  `cardmap/maplibre` (cameraForBounds and fitBounds too), `cardmap/leaflet` and `cardmap/inline`, with no
  `maplibre-gl` types installed;
- Debian's `esbuild`, with no plugins and no configuration, bundles a browser consumer of
  `cardmap/inline`, `cardmap/maplibre` and `cardmap/sheet` (at most 400 KB gzipped), and the bundle runs in headless
  Chromium with the same answer.

    python3 Tests/web/npm_test.py --package .build/npm --cardmap .build/debug/cardmap
"""
import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import web_assets  # noqa: E402,F401  (it puts Tests/browser on the path)
import harness  # noqa: E402

SCREEN = {"width": 402, "height": 874, "safeArea": {"top": 62, "bottom": 34}}
BOX = [151.2108, -33.8611, 151.2847, -33.8003]
NATIVE = ["fit", "--viewport", "402x874", "--safe-area", "top=62,bottom=34", "--position", "peaking",
          "--bbox", ",".join(map(str, BOX))]
# A map with no card, a sheet's padding and a pitch: what cameraForBounds asks the engine.
NATIVE_VIEW = ["fit", "--viewport", "1024x768", "--insets", "top=20", "--padding", "bottom=480", "--pitch", "50",
               "--bearing", "30", "--bbox", ",".join(map(str, BOX))]

NODE = """import { load, CardMapError } from "cardmap";
import { load as loadInline } from "cardmap/inline";
import { maplibreCamera } from "cardmap/maplibre";
import { leafletView } from "cardmap/leaflet";
const screen = %(screen)s, box = %(box)s;
const [engine, inline] = [await load(), await loadInline()];
const fit = engine.fit(screen, { position: "peaking" }, box);
const view = engine.fitView({ width: 1024, height: 768, insets: { top: 20 } }, box, { padding: { bottom: 480 }, pitch: 50, bearing: 30 });
let refused = null;
try { engine.fit(screen, { position: "Peaking" }, box); } catch (error) { refused = error instanceof CardMapError && error.message; }
console.log(JSON.stringify({ fit, view, inline: inline.fit(screen, { position: "peaking" }, box),
  maplibre: maplibreCamera(fit.camera), leaflet: leafletView(fit.camera), refused }));
"""

TYPESCRIPT = """import { load, CardMapError, type FitAnswer, type Screen } from "cardmap";
import { load as loadInline } from "cardmap/inline";
import { jumpTo, follow, cameraForBounds, fitBounds, type MapLibreView } from "cardmap/maplibre";
import { setView } from "cardmap/leaflet";
import type { CardMapSheet } from "cardmap/sheet";
declare const map: MapLibreView;
declare const sheet: CardMapSheet;
declare const leaflet: { setView(center: [number, number], zoom: number, options: object): unknown; options: { zoomSnap?: number } };
const screen: Screen = { width: 402, height: 874 };
const cardmap = await (Math.random() < 0.5 ? load() : loadInline());
const fit: FitAnswer = cardmap.fit(screen, { position: "peaking" }, [0, 0, 1, 1], { select: [0.5, 0.5] });
jumpTo(map, fit.camera);
setView(leaflet, fit.camera);
const drag = follow(map, cardmap, screen, {}, [0, 0, 1, 1]);
drag(300);
drag.free();
map.jumpTo(cameraForBounds(map, [[0, 0], [1, 1]], { padding: { bottom: 480 }, pitch: 50 }));
fitBounds(map, [0, 0, 1, 1], { padding: 40, duration: 300, cardmap });
console.log(fit.selection && fit.selection.camera ? fit.selection.move[0] : null, CardMapError.name, sheet.position);
"""

BROWSER = """import { load } from "cardmap/inline";
import { maplibreCamera } from "cardmap/maplibre";
import { CardMapSheet } from "cardmap/sheet";
const report = (body) => fetch("/results/npm.html", { method: "POST", body: JSON.stringify(body) });
try {
  const cardmap = await load();
  const fit = cardmap.fit(%(screen)s, { position: "peaking" }, %(box)s);
  if (customElements.get("cardmap-sheet") !== CardMapSheet) throw new Error("cardmap/sheet did not define <cardmap-sheet>");
  report({ fit, maplibre: maplibreCamera(fit.camera) });
} catch (error) { report({ error: String(error && error.stack || error) }); }
"""


ARTICLE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><script src="../maplibre-gl.js"></script></head>
<body style="margin:0">%(html)s
<script type="module" src="article.js"></script>
<script type="module">
const report = (body) => fetch("/results/article.html", { method: "POST", body: JSON.stringify(body) });
window.addEventListener("error", (event) => report({ error: String(event.message) }));
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sheet = document.querySelector("cardmap-sheet");
for (let i = 0; i < 200 && !(sheet.cardmap && sheet.layout); i++) await pause(50);
await pause(500);
// What the engine says the camera is for the sheet's card, from the installed package.
const { load } = await import("./node_modules/cardmap/cardmap.mjs");
const engine = await load();
const { bbox } = engine.extent(await (await fetch("route.geojson")).text());
const expected = engine.fit(sheet.screen(), { y: sheet.layout.card.y }, bbox, { pitch: 30 }).camera;
const map = window.articleMap;
const center = map.getCenter();
report({ position: sheet.layout.position, expected, shown: { focus: [center.lng, center.lat], zoom: map.getZoom(),
  pitch: map.getPitch(), padding: map.getPadding() } });
</script></body></html>
"""


def article_example():
    """The article "A sheet over MapLibre": its HTML and its JavaScript, as written."""
    with open(os.path.join(harness.ROOT, "Sources", "CardMap", "CardMap.docc", "SheetOverMapLibre.md")) as f:
        text = f.read()
    html = text.split("```html\n", 1)[1].split("```", 1)[0]
    js = text.split("```js\n", 1)[1].split("```", 1)[0]
    return html, js


def differences(path, a, b, found):
    """Where two JSON answers differ (numbers within 1e-9 of each other count as the same)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        if abs(a - b) > 1e-9 * max(1, abs(a)):
            found.append("%s: %r against %r" % (path, a, b))
    elif isinstance(a, dict) and isinstance(b, dict) and list(a) == list(b):
        for key in a:
            differences(path + "." + key, a[key], b[key], found)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            differences("%s[%d]" % (path, i), x, y, found)
    elif a != b:
        found.append("%s: %s against %s" % (path, json.dumps(a)[:80], json.dumps(b)[:80]))
    return found


def skipped(what, failures):
    """Says what was skipped; under REQUIRE_ALL=1 (CI), where nothing may be, it is a failure."""
    print(what + " skipped")
    if os.environ.get("REQUIRE_ALL") == "1":
        failures.append(what + ": REQUIRE_ALL=1, nothing may be skipped")


def run(command, cwd):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("%s failed in %s:\n%s%s" % (" ".join(command), cwd, done.stdout[-2000:], done.stderr[-2000:]))
    return done.stdout


def article(live_chromium, consumer):
    """The article's example bundled as written and run in Chromium on MapLibre 5.3: the map then holds
    the engine's camera for the sheet's card (the route's box, pitch 30)."""
    html, js = article_example()
    # What the page must hold (the article's map), kept for the check.
    js = js.replace("const map = new maplibregl.Map(", "const map = window.articleMap = new maplibregl.Map(")
    with open(os.path.join(consumer, "article.mjs"), "w") as f:
        f.write(js)
    run(["esbuild", "article.mjs", "--bundle", "--format=esm", "--outfile=article.js"], consumer)
    shutil.copy(os.path.join(harness.ROOT, "Data", "samples", "sydney-ferries.geojson"), os.path.join(consumer, "route.geojson"))
    harness.maplibre_js()
    page = os.path.join(consumer, "article.html")
    with open(page, "w") as f:
        f.write(ARTICLE_PAGE.replace("../maplibre-gl.js", "../maplibre-gl.js") % {"html": html})
    [posted] = harness.live_results(live_chromium, page)
    if "error" in posted:
        return ["the article's example: " + posted["error"]]
    expected, shown = posted["expected"], posted["shown"]
    apart = max([abs(a - b) for a, b in zip(expected["focus"], shown["focus"])] + [
        abs(expected["zoom"] - shown["zoom"]), abs(expected["pitch"] - shown["pitch"])] + [
        abs(expected["padding"][k] - shown["padding"][k]) for k in expected["padding"]])
    if apart > 1e-9:
        return ["the article's example: the map holds %s, the engine says %s" % (shown, expected)]
    print("npm: the article's example, bundled as written, holds the engine's camera on MapLibre (sheet %s)"
          % posted["position"])
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(harness.ROOT, ".build", "npm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    failures = []
    native = json.loads(run([args.cardmap] + NATIVE, harness.ROOT))

    packs = os.path.join(harness.ROOT, ".build", "npm-pack")
    shutil.rmtree(packs, ignore_errors=True)
    os.makedirs(packs)
    run(["npm", "pack", "--pack-destination", packs], args.package)
    tarball = os.path.join(packs, os.listdir(packs)[0])
    size = os.path.getsize(tarball)
    if size > 1 << 20:
        failures.append("the tarball is %d bytes, more than 1 MB" % size)

    consumer = os.path.join(harness.WORK, "npm-consumer")
    shutil.rmtree(consumer, ignore_errors=True)
    os.makedirs(consumer)
    with open(os.path.join(consumer, "package.json"), "w") as f:
        json.dump({"name": "consumer", "private": True, "type": "module"}, f)
    run(["npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], consumer)

    # node, through the exports.
    with open(os.path.join(consumer, "node.mjs"), "w") as f:
        f.write(NODE % {"screen": json.dumps(SCREEN), "box": json.dumps(BOX)})
    answer = json.loads(run(["node", "node.mjs"], consumer))
    failures += ["node: " + d for d in differences("fit", native, answer["fit"], [])]
    native_view = json.loads(run([args.cardmap] + NATIVE_VIEW, harness.ROOT))
    failures += ["node, fitView: " + d for d in differences("fit", native_view, answer["view"], [])]
    if answer["inline"] != answer["fit"]:
        failures.append("node: cardmap/inline's fit differs from cardmap's")
    if answer["maplibre"]["center"] != answer["fit"]["camera"]["focus"]:
        failures.append("node: cardmap/maplibre's camera is not the focus form")
    if not answer["refused"] or "did you mean" not in answer["refused"]:
        failures.append("node: a wrongly cased position was not refused by name: %s" % answer["refused"])

    # TypeScript, through the exports.
    with open(os.path.join(consumer, "check.mts"), "w") as f:
        f.write(TYPESCRIPT)
    if shutil.which("tsc"):
        run(["tsc", "--strict", "--noEmit", "--target", "es2022", "--module", "node16", "--moduleResolution", "node16",
             "--lib", "es2022,dom", "check.mts"], consumer)
    else:
        skipped("the npm package's TypeScript check: no tsc (apt-get install node-typescript)", failures)

    # A bundle with esbuild, run in Chromium.
    bundle_size = None
    if shutil.which("esbuild") and shutil.which(args.chromium):
        with open(os.path.join(consumer, "browser.mjs"), "w") as f:
            f.write(BROWSER % {"screen": json.dumps(SCREEN), "box": json.dumps(BOX)})
        run(["esbuild", "browser.mjs", "--bundle", "--format=esm", "--outfile=bundle.js"], consumer)
        with open(os.path.join(consumer, "bundle.js"), "rb") as f:
            bundle_size = len(gzip.compress(f.read(), 9))
        if bundle_size > 400 * 1024:
            failures.append("the bundle is %d bytes gzipped, more than 400 KB" % bundle_size)
        page = os.path.join(consumer, "npm.html")
        with open(page, "w") as f:
            f.write('<!doctype html><meta charset="utf-8"><script type="module" src="bundle.js"></script>')
        [posted] = harness.live_results(args.chromium, page)
        if "error" in posted:
            failures.append("Chromium: " + posted["error"])
        else:
            failures += ["Chromium: " + d for d in differences("fit", native, posted["fit"], [])]
        failures += article(live_chromium=args.chromium, consumer=consumer)
    else:
        skipped("the npm package's bundle: no esbuild or chromium (apt-get install esbuild chromium)", failures)

    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("npm: %s (%d bytes) installed offline; node, cardmap/inline%s and tsc through the exports; "
          "fit equal to cardmap fit's; failures %d" % (
              os.path.basename(tarball), size,
              ", an esbuild bundle in Chromium (%d bytes gzipped)" % bundle_size if bundle_size else "", len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
