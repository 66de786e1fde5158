#!/usr/bin/env python3
"""Reprojects a large newline-delimited GeoJSON file on a Dask cluster, through `cardmap project`.

The file is cut into partitions at line boundaries (each record is one line). Every partition goes to
a worker, which streams it through `cardmap project` and returns the projected lines; the driver
writes them back in order, so the output is byte for byte what one `cardmap project` would write.
Each worker also reports its partition's lon/lat extent (`cardmap fit`'s `content.bbox`), and the
driver reduces them to the file's extent, across the antimeridian when that is smaller.

    python3 Examples/dask/reproject.py IN.geojsons OUT.geojsons --from EPSG:4326 --to EPSG:3857 \\
        [--scheduler tcp://host:8786 | --local-workers 2] [--partition-mb 64] [--cardmap PATH]

`cardmap` must be on every worker's PATH (or given with --cardmap, the same path everywhere). With
`--scheduler` it uses a running cluster (`dask scheduler` and `dask worker` on your machines, or any
deployment); otherwise it starts a LocalCluster with --local-workers processes.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys


def partitions(path, size):
    """Byte ranges of `path` of about `size` bytes each, ending at line boundaries."""
    total = os.path.getsize(path)
    ranges = []
    with open(path, "rb") as f:
        start = 0
        while start < total:
            f.seek(min(start + size, total))
            f.readline()  # to the end of the line the cut falls in
            end = min(f.tell(), total)
            ranges.append((start, end))
            start = end
    return ranges


def project_partition(cardmap, path, start, end, source, target):
    """Runs on a worker: the partition's lines through `cardmap project`, and its lon/lat extent."""
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read(end - start)
    if not data.strip():
        return b"", None
    projected = subprocess.run([cardmap, "project", "-", "--from", source, "--to", target, "--quiet"],
                               input=data, capture_output=True)
    if projected.returncode != 0:
        raise RuntimeError("cardmap project failed on bytes %d-%d: %s" % (start, end, projected.stderr.decode()))
    fit = subprocess.run([cardmap, "fit", "-", "--viewport", "512x512", "--insets", "top=0"] +
                         (["--from", source] if source not in ("EPSG:4326", "OGC:CRS84") else []),
                         input=data, capture_output=True)
    if fit.returncode != 0:
        raise RuntimeError("cardmap fit failed on bytes %d-%d: %s" % (start, end, fit.stderr.decode()))
    return projected.stdout, json.loads(fit.stdout)["content"]["bbox"]


def union(boxes):
    """The smallest lon/lat box holding every box: latitudes min/max, and for longitudes the shortest
    arc of the circle that covers every box's arc (west > east when it crosses the antimeridian)."""
    boxes = [b for b in boxes if b]
    if not boxes:
        return None
    south = min(b[1] for b in boxes)
    north = max(b[3] for b in boxes)
    arcs = [((w + 180) % 360, e - w if e >= w else e - w + 360) for w, _, e, _ in boxes]
    if any(span >= 360 for _, span in arcs):
        return [-180, south, 180, north]

    def covered(point, skip):
        return any(k != skip and 0 <= (point - start) % 360 < span for k, (start, span) in enumerate(arcs))

    # The widest uncovered gap starts at some arc's end that no other arc covers, and ends at the
    # nearest arc's start; the union runs from that start to that end (the boxes' own numbers).
    best = None
    for i, (start, span) in enumerate(arcs):
        end = (start + span) % 360
        if covered(end, i):
            continue
        gap, j = min(((other - end) % 360 or 360, j) for j, (other, _) in enumerate(arcs))
        if best is None or gap > best[0]:
            best = (gap, i, j)
    if best is None:
        return [-180, south, 180, north]
    _, i, j = best
    return [boxes[j][0], south, boxes[i][2], north]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--from", dest="source", required=True)
    parser.add_argument("--to", dest="target", required=True)
    parser.add_argument("--scheduler", help="a running Dask scheduler's address")
    parser.add_argument("--local-workers", type=int, default=2)
    parser.add_argument("--partition-mb", type=float, default=64)
    parser.add_argument("--cardmap", default=shutil.which("cardmap") or "cardmap")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster

    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.local_workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        path = os.path.abspath(args.input)
        ranges = partitions(path, int(args.partition_mb * 1024 * 1024))
        futures = [client.submit(project_partition, args.cardmap, path, start, end, args.source, args.target,
                                 pure=False) for start, end in ranges]
        boxes = []
        with open(args.output + ".tmp", "wb") as out:
            for future in futures:  # in order: the output is the input's order
                data, box = future.result()
                out.write(data)
                boxes.append(box)
        os.replace(args.output + ".tmp", args.output)
        print(json.dumps({"partitions": len(ranges), "bbox": union(boxes)}))
    finally:
        client.close()
        if cluster:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
