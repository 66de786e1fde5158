#!/usr/bin/env python3
"""Generated `cardmap replay` scripts, valid and broken, checked against a model of the card stack.

    Tests/oracle/run_replay.py [--seconds N] [--seed S] [--cardmap PATH]

The model (from the cardmap command article's replay section and CardMap's Card stacks article, not from the Swift code) knows which
events and members are valid, keeps the stack of card ids, each paging card's page and each table
card's highlighted row (Esc clears one, and with none closes the card as ⌘W), and the last snapshot. For each script it predicts the first bad event: cardmap must print one line per
event before it, each with the model's stack and page, then exit 65 naming that event (or exit
0 when there is none). Scripts are written as JSON arrays and as one object per line.
Disagreements are saved under .build/oracle/replay-failures (exit 1).
"""

import json
import math
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_args  # noqa: E402

KEYS = ["ctrl+up", "ctrl+down", "cmd+w", "up", "down", "cmd+up", "cmd+down", "space", "return", "esc",
        "ctrl+left", "ctrl+right"]
CARD_MEMBERS = {"id", "position", "mapManager", "bbox", "pages", "rows", "titleHeight", "topButtons", "bottomButtons",
                "pitch", "margin", "verticalBarActions", "floatingItems", "floatingAlignment", "compass", "userTracking",
                "bearing", "infoView", "contentHeight"}
EVENT_MEMBERS = {"push": {"card"}, "drag": {"y", "velocity"}, "key": {"key", "rows"}, "page": {"index"},
                 "resize": {"device"}, "pop": set(), "tapTitle": set(), "tapMap": set(), "snapshot": set(),
                 "restore": set(), "keyboard": {"height"}}


class Bad(Exception):
    pass


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_whole(value):
    """A whole number that a Double holds exactly (|n| < 9·10¹⁵)."""
    return is_number(value) and float(value) == int(value) and abs(value) < 9.0e15


class Model:
    def __init__(self, devices, device):
        self.devices = devices  # name: (height, top safe area)
        self.screen = devices[device]
        self.keyboard = 0
        self.stack = None  # [[id, pages, page, rows, highlighted row or None]]
        self.snapshot = None

    def check_bbox(self, value):
        if not (isinstance(value, list) and len(value) == 4 and all(is_number(v) for v in value)
                and abs(value[1]) <= 90 and abs(value[3]) <= 90 and value[1] <= value[3]):
            raise Bad("bbox")

    def check_manager(self, holder):
        manager = holder.get("mapManager")
        if manager is not None and not isinstance(manager, str):
            raise Bad("mapManager")
        if "bbox" in holder:
            self.check_bbox(holder["bbox"])
            if manager is None:
                raise Bad("bbox without a manager")

    def card(self, card):
        if not isinstance(card, dict):
            raise Bad("card")
        if not isinstance(card.get("id"), str):
            raise Bad("id")
        if "position" in card and card["position"] not in ("collapsed", "peaking", "extended"):
            raise Bad("position")
        self.check_manager(card)
        pages = 0
        if "pages" in card:
            if not isinstance(card["pages"], list) or not card["pages"]:
                raise Bad("pages")
            for page in card["pages"]:
                if not isinstance(page, dict) or not isinstance(page.get("id"), str):
                    raise Bad("page")
                self.check_manager(page)
                if set(page) - {"id", "mapManager", "bbox"}:
                    raise Bad("page member")
            pages = len(card["pages"])
        if set(card) - CARD_MEMBERS:
            raise Bad("card member")
        for name in ("rows", "topButtons", "bottomButtons"):
            if name in card and not is_whole(card[name]):
                raise Bad(name)
        if "titleHeight" in card and not is_number(card["titleHeight"]):
            raise Bad("titleHeight")
        if card.get("rows", 0) < 0 or not 0 <= card.get("topButtons", 0) <= 64 \
                or not 0 <= card.get("bottomButtons", 0) <= 64 or card.get("titleHeight", 64) <= 0:
            raise Bad("range")
        # What a layout's card shows besides, as the layout takes it.
        for name in ("verticalBarActions", "floatingItems"):
            if name in card and not (is_whole(card[name]) and 0 <= card[name] <= 64):
                raise Bad(name)
        if "floatingAlignment" in card and card["floatingAlignment"] not in ("center", "leading", "trailing", "fill"):
            raise Bad("floatingAlignment")
        for name in ("compass", "userTracking"):
            if name in card and not isinstance(card[name], bool):
                raise Bad(name)
        if "bearing" in card and not is_number(card["bearing"]):
            raise Bad("bearing")
        info = card.get("infoView")
        if info is not None and not (isinstance(info, dict) and set(info) == {"width", "height"}
                                     and all(is_number(v) and v >= 0 for v in info.values())):
            raise Bad("infoView")
        height = card.get("contentHeight")
        if height is not None and not (is_number(height) and height >= 0):
            raise Bad("contentHeight")
        return [card["id"], pages, 0, int(card.get("rows", 0)), None]

    def apply(self, event):
        kind = event.get("event")
        if not isinstance(kind, str):
            raise Bad("event name")
        if kind not in EVENT_MEMBERS:
            raise Bad("unknown event")
        if kind != "push" and self.stack is None:
            raise Bad("no card yet")
        if kind == "push":
            entry = self.card(event.get("card"))
            if set(event) - {"event", "card"}:
                raise Bad("member")
            self.stack = [entry] if self.stack is None else self.stack + [entry]
            return
        if kind == "drag":
            if not is_number(event.get("y")) or ("velocity" in event and not is_number(event["velocity"])):
                raise Bad("drag")
        elif kind == "key":
            if event.get("key") not in KEYS:
                raise Bad("key")
            if "rows" in event and not (is_whole(event["rows"]) and 0 <= event["rows"] <= 2 ** 31 - 1):
                raise Bad("rows")
        elif kind == "page":
            if not is_whole(event.get("index")):
                raise Bad("index")
            top = self.stack[-1]
            if top[1] == 0 or not 0 <= event["index"] < top[1]:
                raise Bad("page range")
        elif kind == "resize":
            if event.get("device") not in self.devices:
                raise Bad("device")
        elif kind == "keyboard":
            # A keyboard leaves room under the top safe area.
            height = event.get("height")
            if not (is_number(height) and height >= 0 and self.screen[1] + height < self.screen[0]):
                raise Bad("keyboard")
        elif kind == "restore" and self.snapshot is None:
            raise Bad("no snapshot")
        if set(event) - {"event"} - EVENT_MEMBERS[kind]:
            raise Bad("member")
        # The effect.
        if kind == "resize":
            self.screen, self.keyboard = self.devices[event["device"]], 0
        elif kind == "keyboard":
            self.keyboard = event["height"]
        top = self.stack[-1]
        if kind == "key" and "rows" in event:
            # A table's rows now: the highlight keeps its row while it exists.
            top[3] = int(event["rows"])
            if top[4] is not None and top[4] >= top[3]:
                top[4] = None
        key = event.get("key") if kind == "key" else None
        if kind == "pop" or key == "cmd+w" or (key == "esc" and top[4] is None):
            # Esc with nothing highlighted closes the card, as ⌘W; never the root.
            if len(self.stack) > 1:
                self.stack = self.stack[:-1]
        elif key == "esc":
            top[4] = None
        elif key in ("up", "down", "cmd+up", "cmd+down") and top[3] > 0:
            last = top[3] - 1
            if key == "up":
                top[4] = last if top[4] is None else max(top[4] - 1, 0)
            elif key == "down":
                top[4] = 0 if top[4] is None else min(top[4] + 1, last)
            else:
                top[4] = 0 if key == "cmd+up" else last
        elif kind == "key" and event["key"] in ("ctrl+left", "ctrl+right") and self.stack[-1][1]:
            top = self.stack[-1]
            top[2] = min(max(top[2] + (1 if event["key"] == "ctrl+right" else -1), 0), top[1] - 1)
        elif kind == "page":
            self.stack[-1][2] = int(event["index"])
        elif kind == "snapshot":
            self.snapshot = [list(entry) for entry in self.stack]
        elif kind == "restore":
            self.stack = [list(entry) for entry in self.snapshot]


class Fuzz:
    def __init__(self, cardmap, seed, failures):
        self.cardmap = cardmap
        self.r = random.Random(seed)
        self.failures = failures
        self.counts = {"scripts": 0, "events": 0, "scripts with a bad event": 0, "disagreements": 0}
        devices = json.loads(subprocess.run([cardmap, "devices"], capture_output=True, check=True).stdout)
        self.devices = {device["name"]: (device["size"][1], device["safeArea"]["top"]) for device in devices}
        os.makedirs(failures, exist_ok=True)

    def bbox(self):
        r = self.r
        south = r.uniform(-80, 70)
        return [round(r.uniform(-180, 180), 4), round(south, 4), round(r.uniform(-180, 180), 4),
                round(south + r.uniform(0.001, 10), 4)]

    def card(self, index):
        r = self.r
        card = {"id": "c%d" % index}
        if r.random() < 0.6:
            card["position"] = r.choice(["collapsed", "peaking", "extended"])
        if r.random() < 0.8:
            card["mapManager"] = r.choice(["m1", "m2", "m3"])
            if r.random() < 0.7:
                card["bbox"] = self.bbox()
        if r.random() < 0.25:
            card["pages"] = [{"id": "p%d" % i, "mapManager": r.choice(["m1", "m4", None])}
                             for i in range(r.randint(1, 3))]
        if r.random() < 0.3:
            card["rows"] = r.randint(0, 6)
        if r.random() < 0.2:
            card["titleHeight"] = r.choice([64, 76.5, 29.04, 200])
        if r.random() < 0.2:
            card["floatingItems"] = r.randint(0, 4)
            card["floatingAlignment"] = r.choice(["center", "leading", "trailing", "fill"])
        if r.random() < 0.15:
            card["compass"], card["userTracking"] = r.random() < 0.5, r.random() < 0.5
            card["bearing"] = r.choice([0, 30, -90.5])
        if r.random() < 0.1:
            card["infoView"] = r.choice([{"width": 240, "height": 40}, None])
            card["contentHeight"] = r.choice([0, 300.5, None])
        if r.random() < 0.05:
            card["verticalBarActions"] = r.randint(0, 3)
        return card

    def event(self, index, guide):
        """An event, made valid for the stack `guide` models most of the time."""
        r = self.r
        kinds = ["push", "push", "pop", "drag", "drag", "tapTitle", "tapMap", "key", "key", "page", "resize",
                 "snapshot", "restore", "keyboard", "keyboard"]
        kind = r.choice(kinds)
        top = guide.stack[-1] if guide.stack else None
        if kind == "page" and top and top[1] and r.random() < 0.9:
            return {"event": "page", "index": r.randrange(top[1])}
        if (kind == "page" and r.random() < 0.8) or (kind == "restore" and guide.snapshot is None and r.random() < 0.8):
            kind = "drag"
        if kind == "push":
            return {"event": "push", "card": self.card(index)}
        if kind == "drag":
            event = {"event": "drag", "y": round(r.uniform(-50, 1400), 1)}
            if r.random() < 0.8:
                event["velocity"] = round(r.uniform(-3000, 3000))
            return event
        if kind == "key":
            return {"event": "key", "key": r.choice(KEYS)}
        if kind == "page":
            return {"event": "page", "index": r.randint(0, 2)}
        if kind == "resize":
            return {"event": "resize", "device": r.choice(sorted(self.devices))}
        if kind == "keyboard":
            # Up, changed or gone, now and then taller than the screen leaves.
            return {"event": "keyboard", "height": 0 if guide.keyboard and r.random() < 0.5 else
                    r.choice([r.uniform(1, 400), 260, 336, r.uniform(400, 1400)])}
        return {"event": kind}

    def mutate(self, event):
        r = self.r
        choice = r.random()
        target = event["card"] if "card" in event and r.random() < 0.6 and isinstance(event["card"], dict) else event
        if choice < 0.2:
            target[r.choice(["velocty", "extra", "Card", "rows", "titleHeight", "position", "index", "y", "floatingItems",
                             "compass", "infoView", "bearing", "contentHeight", "floatingAlignment", "height"])] = \
                r.choice(["5", 5, 2.5, None, "abc", [], -1, 1e308, True])
        elif choice < 0.4 and target:
            target.pop(r.choice(list(target)))
        elif choice < 0.55:
            event["event"] = r.choice(["fly", "Push", 5, None, ""])
        elif choice < 0.7:
            target["bbox"] = r.choice([[0, 100, 1, 101], [0, 10, 1, 5], [1, 2, 3], ["a", 1, 2, 3], 5])
        elif choice < 0.85:
            target["mapManager"] = r.choice([5, True, [], {}])
        else:
            key = r.choice(list(target)) if target else "x"
            target[key] = r.choice([{"nested": 1}, -5, 1e999 if False else 1e308, "x"])
        return event

    def disagree(self, script, detail):
        self.counts["disagreements"] += 1
        path = os.path.join(self.failures, "%03d" % self.counts["disagreements"])
        with open(path + ".json", "w") as f:
            f.write(script)
        with open(path + ".txt", "w") as f:
            f.write(detail)
        print("DISAGREE: %s" % detail[:400], file=sys.stderr)

    def one(self):
        r = self.r
        events = [{"event": "push", "card": self.card(0)}] if r.random() < 0.95 else []
        device = r.choice(sorted(self.devices))
        guide = Model(self.devices, device)
        for event in events:
            guide.apply(json.loads(json.dumps(event)))
        for i in range(r.randint(1, 14)):
            event = self.event(i + 1, guide)
            events.append(event)
            try:
                guide.apply(json.loads(json.dumps(event)))
            except Bad:
                pass
        if r.random() < 0.4:
            index = r.randrange(len(events))
            events[index] = self.mutate(events[index])
        model = Model(self.devices, device)
        expected = []
        bad_at = None
        # The keyboard's rule: coming up, the card goes to extended; going with only keyboard events
        # since it came, the card is where it was before (the line before it came up).
        came_up = None
        for index, event in enumerate(events):
            had_keyboard = model.keyboard
            try:
                model.apply(event)
            except Bad:
                bad_at = index
                break
            position = None
            if event["event"] != "keyboard":
                came_up = None
            elif not had_keyboard and model.keyboard:
                position, came_up = "extended", index - 1
            elif had_keyboard and not model.keyboard and came_up is not None and came_up >= 0:
                position, came_up = ("line", came_up), None
            expected.append([[entry[0] for entry in model.stack], model.stack[-1][2] if model.stack[-1][1] else None,
                             position])
        as_array = r.random() < 0.5
        script = json.dumps(events) if as_array else "\n".join(json.dumps(event) for event in events)
        process = subprocess.run([self.cardmap, "replay", "-", "--device", device] + r.choice([[], ["--os", "26"]]),
                                 input=script.encode(), capture_output=True, timeout=60)
        self.counts["scripts"] += 1
        self.counts["events"] += len(events)
        lines = process.stdout.decode().splitlines()
        stderr = process.stderr.decode()
        detail = "device %s\nexpected %s bad at %s\ngot exit %d, %d lines\n%s" % (
            device, expected, bad_at, process.returncode, len(lines), stderr[-1000:])
        if bad_at is not None:
            self.counts["scripts with a bad event"] += 1
            if process.returncode != 65 or ("event %d " % (bad_at + 1)) not in stderr:
                self.disagree(script, detail)
                return
        elif process.returncode != 0:
            self.disagree(script, detail)
            return
        if len(lines) != len(expected):
            self.disagree(script, detail)
            return
        values = []
        for line, (stack, page, position) in zip(lines, expected):
            try:
                value = json.loads(line, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
            except ValueError as error:
                self.disagree(script, "not strict JSON: %s\n%s" % (error, line))
                return
            values.append(value)
            if isinstance(position, tuple):
                position = values[position[1]]["position"]
            if value["stack"] != stack or value["page"] != page or position not in (None, value["position"]):
                self.disagree(script, detail + "\nline %d stack %s page %s position %s, model %s %s %s" % (
                    len(values), value["stack"], value["page"], value["position"], stack, page, position))
                return


def main():
    args = oracle_args.arguments(__doc__, "replay", 15)
    fuzz = Fuzz(args.cardmap, args.seed, args.failures)
    deadline = time.time() + args.seconds
    while time.time() < deadline:
        fuzz.one()
    print("replay oracle (seed %d): %s" % (args.seed, ", ".join("%s %d" % item for item in fuzz.counts.items())))
    return 1 if fuzz.counts["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
