#!/usr/bin/env python3
"""Writes sydney-harbour.geojson: land and water polygons of Port Jackson (Sydney Harbour, Middle
Harbour, the heads) from GSHHG's full-resolution shorelines, for the ferries example app's map and
`cardmap render`'s and `cardmap page`'s basemap where the view lies inside this region.

GSHHG (Wessel and Smith, LGPL; see NOTICE.md beside this file) comes with Debian's
`gmt-gshhg-full`; GMT (`gmt`) cuts the region's shorelines out of it and tells land from water. The
shoreline pieces, closed along the region's edges, divide the region into faces (shapely's
polygonize); each face is land or water as GMT says of a point inside it.

    apt-get install gmt gmt-gshhg-full
    python3 -m venv /tmp/shapely && /tmp/shapely/bin/pip install shapely
    /tmp/shapely/bin/python Data/harbour/make-harbour.py > Data/harbour/sydney-harbour.geojson
"""
import json
import subprocess

from shapely.geometry import LineString, box, mapping
from shapely.ops import polygonize, unary_union

WEST, EAST, SOUTH, NORTH = 151.15, 151.32, -33.90, -33.77
REGION = "-R%g/%g/%g/%g" % (WEST, EAST, SOUTH, NORTH)


def shorelines():
    """The region's shoreline pieces from GMT (`coast -Df -M -W`), as point lists."""
    text = subprocess.run(["gmt", "coast", REGION, "-Df", "-M", "-W"], capture_output=True, text=True, check=True).stdout
    pieces, current = [], []
    for line in text.splitlines():
        if line.startswith(">"):
            if len(current) > 1:
                pieces.append(current)
            current = []
        elif line.strip():
            x, y = map(float, line.split()[:2])
            current.append((x, y))
    if len(current) > 1:
        pieces.append(current)
    return pieces


def on_land(points):
    """Which of `points` GMT puts on land (`select -Ns/k`: wet skipped, dry kept)."""
    text = "\n".join("%.9f %.9f" % p for p in points) + "\n"
    kept = subprocess.run(["gmt", "select", REGION, "-Df", "-Ns/k"], input=text, capture_output=True, text=True,
                          check=True).stdout
    return {tuple(round(float(v), 6) for v in line.split()[:2]) for line in kept.splitlines() if line.strip()}


def rounded(geometry):
    """Coordinates to 6 decimals (about 0.1 m), which GSHHG's full resolution does not exceed."""
    def ring(coordinates):
        return [[round(x, 6), round(y, 6)] for x, y in coordinates]
    return {"type": "Polygon", "coordinates": [ring(r) for r in geometry["coordinates"]]}


def main():
    edges = unary_union([LineString(p) for p in shorelines()] + [box(WEST, SOUTH, EAST, NORTH).exterior])
    faces = [face for face in polygonize(edges) if face.area > 0]
    probes = [face.representative_point() for face in faces]
    land = on_land([(p.x, p.y) for p in probes])
    features = []
    for face, probe in zip(faces, probes):
        kind = "land" if (round(probe.x, 6), round(probe.y, 6)) in land else "water"
        features.append({"type": "Feature", "properties": {"kind": kind}, "geometry": rounded(mapping(face.simplify(0)))})
    features.sort(key=lambda f: f["properties"]["kind"])
    print(json.dumps({"type": "FeatureCollection", "bbox": [WEST, SOUTH, EAST, NORTH], "features": features},
                     separators=(",", ":")))


if __name__ == "__main__":
    main()
