// What the other seeds' card elements share (cardmap/modal, cardmap/deck, cardmap/expanding): the
// engine, the screen they lie on, one frame driver, the engine's motions played frame by frame, a
// finger's drag with its samples, and what the cards cover (`mapInsets`, `cardmapinsetschange`).
//
// Each element asks the engine (`CardMap.modal`, `deck`, `expanding`: `cardmap overlay`'s answers)
// for its cards' frames at every frame of a motion or a drag and applies them as given; nothing here
// decides a size, a distance, a threshold, a velocity or a duration.
import { CardMapError, checkEngine, elementEngine, followPointer, keepRecent, released, reportError, startsGesture } from "./cardmap.mjs";

/** The shared part of each element's style: the host over the map, the safe-area probe, a card. */
export const OVERLAY_STYLE = `
:host { position: absolute; inset: 0; display: block; pointer-events: none; overflow: hidden; }
:host([hidden]) { display: none; }
.probe { position: absolute; visibility: hidden; pointer-events: none;
  padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px); }
.card { position: absolute; box-sizing: border-box; pointer-events: auto; touch-action: none; overflow: hidden;
  background: var(--background); color: var(--color); box-shadow: var(--shadow); outline: none; }
.card:focus-visible { outline: 2px solid Highlight; }
`;

/**
 * The base of the three elements: `engine` (the one given, else the page's), `ready` (resolves
 * once the element has shown its first frame), `screen()`, `mapInsets` and the frame driver.
 * A subclass gives `start()` (once there is an engine and a size), `resized()`, and `draw()` (one
 * frame: it returns the engine's answer it showed, whose `mapInsets` are reported).
 */
export class CardMapOverlay extends HTMLElement {
  /** `style` the element's own; `manual`, its children assigned to its slots one by one (each card its own). */
  constructor(style, manual = false) {
    super();
    const root = this.attachShadow({ mode: "open", slotAssignment: manual ? "manual" : "named" });
    root.innerHTML = `<style>${OVERLAY_STYLE}${style}</style><div class="probe"></div>`;
    this.probe = /** @type {HTMLElement} */ (root.querySelector(".probe"));
    /** The engine (`await load()`); the page's when none is given. */
    this.engine = null;
    this.started = false;
    this.frameRequest = 0;
    /** Whether a frame's callback is running now (a map control then renders in it). */
    this.inFrame = false;
    /** The motion playing: `{motion, start, apply, done}`. */
    this.playing = null;
    /** The finger's drag under way: `{id, x0, y0, dx, dy, dragging, samples, path, stop}` (`path`: where it started, the pointerdown's composed path; `stop()`: no longer follow the pointer). */
    this.gesture = null;
    this.insetsValue = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.resizer = new ResizeObserver(() => (this.started ? this.#resize() : this.#begin()));
  }

  connectedCallback() {
    this.resizer.observe(this);
    this.#begin();
  }

  disconnectedCallback() {
    this.resizer.disconnect();
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    // A pointer still down is no longer followed: its release does not reach an element off the page.
    if (this.gesture) this.gesture.stop();
    this.gesture = null;
  }

  /** The engine (`await load()`'s, the whole engine: `cardmap.wasm`); without one, the page's, loaded when first needed. */
  get cardmap() { return this.engine; }
  set cardmap(engine) {
    this.engine = checkEngine(`<${this.localName}>.cardmap`, engine);
    if (this.isConnected) this.#begin();
  }

  /** What the element's cards cover now, as the map's insets: the largest part of the safe area they leave. */
  get mapInsets() {
    return this.insetsValue;
  }

  /** The screen the cards lie on: the element's box and the safe area from CSS env(). */
  screen() {
    const style = getComputedStyle(this.probe);
    const inset = (side) => parseFloat(style.getPropertyValue("padding-" + side)) || 0;
    return { width: this.clientWidth, height: this.clientHeight,
      safeArea: { top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right") } };
  }

  async #begin() {
    try {
      await elementEngine(this);
      if (this.started || !this.isConnected || !this.clientWidth || !this.clientHeight) return;
      if (typeof this.engine.text !== "function" || !this.engine.exports.cm_overlay_call) {
        throw new CardMapError(`<${this.localName}>: its engine has no overlay calls; load cardmap.wasm (the whole engine), not the card controller's`);
      }
      this.size = { width: this.clientWidth, height: this.clientHeight };
      this.started = true;
      this.start();
      this.request();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      this.resolveReady(this);
    } catch (error) {
      this.rejectReady(error);
      reportError(this, error);
    }
  }

  #resize() {
    if (this.clientWidth === this.size.width && this.clientHeight === this.size.height) return;
    this.size = { width: this.clientWidth, height: this.clientHeight };
    this.resized();
    this.request();
  }

  /** Once there is an engine and a size: the subclass sets its cards up. */
  start() {}

  /** A new size: the subclass measures again; the next frame draws. */
  resized() {}

  /**
   * One frame: the subclass shows its cards where the engine puts them now and returns that answer
   * (its `mapInsets` are reported).
   * @returns {{ mapInsets: { top: number, left: number, bottom: number, right: number } } | null}
   */
  draw() { return null; }

  /**
   * Asks for a frame that sends `cardmapinsetschange` even when what the cards cover is unchanged (a
   * map control whose content changed then sets its camera in that frame, with the cards).
   */
  refresh() {
    this.refreshing = true;
    this.request();
  }

  /** Asks for a frame. */
  request() {
    if (!this.frameRequest && this.isConnected) this.frameRequest = requestAnimationFrame((now) => this.#frame(now));
  }

  /**
   * Plays the engine's `motion` (`{kind, from, to, duration, damping}`): `apply(y)` at each frame
   * with its value then (its end at once under `prefers-reduced-motion`), then `done()`.
   */
  play(motion, apply, done = () => {}) {
    const reduced = typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.playing = { motion, start: null, apply, done, reduced };
    this.request();
  }

  /** Whether anything moves: a motion or a finger. */
  get moving() {
    return !!(this.playing || (this.gesture && this.gesture.dragging));
  }

  #frame(now) {
    this.frameRequest = 0;
    if (!this.started || !this.clientWidth || !this.clientHeight) return;
    this.inFrame = true;
    try {
      if (this.moving) this.request();
      const playing = this.playing;
      if (playing) {
        if (playing.start === null) playing.start = now;
        const t = Math.max(0, (now - playing.start) / 1000);
        if (playing.reduced || t >= playing.motion.duration) {
          this.playing = null;
          playing.apply(playing.motion.to);
          playing.done();
        } else {
          playing.apply(this.engine.motion(playing.motion, t).y);
        }
      }
      const answer = this.draw();
      if (answer) this.#report(answer.mapInsets, this.refreshing);
      this.refreshing = false;
    } catch (error) {
      this.playing = null;
      reportError(this, error);
      throw error;
    } finally {
      this.inFrame = false;
    }
  }

  /** Sets `mapInsets` and, when they changed, dispatches `cardmapinsetschange` (in this frame's callback). */
  #report(insets, always) {
    const last = this.insetsValue;
    if (!always && last && last.top === insets.top && last.left === insets.left && last.bottom === insets.bottom && last.right === insets.right) return;
    this.insetsValue = insets;
    this.dispatchEvent(new CustomEvent("cardmapinsetschange", { detail: { mapInsets: insets } }));
  }

  /**
   * Follows a finger (or a mouse) on `target`: `move(dx, dy, gesture)` at each frame while it drags
   * (once the engine's touch slop says it is a drag, not a tap), `end(gesture, event)` when it lifts
   * (`gesture.samples` are `[seconds, value]` of what `sample(dx, dy)` gives, for the engine's
   * release velocity), `tap(event)` for a touch that never became a drag; `accepts(event)` says
   * whether a touch that starts there is followed.
   */
  track(target, { sample, move, end, tap = (_event) => {}, accepts = (_event) => true }) {
    const moved = (/** @type {PointerEvent} */ event) => {
      const g = this.gesture;
      if (!g || g.target !== target) return;
      const all = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
      for (const e of all.length ? all : [event]) {
        g.dx = e.clientX - g.x0;
        g.dy = e.clientY - g.y0;
        if (!g.dragging && this.engine.touch(g.dx, g.dy).dragging) {
          g.dragging = true;
          try { target.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the page did not see start */ }
        }
        if (g.dragging) g.samples.push([e.timeStamp / 1000, sample(g.dx, g.dy)]);
      }
      keepRecent(g.samples);
      if (g.dragging) {
        move(g.dx, g.dy, g);
        this.request();
      }
    };
    const up = (/** @type {PointerEvent} */ event) => {
      const g = this.gesture;
      if (!g || g.target !== target) return;
      this.gesture = null;
      if (g.dragging) {
        g.samples = released(g.samples, [event.timeStamp / 1000, sample(g.dx, g.dy)]);
        end(g, event);
        this.request();
      } else if (event.type === "pointerup") {
        tap(event);
      }
    };
    target.addEventListener("pointerdown", (/** @type {PointerEvent} */ event) => {
      if (this.gesture || this.playing || !this.started || !startsGesture(event)) return;
      if (!accepts(event)) return;
      this.gesture = { id: event.pointerId, x0: event.clientX, y0: event.clientY, dx: 0, dy: 0, dragging: false,
        samples: [[event.timeStamp / 1000, sample(0, 0)]], target, path: event.composedPath(),
        stop: followPointer(event, { move: moved, end: up }) };
    });
  }
}

/**
 * A card part for each of `host`'s children, in order, in its shadow root (each child assigned to
 * its own slot, inside a `part="card"` wrapper), the old ones taken away: the wrappers, in order.
 */
export function cardParts(host, old) {
  for (const wrapper of old) wrapper.remove();
  return Array.from(host.children).map((child) => {
    const wrapper = document.createElement("div");
    wrapper.className = "card";
    wrapper.setAttribute("part", "card");
    const slot = document.createElement("slot");
    wrapper.append(slot);
    host.shadowRoot.append(wrapper);
    slot.assign(child);
    return wrapper;
  });
}

/** Places `element` at the engine's `rect` (`{x, y, width, height}`, the element's points). */
export function place(element, rect) {
  const style = element.style;
  style.left = rect.x + "px";
  style.top = rect.y + "px";
  style.width = rect.width + "px";
  style.height = rect.height + "px";
}

/** A whole number attribute's value, its `fallback` when absent or not one. */
export function numberAttribute(element, name, fallback) {
  const text = element.getAttribute(name);
  if (text === null || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new CardMapError(`<${element.localName} ${name}="${text}">: expected a number`);
  return value;
}
