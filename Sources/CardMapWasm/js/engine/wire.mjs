// JSON for the engine: JavaScript's values written as text the engine reads, or refuses by name.
import { CardMapError } from "./errors.mjs";

/**
 * JSON text for the engine. JavaScript's values that JSON has no text for (NaN, ±Infinity,
 * undefined in an array, a function, a symbol, a bigint) are written as `{"$js": "NaN"}`, which the
 * engine refuses by name, instead of JSON.stringify's silent `null` or omission. A member whose value
 * is undefined is absent, as in JSON.
 */
export function wire(value) {
  try {
    return JSON.stringify(value, function (key, v) {
      if (typeof v === "number" && !Number.isFinite(v)) return { $js: String(v) };
      if (v === undefined) return Array.isArray(this) ? { $js: "undefined" } : undefined;
      if (typeof v === "function") return { $js: "a function" };
      if (typeof v === "symbol") return { $js: "a symbol" };
      if (typeof v === "bigint") return { $js: `a bigint, ${v}n` };
      return v;
    });
  } catch (error) {
    // A cycle, or nesting deeper than JavaScript's own stack.
    throw new CardMapError(`the input cannot be written as JSON: ${error.message}`);
  }
}
