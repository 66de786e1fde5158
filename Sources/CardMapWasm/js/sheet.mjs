// <cardmap-sheet>: a card over a map with the engine's rules, no framework. It drives a one-card
// stack in the engine (`CardMap.stack`), so its positions, snaps, taps, keys and motions are
// `cardmap replay`'s for the same gestures: collapsed, peaking and extended; a drag anywhere on the
// card (a finger or a mouse: pointer events, every sample the browser kept), released by the
// engine's velocity rule and spring; a tap on the title; ⌃↑ and ⌃↓ (and Esc, the engine's); a
// leading sheet on wide screens and a sidebar where the engine lays one out; the safe area from CSS
// `env()`. Every answer of the layout is applied: the card's frame, its alpha, the content's alpha
// (none shows under a collapsed card's title). Apps put their own content inside (the `title` slot
// and the default one).
//
//   <cardmap-sheet position="peaking"><h2 slot="title">Ferries</h2>…</cardmap-sheet>
//   sheet.addEventListener("cardmove", (event) => …event.detail.layout.mapInsets…);
//   await sheet.show("extended");   // resolves when the motion ends
//
// The engine: the one given (`sheet.cardmap = await load()`), else the page's (`load()`'s, or
// `cardmap/inline`'s when imported), fetched once for the whole page.
//
// Styling: the parts `card`, `grabber`, `title`, `separator` and `content`; the custom properties
// --cardmap-sheet-background, --cardmap-sheet-color, --cardmap-sheet-grabber,
// --cardmap-sheet-separator, --cardmap-sheet-radius and --cardmap-sheet-shadow, with a dark scheme
// under `prefers-color-scheme: dark` (or `color-scheme: dark` on the sheet).
import { checkEngine, checkOneOf, elementEngine, reportError } from "./cardmap.mjs";

const STYLE = `
:host { position: absolute; inset: 0; pointer-events: none; display: block; color-scheme: light dark;
  --background: var(--cardmap-sheet-background, #fff); --color: var(--cardmap-sheet-color, #1c1c1e);
  --grabber: var(--cardmap-sheet-grabber, rgba(60,60,67,.3)); --separator: var(--cardmap-sheet-separator, rgba(60,60,67,.29)); }
@media (prefers-color-scheme: dark) {
  :host { --background: var(--cardmap-sheet-background, #1c1c1e); --color: var(--cardmap-sheet-color, #f2f2f7);
    --grabber: var(--cardmap-sheet-grabber, rgba(235,235,245,.3)); --separator: var(--cardmap-sheet-separator, rgba(84,84,88,.65)); }
}
.card { position: absolute; box-sizing: border-box; pointer-events: auto; touch-action: none; overflow: hidden;
  display: flex; flex-direction: column; background: var(--background); color: var(--color);
  border-radius: var(--cardmap-sheet-radius, 12px); box-shadow: var(--cardmap-sheet-shadow, 0 2px 12px rgba(0,0,0,.25)); }
.card:focus-visible { outline: 2px solid Highlight; }
.grabber { width: 36px; height: 5px; border-radius: 3px; background: var(--grabber); margin: 6px auto 0; flex: none; }
.title { all: unset; display: block; padding: 8px 16px; cursor: pointer; flex: none; }
.separator { height: 1px; background: var(--separator); flex: none; visibility: hidden; }
.separator.shown { visibility: visible; }
.content { flex: 1; overflow: auto; }
.probe { position: absolute; visibility: hidden; pointer-events: none;
  padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px); }
`;

/** The card's positions, as the engine names them. */
const POSITIONS = ["collapsed", "peaking", "extended"];

/** Keys the engine takes (`KeyCommand`), by the browser's names. */
function keyName(event) {
  if (event.ctrlKey && event.key === "ArrowUp") return "ctrl+up";
  if (event.ctrlKey && event.key === "ArrowDown") return "ctrl+down";
  if (event.key === "Escape") return "esc";
  return null;
}

export class CardMapSheet extends HTMLElement {
  static get observedAttributes() { return ["position"]; }

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${STYLE}</style><div class="probe"></div>
      <div class="card" part="card" role="region" tabindex="0" aria-roledescription="sheet">
        <div class="grabber" part="grabber"></div>
        <button class="title" part="title" aria-expanded="false"><slot name="title"></slot></button>
        <div class="separator" part="separator"></div>
        <div class="content" part="content"><slot></slot></div></div>`;
    /** @type {HTMLElement} */
    this.card = root.querySelector(".card");
    this.titleButton = root.querySelector(".title");
    /** @type {HTMLElement} */
    this.content = root.querySelector(".content");
    /** @type {HTMLElement} */
    this.separator = root.querySelector(".separator");
    this.probe = root.querySelector(".probe");
    this.engine = null;
    this.stack = null;
    this.layout = null;
    this.animation = null;
    this.gesture = null;
    /** Those waiting for the card to settle (`show`, `hide`). */
    this.waiting = [];
    /** The last event given to the engine's stack and its answer (what `cardmap replay` would print). */
    this.lastStep = null;
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    // (A page that never awaits `ready` has the error as an `error` event.)
    this.ready.catch(() => {});
    this.card.addEventListener("pointerdown", (event) => this.#down(event));
    this.card.addEventListener("pointermove", (event) => this.#move(event));
    this.card.addEventListener("pointerup", (event) => this.#up(event));
    this.card.addEventListener("pointercancel", (event) => this.#up(event));
    this.card.addEventListener("keydown", (event) => {
      const key = keyName(event);
      if (!key || !this.stack) return;
      event.preventDefault();
      this.#step({ event: "key", key });
    });
    this.content.addEventListener("scroll", () => this.separator.classList.toggle("shown", this.content.scrollTop > 0));
  }

  /**
   * The engine (`await load()`'s). Without one, the sheet takes the page's (the first `load()`, or
   * `cardmap/inline`'s), which it loads itself when the page has asked for none.
   */
  get cardmap() { return this.engine; }
  set cardmap(engine) {
    this.engine = checkEngine("sheet.cardmap", engine);
    if (this.isConnected) this.#start();
  }

  /** Where the card is: "collapsed", "peaking" or "extended". Setting it moves the card (a key command's motion). */
  get position() { return this.layout ? this.layout.position : this.getAttribute("position") || "peaking"; }
  set position(value) {
    this.setAttribute("position", checkOneOf("sheet.position", value, POSITIONS));
  }

  /** Moves the card to `position` (default "peaking") and resolves with the layout once it has settled there. */
  show(position = "peaking") {
    checkOneOf("sheet.show(position)", position, POSITIONS);
    return this.ready.then(() => {
      const settled = new Promise((resolve) => this.waiting.push(resolve));
      if (position === this.layout.position && !this.animation && !this.gesture) this.#settled(this.layout);
      else this.position = position;
      return settled;
    });
  }

  /** Collapses the card (only its title shows) and resolves with the layout once it has settled. */
  hide() {
    return this.show("collapsed");
  }

  connectedCallback() {
    if (!this.stack) this.#begin();
    // A new screen (a rotation, a resized window): a new stack, the card where it was.
    this.resizer = new ResizeObserver(() => {
      if (this.stack && (this.clientWidth !== this.size.width || this.clientHeight !== this.size.height)) this.#start();
    });
    this.resizer.observe(this);
  }

  disconnectedCallback() {
    if (this.resizer) this.resizer.disconnect();
    if (this.animation) cancelAnimationFrame(this.animation);
    this.animation = null;
    if (this.stack) this.stack.free();
    this.stack = null;
  }

  /**
   * Starts with the engine given, else the page's: after the page's module scripts have run (a page
   * that loads an engine, or imports cardmap/inline, has then asked for it), so that one is fetched.
   */
  async #begin() {
    try {
      await elementEngine(this);
      if (!this.stack && this.isConnected) this.#start();
    } catch (error) {
      this.#fail(error);
    }
  }

  /** An error no caller can catch (a frame, the engine's load): `ready` rejects, and an `error` event says it. */
  #fail(error) {
    this.rejectReady(error);
    reportError(this, error);
  }

  attributeChangedCallback(name, old, value) {
    if (!this.stack || !this.layout || value === this.layout.position) return;
    if (!POSITIONS.includes(value)) {
      // Set as an attribute, where no call can throw: an `error` event names it.
      try { checkOneOf("sheet's position attribute", value, POSITIONS); } catch (error) { reportError(this, error); }
      return;
    }
    // Toward the asked position one key command at a time, as the keyboard moves it.
    const steps = POSITIONS.indexOf(value) - POSITIONS.indexOf(this.layout.position);
    for (let i = 0; i < Math.abs(steps); i++) this.#step({ event: "key", key: steps > 0 ? "ctrl+up" : "ctrl+down" }, false);
  }

  /** The screen the sheet lies on: its own box, the safe area from CSS env(). */
  screen() {
    const style = getComputedStyle(this.probe);
    const inset = (side) => parseFloat(style.getPropertyValue("padding-" + side)) || 0;
    return { width: this.clientWidth, height: this.clientHeight,
      safeArea: { top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right") } };
  }

  /** A new stack for the sheet's screen, the card pushed at its position. */
  #start() {
    if (!this.engine || !this.clientWidth || !this.clientHeight) return;
    const attribute = this.getAttribute("position");
    const position = this.layout ? this.layout.position : POSITIONS.includes(attribute) ? attribute : "peaking";
    if (this.stack) this.stack.free();
    this.size = { width: this.clientWidth, height: this.clientHeight };
    this.stack = this.engine.stack(this.screen());
    // A card over a map: it has map content (a manager), so it can be dragged.
    this.#step({ event: "push", card: { id: "sheet", position, mapManager: "map" } }, false);
    this.resolveReady(this);
  }

  /** Gives the stack `event`, then shows its answer: at once, or along its motion. */
  #step(event, animate = true) {
    const answer = this.stack.apply(event);
    this.lastStep = { event, answer };
    const reduced = typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (animate && answer.motion && answer.motion.duration > 0 && !reduced) this.#animate(answer);
    else this.#show(answer.layout, true);
    return answer;
  }

  /** The card along `answer.motion`, frame by frame, then settled where the answer says. */
  #animate(answer) {
    if (this.animation) cancelAnimationFrame(this.animation);
    const start = performance.now();
    const frame = (now) => {
      // (A frame's time can precede the start by a little.)
      const t = Math.max(0, (now - start) / 1000);
      if (t >= answer.motion.duration) {
        this.animation = null;
        this.#show(answer.layout, true);
        return;
      }
      try {
        const { y } = this.engine.motion(answer.motion, t);
        this.#show(this.stack.apply({ event: "move", y }).layout, false);
        this.animation = requestAnimationFrame(frame);
      } catch (error) {
        // The motion cannot be shown: the card settles where the engine put it.
        this.animation = null;
        this.#show(answer.layout, true);
        reportError(this, error);
        throw error;
      }
    };
    this.animation = requestAnimationFrame(frame);
  }

  /**
   * Applies `layout`: the card's frame and alpha, the content's alpha (0 under a collapsed card's
   * title: nothing of it shows, nor takes focus); a settled layout is the new position
   * (`cardpositionchange`). Every frame the card moves is a `cardmove`.
   */
  #show(layout, settled) {
    const rect = layout.card;
    Object.assign(this.card.style, { left: rect.x + "px", top: rect.y + "px", width: rect.width + "px",
      height: rect.height + "px", opacity: String(layout.cardAlpha) });
    this.content.style.opacity = String(layout.contentAlpha);
    this.content.style.visibility = layout.contentAlpha > 0 ? "" : "hidden";
    this.separator.style.opacity = String(layout.contentAlpha);
    this.titleButton.setAttribute("aria-expanded", String(layout.position === "extended"));
    if (!settled) {
      this.dispatchEvent(new CustomEvent("cardmove", { detail: { y: rect.y, layout } }));
      return;
    }
    const changed = !this.layout || this.layout.position !== layout.position;
    this.layout = layout;
    if (this.getAttribute("position") !== layout.position) this.setAttribute("position", layout.position);
    if (changed) this.dispatchEvent(new CustomEvent("cardpositionchange", { detail: { card: "sheet", position: layout.position, layout } }));
    this.dispatchEvent(new CustomEvent("cardmove", { detail: { y: rect.y, layout } }));
    this.#settled(layout);
  }

  /** Resolves what waits for the card to settle, when no motion or gesture is under way. */
  #settled(layout) {
    if (this.animation || this.gesture) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(layout);
  }

  #down(event) {
    if (!this.stack || !this.layout) return;
    if (this.animation) { cancelAnimationFrame(this.animation); this.animation = null; }
    this.gesture = { id: event.pointerId, startY: event.clientY, top: this.card.offsetTop, moved: false,
      samples: [[event.timeStamp / 1000, this.card.offsetTop]], onTitle: event.composedPath().includes(this.titleButton) };
  }

  #move(event) {
    const g = this.gesture;
    if (!g || event.pointerId !== g.id || !this.layout.draggable) return;
    const y = g.top + event.clientY - g.startY;
    if (!g.moved && Math.abs(event.clientY - g.startY) < 4) return;
    if (!g.moved) {
      g.moved = true;
      try { this.card.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the page did not see start */ }
    }
    // Every sample the browser kept since the last event (a slow frame coalesces several), so that
    // the release velocity is the finger's, whatever the frame rate.
    const samples = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const sample of samples.length ? samples : [event]) g.samples.push([sample.timeStamp / 1000, g.top + sample.clientY - g.startY]);
    if (g.samples.length > 64) g.samples.splice(0, g.samples.length - 64);
    this.#show(this.stack.apply({ event: "move", y }).layout, false);
  }

  #up(event) {
    const g = this.gesture;
    if (!g || event.pointerId !== g.id) return;
    this.gesture = null;
    if (!g.moved) {
      if (g.onTitle && event.type === "pointerup") this.#step({ event: "tapTitle" });
      else this.#settled(this.layout);
      return;
    }
    const y = g.top + event.clientY - g.startY;
    const samples = g.samples.concat([[event.timeStamp / 1000, y]]);
    // The engine's release velocity from the pointer's samples (its window and count), in time order.
    for (let i = 1; i < samples.length; i++) samples[i][0] = Math.max(samples[i][0], samples[i - 1][0]);
    this.#step({ event: "drag", y, samples });
  }
}

if (typeof customElements !== "undefined" && !customElements.get("cardmap-sheet")) {
  customElements.define("cardmap-sheet", CardMapSheet);
}
