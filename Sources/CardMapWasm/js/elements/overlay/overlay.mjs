// What the overlay elements share (cardmap/modal, cardmap/deck, cardmap/expanding: modal cards,
// swipe decks and expanding cards): the screen they lie on, the engine's motions played frame by
// frame, a finger's drag with its samples, and what the cards cover (`mapInsets`,
// `cardmapinsetschange`), over the package's element base.
//
// Each element asks the engine (`CardMap.modal`, `deck`, `expanding`: `cardmap overlay`'s answers)
// for its cards' frames at every frame of a motion or a drag and applies them as given; nothing here
// decides a size, a distance, a threshold, a velocity or a duration.
import { CardMapError } from "../../engine/errors.mjs";
import { framesPassed } from "../../maps/frames.mjs";
import { CardMapElement } from "../base.mjs";
import { keepRecent, released, trackPointer } from "../gesture.mjs";

/** The shared part of each element's style: the host over the map, a card. */
export const OVERLAY_STYLE = `
:host { position: absolute; inset: 0; display: block; pointer-events: none; overflow: hidden; }
:host([hidden]) { display: none; }
.card { position: absolute; box-sizing: border-box; pointer-events: auto; touch-action: none; overflow: hidden;
  background: var(--background); color: var(--color); box-shadow: var(--shadow); outline: none; }
.card:focus-visible { outline: 2px solid Highlight; }
`;

/**
 * The base of the three elements: `mapInsets`, `screen()` and the motions they play, over the
 * package's element base. A subclass gives `start()` (once there is an engine and a size),
 * `changed()` (a new size), and `draw()` (one frame: it returns the engine's answer it showed, whose
 * `mapInsets` are reported).
 */
export class CardMapOverlay extends CardMapElement {
  /** `style` the element's own; `manual`, its children assigned to its slots one by one (each card its own). */
  constructor(style, manual = false) {
    super("", OVERLAY_STYLE + style, "", manual);
    this.label = `<${this.localName}>`;
    this.started = false;
    /** The motion playing: `{motion, start, apply, done, reduced}`. */
    this.playing = null;
    this.insetsValue = null;
  }

  /** What the element's cards cover now, as the map's insets: the largest part of the safe area they leave. */
  get mapInsets() {
    return this.insetsValue;
  }

  /** The screen the cards lie on: the element's box and the safe area from CSS env(). */
  screen() {
    return { width: this.clientWidth, height: this.clientHeight, safeArea: this.safeArea() };
  }

  /** Its cards set up (`start()`), ready once their first frame has been painted. */
  async setUp() {
    if (typeof this.engine.text !== "function" || !this.engine.exports.cm_overlay_call) {
      throw new CardMapError(`<${this.localName}>: its engine has no overlay calls; load cardmap.wasm (the whole engine), not the card controller's`);
    }
    this.size = { width: this.clientWidth, height: this.clientHeight };
    this.started = true;
    this.start();
    this.request();
    await framesPassed(2);
    return true;
  }

  get running() { return this.started; }

  resized() {
    if (!this.started) {
      super.resized();
      return;
    }
    if (this.clientWidth === this.size.width && this.clientHeight === this.size.height) return;
    this.size = { width: this.clientWidth, height: this.clientHeight };
    this.changed();
    this.request();
  }

  /** Once there is an engine and a size: the subclass sets its cards up. */
  start() {}

  /** A new size: the subclass measures again; the next frame draws. */
  changed() {}

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

  /**
   * Plays the engine's `motion` (`{kind, from, to, duration, damping}`): `apply(y)` at each frame
   * with its value then (its end at once under `prefers-reduced-motion`), then `done()`.
   */
  play(motion, apply, done = () => {}) {
    this.playing = { motion, start: null, apply, done, reduced: this.reducedMotion };
    this.request();
  }

  /** Whether anything moves: a motion or a finger. */
  get moving() {
    return !!(this.playing || (this.gesture && this.gesture.dragging));
  }

  drawFrame(now) {
    if (!this.started || !this.clientWidth || !this.clientHeight) return;
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
  }

  frameFailed() {
    this.playing = null;
  }

  /** Sets `mapInsets` and, when they changed, dispatches `cardmapinsetschange` (in this frame's callback). */
  #report(insets, always) {
    const last = this.insetsValue;
    if (!always && last && last.top === insets.top && last.left === insets.left && last.bottom === insets.bottom && last.right === insets.right) return;
    this.insetsValue = insets;
    this.dispatchEvent(new CustomEvent("cardmapinsetschange", { detail: { mapInsets: insets } }));
  }

  /**
   * Follows a finger (or a mouse) on `target` (the package's gesture, `trackPointer`): `move(dx, dy,
   * gesture)` at each frame while it drags (once the engine's touch slop says it is a drag, not a
   * tap), `end(gesture, event)` when it lifts (`gesture.samples` are `[seconds, value]` of what
   * `sample(dx, dy)` gives, for the engine's release velocity), `tap(event)` for a touch that never
   * became a drag; `accepts(event)` says whether a touch that starts there is followed.
   */
  track(target, { sample, move, end, tap = (_event) => {}, accepts = (_event) => true }) {
    trackPointer(this, target, {
      start: (event) => (this.playing || !this.started || !accepts(event) ? null
        : { samples: [[event.timeStamp / 1000, sample(0, 0)]] }),
      sample: (g, e) => g.samples.push([e.timeStamp / 1000, sample(g.dx, g.dy)]),
      moved: (g) => {
        keepRecent(g.samples);
        move(g.dx, g.dy, g);
        this.request();
      },
      end: (g, event) => {
        if (g.dragging) {
          g.samples = released(g.samples, [event.timeStamp / 1000, sample(g.dx, g.dy)]);
          end(g, event);
          this.request();
        } else if (event.type === "pointerup") {
          tap(event);
        }
      },
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

/** A whole number attribute's value, its `fallback` when absent or not one. */
export function numberAttribute(element, name, fallback) {
  const text = element.getAttribute(name);
  if (text === null || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new CardMapError(`<${element.localName} ${name}="${text}">: expected a number`);
  return value;
}
