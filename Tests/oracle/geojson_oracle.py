"""An independent oracle for CardMap's GeoJSON reader: Python's stdlib `json` plus the rules of
RFC 7946 as GeoJSONIO's "GeoJSON rules" article states them. It shares no code with the Swift reader.

`judge(data, checks_latitude=True)` returns a `Verdict`: accepted with the features, positions and
extent the reader must report, or rejected with the rule that rejects it.
"""

import json
import math

MAX_DEPTH = 128
GEOMETRY_TYPES = {"Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"}
# RFC 7946 §7.1: the members that define each kind of object.
DEFINING = {"coordinates", "geometries", "geometry", "properties", "features"}
ALLOWED = {
    "FeatureCollection": {"features"},
    "Feature": {"geometry", "properties"},
    "GeometryCollection": {"geometries"},
}


class Reject(Exception):
    pass


class Verdict:
    def __init__(self, accepted, reason="", features=0, positions=None, root=None, document=None):
        self.accepted = accepted
        self.reason = reason
        self.features = features
        self.positions = positions or []  # (x, y, z or None), in document order
        self.root = root
        self.document = document

    def __repr__(self):
        if not self.accepted:
            return "Verdict(rejected: %s)" % self.reason
        return "Verdict(accepted: %d features, %d positions)" % (self.features, len(self.positions))


class _Number(float):
    """A JSON number, keeping its text so that range checks see what was written."""

    def __new__(cls, text):
        value = float(text)
        number = float.__new__(cls, value)
        number.text = text
        return number


def _pairs(pairs):
    names = set()
    for name, _ in pairs:
        if name in names:
            raise Reject("duplicate member name %r" % name)
        names.add(name)
    return _Object(pairs)


class _Object(dict):
    """An object with its members in order (a dict keeps insertion order)."""

    def __init__(self, pairs):
        super().__init__(pairs)


def _constant(name):
    raise Reject("%s is not a JSON number" % name)


def parse(data):
    """JSON text (bytes) → Python values, with RFC 8259's rules that `json` alone does not keep."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise Reject("byte order mark")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Reject("invalid UTF-8")
    if not text.strip(" \t\n\r"):
        raise Reject("empty input")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_float=_Number,
            parse_int=_Number,
            parse_constant=_constant,
        )
    except Reject:
        raise
    except (ValueError, RecursionError) as error:
        raise Reject("not JSON: %s" % error)
    _check_strings(value)
    return value


def _check_strings(value):
    """Lone surrogates (`"\\ud800"`) are not Unicode text; `json` lets them through."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict):
            for name, member in item.items():
                _check_text(name)
                stack.append(member)
        elif isinstance(item, list):
            stack.extend(item)


def _check_text(text):
    for char in text:
        if 0xD800 <= ord(char) <= 0xDFFF:
            raise Reject("lone surrogate in a string")


def _finite(number, what):
    if isinstance(number, bool) or not isinstance(number, float):
        raise Reject("%s: expected a number" % what)
    if not math.isfinite(float(number)):
        raise Reject("%s: number beyond a Double's range" % what)
    return float(number)


class _Reader:
    def __init__(self, checks_latitude):
        self.checks_latitude = checks_latitude
        self.positions = []

    # Depth: objects and arrays count, except the arrays of `coordinates` (held to 4 levels).
    def depth(self, value, level):
        if level > MAX_DEPTH:
            raise Reject("nesting deeper than %d" % MAX_DEPTH)
        if isinstance(value, dict):
            for name, member in value.items():
                if name == "coordinates" and isinstance(member, list):
                    continue
                self.depth(member, level + 1)
        elif isinstance(value, list):
            for item in value:
                self.depth(item, level + 1)

    def document(self, value):
        self.depth(value, 1)
        if not isinstance(value, dict):
            raise Reject("top level: expected an object")
        kind = self.type_of(value)
        if kind == "FeatureCollection":
            self.check_members(value, kind)
            features = value.get("features")
            if not isinstance(features, list):
                raise Reject("a FeatureCollection needs a features array")
            for item in features:
                if not isinstance(item, dict):
                    raise Reject("features: expected objects")
                if self.type_of(item) != "Feature":
                    raise Reject("features: expected Features")
                self.feature(item)
            self.common(value)
            return "FeatureCollection", len(features)
        if kind == "Feature":
            self.feature(value)
            return "Feature", 1
        self.geometry(value)
        return "Geometry", 1

    def type_of(self, value):
        if "type" not in value:
            raise Reject("expected a type member")
        if not isinstance(value["type"], str):
            raise Reject("type: expected a string")
        return value["type"]

    def check_members(self, value, kind):
        allowed = ALLOWED.get(kind, {"coordinates"} if kind in GEOMETRY_TYPES else set())
        for name in DEFINING:
            if name in value and name not in allowed:
                raise Reject("%s must not have %s (RFC 7946 7.1)" % (kind, name))

    def common(self, value):
        if "bbox" in value:
            box = value["bbox"]
            if not isinstance(box, list):
                raise Reject("bbox: expected an array")
            for number in box:
                _finite(number, "bbox")
            if len(box) not in (4, 6):
                raise Reject("bbox: expected 4 or 6 numbers")

    def feature(self, value):
        self.check_members(value, "Feature")
        if "geometry" not in value:
            raise Reject("a Feature needs geometry")
        if "properties" in value and not (value["properties"] is None or isinstance(value["properties"], dict)):
            raise Reject("properties: expected an object or null")
        if "id" in value and (isinstance(value["id"], bool) or not isinstance(value["id"], (str, float))):
            raise Reject("id: expected a string or a number")
        geometry = value["geometry"]
        if geometry is not None:
            if not isinstance(geometry, dict):
                raise Reject("geometry: expected an object or null")
            self.geometry(geometry)
        self.common(value)

    def geometry(self, value):
        if not isinstance(value, dict):
            raise Reject("expected a geometry object")
        kind = self.type_of(value)
        if kind == "GeometryCollection":
            if "geometries" not in value:
                raise Reject("a GeometryCollection needs geometries")
            self.check_members(value, kind)
            geometries = value["geometries"]
            if not isinstance(geometries, list):
                raise Reject("geometries: expected an array")
            for item in geometries:
                self.geometry(item)
            self.common(value)
            return
        if kind not in GEOMETRY_TYPES:
            raise Reject("unknown type %r" % kind)
        if "coordinates" not in value:
            raise Reject("a %s needs coordinates" % kind)
        self.check_members(value, kind)
        self.coordinates(kind, value["coordinates"])
        self.common(value)

    def position(self, item):
        if not isinstance(item, list) or len(item) < 2:
            raise Reject("a position needs at least 2 numbers")
        numbers = [_finite(number, "position") for number in item]
        if self.checks_latitude and not -90 <= numbers[1] <= 90:
            raise Reject("latitude outside ±90")
        return (numbers[0], numbers[1], numbers[2] if len(numbers) > 2 else None)

    def line(self, items, least):
        if not isinstance(items, list):
            raise Reject("expected an array of positions")
        line = [self.position(item) for item in items]
        if len(line) < least:
            raise Reject("too few positions")
        return line

    def ring(self, items):
        ring = self.line(items, 4)
        first, last = ring[0], ring[-1]
        if first[:2] != last[:2] or first[2] != last[2]:
            raise Reject("a ring must end where it starts")
        return ring

    def coordinates(self, kind, value):
        if not isinstance(value, list):
            raise Reject("coordinates: expected an array")
        # An empty array is an empty geometry of any type but Point.
        if value == [] and kind != "Point":
            return
        if kind == "Point":
            self.positions.append(self.position(value))
        elif kind in ("MultiPoint", "LineString"):
            self.positions.extend(self.line(value, 2 if kind == "LineString" else 0))
        elif kind == "MultiLineString":
            for items in self.lists(value):
                self.positions.extend(self.line(items, 2))
        elif kind == "Polygon":
            for items in self.lists(value):
                self.positions.extend(self.ring(items))
        else:  # MultiPolygon: a polygon inside may not be empty (the reader's nesting rule)
            for polygon in self.lists(value):
                if not isinstance(polygon, list) or polygon == []:
                    raise Reject("a polygon in a MultiPolygon needs rings")
                for items in self.lists(polygon):
                    self.positions.extend(self.ring(items))

    def lists(self, value):
        if not isinstance(value, list):
            raise Reject("expected an array")
        for items in value:
            if not isinstance(items, list) or items == []:
                raise Reject("an empty list inside a Multi or Polygon geometry")
            yield items


def judge(data, checks_latitude=True):
    """The verdict on one document's bytes."""
    try:
        value = parse(data)
        reader = _Reader(checks_latitude)
        root, features = reader.document(value)
    except Reject as reason:
        return Verdict(False, str(reason))
    return Verdict(True, features=features, positions=reader.positions, root=root, document=value)


def normalized(lon):
    """The longitude in [−180, 180), as the extent normalises it."""
    value = math.fmod(lon + 180, 360)
    if value < 0:
        value += 360
    return value - 180


def extent(positions):
    """[west, south, east, north]: the smallest longitude interval holding every position (its
    largest empty gap on the circle left out), or [−180, 180] when every 1° bin is occupied."""
    if not positions:
        return None
    lons = sorted(normalized(x) for x, _, _ in positions)
    lats = [y for _, y, _ in positions]
    bins = {min(max(int(lon + 180), 0), 359) for lon in lons}
    if len(bins) == 360:
        return [-180.0, min(lats), 180.0, max(lats)]
    best_gap = lons[0] + 360 - lons[-1]
    west, east = lons[0], lons[-1]
    for previous, lon in zip(lons, lons[1:]):
        if lon - previous > best_gap:
            best_gap = lon - previous
            west, east = lon, previous
    return [west, min(lats), east, max(lats)]


def records(stream):
    """The records of an RFC 8142 sequence: the bytes between RS separators, whitespace trimmed,
    empty ones left out."""
    out = []
    for chunk in stream.split(b"\x1e"):
        trimmed = chunk.strip(b" \t\r\n")
        if trimmed:
            out.append(trimmed)
    return out
