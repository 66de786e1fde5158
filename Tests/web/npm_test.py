#!/usr/bin/env python3
"""The npm package as a web developer meets it (`make npm`'s `.build/npm`), offline.

`npm pack` makes the tarball (at most 1.5 MB: two engines, the whole and the card controller's, each
as a file and embedded), `npm install` puts it into a fresh consumer folder, and
then, through the package's own `exports` only:
- node runs `load()` with no argument and `cardmap/inline`'s `load()`: both engines' fit equals
  `cardmap fit`'s on the same screen, card and box, member for member (numbers within 1e-9), and
  `fitView` (a map with no card, a sheet's padding, pitched) equals `cardmap fit --insets --padding`'s;
  `cardmap/inline-cards`' stack answers a push as `cardmap.wasm`'s does and refuses a fit naming its module;
- `tsc --strict` (Debian's 4.8: `--module node16`) type-checks a TypeScript consumer of `cardmap`,
  `cardmap/maplibre` (cameraForBounds and fitBounds too), `cardmap/leaflet`, `cardmap/cards`, `cardmap/modal`,
  `cardmap/deck`, `cardmap/expanding` and `cardmap/inline`, with no
  `maplibre-gl` types installed;
- Debian's `esbuild`, with no plugins and no configuration, bundles a browser consumer of
  `cardmap/inline`, `cardmap/maplibre`, `cardmap/sheet`, `cardmap/cards`, `cardmap/modal` and `cardmap/expanding`
  (at most 430 KB gzipped), and the bundle runs in headless Chromium with the same answer and each newcomer's mistake
  refused by name.

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
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
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

# The card controller's engine embedded (cardmap/inline-cards), alone in its process (importing an
# inline module makes its engine the page's): a stack's answer equal to the whole engine's, read
# from the file beside the package's module; a fit refused naming the module.
NODE_CARDS = """import { load } from "cardmap/inline-cards";
import { load as loadFile, CardMapError } from "cardmap";
const screen = %(screen)s, box = %(box)s;
const [cards, whole] = [await load(), await loadFile(new URL("./node_modules/cardmap/cardmap.wasm", import.meta.url))];
const push = { event: "push", card: { id: "ferries", mapManager: "m", bbox: box } };
let refused = null;
try { cards.fit(screen, { position: "peaking" }, box); } catch (error) { refused = error instanceof CardMapError && error.message; }
console.log(JSON.stringify({ cards: cards.stack(screen).apply(push), whole: whole.stack(screen).apply(push), refused }));
"""

TYPESCRIPT = """import { load, CardMapError, type FitAnswer, type Screen } from "cardmap";
import { load as loadInline } from "cardmap/inline";
import { load as loadCards } from "cardmap/inline-cards";
import { jumpTo, follow, cameraForBounds, fitBounds, CardMapControl, type MapLibreView } from "cardmap/maplibre";
import { setView } from "cardmap/leaflet";
import type { CardMapSheet } from "cardmap/sheet";
import type { CardMapCards, CardMapPages } from "cardmap/cards";
import type {} from "cardmap/modal";
import type { CardMapDeck } from "cardmap/deck";
import type { CardMapExpanding } from "cardmap/expanding";
declare const map: MapLibreView;
declare const cards: CardMapCards;
declare const sheet: CardMapSheet;
declare const leaflet: { setView(center: [number, number], zoom: number, options: object): unknown; options: { zoomSnap?: number } };
const screen: Screen = { width: 402, height: 874 };
const cardmap = await (Math.random() < 0.5 ? load() : loadInline());
const controller = await loadCards();
controller.stack(screen).apply({ event: "push", card: { id: "A" } });
const fit: FitAnswer = cardmap.fit(screen, { position: "peaking" }, [0, 0, 1, 1], { select: [0.5, 0.5] });
jumpTo(map, fit.camera);
setView(leaflet, fit.camera);
const drag = follow(map, { cardmap, screen, bounds: [0, 0, 1, 1] });
drag(300);
drag.free();
map.jumpTo(cameraForBounds(map, [[0, 0], [1, 1]], { padding: { bottom: 480 }, pitch: 50 }));
fitBounds(map, [0, 0, 1, 1], { padding: 40, duration: 300, cardmap });
// The sheet's events are typed: their details carry the layout.
sheet.addEventListener("cardmove", (event) => console.log(event.detail.y, event.detail.layout.mapInsets.bottom));
sheet.addEventListener("cardpositionchange", (event) => console.log(event.detail.position, event.detail.layout.card.y));
const settled = await sheet.show("extended");
console.log(settled.contentAlpha, (await sheet.hide()).position);
const control = new CardMapControl(cardmap, { sheet, geojson: "{}", options: { margin: 24, markerRadius: 8 } });
console.log(fit.selection && fit.selection.camera ? fit.selection.move[0] : null, CardMapError.name, sheet.position, control);
// The card controller's events are typed, and so are its cards.
cards.addEventListener("cardmanagerchange", (event) => console.log(event.detail.manager, event.detail.call));
cards.addEventListener("cardselect", (event) => console.log(event.detail.index + 1));
cards.addEventListener("cardpositionchange", (event) => console.log(event.detail.element.cardId, event.detail.position));
const route = document.createElement("cardmap-card");
route.geojson = { type: "FeatureCollection", features: [] };
const answer = await cards.push(route);
const pages: CardMapPages = document.createElement("cardmap-pages");
pages.page = 1;
console.log(answer.coveredDim ? answer.coveredDim.to : 0, cards.history.length, cards.snapshot(), (await cards.pop())?.stack);
// The other seeds' cards: their events typed, what they cover, and a map control following them.
const modal = document.createElement("cardmap-modal");
modal.insets = { bottom: { inset: 8, condition: "always", avoidance: "card" } };
modal.addEventListener("carddismiss", (event) => console.log(event.detail.reason));
modal.addEventListener("cardmapinsetschange", (event) => console.log(event.detail.mapInsets.bottom));
console.log((await modal.show()).state, modal.mapInsets?.top, modal.answer?.blocks);
await modal.dismiss();
const deck: CardMapDeck = document.createElement("cardmap-deck");
deck.directions = (angle) => (angle < 180 ? "right" : null);
deck.addEventListener("cardswipe", (event) => console.log(event.detail.index, event.detail.direction.length));
const expanding: CardMapExpanding = document.createElement("cardmap-expanding");
expanding.addEventListener("cardselectionchange", (event) => console.log(event.detail.index ?? -1));
expanding.selection = 1;
console.log((await expanding.open(0)).selection, expanding.answer?.frames.length);
const beside = new CardMapControl(cardmap, { overlay: modal, bounds: [0, 0, 1, 1] });
beside.follow(expanding);
"""

# A React consumer's JSX (Debian's @types/react): the elements typed through cardmap/jsx, a wrong
# position value refused by tsc.
JSX = """import type {} from "cardmap/jsx";
export const good = <cardmap-sheet position="peaking"><h2 slot="title">Ferries</h2></cardmap-sheet>;
export const toast = <cardmap-modal preset="toast" open><p>Saved</p></cardmap-modal>;
export const deck = <cardmap-deck directions="four" max-visible={3} area="300x400"><article>A</article></cardmap-deck>;
export const list = <cardmap-expanding card-height={64} expanded-height="240" selection={1}><article>A</article></cardmap-expanding>;
export const stack = <cardmap-cards system-sheet><cardmap-card card-id="cafes" position="peaking" point-zoom={17} margin="24">
  <h2 slot="title">Cafés</h2></cardmap-card></cardmap-cards>;
export const paging = <cardmap-cards back-button><cardmap-pages card-id="days" manager="route">
  <cardmap-card card-id="monday" manager="route"><h2 slot="title">Monday</h2></cardmap-card></cardmap-pages></cardmap-cards>;
"""
JSX_WRONG = """import type {} from "cardmap/jsx";
export const wrong = <cardmap-sheet position="half"></cardmap-sheet>;
"""
JSX_WRONG_CARD = """import type {} from "cardmap/jsx";
export const wrong = <cardmap-card card-id="x" point-zoom="street"></cardmap-card>;
"""
JSX_WRONG_MODAL = """import type {} from "cardmap/jsx";
export const wrong = <cardmap-modal preset="loud"></cardmap-modal>;
"""

BROWSER = """import { load, CardMapError } from "cardmap/inline";
import { maplibreCamera, CardMapControl, follow } from "cardmap/maplibre";
import { CardMapSheet } from "cardmap/sheet";
import "cardmap/cards";
import "cardmap/modal";
import "cardmap/expanding";
const report = (body) => fetch("/results/npm.html", { method: "POST", body: JSON.stringify(body) });
// Each mistake a newcomer makes, and what it gives at the call.
const said = (body) => { try { body(); return "nothing"; } catch (error) { return `${error.name}: ${error.message}`; } };
const saidAsync = async (body) => { try { await body(); return "nothing"; } catch (error) { return `${error.name}: ${error.message}`; } };
try {
  const cardmap = await load();
  const fit = cardmap.fit(%(screen)s, { position: "peaking" }, %(box)s);
  if (customElements.get("cardmap-sheet") !== CardMapSheet) throw new Error("cardmap/sheet did not define <cardmap-sheet>");
  const sheet = document.querySelector("cardmap-sheet");
  await sheet.ready;
  const route = { type: "LineString", coordinates: [[151.21, -33.86], [151.28, -33.80]] };
  const mistakes = {
    half: said(() => { sheet.position = "half"; }),
    cased: said(() => { sheet.position = "Extended"; }),
    geoJSON: said(() => new CardMapControl(cardmap, { sheet, geoJSON: route })),
    pitsh: said(() => new CardMapControl(cardmap, { sheet, geojson: route, options: { pitsh: 30 } })),
    promise: said(() => new CardMapControl(load(), { sheet, geojson: route })),
    sheetPromise: said(() => { sheet.cardmap = load(); }),
    missing: await saidAsync(() => load(new URL("./missing/cardmap.wasm", location.href))),
    html: await saidAsync(() => load(new URL("./npm.html", location.href))),
    positional: said(() => follow({ jumpTo() {} }, cardmap, %(screen)s, {}, %(box)s)),
    pushText: await saidAsync(() => document.createElement("cardmap-cards").push("route")),
    cardsPosition: said(() => { document.createElement("cardmap-cards").position = "half"; }),
    cardGeojson: said(() => { document.createElement("cardmap-card").geojson = 5; }),
    cardsMap: said(() => { document.createElement("cardmap-cards").map = {}; }),
    // The other cards: a preset the engine does not have, a card that is not there, the engine's promise, no element to follow.
    modalPreset: await saidAsync(async () => {
      const modal = Object.assign(document.createElement("cardmap-modal"), { style: "position: fixed; inset: 0" });
      modal.setAttribute("preset", "loud");
      document.body.append(modal);
      try { await modal.show(); } finally { modal.remove(); }
    }),
    openMissing: await saidAsync(async () => {
      const list = Object.assign(document.createElement("cardmap-expanding"), { style: "position: fixed; inset: 0" });
      list.append(document.createElement("article"));
      document.body.append(list);
      try { await list.open(3); } finally { list.remove(); }
    }),
    overlayPromise: said(() => { document.createElement("cardmap-modal").cardmap = load(); }),
    followNothing: said(() => new CardMapControl(cardmap, { sheet, geojson: route }).follow({})),
  };
  // An error in a frame's callback, which no call can catch, is an error event on the sheet.
  let errorEvent = null;
  sheet.addEventListener("error", (event) => { errorEvent = event.error && event.error.message; });
  const control = new CardMapControl(cardmap, { sheet, geojson: route });
  const fakeMap = { getContainer: () => document.body, jumpTo() {} };
  control.onAdd(fakeMap);
  sheet.screen = () => { throw new Error("the screen is gone"); };
  window.onerror = () => true;
  control.follow(300);
  for (let i = 0; i < 100 && !errorEvent; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  control.onRemove();
  // The engine loaded once, whoever asked: the sheet's is the page's.
  report({ fit, maplibre: maplibreCamera(fit.camera), mistakes, errorEvent, sameEngine: sheet.cardmap === cardmap,
    again: (await load()) === cardmap });
} catch (error) { report({ error: String(error && error.stack || error) }); }
"""

# Each mistake, and words its error must have.
MISTAKES = {
    "half": ["CardMapError", "sheet.position", '"half"'],
    "cased": ["CardMapError", '"Extended"', "did you mean 'extended'"],
    "geoJSON": ["CardMapError", "binding.geoJSON", "did you mean 'geojson'"],
    "pitsh": ["CardMapError", "pitsh", "did you mean 'pitch'"],
    "promise": ["TypeError", "cardmap", "Promise", "await load()"],
    "sheetPromise": ["TypeError", "sheet.cardmap", "Promise"],
    "missing": ["CardMapError", "HTTP 404", "cardmap/inline", "copy node_modules/cardmap/cardmap.wasm beside the bundle"],
    "html": ["CardMapError", "not WebAssembly", "<!doctype html>"],
    "positional": ["CardMapError", "follow(map, what)", "unknown member"],
    "pushText": ["TypeError", "cards.push(card)", "<cardmap-card>"],
    "cardsPosition": ["CardMapError", "cards.position", '"half"'],
    "cardGeojson": ["TypeError", "card.geojson", "number"],
    "cardsMap": ["TypeError", "cards.map", "MapLibre"],
    "modalPreset": ["CardMapError", "preset", '"loud"'],
    "openMissing": ["RangeError", "open(3)", "from 0 to 0"],
    "overlayPromise": ["TypeError", "<cardmap-modal>.cardmap", "Promise"],
    "followNothing": ["TypeError", "follow(element)", "<cardmap-modal>"],
}

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


def jsx(consumer):
    """The package's elements in a React consumer's JSX (`tsc --jsx react-jsx`), typed by cardmap/jsx
    against Debian's @types/react: right attributes pass, a wrong position, preset or point zoom is refused."""
    types = "/usr/share/nodejs/@types/react"
    if not os.path.isdir(types):
        failures = []
        skipped("JSX typing: no @types/react (apt-get install node-react)", failures)
        return failures
    # Debian's React types and those they import (csstype, prop-types) where a consumer's npm puts them.
    os.makedirs(os.path.join(consumer, "node_modules", "@types"), exist_ok=True)
    for name in ("@types/react", "@types/prop-types", "csstype"):
        link = os.path.join(consumer, "node_modules", name)
        if not os.path.exists(link):
            os.symlink(os.path.join("/usr/share/nodejs", name), link)
    # (--skipLibCheck: @types/react 18 imports scheduler/tracing's types, which Debian does not package.)
    flags = ["--strict", "--noEmit", "--skipLibCheck", "--jsx", "react-jsx", "--target", "es2022", "--module", "node16",
             "--moduleResolution", "node16", "--lib", "es2022,dom"]
    for name, text in (("good.tsx", JSX), ("wrong.tsx", JSX_WRONG), ("wrong-modal.tsx", JSX_WRONG_MODAL), ("wrong-card.tsx", JSX_WRONG_CARD)):
        with open(os.path.join(consumer, name), "w") as f:
            f.write(text)
    run(["tsc"] + flags + ["good.tsx"], consumer)
    for name, word, what in (("wrong.tsx", '"half"', '<cardmap-sheet position="half">'),
                             ("wrong-modal.tsx", '"loud"', '<cardmap-modal preset="loud">'),
                             ("wrong-card.tsx", '"street"', '<cardmap-card point-zoom="street">')):
        wrong = subprocess.run(["tsc"] + flags + [name], cwd=consumer, capture_output=True, text=True)
        if wrong.returncode == 0 or word not in wrong.stdout:
            return ["JSX: tsc took %s (%s)" % (what, wrong.stdout[-300:])]
    print("npm: <cardmap-sheet>, <cardmap-modal>, <cardmap-deck>, <cardmap-expanding>, <cardmap-cards>, <cardmap-card> and <cardmap-pages> "
          "type-check in JSX through cardmap/jsx, and a wrong position, preset or point zoom does not")
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(harness.ROOT, ".build", "npm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    failures = []
    native = json.loads(run([args.cardmap] + NATIVE, harness.ROOT))

    tarball, consumer = web_assets.installed(args.package, "npm-consumer", {"name": "consumer", "private": True, "type": "module"})
    size = os.path.getsize(tarball)
    if size > 3 << 19:
        failures.append("the tarball is %d bytes, more than 1.5 MB" % size)

    # node, through the exports.
    with open(os.path.join(consumer, "node.mjs"), "w") as f:
        f.write(NODE % {"screen": json.dumps(SCREEN), "box": json.dumps(BOX)})
    answer = json.loads(run(["node", "node.mjs"], consumer))
    failures += ["node: " + d for d in differences("fit", native, answer["fit"], [])]
    native_view = json.loads(run([args.cardmap] + NATIVE_VIEW, harness.ROOT))
    failures += ["node, fitView: " + d for d in differences("fit", native_view, answer["view"], [])]
    if answer["inline"] != answer["fit"]:
        failures.append("node: cardmap/inline's fit differs from cardmap's")
    with open(os.path.join(consumer, "node-cards.mjs"), "w") as f:
        f.write(NODE_CARDS % {"screen": json.dumps(SCREEN), "box": json.dumps(BOX)})
    cards = json.loads(run(["node", "node-cards.mjs"], consumer))
    if cards["cards"] != cards["whole"] or not cards["cards"]["camera"]:
        failures.append("node: cardmap/inline-cards's stack answer differs from cardmap.wasm's, or has no camera")
    if not cards["refused"] or "cardmap-cards.wasm" not in cards["refused"]:
        failures.append("node: cardmap/inline-cards's fit was not refused naming its module: %s" % cards["refused"])
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
        failures += jsx(consumer)
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
        # (384 KB once; 405 KB with the elements' checks and the engine checking what it fetches; 412 KB
        # with the globe's least zoom over every latitude, its box of foci and its keeper.)
        if bundle_size > 430 * 1024:
            failures.append("the bundle is %d bytes gzipped, more than 430 KB" % bundle_size)
        page = os.path.join(consumer, "npm.html")
        with open(page, "w") as f:
            f.write('<!doctype html><meta charset="utf-8"><body style="margin:0;height:874px">'
                    '<cardmap-sheet position="peaking"></cardmap-sheet><script type="module" src="bundle.js"></script>')
        [posted] = harness.live_results(args.chromium, page)
        if "error" in posted:
            failures.append("Chromium: " + posted["error"])
        else:
            failures += ["Chromium: " + d for d in differences("fit", native, posted["fit"], [])]
            for name, words in MISTAKES.items():
                message = posted["mistakes"][name]
                if not all(word in message for word in words):
                    failures.append("Chromium: the mistake %s gave %r, not an error with %s" % (name, message, words))
            if not posted["errorEvent"] or "the screen is gone" not in posted["errorEvent"]:
                failures.append("Chromium: an error in a frame was no error event on the sheet (%s)" % posted["errorEvent"])
            if not posted["sameEngine"] or not posted["again"]:
                failures.append("Chromium: the sheet and load() did not share the page's one engine")
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
