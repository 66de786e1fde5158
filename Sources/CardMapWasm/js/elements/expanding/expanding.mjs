// <cardmap-expanding>: expanding cards over a map: its children are cards in a column,
// `card-height` tall, of which one at a time opens to `expanded-height`, the cards below making room
// as it grows; a finger drags the open card down and, released past the engine's distance or fast
// enough, it closes, else it springs back. Enter or Space opens the focused card, Escape closes. Each
// frame is the engine's (`CardMap.expanding`, `cardmap overlay expanding`'s), applied as given.
//
//   <cardmap-expanding card-height="120" expanded-height="360"><article>…</article>…</cardmap-expanding>
//   cards.selection = 1;   // opens the second card
//   cards.addEventListener("cardselectionchange", (event) => …event.detail.index…);
//
// Styling: the part `card` (each card); the custom properties --cardmap-expanding-background,
// --cardmap-expanding-color and --cardmap-expanding-shadow.
import { reportError } from "../../engine/errors.mjs";
import { place } from "../base.mjs";
import { CardMapOverlay, cardParts, numberAttribute } from "../overlay/overlay.mjs";

const STYLE = `
:host { --background: var(--cardmap-expanding-background, #fff); --color: var(--cardmap-expanding-color, #1c1c1e);
  --shadow: var(--cardmap-expanding-shadow, 0 2px 12px rgba(0,0,0,.2)); }
@media (prefers-color-scheme: dark) {
  :host { --background: var(--cardmap-expanding-background, #2c2c2e); --color: var(--cardmap-expanding-color, #f2f2f7); }
}
.card { cursor: pointer; }
.card[aria-expanded="true"] { cursor: auto; }
`;

/**
 * `<cardmap-expanding>`: `card-height`, `expanded-height`, `selection` (the open card's index,
 * reflected; absent when none is open; the property is the index or null). `open(index)` and
 * `close()` resolve when the motion ends. Events: `cardselectionchange` (`{index}`, null when it
 * closes), `cardmapinsetschange`.
 */
export class CardMapExpanding extends CardMapOverlay {
  static get observedAttributes() { return ["card-height", "expanded-height", "selection"]; }

  constructor() {
    super(STYLE, true);
    this.wrappers = [];
    /** The card the engine lays out open (still, while it closes), its height and its drag. */
    this.opened = null;
    this.height = null;
    this.drag = 0;
    this.selectionValue = null;
    this.answer = null;
    /** The last drag of the open card released: the engine was given its `drag` and `samples`, and said whether it `closes`. */
    this.lastRelease = null;
    // A touch on a card: a tap opens it; a drag of the open one moves it towards closing.
    const cardAt = (event) => this.wrappers.findIndex((wrapper) => event.composedPath().includes(wrapper));
    const onOpen = (gesture) => this.selectionValue !== null && gesture.path.includes(this.wrappers[this.opened]);
    this.track(this, {
      accepts: (event) => cardAt(event) >= 0,
      sample: (dx, dy) => dy,
      move: (dx, dy, gesture) => { if (onOpen(gesture)) this.drag = dy; },
      end: (gesture) => { if (onOpen(gesture)) this.#release(gesture); },
      tap: (event) => {
        const index = cardAt(event);
        if (index >= 0 && index !== this.selectionValue) this.open(index).catch((error) => reportError(this, error));
      },
    });
    this.addEventListener("keydown", (event) => {
      const index = this.wrappers.findIndex((wrapper) => event.composedPath()[0] === wrapper);
      if ((event.key === "Enter" || event.key === " ") && index >= 0 && index !== this.selectionValue) {
        event.preventDefault();
        this.open(index).catch((error) => reportError(this, error));
      } else if (event.key === "Escape" && this.selectionValue !== null) {
        event.preventDefault();
        this.close().catch((error) => reportError(this, error));
      }
    });
    new MutationObserver(() => this.#cards()).observe(this, { childList: true });
  }

  attributeChangedCallback(name, old, value) {
    if (name === "selection" && !this.reflecting && old !== value) {
      const index = value === null ? null : Number(value);
      this.selection = Number.isInteger(index) ? index : null;
      return;
    }
    this.request();
  }

  /** The open card's index, or null. Setting it opens that card (closing the open one first), or closes with null. */
  get selection() {
    return this.selectionValue;
  }

  set selection(index) {
    const done = index === null ? this.close() : this.open(index);
    done.catch((error) => reportError(this, error));
  }

  /** The options the engine is asked with (`CardMap.expanding`'s). */
  options() {
    /** @type {Record<string, any>} */
    const options = { count: this.wrappers.length };
    const card = numberAttribute(this, "card-height", null), open = numberAttribute(this, "expanded-height", null);
    if (card !== null) options.cardHeight = card;
    if (open !== null) options.expandedHeight = open;
    return options;
  }

  #ask(extra = {}) {
    /** @type {Record<string, any>} */
    const options = { ...this.options(), selected: this.opened, drag: this.drag };
    if (this.opened !== null && this.height !== null) options.height = this.height;
    return this.engine.expanding(this.screen(), { ...options, ...extra });
  }

  /** A card for each child, in order, each in its own `card` part: a button that opens it. */
  #cards() {
    this.wrappers = cardParts(this, this.wrappers);
    for (const wrapper of this.wrappers) {
      wrapper.setAttribute("role", "button");
      wrapper.setAttribute("aria-expanded", "false");
      wrapper.tabIndex = 0;
    }
    if (this.opened !== null && this.opened >= this.wrappers.length) {
      this.opened = this.selectionValue = null;
      this.height = null;
    }
    this.request();
  }

  start() {
    this.#cards();
    const selection = this.getAttribute("selection");
    if (selection !== null && Number.isInteger(Number(selection))) this.open(Number(selection)).catch((error) => reportError(this, error));
  }

  /** Opens card `index` along the engine's motion (the open one closes first); resolves when it is open. */
  async open(index) {
    await this.ready;
    if (!Number.isInteger(index) || index < 0 || index >= this.wrappers.length) {
      throw new RangeError(`<cardmap-expanding>.open(${index}): expected a card's index from 0 to ${this.wrappers.length - 1}`);
    }
    if (this.selectionValue === index) return this;
    if (this.selectionValue !== null) await this.close();
    this.opened = index;
    this.drag = 0;
    // From a closed card's height (the engine holds any height below it there), opening.
    const closed = this.#ask({ height: 0 });
    this.height = closed.height;
    this.#select(index);
    return this.#run(closed.open, (y) => { this.height = y; });
  }

  /** Closes the open card along the engine's motion; resolves when it is closed. */
  async close() {
    await this.ready;
    if (this.selectionValue === null) return this;
    this.#select(null);
    return this.#run(this.#ask().close, (y) => { this.height = y; }, () => this.#closed());
  }

  #closed() {
    this.opened = null;
    this.height = null;
    this.drag = 0;
  }

  /** Plays `motion`, resolving once it ends (a motion under way gives way to it). */
  #run(motion, apply, done = () => {}) {
    return new Promise((resolve) => {
      this.play(motion, apply, () => {
        done();
        resolve(this);
      });
    });
  }

  #select(index) {
    this.selectionValue = index;
    this.reflecting = true;
    if (index === null) this.removeAttribute("selection");
    else this.setAttribute("selection", String(index));
    this.reflecting = false;
    this.wrappers.forEach((wrapper, i) => wrapper.setAttribute("aria-expanded", String(i === index)));
    this.dispatchEvent(new CustomEvent("cardselectionchange", { detail: { index } }));
  }

  /** A drag of the open card released: the engine says whether it closes, and how the card moves. */
  #release(gesture) {
    const answer = this.#ask({ samples: gesture.samples });
    this.lastRelease = { drag: this.drag, samples: gesture.samples, closes: answer.closes };
    if (answer.closes) {
      this.#select(null);
      this.#run(answer.release, (y) => { this.height = y; }, () => this.#closed());
    } else {
      this.#run(answer.release, (y) => { this.drag = y; });
    }
  }

  /** One frame: each card where the engine puts it. */
  draw() {
    const answer = this.#ask();
    this.answer = answer;
    answer.frames.forEach((frame, index) => {
      const wrapper = this.wrappers[index];
      if (!wrapper) return;
      place(wrapper, frame);
      wrapper.style.borderRadius = answer.cornerRadius + "px";
      wrapper.style.zIndex = index === this.opened ? "1" : "";
    });
    return answer;
  }
}

if (!customElements.get("cardmap-expanding")) customElements.define("cardmap-expanding", CardMapExpanding);
