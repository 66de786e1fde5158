// What the web differentials share: a seeded generator (SplitMix64, as the Swift tests') and the
// distance between two doubles in units in the last place.

/** `random()` in [0, 1), `pick(list)` and `round(value, step)`, all from `seed`. */
export function generator(seed) {
  let state = BigInt(seed);
  function random() {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
  }
  return { random, pick: (list) => list[Math.floor(random() * list.length)], round: (value, step) => Math.round(value / step) * step };
}

/** How many doubles lie between `a` and `b` (both finite numbers; Infinity otherwise). */
export function ulps(a, b) {
  if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b)) return Infinity;
  const view = new DataView(new ArrayBuffer(16));
  view.setFloat64(0, a);
  view.setFloat64(8, b);
  const order = (offset) => {
    const bits = view.getBigInt64(offset);
    return bits < 0n ? -(bits & 0x7fffffffffffffffn) : bits;
  };
  const apart = order(0) - order(8);
  return Number(apart < 0n ? -apart : apart);
}
