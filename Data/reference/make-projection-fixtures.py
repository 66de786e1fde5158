#!/usr/bin/env python3
"""Makes projection reference fixtures with PROJ's own command-line tool, cs2cs (Debian proj-bin).

Writes projection-fixtures.tsv: one line per point, columns
    source  target  lon  lat  x  y
where x, y are what `cs2cs -d 10 SOURCE TARGET` printed (lon/lat input order is arranged by this
script: EPSG:4326 takes latitude first in cs2cs). Failures print as `inf`.

Run from anywhere:  python3 Data/reference/make-projection-fixtures.py
"""
import os
import random
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "projection-fixtures.tsv")

def web_mercator_points():
    pts = []
    for lon in (-180, -179.999999, -120.5, -45, -0.000001, 0, 0.000001, 45, 120.5, 179.999999, 180):
        for lat in (-85.0511287798, -85.05, -60, -33.8688, -1e-9, 0, 1e-9, 33.8688, 60, 85.05, 85.0511287798):
            pts.append((lon, lat))
    pts += [(0, 90), (0, -90), (180, 90), (-180, -90)]  # the poles: Web Mercator has no image there
    rng = random.Random(4326)
    for _ in range(200):
        pts.append((rng.uniform(-180, 180), rng.uniform(-85.0511, 85.0511)))
    return pts

def utm_points(zone, south):
    cm = -183 + 6 * zone
    pts = []
    for dlon in (-3, -2.999999, -1.5, 0, 1.5, 2.999999, 3):
        for lat in ((-80, -60, -33.8688, -10, -0.5, 0) if south else (0, 0.5, 10, 33.8688, 60, 84)):
            pts.append((cm + dlon, lat))
    pts.append((cm, -90 if south else 90))  # the pole of the zone's hemisphere
    rng = random.Random(zone * (2 if south else 1))
    for _ in range(100):
        lat = rng.uniform(-80, 0) if south else rng.uniform(0, 84)
        pts.append((cm + rng.uniform(-3, 3), lat))
    return pts

def cs2cs(source, target, pts):
    # cs2cs follows the authority's axis order: EPSG:4326 is latitude, longitude.
    lines = "".join(f"{lat!r} {lon!r}\n" for lon, lat in pts)
    out = subprocess.run(["cs2cs", "-d", "10", source, target], input=lines,
                         capture_output=True, text=True, check=True).stdout
    rows = []
    for (lon, lat), line in zip(pts, out.splitlines()):
        fields = line.split()
        rows.append((source, target, lon, lat, fields[0], fields[1]))
    return rows

def main():
    rows = cs2cs("EPSG:4326", "EPSG:3857", web_mercator_points())
    for zone, south in ((33, False), (33, True), (1, False), (60, True), (56, True), (31, False)):
        code = f"EPSG:{327 if south else 326}{zone:02d}"
        rows += cs2cs("EPSG:4326", code, utm_points(zone, south))
    # UTM on GRS 80 (ETRS89), from ETRS89's own lon/lat and from WGS 84's (a null transformation).
    rows += cs2cs("EPSG:4258", "EPSG:25832", utm_points(32, False))
    rows += cs2cs("EPSG:4326", "EPSG:25838", utm_points(38, False))
    with open(OUT, "w") as f:
        f.write("# made by make-projection-fixtures.py with " +
                subprocess.run(["cs2cs"], capture_output=True, text=True).stderr.splitlines()[0] + "\n")
        f.write("source\ttarget\tlon\tlat\tx\ty\n")
        for r in rows:
            f.write("\t".join(str(v) if not isinstance(v, float) else repr(v) for v in r) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")

if __name__ == "__main__":
    main()
