"""The command line the three oracle runners share."""

import argparse
import os
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def arguments(doc, name, seconds):
    """--seconds, --seed, --cardmap and --failures (under .build/oracle/NAME-failures)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=seconds)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--cardmap", default=os.path.join(ROOT, ".build/debug/cardmap"))
    parser.add_argument("--failures", default=os.path.join(ROOT, ".build/oracle/%s-failures" % name))
    return parser.parse_args()
