#!/usr/bin/env python3
"""`cardmap/modal`, `cardmap/deck` and `cardmap/expanding` as a person uses them: the gallery
(Examples/overlays) built from the packed package, in headless Chromium (Playwright, Debian's
chromium) at a phone's size with a finger (CDP touch events through the browser's gesture pipeline)
and keys, over MapLibre GL JS 5.3. The oracle is `cardmap overlay`, the native engine, asked for the
same screen (the gallery's stage: the page less its 44 px bar) and options.

- **Toast**: it slides in; at rest and in every painted frame of its motion, its card is where
  `cardmap overlay modal --translation` puts it for the frame's translation (0.5 px); held in a
  finger's drag, the same; released short and slow it springs back, flicked it is dismissed, each as
  `--translation --samples` (the samples the element gave the engine) decides; the map beside it keeps
  the route inside what it leaves visible in every painted frame, with at most one render a frame,
  the camera the engine's fit for what the cards cover in that very frame (never a frame behind),
  never a setPadding.
- **Queue**: an alert shown while the toast shows waits, and shows once the toast is dismissed.
- **Alert**: an alert dialog (`role="alertdialog"`, `aria-modal`, named by its heading) centred where the engine says; focus moves in,
  Tab and Shift+Tab go round inside, focus sent outside comes back; Escape dismisses it and focus goes
  back where it was.
- **Deck**: each visible card's frame as `cardmap overlay stack`'s; the dragged top card's box is its
  frame moved by the drag and turned by the engine's rotation; a release far enough commits (the card
  flies out, `cardswipe` with its index and direction) and a short one springs back, as `--release`
  decides; ← swipes left, ↑ does nothing (left-right directions), as `--key` decides; the next cards
  rise into the engine's places.
- **Routes** (expanding cards): the column as `cardmap overlay expanding`'s; a tap opens a card (its
  frames then `--selected`'s), every painted frame of the opening with the route inside what the
  cards leave; a short drag down springs back, a long one closes, as `--drag --samples` decides;
  Enter opens the focused card, Escape closes; `cardselectionchange` for each.
- **Attributes, right and wrong** (seeded; `OVERLAY_ATTRIBUTES`, `OVERLAY_SEED`): fresh elements made
  by `createElement` with presets, anchors, per-edge insets, deck and column options, some broken
  (a preset or direction the engine lacks, a number that is not one, a scale that reaches zero, JSON
  that is not): each laid out as `cardmap overlay` says (or, for per-edge insets, which the command
  line does not take, where its own answer puts it), or refused with an error naming the attribute.
- Pictures of each state for the article (`--pictures`).

    python3 Tests/web/overlays_test.py --package .build/npm --cardmap .build/debug/cardmap [--pictures]
"""
import argparse
import asyncio
import gzip
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import touch  # noqa: E402

touch.ensure()
import web_assets  # noqa: E402,F401  (it puts Tests/browser on the path)
import harness  # noqa: E402
from article_test import Server  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

PICTURES = os.path.join(harness.ROOT, "Sources", "CardMap", "CardMap.docc")
WIDTH, HEIGHT, BAR = 402, 874, 44
STAGE = ["--viewport", "%dx%d" % (WIDTH, HEIGHT - BAR)]
TOLERANCE = 0.5

# Counts the map's renders and setPadding calls, and measures each painted frame (a ResizeObserver
# on an element resized in every frame's rAF runs after the frame's rAF callbacks, before its
# paint): the shown element's cards and state, what it leaves visible, and the map's content there.
INIT = touch.COUNTED_MAPLIBRE + """window.__frames = []; window.__measuring = null; window.__events = [];
for (const type of ["cardopen", "carddismiss", "cardswipe", "cardselectionchange"]) {
  document.addEventListener(type, (event) => window.__events.push({ type, id: event.target.id, detail: event.detail }), true);
}
window.addEventListener("DOMContentLoaded", () => {
  const probe = document.createElement("div");
  probe.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;visibility:hidden";
  document.body.append(probe);
  let tick = 0, renders = 0;
  requestAnimationFrame(function grow() { probe.style.width = (1 + (++tick % 2)) + "px"; requestAnimationFrame(grow); });
  new ResizeObserver(() => {
    const map = window.__maps[0], id = window.__measuring;
    if (!map) return;
    const now = map.__renders;
    if (id) {
      const element = document.getElementById(id), stage = document.getElementById("stage").getBoundingClientRect();
      const insets = element.mapInsets;
      const points = [];
      const walk = (c) => { if (typeof c[0] === "number") points.push(c); else c.forEach(walk); };
      walk(window.__content.geometry ? window.__content.geometry.coordinates : window.__content.features.map((f) => f.geometry.coordinates));
      let worst = Infinity;
      if (insets) {
        for (const p of points) {
          const q = map.project(p);
          worst = Math.min(worst, q.x - insets.left, stage.width - insets.right - q.x, q.y - insets.top, stage.height - insets.bottom - q.y);
        }
      }
      const cards = Array.from(element.shadowRoot.querySelectorAll(".card")).filter((c) => !c.hidden && getComputedStyle(c).visibility !== "hidden")
        .map((c) => { const r = c.getBoundingClientRect(); return [r.x - stage.x, r.y - stage.y, r.width, r.height]; });
      // The camera the map shows against the engine's fit for what the element covers in this frame:
      // a map a frame behind the cards shows the last frame's.
      let late = null;
      const control = gallery.control(), cameras = control && control.overlays.find((c) => c.overlay === element);
      if (cameras && insets) {
        const fit = gallery.cardmap.fitView({ width: stage.width, height: stage.height, insets }, cameras.bounds, cameras.options).camera;
        const center = map.getCenter();
        late = Math.abs(map.getZoom() - fit.zoom) > 1e-6 || Math.abs(center.lng - fit.focus[0]) > 1e-6 || Math.abs(center.lat - fit.focus[1]) > 1e-6;
      }
      window.__frames.push({ renders: now - renders, worst, insets, cards, late, translation: element.translation ?? null,
        height: element.height ?? null, drag: element.drag ?? null, moving: element.moving,
        advance: element.leaving ? element.leaving.advance : null, deckTranslation: element.localName === "cardmap-deck" ? element.translation : null });
    }
    renders = now;
  }).observe(probe);
});"""


def overlay(cardmap, *words):
    """`cardmap overlay …`'s answer on the gallery's stage."""
    done = subprocess.run([cardmap, "overlay", *words, *STAGE], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("cardmap overlay %s: %s" % (" ".join(words), done.stderr))
    return json.loads(done.stdout)


def rect(r):
    return [r["x"], r["y"], r["width"], r["height"]]


def apart(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def matches(shown, expected, tolerance=TOLERANCE):
    """Whether the boxes `shown` are the boxes `expected` (as many, in order), each within `tolerance`."""
    return len(shown) == len(expected) and all(apart(a, b) <= tolerance for a, b in zip(shown, expected))


def samples_word(samples):
    return ",".join("%r:%r" % (t, v) for t, v in samples)


class Run:
    def __init__(self, page, cdp, cardmap, failures):
        self.page, self.cardmap, self.failures = page, cardmap, failures
        self.finger = touch.Finger(cdp)

    def expect(self, condition, message):
        if not condition:
            self.failures.append(message)

    async def settle(self, id):
        await self.page.wait_for_function("(id) => { const e = document.getElementById(id); return e && e.started && !e.moving; }", arg=id,
                                          timeout=20000)
        await self.page.wait_for_timeout(120)

    async def measure(self, id, content, body):
        """Runs `body` with every painted frame of `id` measured, once the map has stopped drawing (a
        map still fading its symbols in has its own frame asked for before the one a tap asks for);
        returns the frames."""
        await self.page.wait_for_function("""() => new Promise((resolve) => { const map = window.__maps[0], before = map.__renders;
          setTimeout(() => resolve(map.loaded() && !map.isMoving() && map.__renders === before), 400); })""", timeout=20000)
        await self.page.evaluate("([id, content]) => { window.__frames = []; window.__content = content; window.__measuring = id; }", [id, content])
        await body()
        await self.settle(id)
        await self.page.evaluate("() => { window.__measuring = null; }")
        return await self.page.evaluate("() => window.__frames")

    def frames_inside(self, name, frames, padding_before):
        moving = [f for f in frames if f["insets"]]
        self.expect(len(moving) >= 3, "%s: only %d painted frames measured" % (name, len(moving)))
        worst = min((f["worst"] for f in moving), default=0)
        self.expect(worst >= -TOLERANCE, "%s: the map's content %.2f px outside what the cards leave visible in a painted frame" % (name, -worst))
        late = sum(1 for f in moving if f["late"])
        self.expect(late == 0 and any(f["late"] is False for f in moving),
                    "%s: the map's camera was not the engine's fit for what the cards covered in %d of %d painted frames" % (name, late, len(moving)))
        # At most one render a frame once the motion runs (the element asks for its next frame before
        # MapLibre can); the first frame of a motion a tap started may follow a frame of MapLibre's own,
        # asked for before the tap.
        started = next((i for i, f in enumerate(moving) if f["moving"]), 0)
        renders = max((f["renders"] for f in moving[started + 1:]), default=0)
        self.expect(renders <= 1, "%s: %d map renders in one frame" % (name, renders))
        return worst

    async def cards(self, id):
        return await self.page.evaluate("""(id) => { const e = document.getElementById(id), stage = document.getElementById("stage").getBoundingClientRect();
          return Array.from(e.shadowRoot.querySelectorAll(".card")).filter((c) => !c.hidden && getComputedStyle(c).visibility !== "hidden")
            .map((c) => { const r = c.getBoundingClientRect(); return [r.x - stage.x, r.y - stage.y, r.width, r.height]; }); }""", id)

    async def element(self, id, expression):
        return await self.page.evaluate("(id) => { const e = document.getElementById(id); return %s; }" % expression, id)

    async def steady(self, id, expression):
        """`expression` of element `id` (a finger's drag) once a frame has shown its latest value and
        the next brings no other: a loaded machine can deliver a finger's moves late."""
        return await self.page.evaluate("""async (id) => {
          const e = document.getElementById(id);
          const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          let last = null;
          for (let i = 0; i < 30; i++) {
            await frame();
            const now = JSON.stringify(%s);
            if (now === last) break;
            last = now;
          }
          return %s; }""" % (expression, expression), id)

    async def switch(self, mode, id):
        """The gallery at `#mode`, its element `id` started and settled, the events so far taken."""
        await self.page.evaluate("(mode) => { location.hash = '#' + mode; }", mode)
        await self.page.wait_for_function("(id) => document.getElementById(id).started", arg=id, timeout=20000)
        await self.settle(id)
        await self.events()

    async def events(self):
        return await self.page.evaluate("() => window.__events.splice(0)")


async def toast_session(run, picture):
    page, expect, cardmap = run.page, run.expect, run.cardmap
    route = await page.evaluate("() => gallery.routes[0]")
    await page.wait_for_function("() => gallery.toast.state === 'shown'", timeout=30000)
    height = await run.element("toast", "e.content.height")
    words = ["modal", "--style", "toast", "--content-height", repr(height)]
    rest = overlay(cardmap, *words)
    shown = (await run.cards("toast"))[0]
    expect(apart(shown, rect(rest["card"])) <= TOLERANCE, "toast at rest: %s, cardmap overlay says %s" % (shown, rest["card"]))
    insets = await run.element("toast", "e.mapInsets")
    expect(insets == rest["mapInsets"], "toast at rest covers %s, cardmap overlay says %s" % (insets, rest["mapInsets"]))
    await picture("toast")

    # Shown again, every painted frame of the slide: the card where the engine puts it for that
    # frame's translation, the route inside what it leaves.
    await page.evaluate("() => gallery.toast.dismiss()")
    await run.settle("toast")
    frames = await run.measure("toast", route, lambda: page.evaluate("() => gallery.toast.show()"))
    run.frames_inside("the toast sliding in", frames, 0)
    checked = 0
    for frame in frames:
        if frame["translation"] is None or not frame["cards"]:
            continue
        answer = overlay(cardmap, *words, "--translation", repr(frame["translation"]))
        expect(apart(frame["cards"][0], rect(answer["card"])) <= TOLERANCE,
               "toast frame at translation %.2f: %s, cardmap overlay says %s" % (frame["translation"], frame["cards"][0], answer["card"]))
        expect(frame["insets"] == answer["mapInsets"], "toast frame at %.2f covers %s, cardmap overlay %s" % (frame["translation"], frame["insets"], answer["mapInsets"]))
        checked += 1
    expect(checked >= 3, "the toast's slide: only %d frames compared" % checked)

    # A finger's drag down, held: the card moved by it as the engine says.
    y = rest["card"]["y"] + BAR + rest["card"]["height"] / 2
    hold = asyncio.ensure_future(run.finger.drag(WIDTH / 2, y, y + 18, 0.5, hold=0.6))
    await page.wait_for_timeout(800)
    translation = await run.steady("toast", "e.translation")
    held = (await run.cards("toast"))[0]
    answer = overlay(cardmap, *words, "--translation", repr(translation))
    expect(translation > 5 and apart(held, rect(answer["card"])) <= TOLERANCE,
           "toast held %.2f pt down: %s, cardmap overlay says %s" % (translation, held, answer["card"]))
    await hold
    await run.settle("toast")
    released = await run.element("toast", "e.lastRelease")
    decided = overlay(cardmap, *words, "--translation", repr(released["translation"]), "--samples", samples_word(released["samples"]))
    state = await run.element("toast", "e.state")
    expect(decided["dismisses"] is False and released["dismisses"] is False and state == "shown",
           "a short, slow drag of the toast: the engine says dismisses=%s, the element %s and is %s" % (decided["dismisses"], released["dismisses"], state))
    back = (await run.cards("toast"))[0]
    expect(apart(back, shown) <= TOLERANCE, "the toast sprang back to %s, not %s" % (back, shown))

    # A flick down: dismissed, as the engine decides for the same samples, the map following.
    frames = await run.measure("toast", route, lambda: run.finger.drag(WIDTH / 2, y, y + 40, 0.04))
    run.frames_inside("the toast flicked away", frames, 0)
    released = await run.element("toast", "e.lastRelease")
    decided = overlay(cardmap, *words, "--translation", repr(released["translation"]), "--samples", samples_word(released["samples"]))
    state = await run.element("toast", "e.state")
    expect(decided["dismisses"] is True and state == "closed",
           "a flick of the toast: the engine says dismisses=%s, the element is %s" % (decided["dismisses"], state))
    events = await run.events()
    expect({"type": "carddismiss", "id": "toast", "detail": {"reason": "swipe"}} in events, "no carddismiss (swipe) for the flick: %s" % events)


async def queue_and_alert(run, picture):
    page, expect, cardmap = run.page, run.expect, run.cardmap
    # The toast shows; the alert asked for meanwhile waits its turn, then shows.
    await page.evaluate("() => { gallery.toast.show(); gallery.alert.show(); }")
    await page.wait_for_timeout(500)
    states = await page.evaluate("() => [gallery.toast.state, gallery.alert.state, gallery.alert.open]")
    expect(states == ["shown", "waiting", True], "the toast then the alert asked for: %s (toast shown, alert waiting)" % states)
    await page.focus("nav a[href='#deck']")
    await page.evaluate("() => gallery.toast.dismiss()")
    await page.wait_for_function("() => gallery.alert.state === 'shown'", timeout=10000)
    await run.settle("alert")
    size = await run.element("alert", "[e.content.width, e.content.height]")
    answer = overlay(cardmap, "modal", "--style", "alert", "--content-size", "%rx%r" % tuple(size))
    card = (await run.cards("alert"))[0]
    expect(apart(card, rect(answer["card"])) <= TOLERANCE, "alert: %s, cardmap overlay says %s" % (card, answer["card"]))
    dialog = await page.evaluate("() => { const c = gallery.alert.shadowRoot.querySelector('.card'); return [c.getAttribute('role'), c.getAttribute('aria-modal'), c.getAttribute('aria-label')]; }")
    expect(dialog == ["alertdialog", "true", "Leave the ferry network?"] and answer["blocks"] is True,
           "the alert's card is %s (a blocking alert dialog named by its heading)" % dialog)
    await picture("alert")
    # Focus inside, going round; sent outside, it comes back.
    focused = []
    for key in [None, "Tab", "Tab", "Shift+Tab"]:
        if key:
            await page.keyboard.press(key)
        focused.append(await page.evaluate("() => document.activeElement.id || document.activeElement.tagName"))
    expect(focused == ["stay", "leave", "stay", "leave"], "focus in the alert went %s (stay, leave, stay, leave)" % focused)
    await page.evaluate("() => document.querySelector('nav a').focus()")
    inside = await page.evaluate("() => gallery.alert.contains(document.activeElement)")
    expect(inside, "focus sent outside the alert stayed outside")
    await page.keyboard.press("Escape")
    await run.settle("alert")
    after = await page.evaluate("() => [gallery.alert.state, gallery.alert.open, document.activeElement.getAttribute('href')]")
    expect(after == ["closed", False, "#deck"], "Escape: the alert is %s, open %s, focus on %s (closed, focus back on #deck)" % tuple(after))
    events = await run.events()
    expect({"type": "carddismiss", "id": "alert", "detail": {"reason": "escape"}} in events, "no carddismiss (escape): %s" % events)
    # The open attribute: set, the card shows; taken away, it is dismissed.
    await page.evaluate("() => gallery.toast.setAttribute('open', '')")
    await page.wait_for_function("() => gallery.toast.state === 'shown'", timeout=10000)
    await page.evaluate("() => gallery.toast.removeAttribute('open')")
    await page.wait_for_function("() => gallery.toast.state === 'closed'", timeout=10000)
    events = [e for e in await run.events() if e["id"] == "toast"]
    expect([e["type"] for e in events] == ["cardopen", "carddismiss"] and events[1]["detail"] == {"reason": "dismiss"},
           "the toast's open attribute set then taken away sent %s" % events)


def turned_box(frame, dx, dy, degrees):
    """The bounding box of `frame` moved by (dx, dy) and turned `degrees` about its centre."""
    x, y, w, h = frame
    cx, cy = x + w / 2 + dx, y + h / 2 + dy
    a = math.radians(degrees)
    half_w = abs(w / 2 * math.cos(a)) + abs(h / 2 * math.sin(a))
    half_h = abs(w / 2 * math.sin(a)) + abs(h / 2 * math.cos(a))
    return [cx - half_w, cy - half_h, 2 * half_w, 2 * half_h]


async def deck_session(run, picture):
    page, expect, cardmap = run.page, run.expect, run.cardmap
    await run.switch("deck", "deck")
    words = ["stack", "--count", "15", "--max-visible", "3", "--area", "300x400"]
    answer = overlay(cardmap, *words)
    shown = await run.cards("deck")
    frames = sorted([rect(c["frame"]) for c in answer["cards"]])
    expect(len(shown) == 3 and matches(sorted(shown), frames),
           "the deck at rest: %s, cardmap overlay stack says %s" % (shown, frames))
    # The top card held in a drag: moved by it and turned as the engine says.
    top = answer["cards"][0]["frame"]
    x0, y0 = top["x"] + top["width"] / 2, top["y"] + BAR + top["height"] / 2
    # (Held 1.5 s: a machine whose software WebGL draws the map slowly takes the deck's moves late,
    # and the translation must be read while the finger still holds it.)
    hold = asyncio.ensure_future(run.finger.swipe(x0, y0, x0 + 90, y0 + 20, 0.4, hold=1.5))
    await page.wait_for_timeout(700)
    dx, dy = await run.steady("deck", "e.translation")
    box = await page.evaluate("""() => { const w = gallery.deck.shadowRoot.querySelector(".card:not([hidden])[tabindex='0']"), s = document.getElementById("stage").getBoundingClientRect();
      const r = w.getBoundingClientRect(); return [r.x - s.x, r.y - s.y, r.width, r.height]; }""")
    dragged = overlay(cardmap, *words, "--translation", "%r,%r" % (dx, dy))
    expected = turned_box(rect(dragged["cards"][0]["frame"]), dx, dy, dragged["swipe"]["rotation"])
    expect(dx > 40 and apart(box, expected) <= 1.0,
           "the top card dragged %.1f, %.1f: its box %s, the engine's frame moved and turned %.2f° gives %s" % (dx, dy, box, dragged["swipe"]["rotation"], expected))
    await picture("deck")
    await hold
    await run.settle("deck")
    release = await run.element("deck", "e.lastRelease")
    decided = overlay(cardmap, *words, "--translation", "%r,%r" % tuple(release["translation"]), "--release")
    index = await run.element("deck", "e.index")
    expect(decided["release"]["commits"] is False and release["commits"] is False and index == 0,
           "a 90 pt drag: the engine commits=%s, the deck's top is card %d (springs back)" % (decided["release"]["commits"], index))
    # A long swipe right commits: the card flies out, the next ones rise into the engine's places.
    await run.finger.swipe(x0, y0, x0 + 220, y0 + 10, 0.25)
    await run.settle("deck")
    release = await run.element("deck", "e.lastRelease")
    decided = overlay(cardmap, *words, "--translation", "%r,%r" % tuple(release["translation"]), "--release")
    events = [e for e in await run.events() if e["type"] == "cardswipe"]
    expect(decided["release"]["commits"] is True and events == [{"type": "cardswipe", "id": "deck", "detail": {"index": 0, "direction": "right"}}],
           "a 220 pt swipe right: the engine commits=%s, the deck sent %s" % (decided["release"]["commits"], events))
    after = overlay(cardmap, *["stack", "--count", "14", "--max-visible", "3", "--area", "300x400"])
    shown = sorted(await run.cards("deck"))
    frames = sorted([rect(c["frame"]) for c in after["cards"]])
    expect(len(shown) == 3 and matches(shown, frames),
           "after a swipe the cards rose to %s, cardmap overlay says %s" % (shown, frames))
    # Keys: ← swipes left; ↑ has no direction among left and right. Every painted frame of ←'s
    # motion: the leaving card moved and turned, the cards under it risen as far as the engine says.
    await page.focus("#deck")
    network = await page.evaluate("() => gallery.network")
    for key, name, swiped in [("ArrowLeft", "left", True), ("ArrowUp", "up", False)]:
        if swiped:
            frames = await run.measure("deck", network, lambda: page.keyboard.press(key))
            run.frames_inside("the deck's card flying out", frames, 0)
            risen = 0
            for frame in frames:
                if frame["advance"] is None or len(frame["cards"]) < 2:
                    continue
                dx, dy = frame["deckTranslation"]
                answer = overlay(cardmap, "stack", "--count", "14", "--max-visible", "3", "--area", "300x400",
                                 "--translation", "%r,%r" % (dx, dy), "--advance", repr(frame["advance"]))
                top = turned_box(rect(answer["cards"][0]["frame"]), dx, dy, answer["swipe"]["rotation"])
                expected = sorted([top] + [rect(c["frame"]) for c in answer["cards"][1:]])
                shown = sorted(frame["cards"])
                expect(len(shown) == len(expected) and matches(shown, expected, 1.0),
                       "flying out at %.1f, %.1f, risen %.3f: %s, cardmap overlay says %s" % (dx, dy, frame["advance"], shown, expected))
                risen += 1
            expect(risen >= 3, "the card flying out: only %d frames compared" % risen)
        else:
            await page.keyboard.press(key)
        await run.settle("deck")
        decided = overlay(cardmap, *words, "--key", name)
        events = [e for e in await run.events() if e["type"] == "cardswipe"]
        expect(decided["release"]["commits"] is swiped and (len(events) == 1) is swiped,
               "%s: the engine commits=%s, the deck sent %s" % (key, decided["release"]["commits"], events))
    index = await run.element("deck", "e.index")
    expect(index == 2, "after a swipe and ←, the top card is %d (2)" % index)


async def routes_session(run, picture):
    page, expect, cardmap = run.page, run.expect, run.cardmap
    await run.switch("routes", "routes")
    words = ["expanding", "--count", "5", "--card-height", "64", "--expanded-height", "240"]
    rest = overlay(cardmap, *words)
    shown = await run.cards("routes")
    expect(len(shown) == 5 and matches(shown, [rect(b) for b in rest["frames"]]),
           "the routes at rest: %s, cardmap overlay says %s" % (shown, rest["frames"]))
    # A tap opens the second route, every painted frame with the route inside what the cards leave.
    route = await page.evaluate("() => gallery.routes[1]")
    second = rest["frames"][1]
    frames = await run.measure("routes", route, lambda: page.touchscreen.tap(WIDTH / 2, BAR + second["y"] + second["height"] / 2))
    run.frames_inside("a route card opening", frames, 0)
    opened = overlay(cardmap, *words, "--selected", "1")
    shown = await run.cards("routes")
    expect(matches(shown, [rect(b) for b in opened["frames"]]),
           "the second route open: %s, cardmap overlay says %s" % (shown, opened["frames"]))
    checked = 0
    for frame in frames:
        if frame["height"] is None or not frame["cards"]:
            continue
        answer = overlay(cardmap, *words, "--selected", "1", "--height", repr(frame["height"]))
        expect(matches(frame["cards"], [rect(b) for b in answer["frames"]]),
               "opening at height %.2f: %s, cardmap overlay says %s" % (frame["height"], frame["cards"], answer["frames"]))
        checked += 1
    expect(checked >= 3, "the opening: only %d frames compared" % checked)
    events = await run.events()
    expect({"type": "cardselectionchange", "id": "routes", "detail": {"index": 1}} in events, "no cardselectionchange 1 for the tap: %s" % events)
    await picture("routes")
    # A short drag down springs back; a long one closes; each as the engine decides for its samples.
    top = opened["frames"][1]["y"] + BAR + 30
    for distance, seconds, closes in [(40, 0.5, False), (160, 0.3, True)]:
        if closes:
            # Every painted frame of the drag and the closing, the route inside what the cards leave.
            frames = await run.measure("routes", route, lambda: run.finger.drag(WIDTH / 2, top, top + distance, seconds))
            run.frames_inside("a route card dragged down and closing", frames, 0)
        else:
            # Held: the open card moved by the drag as the engine says.
            hold = asyncio.ensure_future(run.finger.drag(WIDTH / 2, top, top + distance, seconds, hold=0.6))
            await page.wait_for_timeout(800)
            drag = await run.steady("routes", "e.drag")
            held = await run.cards("routes")
            answer = overlay(cardmap, *words, "--selected", "1", "--drag", repr(drag))
            expect(drag > 10 and matches(held, [rect(b) for b in answer["frames"]]),
                   "the open route held %.1f pt down: %s, cardmap overlay says %s" % (drag, held, answer["frames"]))
            await hold
        await run.settle("routes")
        released = await run.element("routes", "e.lastRelease")
        decided = overlay(cardmap, *words, "--selected", "1", "--drag", repr(released["drag"]), "--samples", samples_word(released["samples"]))
        selection = await run.element("routes", "e.selection")
        expect(decided["closes"] is closes and released["closes"] is closes and (selection is None) is closes,
               "a %d pt drag down: the engine closes=%s, the element %s, selection %s" % (distance, decided["closes"], released["closes"], selection))
    shown = await run.cards("routes")
    expect(matches(shown, [rect(b) for b in rest["frames"]]), "closed again: %s, not %s" % (shown, rest["frames"]))
    # Keys: Enter opens the focused card, Escape closes it.
    await page.evaluate("() => gallery.list.shadowRoot.querySelectorAll('.card')[3].focus()")
    await page.keyboard.press("Enter")
    await run.settle("routes")
    opened = await run.element("routes", "e.selection")
    await page.keyboard.press("Escape")
    await run.settle("routes")
    closed = await run.element("routes", "e.selection")
    expect(opened == 3 and closed is None, "Enter on the fourth card, then Escape: selection %s then %s" % (opened, closed))
    events = [e["detail"]["index"] for e in await run.events() if e["type"] == "cardselectionchange"]
    expect(events[-2:] == [3, None], "Enter then Escape sent %s" % events)


# A fresh element with the given attributes, laid out in the stage: its cards' boxes and the
# engine's answer it drew, or the error it gave (a rejected show(), or an error event).
ATTRIBUTES = """async ([tag, attributes, children, content]) => {
  const stage = document.getElementById("stage"), box = stage.getBoundingClientRect();
  for (const old of stage.querySelectorAll(".fuzzed")) old.remove();
  const element = document.createElement(tag);
  element.className = "fuzzed";
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (let i = 0; i < children; i++) element.append(Object.assign(document.createElement("div"), { textContent: "card " + i }));
  if (content) element.append(Object.assign(document.createElement("div"), { style: `width: ${content[0]}px; height: ${content[1]}px` }));
  let error = null;
  element.addEventListener("error", (event) => { error = error || String(event.error && event.error.message); });
  window.onerror = () => true;
  stage.append(element);
  try {
    await Promise.race([element.ready, new Promise((_, reject) => setTimeout(() => reject(new Error("not ready in 5 s")), 5000))]);
    if (tag === "cardmap-modal") await Promise.race([element.show(), new Promise((_, reject) => setTimeout(() => reject(new Error("not shown in 5 s")), 5000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  } catch (thrown) { error = error || String(thrown && thrown.message); }
  const cards = Array.from(element.shadowRoot.querySelectorAll(".card")).filter((c) => !c.hidden && getComputedStyle(c).visibility !== "hidden")
    .map((c) => { const r = c.getBoundingClientRect(); return [r.x - box.x, r.y - box.y, r.width, r.height]; });
  const answer = element.answer, measured = element.content || null;
  if (tag === "cardmap-modal" && element.open) await element.dismiss().catch(() => {});
  element.remove();
  return { error, cards, answer, measured };
}"""


async def attributes_fuzz(run, seed, cases):
    """Seeded attributes, right and wrong, on fresh elements: each laid out as `cardmap overlay` says
    (the modal's per-edge insets, which the command line does not take, as the engine's answer the
    element drew), or refused with an error naming the attribute at fault; never a hang or a trap."""
    import random
    r = random.Random(seed)
    page, cardmap = run.page, run.cardmap
    await page.evaluate("() => { location.hash = '#deck'; gallery.deck.hidden = true; }")
    laid, refused = 0, 0
    for case in range(cases):
        kind = ("modal", "deck", "expanding")[case % 3]
        attributes, bad = {}, None
        if kind == "modal":
            preset = r.choice(["toast", "alert", "banner", "system", "defaultModal", "notification"])
            attributes["preset"] = preset
            content = [r.choice([120, 240, 300]), r.choice([0, 40, 200, 2000])]
            if r.random() < 0.3:
                attributes["anchor"] = r.choice(["top", "bottom", "left", "right", "center"])
            if r.random() < 0.2:
                edge = r.choice(["top", "left", "bottom", "right"])
                attributes["insets"] = json.dumps({edge: {"inset": r.choice([0, 8, 20]), "avoidance": r.choice(["card", "content", "none"])}})
            if r.random() < 0.3:
                bad, value = r.choice([("preset", "loud"), ("anchor", "middle"), ("insets", "{"), ("insets", '{"tip": {}}'),
                                       ("insets", '{"top": {"inset": -1}}')])
                attributes[bad] = value
            answer = await page.evaluate(ATTRIBUTES, ["cardmap-modal", attributes, 0, content])
        else:
            if kind == "deck":
                choices = {"max-visible": ["1", "3", "5"], "card-offset": ["0", "10", "24"], "card-scale": ["0", "0.05", "0.1"],
                           "threshold": ["0.25", "0.5"], "directions": ["left-right", "four", "eight"], "area": ["300x400", "200x300"]}
                broken = [("max-visible", "many"), ("card-scale", "2"), ("threshold", "-1"), ("directions", "six"), ("area", "300by400")]
            else:
                choices = {"card-height": ["44", "64", "180"], "expanded-height": ["120", "240", "440"]}
                broken = [("card-height", "tall"), ("expanded-height", "Infinity")]
            for name, values in choices.items():
                if r.random() < 0.6:
                    attributes[name] = r.choice(values)
            if r.random() < 0.3:
                bad, value = r.choice(broken)
                attributes[bad] = value
            children = r.choice([0, 1, 3, 6])
            answer = await page.evaluate(ATTRIBUTES, ["cardmap-" + kind, attributes, children, None])
        # A scale step of 2 is wrong only where a second card shows.
        if bad == "card-scale" and min(children, int(attributes.get("max-visible", "5"))) < 2:
            bad = None
        if answer["error"] is not None:
            refused += 1
            run.expect(bad is not None, "<cardmap-%s %s>: refused, though every attribute is right: %s" % (kind, attributes, answer["error"]))
            run.expect(bad is None or bad.replace("-", "") in answer["error"].replace("-", "").lower(),
                       "<cardmap-%s %s=%r>: the error does not name it: %s" % (kind, bad, attributes.get(bad), answer["error"]))
            continue
        run.expect(bad is None, "<cardmap-%s %s>: laid out, though %s=%r is wrong" % (kind, attributes, bad, attributes.get(bad)))
        laid += 1
        if kind == "modal":
            shown = rect(answer["answer"]["card"]) if answer["answer"] else None
        elif kind == "deck":
            words = ["stack", "--count", str(children)] + sum((["--" + n, v] for n, v in attributes.items()), [])
            expected = overlay(cardmap, *words)
            frames = sorted(rect(c["frame"]) for c in expected["cards"])
            run.expect(matches(sorted(answer["cards"]), frames),
                       "<cardmap-deck %s> of %d: %s, cardmap overlay says %s" % (attributes, children, answer["cards"], frames))
            continue
        else:
            words = ["expanding", "--count", str(children)] + sum((["--" + n, v] for n, v in attributes.items()), [])
            expected = overlay(cardmap, *words)
            run.expect(len(answer["cards"]) == children and matches(answer["cards"], [rect(b) for b in expected["frames"]]),
                       "<cardmap-expanding %s> of %d: %s, cardmap overlay says %s" % (attributes, children, answer["cards"], expected["frames"]))
            continue
        # A modal: where the engine's answer put it, and, with no insets of its own, where cardmap overlay does.
        run.expect(answer["cards"] and apart(answer["cards"][0], shown) <= TOLERANCE,
                   "<cardmap-modal %s>: shown at %s, its answer says %s" % (attributes, answer["cards"], shown))
        if "insets" not in attributes:
            size = answer["measured"]
            words = ["modal", "--style", attributes["preset"]] + (["--anchor", attributes["anchor"]] if "anchor" in attributes else [])
            words += ["--content-height", repr(size["height"])] if "width" not in size else ["--content-size", "%rx%r" % (size["width"], size["height"])]
            expected = overlay(cardmap, *words)
            run.expect(apart(shown, rect(expected["card"])) <= TOLERANCE,
                       "<cardmap-modal %s>: %s, cardmap overlay says %s" % (attributes, shown, expected["card"]))
    run.expect(laid >= cases // 2 and refused >= cases // 10, "attributes: %d laid out, %d refused of %d" % (laid, refused, cases))
    return laid, refused


async def browse(url, cardmap, pictures, failures):
    async with async_playwright() as playwright:
        browser = await touch.launch(playwright)
        context = await browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
        page = await context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        await page.add_init_script(INIT)
        assets = {"maplibre-gl.js": harness.maplibre_js(), "maplibre-gl.css": harness.maplibre_css()}
        await page.route("https://unpkg.com/**", lambda route: route.fulfill(path=assets[route.request.url.rsplit("/", 1)[1]]))
        await page.goto(url + "index.html#toast")
        await page.wait_for_function("() => window.gallery && window.__maps[0] && window.__maps[0].loaded()", timeout=60000)
        cdp = await context.new_cdp_session(page)
        run = Run(page, cdp, cardmap, failures)

        async def picture(name):
            if pictures:
                await page.screenshot(path=os.path.join(PICTURES, "overlays-%s.png" % name))

        await toast_session(run, picture)
        await queue_and_alert(run, picture)
        await deck_session(run, picture)
        await routes_session(run, picture)
        padding = await page.evaluate("() => window.__setPadding")
        # A short pass here; a long one once: OVERLAY_ATTRIBUTES=600 OVERLAY_SEED=7.
        fuzz = await attributes_fuzz(run, int(os.environ.get("OVERLAY_SEED", "1")), int(os.environ.get("OVERLAY_ATTRIBUTES", "45")))
        print("overlays: attributes, right and wrong (seed %s): %d elements laid out as cardmap overlay says, %d refused naming the attribute" % (
            os.environ.get("OVERLAY_SEED", "1"), fuzz[0], fuzz[1]))
        run.expect(padding == 0, "the map's setPadding was called %d times" % padding)
        failures += ["the page: " + e for e in errors if "favicon" not in e]
        await browser.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--package", required=True)
    parser.add_argument("--cardmap", required=True)
    parser.add_argument("--pictures", action="store_true")
    args = parser.parse_args()
    folder = os.path.join(harness.WORK, "overlays-example")
    done = subprocess.run(["bash", os.path.join(harness.ROOT, "Examples", "overlays", "build.sh"), args.package, folder],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("Examples/overlays/build.sh failed:\n" + done.stdout + done.stderr)
    with open(os.path.join(folder, "app.js"), "rb") as f:
        bundle = len(gzip.compress(f.read(), 9))
    server = Server(folder)
    failures = []
    try:
        asyncio.run(browse(server.url, os.path.abspath(args.cardmap), args.pictures, failures))
    finally:
        server.close()
    for failure in failures:
        print("FAIL " + failure)
    if failures:
        raise SystemExit("overlays: %d failures" % len(failures))
    print("overlays: the gallery from the packed package (app.js %d KB gzipped, its engine inline) with a finger and keys: "
          "the toast, the queue and the alert, the deck and the routes as cardmap overlay says, every painted frame "
          "of their motions with the content inside what they leave and the camera the engine's fit for that frame, "
          "no setPadding" % (bundle // 1024))


if __name__ == "__main__":
    main()
