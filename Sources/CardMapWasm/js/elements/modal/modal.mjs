// <cardmap-modal>: a modal card (as Cardboard's modal cards) over a map: a sheet, a notification, a
// banner, a toast or an alert, from the engine's presets, with its anchor and per-edge insets; it
// slides in and out (a centred card fades) along the engine's motions, a finger swipes it away (past
// half its size or at 1000 pt/s, the engine's rule) or lets it spring back, Escape dismisses it, and
// modals shown while one shows wait their turn, in order. A blocking card (a dialog: the engine's
// presets say which) keeps focus inside while shown and gives it back after.
//
//   <cardmap-modal preset="toast"><p>Route saved</p></cardmap-modal>
//   await modal.show();   // resolves once it has slid in (after any modal shown before it)
//   modal.addEventListener("cardmapinsetschange", (event) => …event.detail.mapInsets…);
//
// Styling: the parts `card`, `content` and `backdrop`; the custom properties
// --cardmap-modal-background, --cardmap-modal-color, --cardmap-modal-shadow and
// --cardmap-modal-backdrop, with a dark scheme under `prefers-color-scheme: dark`.
import { CardMapError, reportError } from "../../engine/errors.mjs";
import { place } from "../base.mjs";
import { CardMapOverlay } from "../overlay/overlay.mjs";

const CORNERS = { topLeft: "border-top-left-radius", topRight: "border-top-right-radius",
  bottomLeft: "border-bottom-left-radius", bottomRight: "border-bottom-right-radius" };
const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

const STYLE = `
:host { --background: var(--cardmap-modal-background, #fff); --color: var(--cardmap-modal-color, #1c1c1e);
  --shadow: var(--cardmap-modal-shadow, 0 2px 16px rgba(0,0,0,.25)); z-index: 2; }
@media (prefers-color-scheme: dark) {
  :host { --background: var(--cardmap-modal-background, #2c2c2e); --color: var(--cardmap-modal-color, #f2f2f7); }
}
.card { visibility: hidden; }
.card.shown { visibility: visible; }
.content { position: absolute; box-sizing: border-box; overflow: hidden; touch-action: none; }
.content.measuring { height: auto !important; }
.backdrop { position: absolute; inset: 0; background: var(--cardmap-modal-backdrop, transparent); pointer-events: auto; }
.backdrop[hidden] { display: none; }
`;

/** The modals shown and waiting, one at a time in order (the page is one level). */
const queue = [];

/**
 * `<cardmap-modal>`: `preset` (`defaultModal`, `system`, `notification`, `banner`, `toast`,
 * `alert`), `anchor` (its preset's when absent), `insets` (a JSON object of edges, each
 * `{inset, condition, avoidance}`, replacing the preset's there; the `insets` property takes the
 * object), `open` (reflected: set while it shows or waits its turn). `show()` and `dismiss()`
 * resolve when the motion ends. Events: `cardopen`, `carddismiss` (`{reason}`: `swipe`, `escape` or
 * `dismiss`), `cardmapinsetschange`.
 */
export class CardMapModal extends CardMapOverlay {
  static get observedAttributes() { return ["open", "preset", "anchor", "insets", "aria-label"]; }

  constructor() {
    super(STYLE);
    const template = document.createElement("template");
    template.innerHTML = `<div class="backdrop" part="backdrop" hidden></div>
      <div class="card" part="card" role="dialog" tabindex="-1"><div class="content" part="content"><slot></slot></div></div>`;
    this.shadowRoot.append(template.content);
    this.card = /** @type {HTMLElement} */ (this.shadowRoot.querySelector(".card"));
    this.contentBox = /** @type {HTMLElement} */ (this.shadowRoot.querySelector(".content"));
    this.backdrop = /** @type {HTMLElement} */ (this.shadowRoot.querySelector(".backdrop"));
    /** `closed`, `waiting`, `showing`, `shown` or `dismissing`. */
    this.state = "closed";
    this.translation = 0;
    this.alpha = 1;
    this.content = null;
    this.insetsObject = null;
    this.answer = null;
    /** The last swipe released: the engine was given its `translation` and `samples`, and said whether it `dismisses`. */
    this.lastRelease = null;
    this.waiters = [];
    this.track(this.card, {
      sample: (dx, dy) => this.#ask({ drag: [dx, dy] }).translation,
      move: (dx, dy) => { this.translation = this.#ask({ drag: [dx, dy] }).translation; },
      end: (gesture) => this.#released(gesture),
    });
    this.onKey = (event) => this.#key(event);
    this.onFocus = (event) => this.#keepFocus(event);
    this.shadowRoot.querySelector("slot").addEventListener("slotchange", () => this.#name());
    this.#name();
  }

  /**
   * The dialog's role and accessible name: an `alertdialog` for the alert preset, else a `dialog`,
   * named by the element's own `aria-label`, else by its content's first heading, else by its
   * content's text (a name cannot reach across the shadow root by `aria-labelledby`).
   */
  #name() {
    this.card.setAttribute("role", this.getAttribute("preset") === "alert" ? "alertdialog" : "dialog");
    const heading = this.querySelector("h1, h2, h3, h4, h5, h6, [role='heading']");
    const text = (this.getAttribute("aria-label") ?? (heading ?? this).textContent ?? "").replace(/\s+/g, " ").trim();
    if (text) this.card.setAttribute("aria-label", text.length > 100 ? text.slice(0, 99) + "…" : text);
    else this.card.removeAttribute("aria-label");
  }

  /** Taken off the page: it closes at once and the next card waiting shows. */
  disconnectedCallback() {
    super.disconnectedCallback();
    if (this.state === "closed") return;
    this.playing = null;
    this.#closed();
    this.#settle();
    this.#next();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || this.reflecting) return;
    if (name === "aria-label" || name === "preset") this.#name();
    if (name === "aria-label") return;
    if (name === "open") {
      if (value !== null && this.state === "closed") this.show().catch((error) => reportError(this, error));
      if (value === null && this.state !== "closed") this.dismiss().catch((error) => reportError(this, error));
      return;
    }
    if (this.started && this.state !== "closed") {
      this.#measure();
      this.request();
    }
  }

  /** The per-edge insets replacing the preset's (`{top: {inset, condition, avoidance}, …}`), or null. */
  get insets() {
    if (this.insetsObject) return this.insetsObject;
    const text = this.getAttribute("insets");
    if (text === null) return null;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new CardMapError(`<cardmap-modal insets>: expected a JSON object of edges, found ${JSON.stringify(text)}`);
    }
  }

  set insets(value) {
    this.insetsObject = value;
    if (this.started && this.state !== "closed") {
      this.#measure();
      this.request();
    }
  }

  /** Whether it shows now, moves in or out, or waits its turn. */
  get open() {
    return this.state !== "closed";
  }

  /** The options the engine is asked with (`CardMap.modal`'s), the content's measured size with them. */
  options() {
    // The engine checks each name (an unknown preset or anchor is its error, naming the member).
    /** @type {Record<string, any>} */
    const options = {};
    const preset = this.getAttribute("preset");
    if (preset !== null) options.preset = preset;
    const anchor = this.getAttribute("anchor");
    if (anchor !== null) options.anchor = anchor;
    const insets = this.insets;
    if (insets !== null) options.insets = insets;
    return options;
  }

  #ask(extra) {
    return this.engine.modal(this.screen(), { ...this.options(), content: this.content ?? { height: 0 }, ...extra });
  }

  /**
   * Shows the card: at once if no other modal shows, else once those before it are dismissed. It
   * slides in (a centred card fades in) along the engine's motion; resolves then.
   */
  show() {
    if (this.state === "shown" || this.state === "showing") return this.#whenSettled();
    if (this.state === "waiting") return this.#whenSettled();
    this.state = "waiting";
    this.#reflect(true);
    queue.push(this);
    if (queue[0] === this) this.#present();
    return this.#whenSettled();
  }

  /** Dismisses the card: it slides out (a centred card fades) along the engine's motion; resolves then. */
  dismiss() {
    return this.#dismiss("dismiss");
  }

  async #present() {
    try {
      await this.ready;
      this.#measure();
      const rest = this.#ask({ translation: 0 });
      this.state = "showing";
      this.card.classList.add("shown");
      this.#blocking(rest.blocks);
      if (rest.fades) {
        this.translation = 0;
        this.alpha = rest.show.from;
        this.play(rest.show, (y) => { this.alpha = y; }, () => this.#shown());
      } else {
        this.translation = rest.show.from;
        this.play(rest.show, (y) => { this.translation = y; }, () => this.#shown());
      }
    } catch (error) {
      this.#closed();
      this.#settle(error);
      this.#next();
    }
  }

  /** Leaves the queue; the next card waiting shows. */
  #next() {
    const index = queue.indexOf(this);
    if (index >= 0) queue.splice(index, 1);
    if (index === 0 && queue.length) queue[0].#present();
  }

  #shown() {
    this.state = "shown";
    this.dispatchEvent(new CustomEvent("cardopen"));
    this.#settle();
  }

  async #dismiss(reason) {
    if (this.state === "closed" || this.state === "dismissing") return this.#whenSettled();
    if (this.state === "waiting") {
      this.#next();
      this.#closed();
      this.#settle();
      return;
    }
    await this.ready;
    this.playing = null;
    const answer = this.#ask({ translation: this.translation });
    this.#leave(answer.dismiss, answer.fades, reason);
    return this.#whenSettled();
  }

  /** Along `motion` out of view (the translation, or the alpha of a card that fades), then closed. */
  #leave(motion, fades, reason) {
    this.state = "dismissing";
    this.play(motion, (y) => { if (fades) this.alpha = y; else this.translation = y; }, () => {
      this.#closed();
      this.dispatchEvent(new CustomEvent("carddismiss", { detail: { reason } }));
      this.#settle();
      this.#next();
    });
  }

  /** A swipe released: the engine's decision (past half its size, or fast enough) and motion. */
  #released(gesture) {
    const answer = this.#ask({ translation: this.translation, samples: gesture.samples });
    this.lastRelease = { translation: answer.translation, samples: gesture.samples, dismisses: answer.dismisses };
    if (answer.dismisses) this.#leave(answer.release, false, "swipe");
    else this.play(answer.release, (y) => { this.translation = y; });
  }

  #closed() {
    this.state = "closed";
    this.translation = 0;
    this.alpha = 1;
    this.card.classList.remove("shown");
    this.#reflect(false);
    this.#blocking(false);
    this.request();
  }

  #reflect(open) {
    this.reflecting = true;
    this.toggleAttribute("open", open);
    this.reflecting = false;
  }

  #whenSettled() {
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  #settle(error = null) {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) error ? w.reject(error) : w.resolve(this);
  }

  /** The content's size as laid out: its height at the card's width (top and bottom cards), else its own width and height. */
  #measure() {
    const options = this.options();
    const box = this.contentBox;
    const base = this.engine.modal(this.screen(), { ...options, content: { height: 0 } });
    box.classList.add("measuring");
    // A top or bottom card is as wide as the screen less its insets: the content's width is the engine's.
    const stretched = base.anchor === "top" || base.anchor === "bottom";
    box.style.width = stretched ? base.content.width + "px" : "max-content";
    box.style.maxWidth = this.clientWidth + "px";
    const rect = box.getBoundingClientRect();
    box.classList.remove("measuring");
    this.content = stretched ? { height: rect.height } : { width: rect.width, height: rect.height };
  }

  /** A blocking card: the page under it takes no input, and focus stays inside until it closes. */
  #blocking(blocks) {
    this.backdrop.hidden = !blocks;
    if (blocks) this.card.setAttribute("aria-modal", "true");
    else this.card.removeAttribute("aria-modal");
    if (blocks && !this.returnFocus) {
      this.returnFocus = /** @type {HTMLElement | null} */ (document.activeElement);
      document.addEventListener("focusin", this.onFocus);
      this.#focusFirst();
    } else if (!blocks && this.returnFocus) {
      document.removeEventListener("focusin", this.onFocus);
      const back = this.returnFocus;
      this.returnFocus = null;
      if (back && typeof back.focus === "function") back.focus();
    }
    if (this.state === "closed") document.removeEventListener("keydown", this.onKey);
    else document.addEventListener("keydown", this.onKey);
  }

  #focusables() {
    return /** @type {HTMLElement[]} */ (Array.from(this.querySelectorAll(FOCUSABLE)));
  }

  #focusFirst() {
    const first = this.#focusables()[0];
    (first ?? this.card).focus();
  }

  /** Focus that left a blocking card comes back to it. */
  #keepFocus(event) {
    if (this.state === "closed" || !this.returnFocus) return;
    const target = /** @type {Node} */ (event.target);
    if (target !== this && !this.contains(target)) this.#focusFirst();
  }

  /** Escape dismisses (a blocking card, or one with focus inside); Tab goes round inside a blocking card. */
  #key(event) {
    if (this.state !== "shown" && this.state !== "showing") return;
    const inside = this.contains(document.activeElement) || document.activeElement === this;
    if (event.key === "Escape" && (this.returnFocus || inside) && queue[0] === this) {
      event.preventDefault();
      this.#dismiss("escape");
    } else if (event.key === "Tab" && this.returnFocus) {
      const list = this.#focusables();
      if (!list.length) {
        event.preventDefault();
        this.card.focus();
        return;
      }
      const first = list[0], last = list[list.length - 1];
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  start() {}

  changed() {
    if (this.state !== "closed") this.#measure();
  }

  /** One frame: the card and its content where the engine puts them now, its corners and alpha. */
  draw() {
    const screen = this.screen();
    if (this.state === "closed" || this.state === "waiting") {
      this.answer = null;
      return { mapInsets: { ...screen.safeArea } };
    }
    const answer = this.#ask({ translation: this.translation });
    this.answer = answer;
    place(this.card, answer.card);
    place(this.contentBox, { ...answer.content, x: answer.content.x - answer.card.x, y: answer.content.y - answer.card.y });
    for (const [name, property] of Object.entries(CORNERS)) {
      this.card.style.setProperty(property, answer.corners.includes(/** @type {any} */ (name)) ? answer.cornerRadius + "px" : "0px");
    }
    this.card.style.opacity = String(this.alpha);
    return answer;
  }
}

if (!customElements.get("cardmap-modal")) customElements.define("cardmap-modal", CardMapModal);
