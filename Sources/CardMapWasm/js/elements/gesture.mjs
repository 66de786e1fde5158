// The package's one pointer gesture, which every element's drags and taps go through: a press
// followed to its end the same way for a finger, a pen and a mouse, a tap until the engine's touch
// slop says it is a drag, each of the browser's samples handed to the element as it comes.

/**
 * Follows the gestures that start on `target` for `host` (an element with an `engine` and a
 * `gesture`): the package's one `pointerdown` listener. A press that may start a gesture
 * (`startsGesture`) while `host` has none, and that `start(event)` accepts (it returns the
 * gesture's own state, or null to leave the press alone), becomes `host.gesture` until it ends,
 * with `id`, `x0`, `y0`, `dx`, `dy`, `dragging`, `path` (where the press was: its composed path)
 * and `stop()` (follow it no longer) added to that state. It is a touch until the engine's slop
 * (`engine.touch(dx, dy)`) says it drags: then `dragStarts(g, touch)` once (the pointer captured by
 * `capture`, `target` unless given), `sample(g, e)` for each of the move's samples (every one the
 * browser coalesced), and `moved(g)` after each move. `end(g, event)` when it ends (its
 * `pointerup` or `pointercancel`; `g.dragging` says whether it was a drag), `host.gesture` null by then.
 * @param {any} host
 * @param {EventTarget} target
 * @param {{ start: (event: PointerEvent) => any, dragStarts?: (g: any, touch: any) => void,
 *   sample?: (g: any, event: PointerEvent) => void, moved?: (g: any) => void,
 *   end: (g: any, event: PointerEvent) => void, capture?: Element }} hooks
 */
export function trackPointer(host, target, { start, dragStarts = () => {}, sample = () => {}, moved = () => {}, end, capture }) {
  const captor = /** @type {Element} */ (capture ?? target);
  const move = (/** @type {PointerEvent} */ event) => {
    const g = host.gesture;
    if (!g || g.target !== target || g.id !== event.pointerId) return;
    const all = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const e of all.length ? all : [event]) {
      g.dx = e.clientX - g.x0;
      g.dy = e.clientY - g.y0;
      if (!g.dragging) {
        const touch = host.engine.touch(g.dx, g.dy);
        if (!touch.dragging) continue;
        g.dragging = true;
        try { captor.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the page did not see start */ }
        dragStarts(g, touch);
      }
      sample(g, e);
    }
    if (g.dragging) moved(g);
  };
  const up = (/** @type {PointerEvent} */ event) => {
    const g = host.gesture;
    if (!g || g.target !== target || g.id !== event.pointerId) return;
    host.gesture = null;
    end(g, event);
  };
  target.addEventListener("pointerdown", (/** @type {PointerEvent} */ event) => {
    if (host.gesture || !startsGesture(event)) return;
    const g = start(event);
    if (!g) return;
    Object.assign(g, { id: event.pointerId, x0: event.clientX, y0: event.clientY, dx: 0, dy: 0, dragging: false,
      target, path: event.composedPath() });
    host.gesture = g;
    g.stop = followPointer(event, { move, end: up });
  });
}

/**
 * For the package's elements: one pointer followed from its `pointerdown` to its end, the same way
 * for a finger, a pen and a mouse. A mouse has no implicit capture: once it leaves the element it
 * went down on, its moves and its release go to whatever lies under it (the map), so they are taken
 * on the window, in the capture phase, until the pointer ends: `end(event)` at its `pointerup` or
 * `pointercancel`. While a mouse is followed its press is the gesture's: it selects no text and
 * starts no native drag and drop (a press on text that an earlier drag selected would start one,
 * and the browser would cancel the pointer a move later). Whether `down` starts a gesture is the
 * caller's: a mouse's other buttons never do. Returns `stop()`.
 * @param {PointerEvent} down
 * @param {{ move: (event: PointerEvent) => void, end: (event: PointerEvent) => void }} handlers
 */
export function followPointer(down, { move, end }) {
  const view = down.view ?? globalThis;
  const id = down.pointerId;
  const moved = (/** @type {PointerEvent} */ event) => {
    if (event.pointerId === id) move(event);
  };
  const ended = (/** @type {PointerEvent} */ event) => {
    if (event.pointerId !== id) return;
    stop();
    end(event);
  };
  const refused = (/** @type {Event} */ event) => event.preventDefault();
  /** @type {Array<[string, (event: any) => void]>} */
  const listeners = [["pointermove", moved], ["pointerup", ended], ["pointercancel", ended]];
  if (down.pointerType === "mouse") listeners.push(["selectstart", refused], ["dragstart", refused]);
  const stop = () => { for (const [type, listener] of listeners) view.removeEventListener(type, listener, true); };
  for (const [type, listener] of listeners) view.addEventListener(type, listener, true);
  return stop;
}

/** Whether `event` may start a gesture: a finger, a pen, or a mouse's main button. */
export function startsGesture(event) {
  return event.isPrimary && (event.pointerType !== "mouse" || event.button === 0);
}

/** For the package's elements: a gesture's latest samples kept, enough for the engine's release window at any frame rate. */
export function keepRecent(samples) {
  if (samples.length > 64) samples.splice(0, samples.length - 64);
}

/** For the package's elements: a gesture's samples with the release's `last`, in time order (a coalesced sample can be stamped after the next). */
export function released(samples, last) {
  const all = samples.concat([last]);
  for (let i = 1; i < all.length; i++) all[i][0] = Math.max(all[i][0], all[i - 1][0]);
  return all;
}
