// The animation frames the package draws in: its one call of the browser's `requestAnimationFrame`,
// shared by the elements' frame driver and the cameras that follow them, so that what an element
// and its map show is asked for, ordered and cancelled in one place.

/** Calls `callback(now)` in the next animation frame; returns the request's id, for `cancelFrame`. */
export function nextFrame(callback) {
  return requestAnimationFrame(callback);
}

/** Cancels the request `id` that `nextFrame` gave (0, none: nothing). */
export function cancelFrame(id) {
  if (id) cancelAnimationFrame(id);
}

/** Resolves once `count` animation frames have begun (2: the first one has been painted). */
export function framesPassed(count) {
  return new Promise((resolve) => {
    const next = (left) => (left ? nextFrame(() => next(left - 1)) : resolve(undefined));
    next(count);
  });
}
