#!/usr/bin/env python3
"""Generated command lines for every `cardmap` command, with valid values and every kind of bad
one, checked against a model of what each must answer.

    Tests/oracle/run_cli.py [--seconds N] [--seed S] [--cardmap PATH]

The model (written from CardMap's cardmap command article and `--help`, not from the Swift code) knows each option's
value type and the rules between options. A malformed value, an unknown option, an option given
twice, a flag given a value, a missing value or conflicting options must exit 64; anything else
must exit 0 or 65. On 0, stdout must be valid JSON (SVG for `render --output -`) with no NaN or
infinity, and a layout's positions must keep E < P < C; on failure stdout must be empty and
stderr must start with `Error: `. Every option `--help` declares must be in the model, so a new
option cannot go unfuzzed. Disagreements are saved under .build/oracle/cli-failures (exit 1).
"""

import json
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_args  # noqa: E402


# A local file for page's --maplibre (its content is not checked: the page links or inlines it).
LOCAL_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_args.py")
# The web engine page inlines (make wasm's folder), and a folder without one for --engine.
ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "wasm")
NUMBER = (["0", "1", "-2.5", "1e2", "390", "0.25", "44"], ["", "abc", "nan", "inf", "-inf", "1e999", "1,2", "1x", " 1"])
KINDS = {
    "number": NUMBER,
    "count": (["0", "1", "3", "5"], ["-1", "2.5", "x", "", "1e3", "99999999999999999999"]),
    "size": (["390x844", "300x400", "0x0", "-1x5", "1e3x2e3", "10x10"], ["390x", "x", "390*844", "axb", "1x2x3", "", "nanx1"]),
    "insets": (["top=47,bottom=34", "left=10", "top=0", "top=1,left=2,bottom=3,right=4", "top=-1", "top=900"],
               ["", "top=", "up=1", "top=1,,left=2", "top=1,top=2", "top=x", "top:1", "top=nan"]),
    "bbox": (["1,2,3,4", "175,-20,-178,-15", "-180,-85,180,85", "0,0,0,0"],
             ["1,2,3", "1,2,abc,3,4", ",1,2,3,4", "1,95,2,96", "1,5,2,4", "1,2,3,4,", "nan,1,2,3"]),
    "rects": (["0,0,100,100", "0,0,390,120;300,100,44,89", "5,5,0,0"],
              ["1,2,3", "0,0,-1,1", "0,0,1,1;;0,0,1,1", "a,b,c,d", ""]),
    "bar": (["leading:56", "trailing:44", "trailing:0", "leading:-5"], ["middle:5", "leading:", "56", "leading:x", ":"]),
    "version": (["26", "27", "27.1", "26.0.1"], ["abc", "27.", "v27", "", "27.1.2.3", "-1"]),
    "pair": (["120,-10", "0,0", "1e3,5"], ["1,x,2", "1,2,", "1", "x,y", ""]),
    "lonlat": (["151.2,-33.8", "0,0", "-179,85", "540,-90"], ["1,95", "1", "x,y", "1,2,3", "", "nan,1"]),
    "precision": (["0", "6", "17"], ["18", "-1", "x", "2.5"]),
    "threads": (["1", "2", "7", "4096"], ["0", "-1", "x", "2.5", "4097", ""]),
    "box": (["240x44", "0x0", "1e3x2e3"], ["-1x5", "240x", "x", "axb", ""]),
    "samples": (["2", "11", "1000"], ["1", "0", "1001", "x", "2.5"]),
    # A finger's release samples, seconds:value in time order (the overlays').
    "timed": (["0:0,0.05:30", "0:0", "0.1:5,0.1:9,0.2:40"], ["0:0,x:1", "1:0,0:5", "0,0", "", "0:0:1"]),
    "crs": (["EPSG:4326", "EPSG:3857", "EPSG:32633", "+proj=longlat +datum=WGS84"], ["EPSG:999999", "bogus", ""]),
}


MOTIONS = ["push", "pop", "snap", "tap-title", "tap-map"]


def choice(*values):
    return (list(values), ["bogus", "", values[0].upper() + "x"])


ENV = {
    "device": None,  # filled with the device names
    "viewport": "size", "safe-area": "insets", "horizontal": choice("compact", "regular"),
    "vertical": choice("compact", "regular"), "idiom": choice("phone", "pad", "mac", "vision"),
    "os": "version", "sdk": "version", "mode": choice("floating", "sidebar"), "not-full-screen": "flag",
    "header": "number", "vertical-bar": "bar", "rtl": "flag", "keyboard": "number",
}
CARD = {
    "position": choice("collapsed", "peaking", "extended"), "y": "number", "title-height": "number",
    "no-map-content": "flag", "top-buttons": "count", "bottom-buttons": "count", "close-button": "flag",
    "paging": "flag", "bar-actions": "count", "bearing": "number", "floating-items": "count",
    "floating-alignment": choice("center", "leading", "trailing", "fill"), "compass": "flag",
    "user-tracking": "flag", "info-view": "box", "overlays-hidden": "flag", "content-height": "number",
}
# How fit, render, page and motion fit the camera (fit, render and page also read the content's CRS).
FIT = {
    "min-zoom": "number", "max-zoom": "number", "zoom-snap": "number",
    "point-zoom": "number", "margin": "number", "marker-radius": "number", "padding": "insets", "pitch": "number",
    "max-pitch": "number",
    "projection": choice("mercator", "globe"),
}
# What a camera does besides fitting (fit and page).
CAMERA = {"select": "lonlat", "callout": "box", "max-bounds": "bbox"}
COMMANDS = {
    "layout": dict(ENV, **CARD),
    "fit": dict(ENV, **CARD, **FIT, **CAMERA, **{"from": "crs", "bbox": "bbox", "insets": "insets", "overlays": "rects",
                                                 "exclusions": "flag", "threads": "threads"}),
    "project": {"from": "crs", "to": "crs", "precision": "precision", "exact": "flag", "explain": "flag", "progress": "flag",
                "quiet": "flag", "threads": "threads"},
    "render": dict(ENV, **CARD, **FIT, **{"from": "crs", "output": (["-"], []), "all-devices": "flag",
                                         "scale": "number", "threads": "threads"}),
    "page": dict(ENV, **CARD, **FIT, **CAMERA, **{"from": "crs", "output": (["-"], []), "anchor": "lonlat", "test-hook": "flag",
                                                  "threads": "threads", "maplibre": (["https://x/y.js", LOCAL_SCRIPT], ["/nonexistent/maplibre-gl.js"]),
                                                  "engine": ([ENGINE], ["/nonexistent"])}),
    "devices": {"names": "flag"},
    "motion": dict(ENV, **CARD, **FIT, **{"push": "flag", "pop": "flag", "snap": "flag", "tap-title": "flag",
                                   "tap-map": "flag", "velocity": "number", "samples": "samples", "bbox": "bbox",
                                   "anchor": "lonlat"}),
}
# The overlay subcommands, each with its own options and the environment's.
COMMANDS["overlay modal"] = dict(ENV, **{
    "style": choice("defaultModal", "system", "notification", "banner", "toast", "alert"),
    "anchor": choice("top", "bottom", "left", "right", "center"), "content-height": "number",
    "content-size": "size", "translation": "number", "drag": "pair", "velocity": "number", "samples": "timed"})
COMMANDS["overlay stack"] = dict(ENV, **{
    "count": "count", "max-visible": "count", "card-offset": "number", "card-scale": "number", "area": "size",
    "threshold": "number", "directions": choice("left-right", "four", "eight"), "translation": "pair",
    "direction": (["right", "none", "superLike"], []), "advance": "number", "release": "flag",
    "key": choice("left", "right", "up", "down")})
COMMANDS["overlay expanding"] = dict(ENV, **{
    "count": "count", "card-height": "number", "expanded-height": "number", "selected": "count", "height": "number",
    "drag": "number", "velocity": "number", "samples": "timed"})
OVERLAYS = ("overlay modal", "overlay stack", "overlay expanding")
POINT = b'{"type":"Feature","geometry":{"type":"LineString","coordinates":[[151.2,-33.9],[151.3,-33.8]]},"properties":null}'


class Fuzz:
    def __init__(self, cardmap, seed, failures):
        self.cardmap = cardmap
        self.r = random.Random(seed)
        self.failures = failures
        self.counts = {"command lines": 0, "expected usage errors": 0, "disagreements": 0}
        os.makedirs(failures, exist_ok=True)
        devices = json.loads(subprocess.run([cardmap, "devices"], capture_output=True, check=True).stdout)
        names = [device["name"] for device in devices]
        self.devices = devices
        for options in COMMANDS.values():
            if "device" in options:
                options["device"] = (names, ["nokia-3310", "", "IPHONE-14"])
        self.check_declarations()

    def check_declarations(self):
        """Every option that `--help` lists is in the model, and the model's are all in `--help`."""
        for command, options in COMMANDS.items():
            help_text = subprocess.run([self.cardmap, "help"] + command.split(), capture_output=True, text=True).stdout
            declared = {word[2:] for line in help_text.splitlines() for word in line.split()[:1]
                        if word.startswith("--") and word != "--help"}
            if declared != set(options):
                self.disagree([command, "--help"], "model and --help differ: only in help %s, only in the model %s" % (
                    sorted(declared - set(options)), sorted(set(options) - declared)))

    def disagree(self, words, detail):
        self.counts["disagreements"] += 1
        path = os.path.join(self.failures, "%03d.txt" % self.counts["disagreements"])
        with open(path, "w") as f:
            f.write(json.dumps(words) + "\n" + detail)
        print("DISAGREE %s: %s" % (" ".join(words), detail[:300]), file=sys.stderr)

    def kind(self, command, name):
        kind = COMMANDS[command][name]
        return KINDS[kind] if isinstance(kind, str) and kind != "flag" else kind

    def case(self):
        """A command line and whether the model says it is a usage error."""
        r = self.r
        command = r.choice(list(COMMANDS))
        options = COMMANDS[command]
        words = []
        usage = False
        positional = []
        chosen = {}
        stdin = None
        # Required pieces, most of the time.
        if command in ("layout", "fit", "render", "motion", "page") + OVERLAYS and r.random() < 0.9:
            if r.random() < 0.6:
                chosen["device"] = r.choice(options["device"][0])
            else:
                chosen["viewport"] = r.choice(["390x844", "1024x768", "844x390", "320x480"])
        if command == "fit":
            if r.random() < 0.7:
                chosen["bbox"] = r.choice(KINDS["bbox"][0])
            else:
                positional.append("-")
                stdin = POINT
        if command == "project":
            positional.append("-")
            stdin = POINT
            if r.random() < 0.95:
                chosen["from"] = "EPSG:4326"
            if r.random() < 0.95:
                chosen["to"] = r.choice(KINDS["crs"][0])
        if command == "motion" and r.random() < 0.9:
            chosen[r.choice(MOTIONS)] = True
            if "snap" in chosen and r.random() < 0.9:
                chosen["y"] = r.choice(["300", "0", "874", "-50"])
                chosen.pop("position", None)
        if command in ("render", "page") and r.random() < 0.95:
            chosen["output"] = "-"
        if command == "overlay modal" and r.random() < 0.9:
            chosen["style"] = r.choice(options["style"][0])
        # Other options with valid values.
        names = [name for name in options if name not in chosen]
        for name in r.sample(names, min(len(names), r.randint(0, 4))):
            kind = options[name]
            chosen[name] = True if kind == "flag" else r.choice(self.kind(command, name)[0])
        for name, value in chosen.items():
            words += ["--" + name] if value is True else (["--%s=%s" % (name, value)] if r.random() < 0.2
                                                          else ["--" + name, value])
        # One way to break it, some of the time.
        breaking = r.random()
        if breaking < 0.35:
            typed = [name for name in options if options[name] != "flag" and self.kind(command, name)[1]]
            if typed:
                name = r.choice(typed)
                bad = r.choice(self.kind(command, name)[1])
                words = [w for i, w in enumerate(words) if not _belongs(words, i, name)]
                chosen.pop(name, None)
                words += ["--%s=%s" % (name, bad)] if bad.startswith("-") or bad == "" else ["--" + name, bad]
                usage = True
        elif breaking < 0.42:
            words.append(r.choice(["--bogus", "--Device", "-x", "--"  + "rtl=yes" if "rtl" in options else "--nope"]))
            usage = True
        elif breaking < 0.47 and chosen:
            name = r.choice(list(chosen))
            if chosen[name] is not True:
                words += ["--" + name, str(chosen[name])]
                usage = True
        elif breaking < 0.5:
            typed = [name for name in options if options[name] != "flag"]
            if typed:
                words.append("--" + r.choice(typed))
                usage = True
        usage = usage or self.conflicts(command, chosen, positional)
        return command, positional + words if r.random() < 0.5 else words + positional, usage, stdin, chosen

    def conflicts(self, command, chosen, positional):
        """The model's rules between options: what must be a usage error even with good values."""
        env = "device" in chosen or "viewport" in chosen
        if "device" in chosen and "viewport" in chosen:
            return True
        if "position" in chosen and "y" in chosen:
            return True
        if command in ("layout", "fit", "motion", "page") + OVERLAYS and not env:
            return True
        if command == "motion":
            kinds = [name for name in MOTIONS if name in chosen]
            if len(kinds) != 1 or ("snap" in chosen and "y" not in chosen):
                return True
        if command == "page" and "output" not in chosen:
            return True
        if command == "fit" and "exclusions" in chosen and "insets" in chosen:
            return True
        if command == "motion" and "anchor" in chosen and "bbox" not in chosen:
            return True
        if command in ("fit", "page", "render", "motion"):
            # One camera: max bounds of no height are a usage error (every projection, pitch and mode
            # is answered, or refused as data).
            def number(name):
                try:
                    return float(chosen[name])
                except (KeyError, ValueError, TypeError):
                    return 0.0
            # A pitch above a valid greatest pitch (60 unless --max-pitch says) names the option.
            greatest = number("max-pitch") if "max-pitch" in chosen else 60.0
            if 0 <= greatest <= 85 and number("pitch") > greatest:
                return True
            # A zoom limit outside −2…30, or a least zoom above the greatest (0 and 22 unless given),
            # names the option.
            low = number("min-zoom") if "min-zoom" in chosen else 0.0
            high = number("max-zoom") if "max-zoom" in chosen else 22.0
            limits = [low, high] + ([number("point-zoom")] if "point-zoom" in chosen else [])
            if any(not -2 <= zoom <= 30 for zoom in limits) or low > high:
                return True
            if "callout" in chosen and "select" not in chosen:
                return True
            if "max-bounds" in chosen and chosen["max-bounds"] is not True:
                parts = str(chosen["max-bounds"]).split(",")
                if len(parts) == 4 and parts[1] == parts[3]:
                    return True
        if command == "render":
            # --scale is for PNG, and the model writes SVG to stdout.
            if "output" not in chosen or "scale" in chosen:
                return True
            if "all-devices" in chosen:
                return env
            return not env
        if command == "project" and ("from" not in chosen or "to" not in chosen):
            return True
        if command == "fit" and "bbox" in chosen and ("-" in positional or "from" in chosen):
            return True
        if command == "overlay modal" and ("style" not in chosen or ("content-height" in chosen and "content-size" in chosen)
                                           or ("translation" in chosen and "drag" in chosen)):
            return True
        if command in ("overlay modal", "overlay expanding") and "velocity" in chosen and "samples" in chosen:
            return True
        return False

    def check(self, command, words, usage, stdin, chosen):
        self.counts["command lines"] += 1
        if usage:
            self.counts["expected usage errors"] += 1
        process = subprocess.run([self.cardmap] + command.split() + words, input=stdin or b"", capture_output=True,
                                 timeout=60)
        status = process.returncode
        stdout = process.stdout.decode("utf-8", "replace")
        stderr = process.stderr.decode("utf-8", "replace")
        # project --explain says first how the points are computed; the rest is as without it.
        stderr = "".join(line for line in stderr.splitlines(True) if not line.startswith("path: "))
        line = command.split() + words
        expected = {64} if usage else {0, 65}
        if status not in expected:
            self.disagree(line, "exit %d, expected %s\n%s" % (status, sorted(expected), stderr[-1500:]))
            return
        if status != 0:
            if stdout or not stderr.startswith("Error: "):
                self.disagree(line, "a failure must print nothing on stdout and 'Error: …' on stderr\n" + stderr)
            return
        if command == "render":
            if not stdout.lstrip().startswith("<") or re.search(r"(?<![a-z-])(nan|inf|infinity)(?![a-z-])", stdout, re.I):
                self.disagree(line, "not an SVG, or a non-finite number in it")
            return
        if command == "project":
            return
        if command == "devices" and "names" in chosen:
            names = [line.split()[0] for line in stdout.splitlines() if line.strip()]
            if names != [device["name"] for device in self.devices]:
                self.disagree(line, "devices --names does not list the catalogue's names in order")
            return
        if command == "page":
            if not stdout.startswith("<!doctype html>"):
                self.disagree(line, "not an HTML page")
            return
        try:
            value = json.loads(stdout, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
        except ValueError as error:
            self.disagree(line, "stdout is not strict JSON: %s\n%s" % (error, stdout[:500]))
            return
        if command == "layout":
            positions = value["positions"]
            if value["draggable"] and not positions["extended"] < positions["peaking"] < positions["collapsed"]:
                self.disagree(line, "positions out of order: %s" % positions)
            for key in ("mapDimAlpha", "contentAlpha"):
                if not 0 <= value[key] <= 1:
                    self.disagree(line, "%s = %s" % (key, value[key]))


def _belongs(words, index, name):
    word = words[index]
    if word == "--" + name or word.startswith("--%s=" % name):
        return True
    return index > 0 and words[index - 1] == "--" + name


def main():
    args = oracle_args.arguments(__doc__, "cli", 15)
    fuzz = Fuzz(args.cardmap, args.seed, args.failures)
    deadline = time.time() + args.seconds
    while time.time() < deadline:
        fuzz.check(*fuzz.case())
    print("cli oracle (seed %d): %s" % (args.seed, ", ".join("%s %d" % item for item in fuzz.counts.items())))
    return 1 if fuzz.counts["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
