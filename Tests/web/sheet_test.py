#!/usr/bin/env python3
"""`<cardmap-sheet>` (sheet.mjs) in headless Chromium against `cardmap replay`, gesture for gesture.

A page holds the sheet on a 402 × 874 screen and drives it as a user would, with pointer events in
real time: flings up and down, slow drags released at rest, drags that end between positions, taps
on the title, ⌃↑, ⌃↓ and Esc. The sheet gives each gesture to the engine's stack as a replay event
(a drag with the pointer's samples); the same events through `cardmap replay --viewport 402x874`
must give the same position and card rect at every step, and the card's box in the page must lie
where the engine put it once the motion ends (within 0.5 px).

    python3 Tests/web/sheet_test.py --wasm .build/wasm/cardmap.wasm --cardmap .build/debug/cardmap
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import web_assets  # noqa: E402  (it puts Tests/browser on the path)
import harness  # noqa: E402

PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
<div id="screen" style="position:absolute;left:0;top:0;width:402px;height:874px;background:#cde">
<cardmap-sheet position="peaking"><b slot="title">Ferries</b><p>Circular Quay</p></cardmap-sheet></div>
<script type="module">
import { load } from "./cardmap.mjs";
import "./sheet.mjs";
const report = (body) => fetch("/results/sheet.html", { method: "POST", body: JSON.stringify(body) });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
window.addEventListener("error", (event) => report({ error: String(event.error && event.error.stack || event.message) }));
try {
  const sheet = document.querySelector("cardmap-sheet");
  sheet.cardmap = await load("./cardmap.wasm");
  await sheet.ready;
  const card = sheet.sheetCard.shadowRoot.querySelector(".card");
  const title = sheet.sheetCard.shadowRoot.querySelector(".title");
  const pointer = (target, type, y) => target.dispatchEvent(new PointerEvent(type,
    { pointerId: 1, clientX: 200, clientY: y, bubbles: true, composed: true, isPrimary: true }));
  const steps = [];
  const settle = async () => { while (sheet.motion || sheet.gesture || sheet.settling) await pause(20); await pause(40); };
  const record = async () => {
    await settle();
    const box = card.getBoundingClientRect();
    steps.push({ event: sheet.lastStep.event, position: sheet.lastStep.answer.position,
      card: sheet.lastStep.answer.layout.card, shown: { x: box.x, y: box.y, width: box.width, height: box.height },
      attribute: sheet.getAttribute("position") });
  };
  // A drag from the card's top by `dy` points over `frames` frames of 16 ms.
  const drag = async (dy, frames) => {
    const top = card.getBoundingClientRect().y + 10;
    pointer(card, "pointerdown", top);
    for (let i = 1; i <= frames; i++) { await pause(16); pointer(card, "pointermove", top + dy * i / frames); }
    if (frames > 20) await pause(200);  // held still before the release: no velocity
    pointer(card, "pointerup", top + dy);
    await record();
  };
  const tap = async () => { pointer(title, "pointerdown", 500); pointer(title, "pointerup", 500); await record(); };
  const key = async (name, ctrlKey) => {
    card.dispatchEvent(new KeyboardEvent("keydown", { key: name, ctrlKey, bubbles: true }));
    await record();
  };
  await drag(-300, 6);      // a fling up
  await drag(400, 6);       // a fling down
  await drag(-150, 30);     // a slow drag, held, released
  await tap();
  await tap();
  await key("ArrowDown", true);
  await key("ArrowUp", true);
  await key("Escape", false);
  await drag(250, 40);
  await drag(-40, 4);
  report({ steps, history: sheet.history.map((step) => step.event) });
} catch (error) { report({ error: String(error && error.stack || error) }); }
</script></body></html>
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wasm", default=os.path.join(harness.ROOT, ".build", "wasm", "cardmap.wasm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    folder = web_assets.page_folder("sheet", args.wasm)
    page = os.path.join(folder, "sheet.html")
    with open(page, "w") as f:
        f.write(PAGE)
    [posted] = harness.live_results(args.chromium, page)
    if "error" in posted:
        raise SystemExit("the sheet's page failed: " + posted["error"])
    steps = posted["steps"]
    # The sheet's own push, then the events of the gestures.
    script = [posted["history"][0]] + [s["event"] for s in steps]
    done = subprocess.run([args.cardmap, "replay", "-", "--viewport", "402x874"], input="\n".join(map(json.dumps, script)),
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("cardmap replay refused the sheet's events: " + done.stderr)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()][1:]
    failures = []
    positions = set()
    for i, (step, line) in enumerate(zip(steps, lines)):
        what = "step %d (%s)" % (i + 1, json.dumps(step["event"])[:60])
        positions.add(step["position"])
        if step["position"] != line["position"] or step["attribute"] != line["position"]:
            failures.append("%s: the sheet is %s (attribute %s), replay says %s" % (
                what, step["position"], step["attribute"], line["position"]))
        rect = line["layout"]["card"]
        if any(abs(step["card"][k] - rect[k]) > 1e-9 for k in rect):
            failures.append("%s: the sheet's card %s, replay's %s" % (what, step["card"], rect))
        if any(abs(step["shown"][k] - rect[k]) > 0.5 for k in rect):
            failures.append("%s: shown at %s, the engine says %s" % (what, step["shown"], rect))
    if len(lines) != len(steps):
        failures.append("replay answered %d events, the sheet gave %d" % (len(lines), len(steps)))
    if len(positions) < 3:
        failures.append("the gestures reached only %s" % sorted(positions))
    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("sheet: %d gestures (drags with the pointer's samples, taps, keys) in Chromium, each position and card "
          "rect equal to cardmap replay's and shown there; positions %s; failures %d" % (
              len(steps), ", ".join(sorted(positions)), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
