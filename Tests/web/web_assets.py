#!/usr/bin/env python3
"""Leaflet 1.9.3 (its script and stylesheet) and proj4js, the web's map client and projection
library that CardMap's web engine is checked and benchmarked against, from PyPI's django-leaflet
wheel: fetched at test time into .build/browser/web, never committed. Prints the folder.

    python3 Tests/web/web_assets.py
"""
import json
import os
import shutil
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "browser"))
import harness  # noqa: E402
import pypi  # noqa: E402

WHEEL = "django-leaflet==0.34.0"  # carries Leaflet 1.9.3 and proj4js
FOLDER = os.path.join(harness.WORK, "web")


def fetch():
    """The folder holding leaflet.js, leaflet.css and proj4.js, fetched once."""
    os.makedirs(FOLDER, exist_ok=True)
    names = ("leaflet.js", "leaflet.css", "proj4.js")
    if all(os.path.exists(os.path.join(FOLDER, name)) for name in names):
        return FOLDER
    wheel = pypi.download(WHEEL, os.path.join(harness.WORK, "leaflet-wheel")) or pypi.skip(
        "the web engine's checks against Leaflet and proj4js", WHEEL)
    with zipfile.ZipFile(wheel) as archive:
        for name in names:
            with archive.open("leaflet/static/leaflet/" + name) as source, open(os.path.join(FOLDER, name), "wb") as out:
                shutil.copyfileobj(source, out)
    return FOLDER


def page_folder(name, wasm):
    """A folder of .build/browser for a test's pages (`harness.LivePages` serves it): the engine
    (`wasm`, as cardmap.wasm) beside the package's modules (Sources/CardMapWasm/js, its layers'
    folders and its entry points)."""
    folder = os.path.join(harness.WORK, name)
    os.makedirs(folder, exist_ok=True)
    shutil.copytree(os.path.join(harness.ROOT, "Sources", "CardMapWasm", "js"), folder, dirs_exist_ok=True)
    shutil.copy(wasm, os.path.join(folder, "cardmap.wasm"))
    return folder


def installed(package, name, manifest):
    """The package folder `package` packed by `npm pack` and installed offline (`npm install
    --offline`) into a fresh folder `name` of .build/browser whose package.json is `manifest`, as a
    web developer installs it: (the tarball, the folder)."""
    packs = os.path.join(harness.WORK, name + "-pack")
    shutil.rmtree(packs, ignore_errors=True)
    os.makedirs(packs)
    _run(["npm", "pack", "--pack-destination", packs], package)
    tarball = os.path.join(packs, os.listdir(packs)[0])
    folder = os.path.join(harness.WORK, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(os.path.join(folder, "package.json"), "w") as f:
        json.dump(manifest, f)
    _run(["npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], folder)
    return tarball, folder


def _run(command, cwd):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("%s failed in %s:\n%s%s" % (" ".join(command), cwd, done.stdout[-2000:], done.stderr[-2000:]))


if __name__ == "__main__":
    print(fetch())
