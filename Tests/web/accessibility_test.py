#!/usr/bin/env python3
"""The package's elements and examples against a rule set nobody here wrote: axe-core (Deque's
rules, from PyPI's axe-playwright-python wheel, open shadow roots included), in Chromium at a
phone's size, over the examples as `make example`, `make example-cafes` and `make gallery-web`
build them from the packed package, in each of their states, in the light and the dark scheme:

- the ferries example: the list, a route pushed, that card extended, a stop's pages, a page turned;
- the cafés example: the list, a café pushed, collapsed;
- the overlays gallery: the toast, the alert, the deck and the deck mid-swipe, the routes.

Every serious or critical violation in the package's or the examples' DOM is a failure; MapLibre's
own DOM's findings (its canvas, its controls) are listed apart. And the check can fail: the toast's
dialog stripped of its name once must be reported (`aria-dialog-name`).

    python3 Tests/web/accessibility_test.py --package .build/npm
"""
import argparse
import asyncio
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cards_test  # noqa: E402  (puts touch and Playwright on the path)
import harness  # noqa: E402
import touch  # noqa: E402
from article_test import Server  # noqa: E402
from cards_test import open_page, settle  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

SERIOUS = ("serious", "critical")
RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: JSON.stringify(n.target), html: n.html.slice(0, 160), summary: n.failureSummary })) }));
}"""


def site(package):
    """The ferries example (with the README's beside it), and the gallery and the cafés beside them."""
    folder = cards_test.example(package)
    for example, name in (("overlays", "overlays"), ("cafes", "cafes")):
        done = subprocess.run(["bash", os.path.join(harness.ROOT, "Examples", example, "build.sh"), package,
                               os.path.join(folder, name)], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit("Examples/%s/build.sh failed:\n%s%s" % (example, done.stdout[-2000:], done.stderr[-2000:]))
    return folder


def maplibre_own(node):
    """A node of MapLibre's own DOM (its canvas, its controls and their links)."""
    return "maplibregl" in node["target"] or "maplibregl" in node["html"]


class Audit:
    def __init__(self):
        self.states, self.ours, self.theirs, self.scheme = 0, [], {}, "light"

    async def check(self, page, state):
        state = "%s (%s)" % (state, self.scheme)
        if not await page.evaluate("() => typeof axe !== 'undefined'"):
            await page.add_script_tag(path=harness.axe_js())
        violations = await page.evaluate(RUN)
        self.states += 1
        for v in violations:
            for node in v["nodes"]:
                if maplibre_own(node):
                    self.theirs.setdefault(v["id"], set()).add(state)
                elif v["impact"] in SERIOUS:
                    self.ours.append("%s: %s (%s) at %s: %s" % (state, v["id"], v["impact"], node["target"], node["html"]))
        return violations


async def opened(browser, url, scheme):
    page, _ = await open_page(browser, url)
    if scheme == "dark":
        await page.emulate_media(color_scheme="dark")
    return page


async def ferries(browser, url, audit, scheme):
    page = await opened(browser, url + "index.html", scheme)
    await settle(page)
    await audit.check(page, "ferries: the list")
    await page.evaluate("() => document.querySelector('[role=option]').click()")
    await page.wait_for_function("() => document.querySelector('cardmap-cards').cards.length === 2")
    await settle(page)
    await audit.check(page, "ferries: a route pushed")
    await page.evaluate("() => { document.querySelector('cardmap-cards').position = 'extended'; }")
    await settle(page)
    await audit.check(page, "ferries: the route extended")
    await page.evaluate("() => document.querySelector('cardmap-cards').top.querySelector('[role=option]').click()")
    await page.wait_for_function("() => document.querySelector('cardmap-cards').cards.length === 3")
    await settle(page)
    await audit.check(page, "ferries: a stop's pages")
    await page.evaluate("() => document.querySelector('cardmap-cards').key('ctrl+right')")
    await settle(page)
    await audit.check(page, "ferries: a page turned")
    await page.context.close()


async def cafes(browser, url, audit, scheme):
    page = await opened(browser, url + "cafes/index.html", scheme)
    await settle(page)
    await audit.check(page, "cafés: the list")
    await page.evaluate("() => document.querySelector('[role=option]').click()")
    await page.wait_for_function("() => document.querySelector('cardmap-cards').cards.length === 2")
    await settle(page)
    await audit.check(page, "cafés: a café pushed")
    await page.evaluate("() => { document.querySelector('cardmap-cards').position = 'collapsed'; }")
    await settle(page)
    await audit.check(page, "cafés: collapsed")
    await page.context.close()


async def gallery(browser, url, audit, failures, scheme):
    page = await opened(browser, url + "overlays/index.html#toast", scheme)
    for mode in ("toast", "alert", "deck", "routes"):
        await page.evaluate("(mode) => { location.hash = '#' + mode; }", mode)
        await page.wait_for_function("""(mode) => { const e = document.getElementById(mode);
          return !!(window.gallery && e && e.started && !e.moving); }""", arg=mode, timeout=30000)
        await page.wait_for_timeout(300)
        await audit.check(page, "gallery: the " + mode)
        if mode == "toast":
            # The check can fail: the toast's dialog without its name is reported.
            stripped = await page.evaluate("""async () => {
              const dialog = document.getElementById("toast").shadowRoot.querySelector('[role="dialog"], [role="alertdialog"]');
              if (!dialog) return "no dialog";
              const saved = [dialog.getAttribute("aria-labelledby"), dialog.getAttribute("aria-label")];
              dialog.removeAttribute("aria-labelledby");
              dialog.removeAttribute("aria-label");
              const result = await axe.run(document, { resultTypes: ["violations"], runOnly: ["aria-dialog-name"] });
              if (saved[0] !== null) dialog.setAttribute("aria-labelledby", saved[0]);
              if (saved[1] !== null) dialog.setAttribute("aria-label", saved[1]);
              return result.violations.map((v) => v.id).join(","); }""")
            if "aria-dialog-name" not in stripped:
                failures.append("the toast's dialog stripped of its name was not reported (%s)" % stripped)
        if mode == "deck":
            # Mid-swipe: the top card held 120 px to the left by a finger.
            cdp = await page.context.new_cdp_session(page)
            box = await page.evaluate("""() => { const r = gallery.deck.shadowRoot.querySelector(".card:not([hidden])[tabindex='0']").getBoundingClientRect();
              return [r.x + r.width / 2, r.y + r.height / 2]; }""")
            finger = touch.Finger(cdp)
            finger._send("touchStart", box[0], box[1])
            for step in range(1, 7):
                finger._send("touchMove", box[0] - 20 * step, box[1])
                await asyncio.sleep(0.016)
            await asyncio.gather(*finger.sent)
            await page.wait_for_timeout(100)
            await audit.check(page, "gallery: the deck mid-swipe")
            finger._send("touchEnd", box[0] - 120, box[1])
            await asyncio.gather(*finger.sent)
            await page.wait_for_timeout(600)
    await page.context.close()


async def browse(url, failures):
    audit = Audit()
    async with async_playwright() as p:
        browser = await touch.launch(p)
        try:
            for scheme in ("light", "dark"):
                audit.scheme = scheme
                await ferries(browser, url, audit, scheme)
                await cafes(browser, url, audit, scheme)
                await gallery(browser, url, audit, failures, scheme)
        finally:
            await browser.close()
    return audit


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(harness.ROOT, ".build", "npm"))
    args = parser.parse_args()
    server = Server(site(os.path.abspath(args.package)))
    failures = []
    try:
        audit = asyncio.run(browse(server.url, failures))
    finally:
        server.close()
    failures += audit.ours
    for failure in failures[:30]:
        print("FAIL " + failure, file=sys.stderr)
    theirs = "; ".join("%s (%d states)" % (rule, len(states)) for rule, states in sorted(audit.theirs.items())) or "none"
    print("accessibility: axe-core %s over %d states of the ferries, the cafés and the gallery: %d serious or critical "
          "violations in the package's and the examples' DOM; MapLibre's own: %s; failures %d" % (
              open(harness.axe_js()).read(40).split("v", 1)[1].split()[0], audit.states, len(audit.ours), theirs,
              len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
