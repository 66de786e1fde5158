// What every element of the package is made of: its engine and `ready`, the screen's safe area,
// its resizes, and one frame driver. Each element differs only in what it asks the engine and how it
// applies the answer; nothing here decides a size, a position or a duration.
import { checkEngine } from "../engine/cardmap.mjs";
import { reportError } from "../engine/errors.mjs";
import { elementEngine } from "../engine/load.mjs";
import { cancelFrame, nextFrame } from "../maps/frames.mjs";

/** The safe area's probe: a hidden box padded by CSS env(), which `safeArea()` reads. */
const PROBE_STYLE = `.probe { position: absolute; visibility: hidden; pointer-events: none;
  padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px); }`;

/**
 * The base of the package's elements. `engine` (the one given as `cardmap`, else the page's, or
 * with `cardsOnly` the card controller's module when the page has none), `ready`, `label` (what its
 * errors call it), `safeArea()`, `reducedMotion`, and the frame driver: `request()` asks for a frame,
 * in whose callback `drawFrame(now)` runs with `inFrame` true (an error there is an `error` event on
 * the element, then thrown). A subclass gives `setUp()` (once there is an engine and a size, tried on
 * connection, a new engine and each resize until it is `running`: true once its first frame has
 * shown, which resolves `ready`), `readied()` (what follows), `resized()` (its box changed once
 * running) and `drawFrame(now)`.
 */
export class CardMapElement extends HTMLElement {
  /**
   * `style` and `html`, the element's own shadow tree beside the probe; `manual`: its children
   * assigned to its slots one by one.
   */
  constructor(label, style, html = "", manual = false) {
    super();
    const root = this.attachShadow({ mode: "open", slotAssignment: manual ? "manual" : "named" });
    root.innerHTML = `<style>${PROBE_STYLE}${style}</style><div class="probe"></div>${html}`;
    this.probe = /** @type {HTMLElement} */ (root.querySelector(".probe"));
    /** What its errors call it (`cards`, `<cardmap-modal>`…). */
    this.label = label;
    /** The engine (`await load()`); the page's when none is given. */
    this.engine = null;
    /** Whether the card controller's module is engine enough (when the page has loaded none). */
    this.cardsOnly = false;
    /** The pointer's gesture under way (`trackPointer`'s), or null. */
    this.gesture = null;
    this.frameRequest = 0;
    /** Whether a frame's callback is running now (a listener may then render a map in that frame). */
    this.inFrame = false;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.resizer = new ResizeObserver(() => this.resized());
  }

  connectedCallback() {
    this.resizer.observe(this);
    this.begin();
  }

  disconnectedCallback() {
    this.resizer.disconnect();
    cancelFrame(this.frameRequest);
    this.frameRequest = 0;
    // A pointer still down is no longer followed: its release does not reach an element off the page.
    if (this.gesture) this.gesture.stop();
    this.gesture = null;
  }

  /** The engine (`await load()`'s); without one, the page's, loaded when first needed. */
  get cardmap() { return this.engine; }
  set cardmap(engine) {
    this.engine = checkEngine(`${this.label}.cardmap`, engine);
    if (this.isConnected) this.begin();
  }

  /** The safe area's insets, from CSS env() (`{top, left, bottom, right}`). */
  safeArea() {
    const style = getComputedStyle(this.probe);
    const inset = (side) => parseFloat(style.getPropertyValue("padding-" + side)) || 0;
    return { top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right") };
  }

  /** Whether the person asked for less motion (`prefers-reduced-motion`): a motion then shows its end at once. */
  get reducedMotion() {
    return typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /**
   * Starts once there is an engine and a size: `setUp()`, after which `ready` resolves (or rejects
   * with what stopped it, an `error` event on the element too) and `readied()` runs.
   */
  async begin() {
    try {
      await elementEngine(this, this.cardsOnly);
      if (this.running || !this.isConnected || !this.clientWidth || !this.clientHeight) return;
      if (!(await this.setUp())) return;
      this.resolveReady(this);
      await this.readied();
    } catch (error) {
      this.rejectReady(error);
      reportError(this, error);
    }
  }

  /** Whether it has started (the subclass's). */
  get running() { return false; }

  /** Sets the element up (the subclass's): true once its first frame has shown; false, set up meanwhile. */
  async setUp() { return false; }

  /** After `ready` has resolved (the subclass's). */
  async readied() {}

  /** Its box changed (the subclass's: before it has started, `begin()`). */
  resized() {
    this.begin();
  }

  /** One frame (the subclass's), in the frame's callback. */
  drawFrame(_now) {}

  /** After a frame's error: what was moving stops (the subclass's). */
  frameFailed() {}

  /** Asks for a frame (one at a time, while connected); true when this call asked for it. */
  request() {
    if (this.frameRequest || !this.isConnected) return false;
    this.frameRequest = nextFrame((now) => this.#tick(now));
    return true;
  }

  /** The frame asked for shown now instead (a resize's or a viewport event's callback comes before its paint). */
  frameNow() {
    cancelFrame(this.frameRequest);
    this.#tick(performance.now());
  }

  #tick(now) {
    this.frameRequest = 0;
    this.inFrame = true;
    try {
      this.drawFrame(now);
    } catch (error) {
      this.frameFailed();
      reportError(this, error);
      throw error;
    } finally {
      this.inFrame = false;
    }
  }
}

/**
 * Puts `element` at `rect` (the engine's `{x, y, width, height}`, in the element's points), with
 * `alpha` when given (hidden from input at 0); without a rect, hides it.
 * @param {HTMLElement} element
 * @param {{ x: number, y: number, width: number, height: number } | null | undefined} rect
 * @param {number | null} alpha
 */
export function place(element, rect, alpha = null) {
  element.hidden = !rect;
  if (!rect) return;
  const style = element.style;
  style.left = rect.x + "px";
  style.top = rect.y + "px";
  style.width = rect.width + "px";
  style.height = rect.height + "px";
  if (alpha === null) return;
  style.opacity = String(alpha);
  style.visibility = alpha > 0 ? "" : "hidden";
}

/** How far `y` is along `motion` (`{from, to}`), from 0 to 1. */
export function progress(motion, y) {
  return motion.to === motion.from ? 1 : Math.min(1, Math.max(0, (y - motion.from) / (motion.to - motion.from)));
}
