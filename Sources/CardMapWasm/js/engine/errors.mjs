// The engine's errors: what every layer of the package throws for bad input, and what an element
// dispatches for an error no caller can catch.

/** An error of the engine: its message, as the command line gives it, naming the input's path. */
export class CardMapError extends Error {
  constructor(message) {
    super(message);
    this.name = "CardMapError";
  }
}


/** Dispatches `error` (an `ErrorEvent` carrying it) on `target`, for an error no caller can catch (a frame's callback). */
export function reportError(target, error) {
  if (typeof ErrorEvent === "undefined" || !target || typeof target.dispatchEvent !== "function") return;
  target.dispatchEvent(new ErrorEvent("error", { error, message: String(error && error.message || error) }));
}
