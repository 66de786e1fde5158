#!/usr/bin/env python3
"""Examples/dask/reproject.py on a real Dask engine: a `distributed.LocalCluster` (PyPI's
`dask[distributed]`, installed into its own virtual environment in the build folder) reprojects a
newline-delimited GeoJSON file in several partitions, and the output must be byte for byte what one
`cardmap project` writes, with the reduced extent equal to `cardmap fit`'s on the whole file.

    python3 Tests/dask/run_dask.py [--cardmap .build/debug/cardmap] [--records 20000]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests"))
import pypi  # noqa: E402
VENV = os.path.join(ROOT, ".build", "dask-venv")
DASK = "dask[distributed]==2024.8.0"


def python_with_dask():
    return pypi.venv(VENV, DASK, "distributed", "dask")


def write_records(path, count, seed):
    """Routes around the world, some across the antimeridian, one record per line."""
    r = random.Random(seed)
    with open(path, "w") as f:
        for i in range(count):
            lon = r.uniform(150, 200)
            lat = r.uniform(-60, 60)
            points = [[round(((lon + k * 0.3 + 180) % 360) - 180, 6), round(lat + r.uniform(-1, 1), 6)] for k in range(4)]
            f.write(json.dumps({"type": "Feature", "id": i, "properties": {"n": i},
                                "geometry": {"type": "LineString", "coordinates": points}}, separators=(",", ":")))
            f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(ROOT, ".build", "debug", "cardmap"))
    parser.add_argument("--records", type=int, default=20000)
    args = parser.parse_args()
    cardmap = os.path.abspath(args.cardmap)
    python = python_with_dask()
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "routes.geojsons")
        write_records(source, args.records, 8142)
        size = os.path.getsize(source)
        one = subprocess.run([cardmap, "project", source, "--from", "EPSG:4326", "--to", "EPSG:3857", "--quiet"],
                             capture_output=True, check=True).stdout
        whole = json.loads(subprocess.run([cardmap, "fit", source, "--viewport", "512x512", "--insets", "top=0"],
                                          capture_output=True, check=True).stdout)["content"]["bbox"]
        out = os.path.join(work, "routes-3857.geojsons")
        started = time.time()
        run = subprocess.run(
            [python, os.path.join(ROOT, "Examples", "dask", "reproject.py"), source, out, "--from", "EPSG:4326",
             "--to", "EPSG:3857", "--local-workers", "2", "--partition-mb", str(size / 6 / 1024 / 1024),
             "--cardmap", cardmap], capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            print(run.stderr[-3000:], file=sys.stderr)
            return 1
        report = json.loads(run.stdout.strip().splitlines()[-1])
        with open(out, "rb") as f:
            distributed = f.read()
        if distributed != one:
            print("FAIL: the cluster's output differs from one cardmap project's", file=sys.stderr)
            return 1
        if report["partitions"] < 2 or any(abs(a - b) > 1e-9 for a, b in zip(report["bbox"], whole)):
            print("FAIL: extent %s over %d partitions, cardmap fit says %s" % (report["bbox"], report["partitions"], whole),
                  file=sys.stderr)
            return 1
        print("dask: %d records (%.1f MB) in %d partitions on a LocalCluster of 2 workers in %.1f s: output identical "
              "to one process, extent %s equal to cardmap fit's (across the antimeridian)" % (
                  args.records, size / 1e6, report["partitions"], time.time() - started, report["bbox"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
