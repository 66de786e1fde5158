#!/usr/bin/env python3
"""The ferries example (Examples/ferries, built from the packed package) in the browser engines a
phone has besides Chromium (which cards_test.py drives): WebKit, Safari's engine and so every
iPhone browser's (Debian's WebKitGTK MiniBrowser through WebKitWebDriver, whose pointer input
arrives as a mouse), and Gecko (Debian's Firefox ESR through its Marionette protocol, with touch),
each under Xvfb with Mesa's WebGL for MapLibre GL JS 5.3.

A seeded session of a person's steps: a tap on a route or a stop pushes its card (a stop's, the
wharves' pages), the close button, Esc or a program's `pop()` pops it, the card dragged from its
grabber or its header up and down, the pages swiped across. After every step: no error on the page
(an engine that stopped, a refused call, any uncaught error), no gesture still held once the
pointer is up, and after a push by a tap the focus inside the pushed card. A mouse drag of 300 px
up from the grabber extends the card as a finger's does. At the end every event the controller gave
the engine runs through `cardmap replay` on the page's screen: the same stack, page, position,
appearance and manager calls, and the same card rect, event for event. Then the README's web
example (its button pushes a card that takes the focus, its close button pops it, as replay says),
the overlays gallery (Examples/overlays: the toast, the alert, the deck and the routes each
shown with no error, the deck's top card swiped away by the same pointer), and the article "A sheet
over MapLibre" as its reader builds it (the sheet dragged up by the same pointer, its events as
`cardmap replay`'s). axe-core's rules over the
ferries' list and the gallery's deck: no serious or critical finding outside MapLibre's DOM.

    python3 Tests/web/engines_test.py --package .build/npm --cardmap .build/debug/cardmap
        [--engines webkit,firefox] [--steps 40] [--seed 1]

Each engine missing (webkit2gtk-driver, firefox-esr or xvfb-run) is skipped, saying so (a failure
under REQUIRE_ALL=1). A long run: --steps 400.
"""
import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cards_test  # noqa: E402  (builds the ferries example and the README's; runs this under Playwright's environment)
import keyboard_test  # noqa: E402
import harness  # noqa: E402
import article_test  # noqa: E402
from article_test import Server, style  # noqa: E402

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
# Collects what goes wrong on the page before its script runs: uncaught errors, rejections, console errors.
ERRORS = ("<script>window.__errors = []; addEventListener('error', (e) => __errors.push(String(e.message))); "
          "addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason && e.reason.stack || e.reason))); "
          "const shown = console.error; console.error = (...a) => { __errors.push(a.join(' ')); shown(...a); };</script>")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriver:
    """W3C WebDriver over HTTP (WebKitWebDriver)."""

    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base + "/status", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        capabilities = {"browserName": "MiniBrowser",
                        "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]}}
        self.session = "/session/" + self._call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})["sessionId"]

    def _call(self, method, path, body=None):
        request = urllib.request.Request(self.base + path, method=method, headers={"Content-Type": "application/json"},
                                         data=json.dumps(body).encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise RuntimeError("WebKitWebDriver: " + error.read().decode()[:1000])

    def size(self, width, height):
        self._call("POST", self.session + "/window/rect", {"width": width, "height": height})

    def go(self, url):
        self._call("POST", self.session + "/url", {"url": url})

    def js(self, script, *args):
        return self._call("POST", self.session + "/execute/sync", {"script": script, "args": list(args)})

    def actions(self, actions):
        self._call("POST", self.session + "/actions", {"actions": actions})

    def quit(self):
        self._call("DELETE", self.session)


class Marionette:
    """Firefox's own remote protocol: length-prefixed JSON commands on a socket."""

    def __init__(self, port):
        for _ in range(200):
            try:
                self.socket = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("Firefox's Marionette did not listen on port %d" % port)
        self.buffer, self.id = b"", 0
        self._read()
        self._call("WebDriver:NewSession", {"capabilities": {}})

    def _read(self):
        while b":" not in self.buffer:
            self.buffer += self.socket.recv(65536)
        length, rest = self.buffer.split(b":", 1)
        while len(rest) < int(length):
            rest += self.socket.recv(65536)
        self.buffer = rest[int(length):]
        return json.loads(rest[:int(length)])

    def _call(self, name, parameters):
        self.id += 1
        message = json.dumps([0, self.id, name, parameters]).encode()
        self.socket.sendall(str(len(message)).encode() + b":" + message)
        while True:
            _, id, error, result = self._read()
            if id == self.id:
                if error:
                    raise RuntimeError("Marionette: %s" % json.dumps(error)[:1000])
                return result

    def size(self, width, height):
        self._call("WebDriver:SetWindowRect", {"width": width, "height": height})

    def go(self, url):
        self._call("WebDriver:Navigate", {"url": url})

    def js(self, script, *args):
        return self._call("WebDriver:ExecuteScript", {"script": script, "args": list(args)})["value"]

    def actions(self, actions):
        self._call("WebDriver:PerformActions", {"actions": actions})

    def quit(self):
        self._call("WebDriver:DeleteSession", {})


def start(engine):
    """The engine's driver under Xvfb and a session on it: (driver, process, pointer type)."""
    port = free_port()
    if engine == "webkit":
        process = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "WebKitWebDriver", "--port=%d" % port],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        return WebDriver(port), process, "mouse"
    profile = tempfile.mkdtemp(prefix="cardmap-firefox-")
    with open(os.path.join(profile, "user.js"), "w") as f:
        f.write('user_pref("marionette.port", %d);\nuser_pref("dom.w3c_touch_events.enabled", 1);\n'
                'user_pref("browser.shell.checkDefaultBrowser", false);\n' % port)
    process = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "firefox-esr", "--marionette", "--no-remote",
                                "--profile", profile, "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    return Marionette(port), process, "touch"


def stop(process):
    try:
        os.killpg(process.pid, 15)
    except OSError:
        pass
    process.wait(timeout=30)


def site(package):
    """The ferries example and, in readme/, the README's web example (cards_test.example builds both
    as a developer would), then the overlays gallery beside them: each page taking MapLibre from
    beside it, the README's its style too (no network here), and noting errors before its script runs."""
    folder = cards_test.example(package)
    gallery = os.path.join(folder, "overlays")
    done = subprocess.run(["bash", os.path.join(harness.ROOT, "Examples", "overlays", "build.sh"), package, gallery],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("Examples/overlays/build.sh failed:\n" + done.stdout[-2000:] + done.stderr[-2000:])
    with open(os.path.join(folder, "readme", "style.json"), "w") as f:
        json.dump(style(), f)
    bundle = os.path.join(folder, "readme", "app.js")
    with open(bundle) as f:
        script = f.read().replace("https://demotiles.maplibre.org/style.json", "style.json")
    with open(bundle, "w") as f:
        f.write(script)
    # The article "A sheet over MapLibre" as its reader builds it (its page, app.mjs and esbuild
    # command), beside them.
    sheet = os.path.join(folder, "sheet-article")
    shutil.copytree(article_test.consumer(package), sheet, symlinks=True)
    with open(os.path.join(sheet, "style.json"), "w") as f:
        json.dump(style(), f)
    with open(os.path.join(sheet, "app.js")) as f:
        script = f.read().replace("https://demotiles.maplibre.org/style.json", "style.json")
    with open(os.path.join(sheet, "app.js"), "w") as f:
        f.write(script)
    for page in (folder, os.path.join(folder, "readme"), gallery, sheet):
        shutil.copy(harness.maplibre_js(), page)
        shutil.copy(harness.maplibre_css(), page)
        with open(os.path.join(page, "index.html")) as f:
            html = f.read().replace("https://unpkg.com/maplibre-gl@5.3.0/dist/", "")
        # Before the page's first script (the README's page has no <head>: after its doctype).
        # The ferries' page measures every painted frame too (cards_test's probe: a ResizeObserver
        # callback runs after a frame's rAF callbacks, before its paint, in every engine).
        # And the keyboard's test uses keyboard_test's stand-in for visualViewport.
        head = ERRORS + ("<script>%s%s</script>" % (cards_test.INIT, keyboard_test.STAND_IN) if page == folder else "")
        html = html.replace("<head>", "<head>" + head, 1) if "<head>" in html else html.replace("<!doctype html>", "<!doctype html>" + head, 1)
        with open(os.path.join(page, "index.html"), "w") as f:
            f.write(html)
    return folder


STATE = """const c = document.querySelector("cardmap-cards"), top = c && c.top, a = document.activeElement;
return c && c.layout ? { stack: c.cards.map((x) => x.cardId), position: c.layout.position, y: c.layout.card.y,
  busy: !!(c.motion || c.leavingCard || c.settling), gesture: !!c.gesture, errors: window.__errors.slice(),
  focusedTop: !!top && (a === top || top.contains(a)), width: innerWidth, height: innerHeight,
  rows: top ? [...top.querySelectorAll('[role=option]')].map((l) => { const b = l.getBoundingClientRect();
    return [b.x + b.width / 2, b.y + b.height / 2]; }).filter((p) => p[1] > 20 && p[1] < innerHeight - 20) : [],
  close: top ? (() => { const b = top.shadowRoot.querySelector(".close").getBoundingClientRect();
    return b.width ? [b.x + b.width / 2, b.y + b.height / 2] : null; })() : null,
  paged: !!top && top.tagName === "CARDMAP-PAGES" } : null;"""


class Session:
    def __init__(self, engine, driver, pointer, failures):
        self.engine, self.driver, self.pointer, self.failures = engine, driver, pointer, failures

    def state(self):
        return self.driver.js(STATE)

    def settled(self, what, until=None, patience=3):
        """The state once nothing moves, read twice 0.15 s apart alike (a push starts only once its
        card's content has loaded); with `until`, once it holds too (for up to `patience` seconds).
        A gesture still held or an error on the page is a failure."""
        deadline, waiting = time.time() + 10, time.time() + patience
        last = None
        while True:
            s = self.state()
            still = s and not s["busy"] and not s["gesture"]
            if still and (until is None or until(s) or time.time() > waiting):
                if last and last["stack"] == s["stack"] and last["y"] == s["y"]:
                    break
                last = s
                time.sleep(0.15)
                continue
            last = None
            if time.time() > deadline:
                self.failures.append("%s: %s: nothing settled in 10 s (%s)" % (self.engine, what,
                                                                              "a gesture held" if s and s["gesture"] else "busy"))
                break
            time.sleep(0.1)
        if s["errors"]:
            self.failures.append("%s: %s: errors on the page: %s" % (self.engine, what, s["errors"][:3]))
            raise StopIteration
        return s

    def _pointer(self, points, ms):
        """A press at the first point, moves through the rest over `ms` milliseconds, a release."""
        w, h = self.driver.js("return [innerWidth - 4, innerHeight - 4]")
        clamp = lambda p: (int(max(4, min(w, p[0]))), int(max(4, min(h, p[1]))))
        x, y = clamp(points[0])
        steps = [{"type": "pointerMove", "x": x, "y": y, "duration": 0}, {"type": "pointerDown", "button": 0}]
        for point in points[1:]:
            x, y = clamp(point)
            steps.append({"type": "pointerMove", "x": x, "y": y, "duration": max(1, ms // max(1, len(points) - 1))})
        steps.append({"type": "pointerUp", "button": 0})
        self.driver.actions([{"type": "pointer", "id": "p", "parameters": {"pointerType": self.pointer}, "actions": steps}])

    def tap(self, x, y):
        self._pointer([(x, y)], 0)

    def drag(self, x0, y0, x1, y1, ms=300):
        self._pointer([(x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10) for i in range(11)], ms)


def accessible(engine, driver, state, failures):
    """axe-core's rules (as accessibility_test.py runs them in Chromium) over the page as it is: no
    serious or critical finding outside MapLibre's own DOM."""
    if not driver.js("return typeof axe !== 'undefined'"):
        with open(harness.axe_js()) as f:
            driver.js("(0, eval)(arguments[0])", f.read())
    driver.js("window.__axe = null; axe.run(document, { resultTypes: ['violations'] }).then((r) => { window.__axe = r.violations.map("
              "(v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => JSON.stringify(n.target) + ' ' + n.html.slice(0, 100)) })); },"
              " (e) => { window.__axe = [{ id: 'axe failed', impact: 'critical', nodes: [String(e)] }]; });")
    deadline = time.time() + 60
    while (found := driver.js("return window.__axe")) is None:
        if time.time() > deadline:
            failures.append("%s: axe-core did not finish on %s in 60 s" % (engine, state))
            return 0
        time.sleep(0.2)
    serious = [(v["id"], node) for v in found if v["impact"] in ("serious", "critical") for node in v["nodes"]
               if "maplibregl" not in node]
    failures += ["%s: %s: %s at %s" % (engine, state, rule, node) for rule, node in serious[:5]]
    return len(serious)


def readme(engine, driver, pointer, url, cardmap, failures):
    """The README's web example: a tap on its button pushes the route's card (the focus in it), its
    close button pops it; no error; the events as cardmap replay's."""
    driver.go(url + "index.html")
    run = Session(engine, driver, pointer, failures)
    deadline = time.time() + 60
    while not driver.js("const c = document.querySelector('cardmap-cards'); return !!(c && c.layout && c.top && c.top.content)"):
        if time.time() > deadline:
            failures.append("%s: the README's example did not start in 60 s: %s" % (engine, driver.js("return window.__errors")))
            return
        time.sleep(0.2)
    try:
        run.settled("the README's example")
        run.tap(*driver.js("const r = document.querySelector('#manly').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];"))
        pushed = run.settled("the README's example, its button tapped", until=lambda a: len(a["stack"]) == 2)
        if len(pushed["stack"]) != 2 or not pushed["focusedTop"]:
            failures.append("%s: the README's example: a tap on its button left the stack %s, the focus in it: %s" % (
                engine, pushed["stack"], pushed["focusedTop"]))
        elif pushed["close"]:
            run.tap(*pushed["close"])
            popped = run.settled("the README's example, its card closed", until=lambda a: len(a["stack"]) == 1)
            if popped["stack"] != ["ferries"]:
                failures.append("%s: the README's example: its close button left the stack %s" % (engine, popped["stack"]))
    except StopIteration:
        return
    history = driver.js("return document.querySelector('cardmap-cards').history.map((s) => ({ event: s.event, answer: s.answer }))")
    events = compare(engine, history, cardmap, driver.js("return [innerWidth, innerHeight]"), failures)
    print("%s (%s): the README's example pushed and closed its card, %d events as cardmap replay's" % (engine, pointer, events))


def sheet_article(engine, driver, pointer, url, cardmap, failures):
    """The article's sheet: dragged up from its grabber by the engine's pointer, it settles where
    `cardmap replay` says for the sheet's own events; no error on the page."""
    driver.go(url + "index.html")
    deadline = time.time() + 60
    ready = "const s = document.querySelector('cardmap-sheet'); return !!(s && s.layout && !s.motion && !s.settling && window.maplibregl);"
    while not driver.js(ready):
        if time.time() > deadline:
            failures.append("%s: the article's sheet did not start in 60 s: %s" % (engine, driver.js("return window.__errors")))
            return
        time.sleep(0.2)
    time.sleep(0.5)
    y, width = driver.js("return [document.querySelector('cardmap-sheet').layout.card.y, innerWidth]")
    Session(engine, driver, pointer, failures).drag(width / 2, y + 8, width / 2, y - 250, 250)
    deadline = time.time() + 10
    while driver.js("const s = document.querySelector('cardmap-sheet'); return !!(s.gesture || s.motion || s.settling)"):
        if time.time() > deadline:
            failures.append("%s: the article's sheet did not settle in 10 s" % engine)
            break
        time.sleep(0.1)
    history = driver.js("return document.querySelector('cardmap-sheet').history.map((s) => ({ event: s.event, answer: s.answer }))")
    screen = driver.js("return [innerWidth, innerHeight]")
    done = subprocess.run([cardmap, "replay", "-", "--viewport", "%dx%d" % tuple(screen)],
                          input="\n".join(json.dumps(step["event"]) for step in history), capture_output=True, text=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or len(lines) != len(history):
        failures.append("%s: the sheet's %d events, replay answered %d (%s)" % (engine, len(history), len(lines), done.stderr[-200:]))
    for i, (step, line) in enumerate(zip(history, lines)):
        if step["answer"]["position"] != line["position"] or step["answer"]["layout"]["card"] != line["layout"]["card"]:
            failures.append("%s: the sheet's event %d %s: %s at %s, replay's %s at %s" % (
                engine, i + 1, json.dumps(step["event"])[:60], step["answer"]["position"], step["answer"]["layout"]["card"],
                line["position"], line["layout"]["card"]))
    position = history[-1]["answer"]["position"] if history else None
    if position != "extended":
        failures.append("%s: the article's sheet dragged up 250 px by a %s settled at %s" % (engine, pointer, position))
    errors = driver.js("return window.__errors")
    if errors:
        failures.append("%s: errors on the article's page: %s" % (engine, errors[:3]))
    print("%s (%s): the article's sheet dragged up to %s, %d events as cardmap replay's" % (engine, pointer, position, len(history)))


def gallery(engine, driver, pointer, url, failures):
    """The overlays gallery: each card system shown with no error on the page; the deck's top card
    swiped away by the engine's pointer (a mouse in WebKit, a finger in Firefox): the next comes up."""
    driver.go(url + "index.html#toast")
    for mode in ("toast", "alert", "deck", "routes"):
        driver.js("location.hash = '#' + arguments[0]", mode)
        deadline = time.time() + 30
        while not driver.js("const e = document.getElementById(arguments[0]); return !!(window.gallery && e && e.started && !e.moving)", mode):
            if time.time() > deadline:
                failures.append("%s: the gallery's %s did not start in 30 s: %s" % (engine, mode, driver.js("return window.__errors")))
                return
            time.sleep(0.2)
    driver.js("location.hash = '#deck'")
    time.sleep(0.5)
    top = driver.js("""const w = gallery.deck.shadowRoot.querySelector(".card:not([hidden])[tabindex='0']").getBoundingClientRect();
      return [w.x + w.width / 2, w.y + w.height / 2, gallery.deck.index];""")
    run = Session(engine, driver, pointer, failures)
    run.drag(top[0], top[1], top[0] - 300, top[1], 200)
    deadline = time.time() + 10
    while driver.js("return !!(gallery.deck.gesture || gallery.deck.moving)") and time.time() < deadline:
        time.sleep(0.1)
    index = driver.js("return gallery.deck.index")
    if index != top[2] + 1:
        failures.append("%s: a %s swipe of the deck's top card 300 px left: index %s, was %s" % (engine, pointer, index, top[2]))
    errors = driver.js("return window.__errors")
    if errors:
        failures.append("%s: errors on the gallery's page: %s" % (engine, errors[:3]))
    accessible(engine, driver, "the gallery's deck", failures)
    print("%s (%s): the gallery's toast, alert, deck and routes shown, the deck swiped to card %s" % (engine, pointer, index))


def session(engine, url, cardmap, steps, seed, failures):
    driver, process, pointer = start(engine)
    try:
        driver.size(402, 874)
        driver.go(url + "index.html")
        deadline = time.time() + 60
        while not driver.js("const c = document.querySelector('cardmap-cards'); return !!(c && c.layout && window.ferries);"):
            if time.time() > deadline:
                raise SystemExit("%s: the example did not start in 60 s: %s" % (engine, driver.js("return window.__errors")))
            time.sleep(0.2)
        run = Session(engine, driver, pointer, failures)
        counts = {"pushes": 0, "pops": 0, "drags": 0, "swipes": 0}
        typed = ("not reached", "not reached")
        s = run.settled("the page")
        driver.js("window.__measuring = true;")
        findings = accessible(engine, driver, "the ferries' list", failures)
        # The grabber's drag, 300 px up in 300 ms: it ends where the pointer let go (past the card's
        # top, where a mouse's moves go to the map), settled by its samples as a finger's.
        run.drag(s["width"] / 2, s["y"] + 8, s["width"] / 2, s["y"] - 292)
        after = run.settled("a drag from the grabber")
        last = driver.js("return document.querySelector('cardmap-cards').history.at(-1).event")
        if last["event"] != "drag" or abs(last["y"] - (s["y"] - 300)) > 2:
            failures.append("%s: a %s drag of 300 px up from the grabber at %s gave %s, the card %s" % (
                engine, pointer, s["y"], last, after["position"]))
        driver.js("document.querySelector('cardmap-cards').position = 'peaking'")
        rng = random.Random(seed)
        try:
            for step in range(steps):
                s = run.settled("step %d" % step)
                r = rng.random()
                if len(s["stack"]) < 3 and r < 0.45 and s["rows"]:
                    run.tap(*rng.choice(s["rows"]))
                    after = run.settled("step %d, a tap on a row" % step, until=lambda a: a["stack"] != s["stack"])
                    if len(after["stack"]) > len(s["stack"]):
                        counts["pushes"] += 1
                        if not after["focusedTop"]:
                            failures.append("%s: after a push by a tap (%s) the focus is not in the pushed card" % (engine, after["stack"]))
                elif r < 0.7 and len(s["stack"]) > 1:
                    how = rng.choice(["close", "escape", "program"])
                    if how == "close" and s["close"]:
                        run.tap(*s["close"])
                    elif how == "escape":
                        driver.js("document.querySelector('cardmap-cards').key('esc')")
                    else:
                        driver.js("document.querySelector('cardmap-cards').pop()")
                    counts["pops"] += 1
                elif r < 0.8 and s["paged"]:
                    run.drag(s["width"] - 40, s["y"] + 60, 40, s["y"] + 64, 250)
                    counts["swipes"] += 1
                else:
                    start_y = s["y"] + rng.choice([8, 30])
                    run.drag(s["width"] / 2, start_y, s["width"] / 2, rng.choice([80, 300, 600, s["height"] - 10]),
                             rng.choice([150, 400]))
                    counts["drags"] += 1
            s = run.settled("the end")
            typed = keyboard(engine, driver, run, failures)
        except StopIteration:
            pass
        driver.js("window.__measuring = false;")
        history = driver.js("return document.querySelector('cardmap-cards').history.map((s) => ({ event: s.event, answer: s.answer }))")
        screen = driver.js("return [innerWidth, innerHeight]")
        events = compare(engine, history, cardmap, screen, failures)
        # Every painted frame of the session: the content inside the visible rect of the layout it
        # shows, the card where that layout puts it (the renders a frame are Chromium's to hold).
        found = []
        stats = cards_test.frames(driver.js("return window.__frames"), found)
        failures += ["%s: %s" % (engine, f) for f in found if "rendered the map" not in f and "did not render" not in f]
        print("%s (%s): %d steps: %d pushes, %d pops, %d drags, %d page swipes; %d events as cardmap replay's; "
              "%d painted frames, content %.1f px inside the visible rect at worst, the card %.2f px from its layout "
              "(at most %d renders a frame, %d frames late); "
              "axe-core: %d serious findings on the list; the search field with a %d-px keyboard: %s, then %s" % (
                  engine, pointer, steps, counts["pushes"], counts["pops"], counts["drags"], counts["swipes"], events,
                  stats["frames"], stats["worst"], stats["off"], stats["renders"], stats["late"], findings,
                  keyboard_test.KEYBOARD, typed[0], typed[1]))
        readme(engine, driver, pointer, url + "readme/", cardmap, failures)
        gallery(engine, driver, pointer, url + "overlays/", failures)
        sheet_article(engine, driver, pointer, url + "sheet-article/", cardmap, failures)
    finally:
        try:
            driver.quit()
        except Exception:  # noqa: BLE001  (the browser may be gone already)
            pass
        stop(process)


def keyboard(engine, driver, run, failures):
    """The root card's search field clicked or tapped, then a 336-px keyboard by keyboard_test's
    stand-in for `visualViewport`: the card extended above it, the field focused; then the field
    left and the keyboard gone: the card back where it was."""
    # Back to the root, a pop at a time as the steps pop (each settled before the next).
    before = run.settled("before the keyboard")
    for _ in range(5):
        if len(before["stack"]) == 1:
            break
        driver.js("document.querySelector('cardmap-cards').pop()")
        before = run.settled("the root again for the keyboard", until=lambda a, depth=len(before["stack"]): len(a["stack"]) < depth)
    field = driver.js("const b = document.querySelector('.search').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2];")
    run.tap(*field)
    driver.js("window.__keyboard(%d);" % keyboard_test.KEYBOARD)
    up = run.settled("the keyboard", until=lambda a: a["position"] == "extended")
    shown = driver.js("""const c = document.querySelector('cardmap-cards');
      return [c.top.shadowRoot.querySelector('.card').getBoundingClientRect().bottom, document.activeElement === c.top.querySelector('.search')];""")
    top = before["height"] - keyboard_test.KEYBOARD
    if up["position"] != "extended" or abs(shown[0] - top) > 0.5 or not shown[1]:
        failures.append("%s: with a keyboard from %d the card is %s with its bottom at %.1f, the field %s" % (
            engine, top, up["position"], shown[0], "focused" if shown[1] else "not focused"))
    driver.js("document.activeElement.blur(); window.__keyboard(0);")
    after = run.settled("the keyboard gone", until=lambda a: a["position"] == before["position"])
    if after["position"] != before["position"] or abs(after["y"] - before["y"]) > 0.5:
        failures.append("%s: after the keyboard the card is %s at %s, before it %s at %s" % (
            engine, after["position"], after["y"], before["position"], before["y"]))
    return up["position"], after["position"]


def compare(engine, history, cardmap, screen, failures):
    """The controller's events through `cardmap replay` on the page's screen (cards_test's check),
    each failure named for the engine; returns how many events ran."""
    found = []
    try:
        events = cards_test.compare(history, cardmap, [], found, screen)
    except SystemExit as refused:
        found.append(str(refused))
        events = 0
    failures += ["%s: %s" % (engine, failure) for failure in found]
    return events


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", required=True)
    parser.add_argument("--cardmap", required=True)
    parser.add_argument("--engines", default="webkit,firefox")
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    needs = {"webkit": ("WebKitWebDriver", "webkit2gtk-driver"), "firefox": ("firefox-esr", "firefox-esr")}
    server = Server(site(os.path.abspath(args.package)))
    failures, ran = [], 0
    try:
        for engine in args.engines.split(","):
            command, package = needs[engine]
            if not shutil.which(command) or not shutil.which("xvfb-run"):
                message = "%s skipped: no %s or xvfb-run (apt-get install %s xvfb)" % (engine, command, package)
                if os.environ.get("REQUIRE_ALL") == "1":
                    failures.append(message + "; REQUIRE_ALL=1: nothing may be skipped")
                else:
                    print(message)
                continue
            session(engine, server.url, os.path.abspath(args.cardmap), args.steps, args.seed, failures)
            ran += 1
    finally:
        server.close()
    for failure in failures[:20]:
        print("FAIL " + failure, file=sys.stderr)
    print("engines: %d ran, %d failures" % (ran, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
