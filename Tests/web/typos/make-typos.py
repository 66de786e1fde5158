#!/usr/bin/env python3
"""Makes Tests/web/typos/typos.json: misspelt option names and what the engine's "did you mean"
(CardMap's `Suggestion`) answers for each, asked of the command line (`cardmap fit --<typo>`, whose
usage error says "Did you mean '--name'?" or nothing). The package's `nearest` (cardmap.mjs) and
the Swift tests hold themselves to it: one rule, two languages.

Typos are drawn with a fixed seed from `cardmap fit`'s own options: a swap of neighbours, a letter
dropped, added or changed, one to three of them, a change of case, and a few words far from all.

    python3 Tests/web/typos/make-typos.py --cardmap .build/debug/cardmap
"""
import argparse
import json
import os
import random
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
LETTERS = "abcdefghijklmnopqrstuvwxyz-"


def typo(rng, name):
    word = list(name)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        kind = rng.choice(["swap", "drop", "add", "change", "case"])
        i = rng.randrange(len(word))
        if kind == "swap" and len(word) > 1:
            i = min(i, len(word) - 2)
            word[i], word[i + 1] = word[i + 1], word[i]
        elif kind == "drop" and len(word) > 1:
            del word[i]
        elif kind == "add":
            word.insert(i, rng.choice(LETTERS))
        elif kind == "change":
            word[i] = rng.choice(LETTERS)
        else:
            word[i] = word[i].upper()
    return "".join(word)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardmap", default=os.path.join(HERE, "..", "..", "..", ".build", "debug", "cardmap"))
    parser.add_argument("--count", type=int, default=120)
    args = parser.parse_args()
    usage = subprocess.run([args.cardmap, "fit", "--help"], capture_output=True, text=True).stdout
    # In the order --help lists them, which is the order the command line asks them in (a tie goes to the earlier).
    names = [n for n in dict.fromkeys(re.findall(r"^\s*--([a-z][a-z-]*)", usage, re.M)) if n != "help"]
    rng = random.Random(7)
    words = [typo(rng, rng.choice(names)) for _ in range(args.count)] + ["zzz", "q", "geojsonnnnnnnnn", "x-y", "bnds"]
    rows = []
    for word in dict.fromkeys(words):
        if word in names or word.startswith("-") or not word:
            continue
        error = subprocess.run([args.cardmap, "fit", "--" + word], capture_output=True, text=True).stderr
        found = re.search(r"Unknown option '--(.*?)'\.(?: Did you mean '--(.*?)'\?)?", error)
        if not found or found.group(1) != word:
            raise SystemExit("cardmap fit --%s: no unknown-option error: %s" % (word, error[:200]))
        rows.append({"word": word, "nearest": found.group(2)})
    with open(os.path.join(HERE, "typos.json"), "w") as f:
        json.dump({"names": names, "typos": rows}, f, indent=1)
        f.write("\n")
    print("typos: %d words against %d option names, %d with a suggestion" % (
        len(rows), len(names), sum(1 for r in rows if r["nearest"])))


if __name__ == "__main__":
    main()
