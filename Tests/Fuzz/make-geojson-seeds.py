#!/usr/bin/env python3
"""Writes the GeoJSON fuzzer's structural seeds into Tests/Fuzz/corpus/geojson: every geometry
type alone, inside a GeometryCollection (nested two deep), inside a Feature and a
FeatureCollection, 3D, with bbox and foreign members, and both kinds of sequence. Run it again
after changing it; the seeds are checked in."""

import json
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "geojson")
RING = [[100, 0], [101, 0], [101, 1], [100, 1], [100, 0]]
COORDINATES = {
    "Point": [100, 0],
    "MultiPoint": [[100, 0], [101, 1, 5]],
    "LineString": [[100, 0], [101, 1]],
    "MultiLineString": [[[100, 0], [101, 1]], [[102, 2], [103, 3]]],
    "Polygon": [RING],
    "MultiPolygon": [[RING], [RING, [[100.2, 0.2], [100.8, 0.2], [100.8, 0.8], [100.2, 0.2]]]],
}


def geometry(kind):
    return {"type": kind, "coordinates": COORDINATES[kind]}


def write(name, value):
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def main():
    os.makedirs(HERE, exist_ok=True)
    for kind in COORDINATES:
        lower = kind.lower()
        write("%s.json" % lower, geometry(kind))
        write("collection-%s.json" % lower, {"type": "GeometryCollection", "geometries": [geometry(kind)]})
        write("nested-collection-%s.json" % lower, {"type": "Feature", "properties": None, "geometry": {
            "type": "GeometryCollection", "geometries": [geometry("Point"), {
                "type": "GeometryCollection", "geometries": [geometry(kind)]}]}})
        write("feature-collection-%s.json" % lower, {"type": "FeatureCollection", "bbox": [100, 0, 103, 3], "features": [
            {"type": "Feature", "id": 1, "geometry": geometry(kind), "properties": {"name": kind}, "title": "x"},
            {"type": "Feature", "geometry": None, "properties": None}]})
    collection = {"type": "GeometryCollection", "geometries": [geometry(kind) for kind in COORDINATES]}
    feature = {"type": "Feature", "geometry": collection, "properties": {"a": [1, {"b": None}]}}
    write("collection-of-all.json", collection)
    write("sequence-rs.geojsons", "".join("\x1e" + json.dumps(feature) + "\n" for _ in range(2)))
    write("sequence-lines.geojsons", "".join(json.dumps(geometry(kind)) + "\n" for kind in COORDINATES))


if __name__ == "__main__":
    main()
