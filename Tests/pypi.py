"""Third-party code from PyPI for the tests that check CardMap against it (MapLibre GL JS, geopandas'
sample data, dask), fetched at test time into .build and never committed.

Offline, a test that needs a package it does not have yet skips, saying so, and exits 0: `make test`
then runs everything else (under REQUIRE_ALL=1, as in CI, it fails instead). A package fetched once stays in .build and needs no network again.
"""
import os
import subprocess
import sys


def download(spec, folder):
    """The wheel of `spec` (`maplibre==0.3.6`) in `folder`, downloaded unless there; None offline."""
    wheel = _wheel_in(folder)
    if wheel:
        return wheel
    os.makedirs(folder, exist_ok=True)
    run = subprocess.run([sys.executable, "-m", "pip", "download", spec, "--no-deps", "-q", "-d", folder],
                         capture_output=True, text=True)
    return _wheel_in(folder) if run.returncode == 0 else None


def install(python, spec):
    """Installs `spec` into the virtual environment of `python`; False offline."""
    run = subprocess.run([python, "-m", "pip", "install", "-q", spec], capture_output=True, text=True)
    return run.returncode == 0


def venv(folder, spec, module, what):
    """The python of a virtual environment in `folder` that has `spec` (imported as `module`), made
    and filled once; offline, `skip(what, spec)`."""
    python = os.path.join(folder, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", folder], check=True)
    if subprocess.run([python, "-c", "import " + module], capture_output=True).returncode != 0:
        if not install(python, spec):
            skip(what, spec)
    return python


def skip(what, spec):
    """Ends the test with exit 0 and a line that says what was skipped and why; with exit 1 under
    REQUIRE_ALL=1 (which `make` sets when CI=true), where nothing may be skipped."""
    print("%s skipped: cannot fetch %s from PyPI (offline?); run it again with a network" % (what, spec))
    sys.exit(1 if os.environ.get("REQUIRE_ALL") == "1" else 0)


def _wheel_in(folder):
    if not os.path.isdir(folder):
        return None
    wheels = sorted(name for name in os.listdir(folder) if name.endswith(".whl"))
    return os.path.join(folder, wheels[0]) if wheels else None
