#!/usr/bin/env python3
"""Every Swift example in the README and the DocC articles is code that compiles and runs.

Each ```swift block must be, line for line, a shown part of a file in Snippets/: the lines between
`// snippet.show` and `// snippet.hide` (SwiftPM's snippet markers; a file shows from its start
until its first `// snippet.hide`), dedented. SwiftPM builds every snippet with `swift build`, and
`make snippets` runs each one, whose hidden lines check the values the shown comments claim.

One kind of block is not Swift to compile: a fragment of a package manifest (it holds
`.package(`); the consumer packages of Tests/consumer build that dependency for real.

    python3 Tests/docs/snippets.py      (from the repository; make snippets runs it)
"""
import pathlib
import re
import sys
import textwrap

root = pathlib.Path(__file__).resolve().parents[2]


def shown_parts(path):
    """The shown parts of a snippet, each dedented, without blank lines at its ends."""
    parts, current, showing = [], [], True
    for line in path.read_text().splitlines():
        marker = line.strip()
        if marker == "// snippet.hide":
            if showing and current:
                parts.append(current)
            current, showing = [], False
        elif marker == "// snippet.show":
            current, showing = [], True
        elif showing:
            current.append(line)
    if showing and current:
        parts.append(current)
    return {textwrap.dedent("\n".join(part)).strip("\n") for part in parts}


def blocks(path):
    """(line, text) of every ```swift block of a Markdown file."""
    found, lines, start = [], None, 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if lines is None and line.strip() == "```swift":
            lines, start = [], number
        elif lines is not None and line.strip() == "```":
            found.append((start, textwrap.dedent("\n".join(lines)).strip("\n")))
            lines = None
        elif lines is not None:
            lines.append(line)
    return found


snippets = sorted((root / "Snippets").glob("*.swift"))
shown = set().union(*(shown_parts(path) for path in snippets))
documents = [root / "README.md"] + sorted(root.glob("Sources/*/*.docc/*.md"))
failures, checked = [], 0
for document in documents:
    for line, text in blocks(document):
        if ".package(" in text:
            continue
        checked += 1
        if text not in shown:
            first = text.splitlines()[0] if text else ""
            failures.append(f"{document.relative_to(root)}:{line}: not a shown part of any Snippets/*.swift: {first}")
for failure in failures:
    print(failure, file=sys.stderr)
if failures:
    sys.exit(1)
print(f"snippets: {checked} Swift examples in {len(documents)} documents are shown parts of {len(snippets)} snippets")
