#!/usr/bin/env python3
"""Writes sydney-ferry-network.geojson: five of Sydney Ferries' routes from Circular Quay (F1 Manly,
F2 Taronga Zoo, F4 Pyrmont Bay, F5 Neutral Bay, F6 Mosman Bay) with their wharves, for the example
app (Examples/ferries).

The wharves' positions are OpenStreetMap's ferry terminals (`amenity=ferry_terminal`), rounded to
four decimals (about 10 m), and the stops are Transport for NSW's published routes. GSHHG's
shoreline (Data/harbour), which the example's map draws, is coarser than a wharf (steps of about
80 m): so that each wharf lies in its water, it moves to the nearest water on a grid of 0.0004°
(about 40 m), and each leg is the shortest path through that water from wharf to wharf (GMT's
`select` says which grid points are wet), simplified within 20 m. The lines are a map's overview,
not a ferry's track.

    apt-get install gmt gmt-gshhg-full
    python3 Data/samples/make-sydney-ferry-network.py > Data/samples/sydney-ferry-network.geojson
"""
import heapq
import json
import math
import subprocess

WHARVES = {
    "Circular Quay": (151.2108, -33.8611),
    "Manly": (151.2847, -33.8003),
    "Taronga Zoo": (151.2394, -33.8453),
    "Barangaroo": (151.2016, -33.8612),
    "Balmain East": (151.1932, -33.8566),
    "Pyrmont Bay": (151.1967, -33.8679),
    "McMahons Point": (151.2046, -33.8455),
    "Milsons Point": (151.2108, -33.8478),
    "Kirribilli": (151.2166, -33.8488),
    "Neutral Bay": (151.2186, -33.8393),
    "Kurraba Point": (151.2227, -33.8425),
    "Cremorne Point": (151.2318, -33.8466),
    "South Mosman": (151.2371, -33.8424),
    "Old Cremorne": (151.2313, -33.8398),
    "Mosman Bay": (151.2329, -33.8306),
}

# Each route: its number, its name (the last stop) and its stops in order.
ROUTES = [
    ("F1", "Manly", ["Circular Quay", "Manly"]),
    ("F2", "Taronga Zoo", ["Circular Quay", "Taronga Zoo"]),
    ("F4", "Pyrmont Bay", ["Circular Quay", "Milsons Point", "McMahons Point", "Barangaroo", "Balmain East", "Pyrmont Bay"]),
    ("F5", "Neutral Bay", ["Circular Quay", "Kirribilli", "Kurraba Point", "Neutral Bay"]),
    ("F6", "Mosman Bay", ["Circular Quay", "Cremorne Point", "South Mosman", "Old Cremorne", "Mosman Bay"]),
]

WEST, EAST, SOUTH, NORTH = 151.15, 151.32, -33.90, -33.77
STEP = 0.0004


class Water:
    """The grid's wet points, as GMT's full-resolution shoreline says."""

    def __init__(self):
        self.columns = int(round((EAST - WEST) / STEP)) + 1
        self.rows = int(round((NORTH - SOUTH) / STEP)) + 1
        points = ["%.6f %.6f" % self.position((i, j)) for j in range(self.rows) for i in range(self.columns)]
        kept = subprocess.run(["gmt", "select", "-R%g/%g/%g/%g" % (WEST, EAST, SOUTH, NORTH), "-Df", "-Nk/s"],
                              input="\n".join(points) + "\n", capture_output=True, text=True, check=True).stdout
        self.wet = {self.cell(tuple(map(float, line.split()[:2]))) for line in kept.splitlines() if line.strip()}

    def position(self, cell):
        return (WEST + cell[0] * STEP, SOUTH + cell[1] * STEP)

    def cell(self, position):
        return (int(round((position[0] - WEST) / STEP)), int(round((position[1] - SOUTH) / STEP)))

    def nearest(self, position):
        """The wet cell nearest `position`."""
        return min(self.wet, key=lambda c: math.dist(self.position(c), position))

    def path(self, start, goal):
        """The shortest 8-connected path of wet cells from `start` to `goal` (A*)."""
        queue, came, cost = [(0.0, start)], {start: None}, {start: 0.0}
        while queue:
            _, here = heapq.heappop(queue)
            if here == goal:
                break
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    there = (here[0] + dx, here[1] + dy)
                    if (dx or dy) and there in self.wet:
                        new = cost[here] + math.hypot(dx, dy)
                        if new < cost.get(there, math.inf):
                            cost[there], came[there] = new, here
                            heapq.heappush(queue, (new + math.dist(there, goal), there))
        cells, here = [], goal
        while here is not None:
            cells.append(here)
            here = came[here]
        return [self.position(c) for c in reversed(cells)]


def simplified(points, tolerance=0.0002):
    """Douglas–Peucker within `tolerance` degrees (about 20 m)."""
    if len(points) < 3:
        return points
    (x0, y0), (x1, y1) = points[0], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1e-12
    distances = [abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length for x, y in points[1:-1]]
    far = max(range(len(distances)), key=distances.__getitem__)
    if distances[far] <= tolerance:
        return [points[0], points[-1]]
    return simplified(points[:far + 2], tolerance)[:-1] + simplified(points[far + 1:], tolerance)


def feature(geometry, **properties):
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def main():
    water = Water()
    wharves = {name: water.nearest(position) for name, position in WHARVES.items()}
    features = []
    for route, name, stops in ROUTES:
        line = []
        for a, b in zip(stops, stops[1:]):
            leg = simplified(water.path(wharves[a], wharves[b]))
            line += leg if not line else leg[1:]
        features.append(feature({"type": "LineString", "coordinates": [[round(x, 5), round(y, 5)] for x, y in line]},
                                name="%s %s" % (route, name), route=route, stops=stops))
    for name, cell in wharves.items():
        routes = [route for route, _, stops in ROUTES if name in stops]
        x, y = water.position(cell)
        features.append(feature({"type": "Point", "coordinates": [round(x, 5), round(y, 5)]}, name=name, kind="wharf",
                                routes=routes))
    print(json.dumps({"type": "FeatureCollection", "features": features}, indent=1))


if __name__ == "__main__":
    main()
