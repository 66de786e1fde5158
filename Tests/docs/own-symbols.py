#!/usr/bin/env python3
"""Keeps in a module's symbol graph only the symbols that the module declares.

A module that re-exports others (`@_exported import`) carries their symbols in its graph, with their
doc comments, whose links point into the other module's catalog. Each catalog documents its own
module; this drops the rest (and relationships from dropped symbols).

    own-symbols.py GRAPH.symbols.json SOURCE_DIR    (rewrites GRAPH in place)
"""
import json
import sys

path, source_dir = sys.argv[1], sys.argv[2].rstrip("/") + "/"
with open(path) as f:
    graph = json.load(f)
located = {
    s["identifier"]["precise"]
    for s in graph["symbols"]
    if source_dir in s.get("location", {}).get("uri", "")
}
# Members without a location (synthesised conformances) belong to their declared parent.
owners = {r["source"]: r["target"] for r in graph["relationships"] if r["kind"] == "memberOf"}
kept = {
    s["identifier"]["precise"]
    for s in graph["symbols"]
    if s["identifier"]["precise"] in located
    or ("location" not in s and owners.get(s["identifier"]["precise"]) in located)
}
graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] in kept]
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in kept]
with open(path, "w") as f:
    json.dump(graph, f)
