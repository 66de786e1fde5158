#!/usr/bin/env python3
"""The phone's on-screen keyboard and the browser's bars over the ferries example (Examples/ferries),
built from the packed package as cards_test builds it and used with a finger in Chromium (CDP touch):

- the root card's search field tapped, then a keyboard 336 px tall, both ways a phone brings it:
  - the visual viewport shrunk over an unchanged layout viewport (iOS Safari, Chrome's default since
    108), through a stand-in for `window.visualViewport` (named so on the page: `__standIn`), and
  - the layout viewport itself shrunk (`interactive-widget=resizes-content`, older Androids), through
    the page's viewport size;
  the card goes to extended with its bottom at the keyboard's top, the field keeps the focus and
  shows whole above the keyboard (its caret visible), typing filters the wharves; the field left and
  the keyboard gone, the card is back where it was;
- a toolbar: the viewport 80 px shorter and back with nothing focused: the card keeps its position;
  the visual viewport alone 80 px shorter with nothing focused: no event at all; the controller
  hidden a moment (`display: none`, a box of no size) and shown: no event, no error;
- every painted frame of it measured (cards_test's probe): the route network inside the engine's
  visible rect, the card at its layout's y, one map render at most; every event the controller gave
  the engine through `cardmap replay`: the same answers.

    python3 Tests/web/keyboard_test.py --package .build/npm --cardmap .build/debug/cardmap [--pictures]
"""
import argparse
import asyncio
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cards_test  # noqa: E402  (puts touch and Playwright on the path)
import harness  # noqa: E402
import touch  # noqa: E402
from article_test import Server  # noqa: E402
from cards_test import HEIGHT, TOLERANCE, WIDTH, compare, frames, open_page, settle  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

KEYBOARD = 336
TOOLBAR = 80
# The test's stand-in for window.visualViewport: the layout viewport's size less `__keyboard(k)`'s k
# at its bottom, as iOS Safari's visual viewport is while its keyboard shows.
STAND_IN = """(() => {
  const standIn = new EventTarget();
  let covered = 0;
  Object.defineProperties(standIn, {
    __standIn: { value: true }, scale: { get: () => 1 }, offsetTop: { get: () => 0 }, offsetLeft: { get: () => 0 },
    pageTop: { get: () => scrollY }, pageLeft: { get: () => scrollX }, width: { get: () => innerWidth },
    height: { get: () => innerHeight - covered } });
  Object.defineProperty(window, "visualViewport", { configurable: true, get: () => standIn });
  window.__keyboard = (k) => { covered = k; standIn.dispatchEvent(new Event("resize")); };
})();"""
# With --pictures: the article's picture of the card above a keyboard (drawn as a grey panel).
PICTURES = False
PICTURE = os.path.join(harness.ROOT, "Sources", "CardMap", "CardMap.docc", "cards-keyboard.png")

STATE = """() => { const c = document.querySelector("cardmap-cards"), field = c.top.querySelector(".search");
  const card = c.top.shadowRoot.querySelector(".card").getBoundingClientRect(), f = field && field.getBoundingClientRect();
  const scroller = c.top.scroller.getBoundingClientRect();
  return { position: c.layout.position, y: c.layout.card.y, cardBottom: card.bottom, steps: c.history.length,
    focused: document.activeElement === field, field: f && { top: f.top, bottom: f.bottom }, scroller: { top: scroller.top, bottom: scroller.bottom },
    shown: [...c.top.querySelectorAll(".wharves li")].filter((li) => !li.hidden).length,
    viewport: visualViewport.offsetTop + visualViewport.height, standIn: !!visualViewport.__standIn,
    keyboard: c.lastStep.event.screen ? c.lastStep.event.screen.keyboard : c.lastStep.event.height }; }"""


async def typing(page, way, failures):
    """The field tapped, the keyboard brought up `way` ("visual" or "layout"), a word typed, the field
    left and the keyboard gone: what the card did at each step."""
    before = await page.evaluate(STATE)
    await page.evaluate("() => { window.__frames = []; window.__measuring = true; }")
    field = before["field"]
    await page.touchscreen.tap(WIDTH / 2, (field["top"] + field["bottom"]) / 2)
    await page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('search')")
    if way == "visual":
        await page.evaluate("(k) => window.__keyboard(k)", KEYBOARD)
    else:
        await page.set_viewport_size({"width": WIDTH, "height": HEIGHT - KEYBOARD})
    await settle(page)
    up = await page.evaluate(STATE)
    top = HEIGHT - KEYBOARD
    what = "the keyboard by the %s viewport" % way
    if up["position"] != "extended" or abs(up["cardBottom"] - top) > TOLERANCE or up["keyboard"] != KEYBOARD:
        failures.append("%s: the card %s with its bottom at %.1f, the engine told %s, for a keyboard from %d" % (
            what, up["position"], up["cardBottom"], up["keyboard"], top))
    if not up["focused"] or up["field"]["top"] < up["scroller"]["top"] - TOLERANCE or up["field"]["bottom"] > top + TOLERANCE:
        failures.append("%s: the field %s, at %s in a content box at %s, above %d" % (
            what, "focused" if up["focused"] else "not focused", up["field"], up["scroller"], top))
    if PICTURES and way == "visual":
        await page.evaluate("""(k) => { const d = document.createElement('div'); d.id = '__keys';
          d.style.cssText = 'position:fixed;left:0;right:0;bottom:0;height:' + k + 'px;background:#d1d3d9;z-index:9;' +
            'display:flex;align-items:center;justify-content:center;font:15px system-ui;color:#555';
          d.textContent = '(the on-screen keyboard)'; document.body.append(d); }""", KEYBOARD)
        await page.screenshot(path=PICTURE)
        await page.evaluate("() => document.getElementById('__keys').remove()")
    await page.keyboard.type("circ")
    typed = await page.evaluate(STATE)
    if not typed["focused"] or typed["shown"] >= before["shown"] or typed["position"] != "extended":
        failures.append("%s: typing left %d of %d wharves, the field %s, the card %s" % (
            what, typed["shown"], before["shown"], "focused" if typed["focused"] else "not focused", typed["position"]))
    await page.evaluate("() => { const f = document.activeElement; f.value = ''; f.dispatchEvent(new Event('input')); f.blur(); }")
    if way == "visual":
        await page.evaluate("() => window.__keyboard(0)")
    else:
        await page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    await settle(page)
    after = await page.evaluate(STATE)
    if after["position"] != before["position"] or abs(after["y"] - before["y"]) > TOLERANCE:
        failures.append("%s: after it the card is %s at %.1f, before it %s at %.1f" % (
            what, after["position"], after["y"], before["position"], before["y"]))
    await page.evaluate("() => { window.__measuring = false; }")
    return await page.evaluate("() => window.__frames")


async def toolbar(page, failures):
    """The browser's bars: the viewport 80 px shorter and back, nothing focused; then the visual viewport
    alone 80 px shorter (a toolbar over the page), which is no keyboard: nothing changes."""
    before = await page.evaluate(STATE)
    await page.evaluate("() => { window.__frames = []; window.__measuring = true; }")
    await page.set_viewport_size({"width": WIDTH, "height": HEIGHT - TOOLBAR})
    await settle(page)
    shorter = await page.evaluate(STATE)
    await page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    await settle(page)
    back = await page.evaluate(STATE)
    for state, where in ((shorter, "80 px shorter"), (back, "back")):
        if state["position"] != before["position"]:
            failures.append("a toolbar: %s, the card went from %s to %s" % (where, before["position"], state["position"]))
    if abs(back["y"] - before["y"]) > TOLERANCE:
        failures.append("a toolbar: the card at %.1f after, %.1f before" % (back["y"], before["y"]))
    await page.evaluate("(k) => window.__keyboard(k)", TOOLBAR)
    await settle(page)
    overlaid = await page.evaluate(STATE)
    await page.evaluate("() => window.__keyboard(0)")
    if overlaid["steps"] != back["steps"]:
        failures.append("a toolbar over the page with nothing focused gave the engine %d events" % (overlaid["steps"] - back["steps"]))
    # The controller hidden a moment (a box of no size is no screen) and shown again: nothing changes
    # (its hidden frames are not measured: nothing of it paints).
    await page.evaluate("() => { window.__measuring = false; document.querySelector('cardmap-cards').style.display = 'none'; }")
    await page.wait_for_timeout(200)
    await page.evaluate("() => { document.querySelector('cardmap-cards').style.display = ''; }")
    await settle(page)
    shown = await page.evaluate(STATE)
    if shown["steps"] != back["steps"] or shown["position"] != back["position"]:
        failures.append("hidden and shown again, the controller gave the engine %d events, the card %s (was %s)" % (
            shown["steps"] - back["steps"], shown["position"], back["position"]))
    await page.evaluate("() => { window.__measuring = false; }")
    return await page.evaluate("() => window.__frames")


async def browse(url, cardmap, failures):
    async with async_playwright() as p:
        browser = await touch.launch(p)
        try:
            page, log = await open_page(browser, url + "index.html")
            await page.add_init_script(STAND_IN)
            await page.reload()
            await settle(page)
            if not await page.evaluate("() => !!visualViewport.__standIn"):
                failures.append("the page's visualViewport is not the test's stand-in")
            measured = []
            for way in ("visual", "layout"):
                measured += await typing(page, way, failures)
            measured += await toolbar(page, failures)
            history = await page.evaluate("() => document.querySelector('cardmap-cards').history")
            failures += ["page: " + e for e in log["errors"]]
        finally:
            await browser.close()
    events = compare(history, cardmap, [], failures)
    kinds = [step["event"]["event"] for step in history]
    return events, kinds.count("keyboard"), kinds.count("resize"), frames(measured, failures)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(harness.ROOT, ".build", "npm"))
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--pictures", action="store_true", help="write the article's picture of the card above a keyboard")
    args = parser.parse_args()
    global PICTURES
    PICTURES = args.pictures
    server = Server(cards_test.example(os.path.abspath(args.package)))
    failures = []
    try:
        events, keyboards, resizes, stats = asyncio.run(browse(server.url, os.path.abspath(args.cardmap), failures))
    finally:
        server.close()
    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("keyboard: the ferries example's search field with a finger in Chromium, a %d-px keyboard by the visual "
          "viewport (a stand-in) and by the layout viewport: extended above it, the field focused and whole above it, "
          "typing filters, back where it was after; a toolbar of %d px keeps the position; %d events (%d keyboard, %d "
          "resize) as cardmap replay's; %d painted frames: content %.1f px inside the visible rect at worst, card %.2f px "
          "from its layout; failures %d" % (KEYBOARD, TOOLBAR, events, keyboards, resizes, stats["frames"], stats["worst"],
                                             stats["off"], len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
