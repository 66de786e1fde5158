#!/usr/bin/env python3
"""CardMap's camera features set on a real map client: MapLibre GL JS 5 in headless Chromium.

Five families of scenarios, at every card position of the device profiles (every fourth with
`--quick`), each camera from the command line and measured in the page (cameras.js) with
`map.project` / `map.unproject`:

- globe: `cardmap fit --projection globe` for the harness's boxes and Natural Earth's countries, set on
  a map with `{type: 'globe'}`: MapLibre keeps the camera; every position in front of the limb and
  inside the visible rect within 0.5 px; the content touches the visible rect (the fit is tight).
  MapLibre's own `cameraForBounds` on the same globe, padding and bearing is measured alongside.
- selection: `cardmap fit --select --callout`: at the new camera the callout lies inside the card's
  visible rect and clear of the map buttons, floating toolbar and info view within 0.5 px, and the
  selection moved on screen by the reported move.
- exclusions: `cardmap fit --exclusions` (flat and pitched): every zone's ring projects onto its rect's
  corners within 0.5 px.
- bounds: `cardmap fit --max-bounds`: the visible rect's corners unproject inside the bounds within
  0.5 px, and a moved camera touches them; MapLibre's own `maxBounds` with the unconstrained camera
  and the same padding is measured alongside.
- steady: `cardmap motion --snap --bbox --anchor`: the anchor stays at the same fractions of every
  sample's visible rect within 0.5 px.

    python3 Tests/browser/cameras.py --cardmap .build/debug/cardmap [--quick]
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

TOLERANCE = 0.5
GLOBE_BEARINGS = (0, 30, -75, 180)
SELECTIONS = [(151.2108, -33.8568), (151.15, -33.80), (151.28, -33.95), (151.25, -33.84), (150.9, -33.6)]
CALLOUTS = ("240x80", "120x200", "300x60")
# The controls a callout must clear: map buttons at the top and bottom, floating buttons, an info view.
CONTROLS = ["--top-buttons", "2", "--bottom-buttons", "1", "--floating-items", "2", "--info-view", "220x44",
            "--user-tracking"]
BOUNDS = {"paris": (2.2, 48.8, 2.45, 48.92), "norway": (4, 58, 31, 71), "usa": (-125, 24, -66, 50),
          "fiji": (175.8, -20.2, -178.3, -15.4)}
# Content near, inside and across each bounds box: the fit then wants to show beyond it.
CONTENT_SHIFTS = ((0.3, 0.2, 0.2, 0.3), (-0.5, -0.5, 0.1, 0.1), (0.6, 0.6, 1.2, 1.2), (0.45, 0.45, 0.55, 0.55))


def run_cli(cardmap, args, stdin=None):
    run = subprocess.run([cardmap] + args, input=stdin, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("cardmap %s failed: %s" % (" ".join(args), run.stderr))
    return json.loads(run.stdout)


def SELECT_ARGS(args):
    """The selection's arguments in a `fit` argument list: --select and --callout with their values."""
    i, j = args.index("--select"), args.index("--callout")
    return {args[i], args[i + 1], args[j], args[j + 1]}


def no_room_anywhere(size, room, rects):
    """Whether no place of a 1-pt grid in `room` holds a `size` callout clear of `rects`."""
    w, h = size
    for y in range(int(room["y"]), int(room["y"] + room["height"] - h) + 1):
        for x in range(int(room["x"]), int(room["x"] + room["width"] - w) + 1):
            if all(x + w <= o["x"] or x >= o["x"] + o["width"] or y + h <= o["y"] or y >= o["y"] + o["height"]
                   for o in rects):
                return False
    return True


def outline(bbox, steps=256):
    """The box's outline, `steps` points an edge, east unwrapped past west, latitudes within the
    Mercator world."""
    w, s, e, n = bbox
    e = e if e >= w else e + 360
    s, n = max(s, -85.051129), min(n, 85.051129)
    points = []
    for i in range(steps):
        f = i / steps
        points += [[w + (e - w) * f, n], [e, n + (s - n) * f], [e + (w - e) * f, s], [w, s + (n - s) * f]]
    return points


def obstacles(layout):
    rects = []
    if layout["buttons"]["alpha"] > 0:
        rects += [layout["buttons"].get("top"), layout["buttons"].get("bottom")]
    rects += [layout.get("floatingToolbar"), layout.get("infoView")]
    return [r for r in rects if r]


def scenarios(cardmap, quick, cross=None, options=None):
    devices = json.loads(subprocess.run([cardmap, "devices"], capture_output=True, check=True).stdout)
    sizes = {d["name"]: d["size"] for d in devices}
    names = [d["name"] for d in devices][:: 4 if quick else 1]
    with open(harness.COUNTRIES) as f:
        countries = json.load(f)["features"][:: 8 if quick else 2]
    jobs = []  # (kind, device, position, arguments, stdin, extra)
    for (name, box), device, position, bearing in itertools.product(
            harness.BOXES.items(), names, harness.POSITIONS, GLOBE_BEARINGS):
        jobs.append(("globe", device, position, ["fit", "--bbox=" + ",".join(map(str, box)), "--projection", "globe",
                                                  "--bearing", str(bearing)], None,
                     {"name": name, "positions": harness.corners_and_edges(box)}))
    turn = itertools.cycle(GLOBE_BEARINGS)
    for feature, device, position in itertools.product(countries, names, harness.POSITIONS):
        jobs.append(("globe", device, position, ["fit", "-", "--projection", "globe", "--bearing", str(next(turn))],
                     json.dumps(feature), {"name": "country:" + feature["properties"]["name"],
                                           "positions": harness.vertices(feature["geometry"])}))
    sample = os.path.join(harness.ROOT, "Data", "samples", "sydney-ferries.geojson")
    for (lon, lat), callout, device, position in itertools.product(SELECTIONS, CALLOUTS, names, harness.POSITIONS):
        jobs.append(("selection", device, position, ["fit", sample, "--select", "%r,%r" % (lon, lat), "--callout",
                                                      callout] + CONTROLS, None, {"selection": [lon, lat], "callout": callout}))
    for (name, box), device, position, pitch in itertools.product(
            list(harness.BOXES.items())[:6], names, harness.POSITIONS, (0, 45)):
        jobs.append(("exclusions", device, position, ["fit", "--bbox=" + ",".join(map(str, box)), "--exclusions",
                                                       "--pitch", str(pitch), "--bearing", "30"] + CONTROLS, None, {}))
    for (name, box), shift, device, position, bearing in itertools.product(
            BOUNDS.items(), CONTENT_SHIFTS, names, harness.POSITIONS, (0, 30)):
        w, s, e, n = box
        span = (e if e >= w else e + 360) - w
        height = n - s
        content = (w + shift[0] * span, s + shift[1] * height, w + shift[2] * span, s + shift[3] * height)
        content = (content[0], max(content[1], -85), content[2] if content[2] <= 180 else content[2] - 360,
                   min(content[3], 85))
        jobs.append(("bounds", device, position, ["fit", "--bbox=" + ",".join("%r" % v for v in content),
                                                   "--max-bounds", ",".join(map(str, box)), "--bearing", str(bearing)],
                     None, {"bounds": box, "content": content}))
    for device, (y, v) in itertools.product(names, ((300, 900), (500, -1500), (200, 0))):
        jobs.append(("steady", device, None, ["motion", "--snap", "--y", str(y), "--velocity", str(v),
                                               "--bbox", "151.15,-33.92,151.3,-33.8", "--anchor", "151.21,-33.86",
                                               "--samples", "12"], None, {"anchor": [151.21, -33.86]}))

    jobs += cross_product(cardmap, devices, countries_all(), cross or (CROSS_QUICK if quick else CROSS_FULL), options=options)

    def run(job):
        kind, device, position, args, stdin, _ = job
        where = ["--device", device] + (["--position", position] if position else [])
        if kind == "cross":
            done = subprocess.run([cardmap] + args + where, input=stdin, capture_output=True, text=True)
            return {"status": done.returncode, "stderr": done.stderr.strip(),
                    "out": json.loads(done.stdout) if done.returncode == 0 else None}
        if kind != "selection":
            return run_cli(cardmap, args + where, stdin)
        # A callout with no room is an answer (exit 65, "no room"), checked by brute force below.
        done = subprocess.run([cardmap] + args + where, capture_output=True, text=True)
        if done.returncode == 65 and "no room" in done.stderr:
            return dict(run_cli(cardmap, [a for a in args if a not in SELECT_ARGS(args)] + where), noRoom=done.stderr)
        if done.returncode != 0:
            raise SystemExit("cardmap %s failed: %s" % (" ".join(args + where), done.stderr))
        return json.loads(done.stdout)

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        outputs = list(pool.map(run, jobs))
    cases = []
    for (kind, device, position, args, _, extra), out in zip(jobs, outputs):
        width, height = sizes[device]
        case = {"kind": kind, "id": "%s %s/%s %s" % (kind, device, position, " ".join(args[1:])), "width": width,
                "height": height}
        if kind == "cross":
            case.update(extra)
            if out["status"] != 0:
                case["refused"] = "%s (exit %d): %s" % (" ".join(args[1:]), out["status"], out["stderr"].splitlines()[0])
                cases.append(case)
                continue
            out = out["out"]
            if extra["option"] == "anchor":
                anchor = [float(v) for v in args[args.index("--anchor") + 1].split(",")]
                case.update(kind="steady", anchor=anchor, globe=extra["projection"] == "globe", samples=[
                    {"camera": sample["camera"], "padding": sample["camera"]["padding"]} for sample in out["samples"]])
                cases.append(case)
                continue
            camera = out.get("constraint") and out["camera"] or out["camera"]
            case.update(insets=camera["padding"], camera=camera, region=out["visibleRegion"]["polygon"],
                        globe=extra["projection"] == "globe")
            w, _, e, _ = out["content"]["bbox"]
            case["middle"] = (w + (e if e >= w else e + 360)) / 2
            case["positions"] = harness.as_drawn(extra["positions"], out["content"]["bbox"])
            cases.append(case)
            # The selection's own camera, when there is one, checked as the selections are (on the
            # globe too): the callout inside the visible rect, clear of the controls, moved as said.
            zones = (out.get("exclusions") or {}).get("zones")
            if extra["option"] in ("exclusions", "pole-exclusions") and zones:
                cases.append(dict(case, kind="exclusions", id=case["id"] + " (zones)", zones=zones))
            if extra["option"] in ("max-bounds", "globe-bounds") and out.get("constraint"):
                bounds = [float(v) for v in args[args.index("--max-bounds") + 1].split(",")]
                cases.append(dict(case, kind="bounds", id=case["id"] + " (bounds)", bounds=bounds,
                                  constraint=out["constraint"], clampMinZoom=extra["option"] == "globe-bounds"))
            if extra["option"] == "select" and (out.get("selection") or {}).get("camera"):
                selection = [float(v) for v in args[args.index("--select") + 1].split(",")]
                cases.append(dict(case, kind="selection", id=case["id"] + " (selection)", selection=selection,
                                  cleared=out["selection"], size=[200.0, 60.0], offset=[-100.0, -60.0],
                                  room=out["layout"]["visibleRect"], obstacles=obstacles(out["layout"])))
            continue
        if kind == "steady":
            case.update(anchor=extra["anchor"], samples=[
                {"camera": s["camera"], "padding": s["camera"]["padding"]} for s in out["samples"]])
            cases.append(case)
            continue
        case.update(insets=out["camera"]["padding"], camera=out["camera"], bbox=out["content"]["bbox"])
        if kind == "globe":
            case.update(positions=harness.as_drawn(extra["positions"], out["content"]["bbox"]), name=extra["name"],
                        outline=outline(out["content"]["bbox"]))
        elif kind == "selection" and "noRoom" in out:
            w, h = map(float, extra["callout"].split("x"))
            case.update(kind="noRoom", size=[w, h], room=out["layout"]["visibleRect"],
                        obstacles=obstacles(out["layout"]))
        elif kind == "selection":
            w, h = map(float, extra["callout"].split("x"))
            case.update(selection=extra["selection"], cleared=out["selection"], size=[w, h], offset=[-w / 2, -h],
                        room=out["layout"]["visibleRect"], obstacles=obstacles(out["layout"]))
        elif kind == "exclusions":
            case.update(zones=out["exclusions"]["zones"])
        elif kind == "bounds":
            fitted = run_cli(cardmap, [a for a in args if not a.startswith("--max-bounds")
                                       and a != ",".join(map(str, extra["bounds"]))] + ["--device", device,
                                                                                        "--position", position])
            case.update(bounds=list(extra["bounds"]), fitCamera=fitted["camera"], constraint=out["constraint"])
        cases.append(case)
    return cases


# The cross product's sample sizes: the quick run's (CI) and the full run's (on demand, --full).
CROSS_QUICK = 240
CROSS_FULL = 6000
def clamp_moves(box, focus):
    """How far (degrees, as [lon, lat]) a client clamping `focus` into `box` (west, south, east, north;
    across the antimeridian when west > east) moves it; None when it stays where it is."""
    west, south, east, north = box
    lon, lat = focus
    clamped_lat = min(max(lat, south), north)
    span = east - west if east >= west else east - west + 360
    past_west = (lon - west) % 360
    if past_west <= span:
        clamped_lon = lon
    else:
        # The nearer edge, round the world.
        clamped_lon = east if past_west - span <= 360 - past_west else west
    move = [clamped_lon - lon, clamped_lat - lat]
    return move if move != [0, 0] else None


CROSS_OPTIONS = ("plain", "select", "exclusions", "max-bounds", "anchor", "globe-bounds", "pole-exclusions")


def countries_all():
    with open(harness.COUNTRIES) as f:
        return json.load(f)["features"]


def cross_product(cardmap, devices, countries, count, seed=38, options=None):
    """`count` scenarios drawn (fixed seed) from projection {mercator, globe} x pitch {0, drawn} x bearing
    (drawn) x {plain, --select, --exclusions, --max-bounds, --anchor (motion), bounds on the globe at any
    latitude (half held below the least zoom, measured by a client that clamps with setMinZoom(minZoom),
    and every focus of focusBounds), exclusion rings round either pole (fills measured as MapLibre draws
    them)} x every device x every position x the harness's boxes and every Natural Earth country (the
    boxes for --anchor). A combination the engine refuses is counted and
    listed, never failed, when it is one of the globe's documented refusals."""
    rng = random.Random(seed)
    names = [d["name"] for d in devices]
    contents = [("box:" + name, box, None, harness.corners_and_edges(box)) for name, box in harness.BOXES.items()]
    contents += [("country:" + f["properties"]["name"], None, json.dumps(f), harness.vertices(f["geometry"]))
                 for f in countries]
    jobs = []
    for _ in range(count):
        projection = rng.choice(("mercator", "globe"))
        pitch = 0 if rng.random() < 0.5 else round(rng.uniform(0, 60), 2)
        bearing = round(rng.uniform(-180, 180), 2)
        option = rng.choice(options or CROSS_OPTIONS)
        device, position = rng.choice(names), rng.choice(harness.POSITIONS)
        name, box, stdin, positions = rng.choice(contents[:len(harness.BOXES)] if option == "anchor" else contents)
        if option == "anchor":
            # A point held steady while the card snaps from a drawn y: the box's middle.
            w, s, e, n = box
            args = ["motion", "--snap", "--y", str(rng.randint(100, 800)), "--velocity", str(rng.randint(-2000, 2000)),
                    "--samples", "8", "--bbox=" + ",".join(map(str, box)), "--anchor",
                    "%r,%r" % (positions[4][0] if positions[4][0] <= 180 else positions[4][0] - 360, positions[4][1])]
        else:
            args = ["fit", "--bbox=" + ",".join(map(str, box))] if box else ["fit", "-"]
        args += ["--projection", projection, "--pitch", str(pitch), "--bearing", str(bearing)]
        xs = [p[0] for p in positions]
        ys = [p[1] for p in positions]
        if option == "select":
            middle = positions[len(positions) // 2]
            args += ["--select", "%r,%r" % (middle[0], max(-85, min(85, middle[1]))), "--callout", "200x60"]
        elif option == "exclusions":
            args += ["--exclusions"] + CONTROLS
        elif option == "max-bounds":
            w, s, e, n = min(xs), max(-85, min(ys)), max(xs), min(85, max(ys))
            args += ["--max-bounds", "%r,%r,%r,%r" % (max(-180, w - 5), max(-89, s - 5), min(180, e + 5), min(89, n + 5))]
        elif option == "globe-bounds":
            # Bounds on the globe at any latitude, the content a box inside them; half held to a
            # zoom below the least, so that the constraint raises it there.
            south = round(rng.uniform(-85, 75), 4)
            north = round(min(85, south + rng.uniform(5, 60)), 4)
            west = round(rng.uniform(-180, 180), 4)
            span = rng.uniform(10, 150)
            east = round(west + span - (360 if west + span > 180 else 0), 4)
            inner = (west + span * 0.4, south + (north - south) * 0.4, west + span * 0.6, south + (north - south) * 0.6)
            inner = [round(v - 360 if i % 2 == 0 and v > 180 else v, 4) for i, v in enumerate(inner)]
            args = ["fit", "--bbox=" + ",".join(map(repr, inner)), "--projection", "globe", "--pitch", str(pitch),
                    "--bearing", str(bearing), "--max-bounds", "%r,%r,%r,%r" % (west, south, east, north)]
            if rng.random() < 0.5:
                args += ["--max-zoom", "0.5"]
            stdin, positions = None, harness.corners_and_edges(inner)
        elif option == "pole-exclusions":
            # A card round a pole: content by one, the zones' rings round it.
            lat = rng.uniform(60, 84) * rng.choice((-1, 1))
            lon = rng.uniform(-180, 180)
            inner = [round(lon, 4), round(min(lat, lat + 5), 4), round(min(180, lon + rng.uniform(10, 90)) - 1e-4, 4),
                     round(max(lat, lat + 5), 4)]
            inner[3] = min(inner[3], 85)
            args = ["fit", "--bbox=" + ",".join(map(repr, inner)), "--projection", "globe", "--pitch", str(pitch),
                    "--bearing", str(bearing), "--exclusions"] + CONTROLS
            stdin, positions = None, harness.corners_and_edges(inner)
        # A motion's card starts where --y puts it, at no --position.
        if option in ("globe-bounds", "pole-exclusions"):
            projection = "globe"
        jobs.append(("cross", device, None if option == "anchor" else position, args, stdin,
                     {"name": name, "projection": projection, "option": option,
                                                               "positions": positions}))
    return jobs


def check(cases, results):
    failures = []
    stats = {}

    def count(key, amount=1):
        stats[key] = stats.get(key, 0) + amount

    def worst(key, value, limit, message):
        stats[key] = max(stats.get(key, 0.0), value)
        if value > limit:
            failures.append(message % value)

    for case, r in zip(cases, results):
        kind, what = case["kind"], case["id"]
        count(kind)
        worst("worst kept px", r["moved"], TOLERANCE, what + ": MapLibre moved the camera by %.3f px")
        if r["zoomMoved"] > 1e-9:
            failures.append("%s: MapLibre changed the zoom by %g" % (what, r["zoomMoved"]))
        if kind == "globe":
            camera = case["camera"]
            count("globe drawn as " + camera.get("projection", "mercator"))
            if camera["cut"]:
                # More than a hemisphere, or held at the least zoom: what it cuts is checked by the cross
                # product's scenarios, side by side.
                count("globe: cut (more than a hemisphere, or held at the least zoom)")
                continue
            worst("globe: worst outside px", r["outside"], TOLERANCE, what + ": content %.3f px outside the visible rect")
            worst("globe: worst outline outside px", r["outlineOutside"], TOLERANCE,
                  what + ": the box's outline %.3f px outside the visible rect")
            if r["occluded"]:
                failures.append("%s: %d positions behind the globe's limb" % (what, r["occluded"]))
            if 1e-9 < camera["zoom"] < 22 - 1e-9:
                worst("globe: worst touch px", r["touch"], TOLERANCE, what + ": no edge touched (%.3f px)")
            if r.get("ownThrew"):
                count("globe: MapLibre's own cameraForBounds threw")
            if "ownOutside" in r and r["ownOutside"] > TOLERANCE:
                count("globe: MapLibre's own cameraForBounds leaves content outside")
                stats["globe: MapLibre's own worst outside px"] = max(
                    stats.get("globe: MapLibre's own worst outside px", 0), r["ownOutside"])
        elif kind == "selection":
            count("selection already clear", case["cleared"]["alreadyClear"])
            worst("selection: worst outside px", r["outside"], TOLERANCE, what + ": callout %.3f px outside the room")
            worst("selection: worst overlap px", r["overlap"], TOLERANCE, what + ": callout overlaps a control by %.3f px")
            worst("selection: worst move error px", r["moveError"], TOLERANCE, what + ": moved %.3f px off the report")
        elif kind == "exclusions":
            count("exclusion zones", len(case["zones"]))
            count("exclusion vertices at the world's edge", r["cutAtTheEdge"])
            worst("exclusions: worst ring px", r["ringError"], TOLERANCE, what + ": a ring lies %.3f px off its rect")
            if "edgeError" in r:
                # On the globe, as MapLibre draws the fill: its edges straight in Web Mercator.
                worst("exclusions: globe, worst drawn edge px", r["edgeError"], TOLERANCE,
                      what + ": a ring's edge, drawn straight in Web Mercator, strays %.3f px off its side")
                count("exclusions: globe, pieces halved eight times (left as they are)", r["cappedEdges"])
                count("exclusions: globe, points of a rect checked inside its ring", r["polygonPoints"])
                if r["polygonMissed"]:
                    failures.append("%s: %d of %d points of a rect lie outside its ring" % (
                        what, r["polygonMissed"], r["polygonPoints"]))
        elif kind == "bounds":
            worst("bounds: worst outside px", r["outside"], TOLERANCE, what + ": the visible rect shows %.3f px beyond")
            # focusBounds as a client uses it: the answer's own focus inside, so that clamping a
            # dragged focus into it first moves nothing.
            box = case["constraint"]["focusBounds"]
            if box is None:
                count("bounds: no focusBounds (no box of positive size round the focus)")
                if case["camera"].get("projection") != "globe":
                    failures.append(what + ": no focusBounds on a map drawn flat, where the camera is kept")
            else:
                count("bounds: focus clamped into focusBounds")
                moved = clamp_moves(box, case["camera"]["focus"])
                if moved:
                    failures.append("%s: the focus %r lies outside its focusBounds %r: a client clamping into it "
                                    "moves it %r°" % (what, case["camera"]["focus"], box, moved))
            if case["constraint"]["moved"]:
                count("bounds: cameras moved")
                worst("bounds: worst edge gap px (moved)", r["edge"], TOLERANCE,
                      what + ": moved, but %.3f px from every edge of the bounds")
            if case.get("clampMinZoom"):
                count("bounds: globe, at any latitude")
                count("bounds: globe, at the least zoom", abs(case["camera"]["zoom"] - case["constraint"]["minZoom"]) < 1e-9)
                worst("bounds: globe, setMinZoom(minZoom) moved px", r["minZoomMoved"], TOLERANCE,
                      what + ": a client clamping with setMinZoom(minZoom) moved the camera by %.3f px")
                worst("bounds: globe, worst focusBounds focus beyond px", r["boxOutside"], TOLERANCE,
                      what + ": a focus of focusBounds shows %.3f px beyond the bounds")
            if r.get("ownOutside", 0) > TOLERANCE:
                count("bounds: MapLibre's maxBounds shows beyond")
                stats["bounds: MapLibre's worst beyond px"] = max(stats.get("bounds: MapLibre's worst beyond px", 0),
                                                                  r["ownOutside"])
        elif kind == "cross":
            count("cross: " + case["projection"] + " " + case["option"])
            worst("cross: worst outside (beyond sides not cut) px", r["outside"], TOLERANCE,
                  what + ": content %%.3f px outside the visible rect (cut %s)" % case["camera"]["cut"])
            worst("cross: worst region px", r["region"], TOLERANCE, what + ": visibleRegion %.3f px off the corners")
            if r["occluded"]:
                failures.append("%s: %d positions behind the globe with cut %s" % (what, r["occluded"], case["camera"]["cut"]))
        elif kind == "steady":
            worst("steady: worst drift px", r["drift"], TOLERANCE, what + ": the anchor drifted %.3f px")
    return failures, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(harness.ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--quick", action="store_true", help="every fourth device profile only")
    parser.add_argument("--cross", type=int, help="how many scenarios of the cross product to draw")
    parser.add_argument("--options", help="the cross product's options to draw from, comma-separated (default: all; "
                        "a long run of the bounds: --options max-bounds,globe-bounds --cross 4000)")
    args = parser.parse_args()
    harness.maplibre_js()
    cases = scenarios(args.cardmap, args.quick, args.cross, args.options.split(",") if args.options else None)
    no_room = [c for c in cases if c["kind"] == "noRoom"]
    refused = [c for c in cases if "refused" in c]
    cases = [c for c in cases if c["kind"] != "noRoom" and "refused" not in c]
    page = os.path.join(harness.WORK, "cameras.html")
    with open(page, "w") as f:
        f.write('<!doctype html><html><head><meta charset="utf-8">'
                '<style>body{margin:0} .map{position:absolute;left:0;top:0}</style></head><body>'
                '<div id="flat" class="map"></div><div id="globe" class="map"></div>'
                '<script src="maplibre-gl.js"></script><script>window.SCENARIOS = %s;</script>'
                '<script src="cameras.js"></script>' % json.dumps(cases)
                + harness.post_results("window.cameraResults", "cameras.html").replace("</body>", "") + '</body></html>')
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cameras.js"),
                os.path.join(harness.WORK, "cameras.js"))
    # In real time, on a loopback server: the page posts its results when every scenario is measured.
    live = harness.LivePages(args.chromium)
    try:
        results = live.results(page, timeout=1800)
    finally:
        live.close()
    if isinstance(results, dict) and "error" in results:
        raise SystemExit("the page failed: " + results["error"])
    if len(results) != len(cases):
        raise SystemExit("the page measured %d of %d scenarios" % (len(results), len(cases)))
    failures, stats = check(cases, results)
    for case in no_room:
        stats["selection: no room (checked by brute force)"] = stats.get("selection: no room (checked by brute force)", 0) + 1
        if not no_room_anywhere(case["size"], case["room"], case["obstacles"]):
            failures.append("%s: 'no room', but a place holds the callout clear" % case["id"])
    # Refusals: each must be a documented answer (exit 64 for options that exclude each other: a pitch
    # on the globe, --max-bounds with --pitch; 65 for data: a horizon in the visible rect, a callout
    # with no room, a mode the globe rule refuses where the camera is drawn as a sphere).
    reasons = {}
    for case in refused:
        message = case["refused"].split(": ", 1)[1] if ": " in case["refused"] else case["refused"]
        allowed = "is not supported with" in message or (
            "(exit 65)" in case["refused"] and any(k in message for k in ("horizon", "no room")))
        if not allowed:
            failures.append("%s: refused unexpectedly: %s" % (case["id"], case["refused"]))
        key = message.replace("Error: ", "")
        key = key if "globe projection" in key else key.split(":")[0]
        reasons[key] = reasons.get(key, 0) + 1
    for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        print("refused %d: %s" % (n, reason))
    shown = {}
    for failure in failures:
        kind = failure.split(" ")[0]
        shown[kind] = shown.get(kind, 0) + 1
        if shown[kind] > (10 ** 6 if os.environ.get("CAMERAS_EVERY_FAILURE") else 8):
            continue
        print("FAIL " + failure, file=sys.stderr)
    print("camera features in MapLibre GL JS (%d scenarios): %s; failures %d" % (
        len(cases), ", ".join("%s %s" % (k, ("%.3g" % v) if isinstance(v, float) else v) for k, v in stats.items()),
        len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
