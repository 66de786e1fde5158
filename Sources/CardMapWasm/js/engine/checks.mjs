// The engine's input checks: an element's or a control's own input checked as the engine checks its
// (the same words, the path named), and the engine's "did you mean" (CardMap's `Suggestion`).
import { CardMapError } from "./errors.mjs";

/**
 * Checks an element's or control's own input as the engine checks its: `value` must be one of
 * `names` (a CardMapError naming `path`, the value and the nearest name otherwise).
 */
export function checkOneOf(path, value, names) {
  if (names.includes(value)) return value;
  throw new CardMapError(`${path}: expected ${list(names)}, found ${describe(value)}${nearest(value, names)}`);
}

/** Checks that `object` is an object (not null, not an array): a TypeError naming `path` otherwise. */
export function checkObject(path, object) {
  if (object === null || typeof object !== "object" || Array.isArray(object)) {
    throw new TypeError(`${path}: expected an object, found ${describe(object)}`);
  }
  return object;
}

/** Checks that `object` is an object with no member but `names` (a TypeError or CardMapError naming `path`). */
export function checkMembers(path, object, names) {
  for (const member of Object.keys(checkObject(path, object))) {
    if (!names.includes(member)) {
      throw new CardMapError(`${path}.${member}: unknown member${nearest(member, names)}; expected only ${list(names)}`);
    }
  }
  return object;
}

/** `'a', 'b' or 'c'`: names quoted as the command line quotes its options (a value found, as its JSON text). */
function list(names) {
  const quoted = names.map((n) => `'${n}'`);
  return quoted.length < 2 ? quoted.join("") : quoted.slice(0, -1).join(", ") + " or " + quoted[quoted.length - 1];
}

/**
 * The name of `names` nearest `value` by the engine's "did you mean" (CardMap's `Suggestion`, held
 * to it by Tests/web/typos): ASCII letters' case aside, by edit distance (an insertion, a deletion,
 * a substitution or a swap of neighbours each 1), and only within 1 edit for a word of up to 4 bytes,
 * 2 up to 8, 3 beyond; a tie goes to the earlier name. Null when none is that close.
 */
export function suggested(value, names) {
  if (typeof value !== "string") return null;
  const fold = (text) => Array.from(new TextEncoder().encode(text), (byte) => (byte >= 65 && byte <= 90 ? byte + 32 : byte));
  const typed = fold(value);
  const allowed = typed.length <= 4 ? 1 : typed.length <= 8 ? 2 : 3;
  let best = null, bestDistance = Infinity;
  for (const name of names) {
    const d = distance(typed, fold(name));
    if (d <= allowed && d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** The optimal-string-alignment distance between `a` and `b` (arrays). */
function distance(a, b) {
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let before = [], previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], before[j - 2] + 1);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length];
}

/** ` (did you mean 'x'?)` for the name `suggested` gives, else "". */
export function nearest(value, names) {
  const best = suggested(value, names);
  return best === null ? "" : ` (did you mean '${best}'?)`;
}

/** What a value is, for an error message. */
export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return value.constructor ? `a ${value.constructor.name}` : "an object";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  return String(value);
}
