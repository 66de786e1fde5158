#!/usr/bin/env python3
"""The web package's layers, checked (`make lint`): its JavaScript (Sources/CardMapWasm/js) is in
folders, each a layer that imports only from the layers below it:

    engine/    loading the engine, its handles, JSON for it, input checks     (no DOM)
    maps/      the MapLibre and Leaflet adapters, the cameras that follow an element, the frames
    elements/  the element base and gesture, one folder per element
    page/      the page `cardmap page` writes
    *.mjs      the package's entry points (`cardmap`, `cardmap/cards`, …), which re-export (and
               engine-files.mjs, the engine layer's: where the WebAssembly files are)

A failure is: an import going up a layer, an import circle, an import of a file that is not there,
a module over 800 lines, or one of the package's single writers written twice: MapLibre's camera
(`.jumpTo(`) only in maps/maplibre/camera.mjs, the pointer's press (`pointerdown`) only in
elements/gesture.mjs, the animation frame (`requestAnimationFrame(`) only in maps/frames.mjs.

    python3 Tests/web/layers.py [JS_FOLDER]
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAYERS = ["engine", "maps", "elements", "page"]
LONGEST = 800
SINGLE = {".jumpTo(": "maps/maplibre/camera.mjs", "pointerdown": "elements/gesture.mjs",
          "requestAnimationFrame(": "maps/frames.mjs"}
IMPORT = re.compile(r'^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"', re.M | re.S)


# A module at the root that belongs to a layer: where the engine's files are (beside it in the
# package, beside a bundle made of it), which only a module at the root can say.
ROOT_OF_LAYER = {"engine-files.mjs": "engine"}


def layer(name):
    """A module's layer: its folder's place in LAYERS; an entry point (no folder) is above them all."""
    if name in ROOT_OF_LAYER:
        return LAYERS.index(ROOT_OF_LAYER[name])
    top = name.split("/", 1)[0]
    return LAYERS.index(top) if "/" in name and top in LAYERS else len(LAYERS)


def check(folder):
    names = sorted(os.path.relpath(os.path.join(at, n), folder).replace(os.sep, "/")
                   for at, _, files in os.walk(folder) for n in files if n.endswith(".mjs"))
    failures, graph = [], {}
    for name in names:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        lines = text.count("\n")
        if lines > LONGEST:
            failures.append("%s: %d lines (at most %d: split it by concern)" % (name, lines, LONGEST))
        for needle, owner in SINGLE.items():
            if needle in text and name != owner:
                failures.append("%s: writes %s, which only %s may" % (name, needle, owner))
        graph[name] = []
        for match in IMPORT.finditer(text):
            target = match.group(1)
            if not target.startswith("."):
                failures.append("%s:%d: imports %r, outside the package" % (name, text.count("\n", 0, match.start()) + 1, target))
                continue
            resolved = os.path.normpath(os.path.join(os.path.dirname(name), target)).replace(os.sep, "/")
            line = text.count("\n", 0, match.start()) + 1
            if resolved not in names:
                failures.append("%s:%d: imports %r, which is not there" % (name, line, target))
                continue
            if layer(resolved) > layer(name):
                failures.append("%s:%d: imports %s, a layer up (%s over %s)" % (
                    name, line, resolved, LAYERS[layer(resolved)] if layer(resolved) < len(LAYERS) else "the entry points",
                    LAYERS[layer(name)]))
            graph[name].append(resolved)
    failures += circles(graph)
    return names, failures


def circles(graph):
    """Each import circle, once: `a.mjs → b.mjs → a.mjs`."""
    found, state, path = [], {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == "open":
                circle = path[path.index(nxt):] + [nxt]
                found.append("an import circle: " + " → ".join(circle))
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Sources", "CardMapWasm", "js")
    names, failures = check(folder)
    for failure in failures:
        print("layers: " + failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print("layers: %d modules, imports only going down, no circle, none over %d lines" % (len(names), LONGEST))


if __name__ == "__main__":
    main()
