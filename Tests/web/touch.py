#!/usr/bin/env python3
"""A person's input in the tests: Playwright (PyPI) driving Debian's chromium, and a finger through
CDP's `Input.dispatchTouchEvent`, which goes through the browser's own gesture pipeline (touch-action,
pointer events, coalescing) as a real touch screen's events do.

Playwright is installed at test time into `.build/playwright-venv` (its own browser download is not
used: Debian's `/usr/bin/chromium` is). A script that needs it calls `ensure()` first, which re-runs
the script under that environment's python.
"""
import asyncio
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import pypi  # noqa: E402

VENV = os.path.join(ROOT, ".build", "playwright-venv")
PLAYWRIGHT = "playwright==1.65.3"
CHROMIUM_FLAGS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-sandbox", "--no-sandbox"]


def ensure():
    """Runs the calling script under the Playwright environment (made and filled once)."""
    try:
        import playwright  # noqa: F401
        return
    except ImportError:
        pass
    python = pypi.venv(VENV, PLAYWRIGHT, "playwright", "the tests with real touch")
    os.execv(python, [python] + sys.argv)


async def launch(playwright, chromium="/usr/bin/chromium"):
    """Debian's chromium, headless, with WebGL on SwiftShader."""
    return await playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)


class Finger:
    """One finger on a page's touch screen, through its CDP session (`Input.dispatchTouchEvent`).
    Events are sent as a finger makes them, one every few milliseconds, without waiting for the page
    to take each (a slow page then gets several in one frame, and the browser coalesces them, as a
    phone's does). Each carries the time it was sent (CDP's `timestamp`) and is recorded with it,
    as `samples`."""

    def __init__(self, cdp):
        self.cdp = cdp
        self.samples = []
        self.sent = []

    def _send(self, kind, x, y, at=None):
        now = time.time() if at is None else at
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
        self.sent.append(asyncio.ensure_future(
            self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": now})))
        self.samples.append((now, y))

    async def drag(self, x, y0, y1, seconds, hold=0.0, step=0.008):
        """From `(x, y0)` to `(x, y1)` in `seconds`, a touch move every `step` seconds (a 120 Hz
        screen), eased in and out when it is then held; held still `hold` seconds; then lifted. Returns
        once the page has taken every event."""
        await self.swipe(x, y0, x, y1, seconds, hold, step)

    async def swipe(self, x0, y0, x1, y1, seconds, hold=0.0, step=0.008):
        """As `drag`, from `(x0, y0)` to `(x1, y1)`. Each event is stamped, as a touch screen stamps
        it, when the finger was there: the move that reaches the end (sent late when this process
        waited longer than `step`) when the motion ended, and without a hold the lift with it, so that
        a loaded machine does not turn a flick into a finger that rested before lifting."""
        self.samples, self.sent = [], []
        self._send("touchStart", x0, y0)
        start = time.time()
        while True:
            await asyncio.sleep(step)
            now = time.time()
            t = min(1.0, (now - start) / seconds)
            eased = t * t * (3 - 2 * t) if hold else t
            self._send("touchMove", x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased, min(now, start + seconds))
            if t >= 1:
                break
        end = time.time() + hold
        while time.time() < end:
            await asyncio.sleep(step)
            self._send("touchMove", x1, y1)
        self._send("touchEnd", x1, y1, None if hold else start + seconds)
        await asyncio.gather(*self.sent)

    def trajectory(self, top):
        """The samples as a `cardmap replay` drag's `samples`: seconds from the first, and the card's
        top (`top` where the finger went down, moved as the finger moved)."""
        t0, y0 = self.samples[0]
        return [[round(t - t0, 6), top + y - y0] for t, y in self.samples]


async def _screenshot(url, path, width, height, seconds):
    from playwright.async_api import async_playwright
    async with async_playwright() as p:
        browser = await launch(p)
        page = await browser.new_page(viewport={"width": width, "height": height})
        await page.goto(url)
        await page.wait_for_timeout(1000 * seconds)
        await page.screenshot(path=path)
        await browser.close()


if __name__ == "__main__":
    # python3 Tests/web/touch.py screenshot URL PNG WIDTH HEIGHT SECONDS: a page's picture once it has
    # had SECONDS to draw (MapLibre's workers and tiles), in the same chromium as the tests.
    ensure()
    _, url, path, width, height, seconds = sys.argv[1:7]
    asyncio.run(_screenshot(url, path, int(width), int(height), float(seconds)))


# A page's init script part: every MapLibre map the page makes is kept in `window.__maps`, counting
# its renders (`map.__renders`), its resizes (`map.__resizes`: MapLibre renders after each on its own)
# and the page's `setPadding` calls (`window.__setPadding`).
COUNTED_MAPLIBRE = """window.__maps = []; window.__setPadding = 0;
Object.defineProperty(window, "maplibregl", { configurable: true, get() { return this.__maplibregl; }, set(value) {
  const Map = value.Map;
  value.Map = class extends Map {
    constructor(options) { super(options); window.__maps.push(this); this.__renders = 0; this.__resizes = 0;
      this.on("render", () => this.__renders++); this.on("resize", () => this.__resizes++); }
    setPadding(padding) { window.__setPadding++; return super.setPadding(padding); }
  };
  this.__maplibregl = value;
} });
"""

