#!/usr/bin/env python3
"""Content in another CRS, checked against GDAL: the fit of New York's boroughs from EPSG:2263 (NAD83 /
New York Long Island, US feet) equals the fit of the same data that `ogr2ogr -t_srs EPSG:4326` made.

The boroughs are the `nybb` shapefile that geopandas 0.14 ships (NYC Department of City Planning),
fetched from PyPI into the build folder at test time; `ogr2ogr` (Debian's gdal-bin) writes them as
GeoJSON twice: in EPSG:2263, with the legacy `crs` member GDAL adds, and in EPSG:4326. Then, on
several devices and positions:

- `cardmap fit boroughs-2263.geojson --from EPSG:2263`,
- `cardmap fit boroughs-2263.geojson` (the legacy `crs` member names the CRS),
- `cardmap fit boroughs-4326.geojson`,

must give the same content bbox and camera, to 1e-9°.

    python3 Tests/crs/nyc_boroughs.py [--cardmap .build/debug/cardmap]
"""
import argparse
import io
import json
import os
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests"))
import pypi  # noqa: E402
WORK = os.path.join(ROOT, ".build", "crs")
WHEEL = "geopandas==0.14.4"


def boroughs():
    """The two GeoJSON files, made once."""
    feet = os.path.join(WORK, "boroughs-2263.geojson")
    degrees = os.path.join(WORK, "boroughs-4326.geojson")
    if os.path.exists(feet) and os.path.exists(degrees):
        return feet, degrees
    os.makedirs(WORK, exist_ok=True)
    wheel = pypi.download(WHEEL, os.path.join(WORK, "wheel")) or pypi.skip("nyc boroughs", WHEEL)
    shapes = os.path.join(WORK, "nybb")
    with zipfile.ZipFile(wheel) as archive:
        inner = zipfile.ZipFile(io.BytesIO(archive.read("geopandas/datasets/nybb_16a.zip")))
        inner.extractall(shapes)
    shapefile = next(os.path.join(d, f) for d, _, files in os.walk(shapes) for f in files if f.endswith(".shp"))
    for target, extra in ((feet, []), (degrees, ["-t_srs", "EPSG:4326"])):
        if os.path.exists(target):
            os.remove(target)
        subprocess.run(["ogr2ogr", "-f", "GeoJSON"] + extra + [target, shapefile], check=True)
    return feet, degrees


def fit(cardmap, args):
    run = subprocess.run([cardmap, "fit"] + args, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("cardmap fit %s: %s" % (" ".join(args), run.stderr))
    value = json.loads(run.stdout)
    camera = value["camera"]
    return value["content"]["bbox"] + camera["center"] + camera["focus"] + [camera["zoom"]], value["content"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(ROOT, ".build", "debug", "cardmap"))
    args = parser.parse_args()
    feet, degrees = boroughs()
    worst = 0.0
    checks = 0
    for device in ("iphone-17", "ipad-11", "iphone-se-landscape"):
        for position in ("collapsed", "peaking", "extended"):
            screen = ["--device", device, "--position", position]
            reference, content = fit(args.cardmap, [degrees] + screen)
            for variant in ([feet, "--from", "EPSG:2263"], [feet]):
                numbers, _ = fit(args.cardmap, variant + screen)
                difference = max(abs(a - b) for a, b in zip(numbers, reference))
                worst = max(worst, difference)
                checks += 1
                if difference > 1e-9:
                    print("FAIL %s: differs from ogr2ogr's by %g" % (" ".join(variant + screen), difference))
                    return 1
    print("nyc boroughs: %d fits from EPSG:2263 equal ogr2ogr's EPSG:4326 (%d features, %d positions), "
          "worst difference %.2g° (zoom included)" % (checks, content["features"], content["positions"], worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
