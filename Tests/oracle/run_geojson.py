#!/usr/bin/env python3
"""Generated GeoJSON, valid and broken, through `cardmap project` and `cardmap fit`, checked
against the independent oracle in geojson_oracle.py.

    Tests/oracle/run_geojson.py [--seconds N] [--seed S] [--cardmap PATH]

Each round generates a batch of documents and mutations and checks:
- as an RFC 8142 sequence through `project --from EPSG:4326 --to EPSG:4326`: the same records
  accepted and skipped as the oracle says, and every accepted record written back with the same
  root, feature count and positions (bit for bit);
- the accepted ones as a sequence through `fit`, and newline-delimited: the same feature and
  position counts, and the same extent;
- a sample one by one as whole documents through `fit` (the input sniffing path): accepted or
  rejected (exit 65) as the oracle says, with the same counts and extent;
- the accepted ones inside ±85° through `project` to EPSG:3857 and back: Web Mercator as
  computed here to 1e-6 m, and the input back to 1e-9°.
Every run of the command reads with the parallel reader forced on at a random split (every 1 to
200 bytes, `CARDMAP_SPLIT_BYTES`) on 1 to 3 threads, or without it.
Disagreements are saved under .build/oracle/geojson-failures and fail the run (exit 1).
"""

import json
import math
import os
import random
import subprocess
import tempfile
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geojson_gen  # noqa: E402
import oracle_args  # noqa: E402
import geojson_oracle as oracle  # noqa: E402

RADIUS = 6378137.0


class Run:
    def __init__(self, cardmap, failures, seed):
        self.cardmap = cardmap
        self.splits = random.Random(seed)
        self.fits = 0
        self.failures = failures
        self.counts = {"inputs": 0, "accepted": 0, "rejected": 0, "documents run alone": 0, "fit batches": 0,
                       "round trips": 0, "disagreements": 0}
        os.makedirs(failures, exist_ok=True)

    def cardmap_run(self, arguments, data):
        # The parallel reader, forced on: every run splits its documents every few bytes (every
        # feature a split point) on one thread or two, or does not split at all.
        environment = dict(os.environ)
        split = self.splits.choice([0, 1, 2, 3, 5, 8, 13, 40, 200])
        if split:
            environment["CARDMAP_SPLIT_BYTES"] = str(split)
        if arguments[0] in ("fit", "project"):
            arguments = arguments + ["--threads", str(self.splits.choice([1, 2, 3]))]
        process = subprocess.run([self.cardmap] + arguments, input=data, capture_output=True, timeout=120,
                                 env=environment)
        if process.returncode < 0 or process.returncode not in (0, 1, 64, 65):
            self.disagree("crash", data, "exit %d\n%s" % (process.returncode, process.stderr.decode("utf-8", "replace")))
        return process

    def disagree(self, what, data, detail):
        self.counts["disagreements"] += 1
        index = self.counts["disagreements"]
        with open(os.path.join(self.failures, "%03d-%s.input" % (index, what.replace(" ", "-"))), "wb") as f:
            f.write(data)
        with open(os.path.join(self.failures, "%03d-%s.txt" % (index, what.replace(" ", "-"))), "w") as f:
            f.write(detail)
        print("DISAGREE %s: %s" % (what, detail[:400]), file=sys.stderr)

    # Sequences through project ------------------------------------------------------------------
    def project_sequence(self, cases):
        stream = b"".join(b"\x1e" + case + b"\n" for case in cases)
        records = oracle.records(stream)
        verdicts = [oracle.judge(record) for record in records]
        process = self.cardmap_run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:4326"], stream)
        skipped = set()
        for line in process.stderr.decode("utf-8", "replace").splitlines():
            if " skipped: " in line and line.startswith("warning: "):
                skipped.add(int(line.split("record ")[1].split(" ")[0]) - 1)
        outputs = oracle.records(process.stdout)
        accepted = [i for i, verdict in enumerate(verdicts) if verdict.accepted]
        expected_status = 0 if len(accepted) == len(records) else 65
        if process.returncode != expected_status:
            self.disagree("project status", stream, "exit %d, expected %d\n%s" % (
                process.returncode, expected_status, process.stderr.decode("utf-8", "replace")[-2000:]))
        for i, verdict in enumerate(verdicts):
            self.counts["inputs"] += 1
            self.counts["accepted" if verdict.accepted else "rejected"] += 1
            if verdict.accepted == (i in skipped):
                message = [line for line in process.stderr.decode("utf-8", "replace").splitlines()
                           if "record %d skipped" % (i + 1) in line]
                self.disagree("accept-reject", records[i], "oracle: %r; cardmap: %s" % (
                    verdict, message[0] if message else "accepted"))
        if len(outputs) != len([i for i in range(len(records)) if i not in skipped]):
            self.disagree("project records", stream, "%d records out for %d accepted" % (len(outputs), len(accepted)))
            return [records[i] for i in accepted]
        kept = [i for i in range(len(records)) if i not in skipped]
        for i, output in zip(kept, outputs):
            verdict = verdicts[i]
            if not verdict.accepted:
                continue
            written = oracle.judge(output)
            if not written.accepted:
                self.disagree("project output", records[i], "output rejected: %s\n%s" % (written.reason, output[:2000]))
                continue
            same = (written.root == verdict.root and written.features == verdict.features
                    and _same_positions(written.positions, verdict.positions))
            if not same:
                self.disagree("project output", records[i], "input %r, output %r\n%s" % (
                    verdict, written, output[:2000]))
        return [records[i] for i in accepted]

    # fit ----------------------------------------------------------------------------------------
    def fit(self, data, verdicts, what):
        """`fit` on `data`, whose records (or whole document) the oracle judged `verdicts`: from
        standard input, or every other time from a file (which the command maps)."""
        self.fits += 1
        if self.fits % 2:
            process = self.cardmap_run(["fit", "-", "--viewport", "400x400", "--insets", "top=0"], data)
        else:
            path = os.path.join(tempfile.gettempdir(), "cardmap-oracle-%d.geojson" % os.getpid())
            with open(path, "wb") as f:
                f.write(data)
            process = self.cardmap_run(["fit", path, "--viewport", "400x400", "--insets", "top=0"], b"")
            os.remove(path)
        positions = [p for verdict in verdicts if verdict.accepted for p in verdict.positions]
        features = sum(verdict.features for verdict in verdicts if verdict.accepted)
        if not all(verdict.accepted for verdict in verdicts):
            if process.returncode != 65:
                self.disagree(what, data, "exit %d, expected 65 (%r)" % (process.returncode, verdicts))
            return
        if not positions:
            if process.returncode != 65 or b"no content" not in process.stderr:
                self.disagree(what, data, "exit %d, expected 65 no content" % process.returncode)
            return
        if process.returncode != 0:
            self.disagree(what, data, "exit %d, expected 0 (%r)\n%s" % (
                process.returncode, verdicts, process.stderr.decode("utf-8", "replace")[-2000:]))
            return
        content = json.loads(process.stdout)["content"]
        box = oracle.extent(positions)
        if (content["features"] != features or content["positions"] != len(positions)
                or any(abs(a - b) > 1e-9 for a, b in zip(content["bbox"], box))):
            self.disagree(what, data, "cardmap %s, oracle features %d positions %d bbox %s" % (
                content, features, len(positions), box))

    # Web Mercator round trip ------------------------------------------------------------------
    def round_trip(self, documents):
        inside = []
        for document in documents:
            verdict = oracle.judge(document)
            if verdict.positions and all(abs(y) <= 85 and abs(x) <= 180 for x, y, _ in verdict.positions):
                inside.append((document, verdict))
        if not inside:
            return
        stream = b"".join(b"\x1e" + document + b"\n" for document, _ in inside)
        forward = self.cardmap_run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"], stream)
        back = self.cardmap_run(["project", "-", "--from", "EPSG:3857", "--to", "EPSG:4326"], forward.stdout)
        if forward.returncode != 0 or back.returncode != 0:
            self.disagree("round trip status", stream, "%d %d\n%s%s" % (
                forward.returncode, back.returncode, forward.stderr.decode(), back.stderr.decode()))
            return
        for (document, verdict), projected, returned in zip(
                inside, oracle.records(forward.stdout), oracle.records(back.stdout)):
            self.counts["round trips"] += 1
            mercator = oracle.judge(projected, checks_latitude=False).positions
            again = oracle.judge(returned).positions
            for (x, y, z), (mx, my, mz), (bx, by, bz) in zip(verdict.positions, mercator, again):
                ex = RADIUS * math.radians(x)
                ey = RADIUS * math.log(math.tan(math.pi / 4 + math.radians(y) / 2))
                if abs(mx - ex) > 1e-6 or abs(my - ey) > 1e-6 or abs(bx - x) > 1e-9 or abs(by - y) > 1e-9 \
                        or (z is None) != (mz is None) or (z is not None and (mz != z or bz != z)):
                    self.disagree("round trip", document, "(%r, %r, %r) → (%r, %r, %r), expected (%r, %r) → (%r, %r)" % (
                        x, y, z, mx, my, mz, ex, ey, bx, by))
                    break
            if len(mercator) != len(verdict.positions) or len(again) != len(verdict.positions):
                self.disagree("round trip count", document, "%d %d %d" % (
                    len(verdict.positions), len(mercator), len(again)))


def _same_positions(a, b):
    if len(a) != len(b):
        return False
    for (x, y, z), (u, v, w) in zip(a, b):
        if x != u or y != v or z != w:
            return False
    return True


def main():
    args = oracle_args.arguments(__doc__, "geojson", 20)
    run = Run(args.cardmap, args.failures, args.seed)
    gen = geojson_gen.Gen(args.seed)
    deadline = time.time() + args.seconds
    rounds = 0
    while time.time() < deadline:
        rounds += 1
        cases = []
        for _ in range(40):
            document = gen.document()
            cases.append(gen.text(document).encode("utf-8") if gen.r.random() < 0.5 else gen.mutate(document))
        accepted = run.project_sequence(cases)
        # fit: the accepted records as one RFC 8142 sequence, and newline-delimited (compact lines).
        verdicts = [oracle.judge(record) for record in accepted]
        if accepted:
            run.counts["fit batches"] += 1
            run.fit(b"".join(b"\x1e" + record + b"\n" for record in accepted), verdicts, "fit sequence")
            lines = [json.dumps(json.loads(record), separators=(",", ":"), ensure_ascii=False).encode("utf-8")
                     for record in accepted if b"1e999" not in record]
            if len(lines) >= 2:
                run.fit(b"\n".join(lines) + b"\n", [oracle.judge(line) for line in lines], "fit newline-delimited")
        # Whole documents one by one (the sniffing path), valid and broken alike.
        for case in cases[:6]:
            run.counts["documents run alone"] += 1
            run.fit(case, [oracle.judge(case)], "fit document")
        run.round_trip(accepted[:10])
    counts = ", ".join("%s %d" % item for item in run.counts.items())
    print("geojson oracle (seed %d, %d rounds): %s" % (args.seed, rounds, counts))
    return 1 if run.counts["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
