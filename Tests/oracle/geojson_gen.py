"""A structure-aware generator of GeoJSON over RFC 7946's whole grammar, and mutations of it.

Valid documents: every geometry type, nested in GeometryCollections, Features and
FeatureCollections; 2D, 3D and longer positions; bbox on any object; foreign members (including
ones named like GeoJSON members, inside properties); ids; extreme and oddly written numbers;
random whitespace. Mutations then break them at the structural level (wrong nesting, missing or
extra members, unclosed rings, duplicate names, bad numbers, members of another kind of object)
and at the byte level (truncation, flipped bytes, inserted garbage).
"""

import copy
import json
import random

GEOMETRY_TYPES = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"]


class Raw:
    """JSON text written as is (a number in an odd spelling, a deliberately broken value)."""

    def __init__(self, text):
        self.text = text


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    # Numbers -----------------------------------------------------------------------------------
    def number(self, low, high):
        r = self.r
        choice = r.random()
        if choice < 0.55:
            return round(r.uniform(low, high), r.choice([0, 1, 4, 7, 15]))
        if choice < 0.75:
            return r.uniform(low, high)  # 17 significant digits
        if choice < 0.85:
            return float(r.randint(int(low), int(high)))
        spellings = [
            lambda v: "%.3e" % v,
            lambda v: "%.6E" % v,
            lambda v: repr(v) + "0000",
            lambda v: "%d" % int(v),
            lambda v: "-0" if v == 0 else "%.1f" % v,
            lambda v: "%.25f" % v,
        ]
        value = r.uniform(low, high)
        return Raw(r.choice(spellings)(value))

    def position(self, lat_limit=90.0, lon_limit=180.0):
        r = self.r
        lon = self.number(-lon_limit, lon_limit)
        lat = self.number(-lat_limit, lat_limit)
        if r.random() < 0.03:
            lon = self.r.choice([180.0, -180.0, 540.0, -359.9, 1e-300, 5e-324])
        if r.random() < 0.03:
            lat = self.r.choice([90.0, -90.0, 0.0, 1e-320])
        dims = r.random()
        if dims < 0.7:
            return [lon, lat]
        if dims < 0.95:
            return [lon, lat, self.number(-500, 9000)]
        return [lon, lat, self.number(-10, 10), self.number(0, 1)]

    def positions(self, least, most):
        return [self.position() for _ in range(self.r.randint(least, most))]

    def ring(self):
        points = self.positions(3, 8)
        return points + [list(points[0])]

    def coordinates(self, kind):
        r = self.r
        if r.random() < 0.04 and kind != "Point":
            return []
        if kind == "Point":
            return self.position()
        if kind == "MultiPoint":
            return self.positions(0, 6)
        if kind == "LineString":
            return self.positions(2, 8)
        if kind == "MultiLineString":
            return [self.positions(2, 5) for _ in range(r.randint(1, 3))]
        if kind == "Polygon":
            return [self.ring() for _ in range(r.randint(1, 3))]
        return [[self.ring() for _ in range(r.randint(1, 2))] for _ in range(r.randint(1, 3))]

    # Objects -----------------------------------------------------------------------------------
    def bbox(self):
        if self.r.random() < 0.5:
            return [self.number(-180, 180), self.number(-90, 0), self.number(-180, 180), self.number(0, 90)]
        return [self.number(-180, 180), self.number(-90, 0), self.number(-10, 0), self.number(-180, 180),
                self.number(0, 90), self.number(0, 10)]

    def value(self, depth=0):
        r = self.r
        choice = r.random()
        if depth > 3 or choice < 0.4:
            return r.choice([None, True, False, "text", "é ☃ \"q\" \\ \n", 0, -1.5, 1e300, Raw("1e999"),
                             Raw("123456789012345678901234567890"), Raw("1.0"), Raw("-0")])
        if choice < 0.7:
            return [self.value(depth + 1) for _ in range(r.randint(0, 3))]
        names = ["a", "coordinates", "geometry", "geometries", "features", "type", "bbox", "properties", "n"]
        members = {}
        for _ in range(r.randint(0, 4)):
            members[r.choice(names)] = self.value(depth + 1)
        return members

    def foreign(self, target):
        r = self.r
        for _ in range(r.choice([0, 0, 1, 2])):
            name = r.choice(["name", "title", "crs", "x-foreign", "id", "extra"])
            if name == "id" and target.get("type") == "Feature":
                continue
            target[name] = self.value(1)
        if r.random() < 0.2:
            target["bbox"] = self.bbox()

    def geometry(self, depth=0):
        r = self.r
        if depth < 3 and r.random() < 0.15:
            geometry = {"type": "GeometryCollection",
                        "geometries": [self.geometry(depth + 1) for _ in range(r.randint(0, 4))]}
        else:
            kind = r.choice(GEOMETRY_TYPES)
            geometry = {"type": kind, "coordinates": self.coordinates(kind)}
        self.foreign(geometry)
        return self.shuffle(geometry)

    def feature(self):
        r = self.r
        feature = {"type": "Feature", "geometry": None if r.random() < 0.08 else self.geometry()}
        if r.random() < 0.8:
            feature["properties"] = None if r.random() < 0.2 else self.value(0) if r.random() < 0.2 else {
                "name": "f%d" % r.randint(0, 99), "nested": self.value(1)}
            if not (feature["properties"] is None or isinstance(feature["properties"], dict)):
                feature["properties"] = {"v": feature["properties"]}
        if r.random() < 0.3:
            feature["id"] = r.choice(["id-%d" % r.randint(0, 9), r.randint(0, 99), Raw("7.50")])
        self.foreign(feature)
        return self.shuffle(feature)

    def document(self):
        r = self.r
        choice = r.random()
        if choice < 0.5:
            document = {"type": "FeatureCollection", "features": [self.feature() for _ in range(r.randint(0, 5))]}
            self.foreign(document)
            return self.shuffle(document)
        if choice < 0.75:
            return self.feature()
        return self.geometry()

    def shuffle(self, members):
        items = list(members.items())
        if self.r.random() < 0.3:
            self.r.shuffle(items)
        return dict(items)

    # Text --------------------------------------------------------------------------------------
    def text(self, value, pretty=None):
        pretty = self.r.random() < 0.15 if pretty is None else pretty
        out = []
        self.write(value, out, pretty, 0)
        return "".join(out)

    def space(self, pretty):
        if not pretty:
            return ""
        return self.r.choice(["", " ", "\n  ", "\t", "\r\n", "  \n"])

    def write(self, value, out, pretty, depth):
        if isinstance(value, Raw):
            out.append(value.text)
        elif isinstance(value, dict):
            out.append("{")
            for index, (name, member) in enumerate(value.items()):
                if index:
                    out.append(",")
                out.append(self.space(pretty))
                out.append(json.dumps(name, ensure_ascii=self.r.random() < 0.5))
                out.append(":" + self.space(pretty))
                self.write(member, out, pretty, depth + 1)
            out.append(self.space(pretty) + "}")
        elif isinstance(value, list):
            out.append("[")
            for index, item in enumerate(value):
                if index:
                    out.append("," + self.space(pretty))
                self.write(item, out, pretty, depth + 1)
            out.append("]")
        elif isinstance(value, float):
            out.append(repr(value) if value != int(value) or abs(value) >= 1e16 else "%d" % value)
        else:
            out.append(json.dumps(value, ensure_ascii=self.r.random() < 0.5))

    # Mutations ---------------------------------------------------------------------------------
    def mutate(self, document):
        """A structural mutation of a document (a deep copy), or a byte-level one of its text."""
        r = self.r
        if r.random() < 0.35:
            return self.mutate_bytes(self.text(document).encode("utf-8"))
        document = copy.deepcopy(document)
        objects = list(_objects(document))
        target = r.choice(objects)
        mutations = [
            lambda: target.__setitem__(r.choice(["coordinates", "geometry", "geometries", "features", "properties"]),
                                       r.choice([[5, 5], None, [], {"type": "Point", "coordinates": [1, 2]}, {}])),
            lambda: target.pop("type", None),
            lambda: target.__setitem__("type", r.choice(["Pointy", "feature", 5, None, "Feature", "Point",
                                                         "GeometryCollection", "FeatureCollection"])),
            lambda: target.__setitem__("bbox", r.choice([[1, 2, 3], [1, 2, 3, "4"], [], 5, [1, 2, 3, 4, 5]])),
            lambda: target.pop(r.choice(["coordinates", "geometry", "features", "geometries"]), None),
            lambda: target.__setitem__("id", r.choice([{"a": 1}, [1], True, None])),
            lambda: target.__setitem__("properties", r.choice([5, "x", [], True])),
        ]
        if "coordinates" in target:
            mutations += [lambda: self.mutate_coordinates(target)] * 6
        r.choice(mutations)()
        return self.text(document).encode("utf-8")

    def mutate_coordinates(self, target):
        r = self.r
        coordinates = target["coordinates"]
        lists = list(_lists(coordinates))
        choice = r.random()
        if choice < 0.2 and lists:
            item = r.choice(lists)
            if item:
                item.pop(r.randrange(len(item)))
        elif choice < 0.35 and lists:
            item = r.choice(lists)
            item.append(r.choice([[1, 2], [1], [], [[1, 2]], "x", None, [1, 2, 3]]))
        elif choice < 0.5:
            positions = list(_positions(coordinates))
            if positions:
                position = r.choice(positions)
                # Just past either pole as well as far past it: a check off by a degree passes the rest.
                position[r.randrange(len(position))] = r.choice(
                    [95.5, 90.0000001, 90.5, -90.0000001, -90.5, "1", None, [1], 1e308])
        elif choice < 0.6:
            target["coordinates"] = [coordinates]
        elif choice < 0.7 and isinstance(coordinates, list) and coordinates and isinstance(coordinates[0], list):
            target["coordinates"] = coordinates[0]
        elif choice < 0.85:
            # The last position of a ring differs from its first, maybe in the height alone.
            rings = [item for item in _lists(coordinates) if item and all(isinstance(p, list) and p and
                     not isinstance(p[0], list) for p in item) and len(item) >= 4]
            if rings:
                ring = r.choice(rings)
                last = list(ring[-1])
                if len(last) >= 3 and r.random() < 0.5:
                    last[2] = _value(last[2]) + 0.5
                elif len(last) == 2 and r.random() < 0.5:
                    last.append(4.9)
                else:
                    last[0] = _value(last[0]) + 1e-9
                ring[-1] = last
        else:
            target["coordinates"] = r.choice([5, "x", {}, [[[[[[1, 2]]]]]], [None]])

    def mutate_bytes(self, data):
        r = self.r
        data = bytearray(data)
        choice = r.random()
        if choice < 0.25 and data:
            return bytes(data[: r.randrange(len(data))])
        if choice < 0.5 and data:
            index = r.randrange(len(data))
            data[index] = r.choice(b'{}[],:"0123456789.eE-+ntfa\\\x00\x7f\xff\xc3')
            return bytes(data)
        if choice < 0.65:
            index = r.randrange(len(data) + 1)
            garbage = r.choice([b",", b"]", b"}", b'"a":1', b"NaN", b"Infinity", b"\xef\xbb\xbf", b"\\u", b"\xed\xa0\x80",
                                b'"\\ud800"', b"1e999", b"-", b"00", b"\t\n"])
            return bytes(data[:index] + garbage + data[index:])
        if choice < 0.75:
            # A duplicate member name.
            text = data.decode("utf-8", "replace")
            at = text.find('"type"')
            if at >= 0:
                return (text[:at] + '"type":"Point",' + text[at:]).encode("utf-8")
            return bytes(data)
        if choice < 0.85:
            depth = r.choice([126, 127, 128, 129, 200])
            return ('{"type":"Feature","geometry":null,"properties":' + '[' * depth + ']' * depth + "}").encode()
        return b"\xef\xbb\xbf" + bytes(data) if r.random() < 0.5 else bytes(data) + b" x"


def _value(number):
    return float(number.text) if isinstance(number, Raw) else float(number)


def _objects(value):
    if isinstance(value, dict):
        if "type" in value:
            yield value
        for name, member in value.items():
            if name in ("geometry", "features", "geometries"):
                yield from _objects(member)
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item)


def _lists(value):
    if isinstance(value, list):
        yield value
        for item in value:
            yield from _lists(item)


def _positions(value):
    if isinstance(value, list):
        if value and not isinstance(value[0], list):
            yield value
        else:
            for item in value:
                yield from _positions(item)
