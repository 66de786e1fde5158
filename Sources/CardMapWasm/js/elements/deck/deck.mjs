// <cardmap-deck>: a swipe deck (as CardStack's) over a map: its children are the cards, the
// first on top. A finger drags the top card, which turns with the drag (the engine's rule); released,
// it flies out when the engine says the swipe commits (a direction, and far enough) or springs back,
// and the cards under it rise into their places along the same motion. The arrow keys swipe the top
// card. Each answer is the engine's (`CardMap.deck`, `cardmap overlay stack`'s), applied as given.
//
//   <cardmap-deck directions="four" max-visible="3"><article>…</article><article>…</article></cardmap-deck>
//   deck.addEventListener("cardswipe", (event) => …event.detail.index, event.detail.direction…);
//
// Styling: the part `card` (each card); the custom properties --cardmap-deck-background,
// --cardmap-deck-color, --cardmap-deck-radius and --cardmap-deck-shadow.
import { CardMapError } from "../../engine/errors.mjs";
import { progress } from "../base.mjs";
import { CardMapOverlay, cardParts, numberAttribute } from "../overlay/overlay.mjs";

const STYLE = `
:host { --background: var(--cardmap-deck-background, #fff); --color: var(--cardmap-deck-color, #1c1c1e);
  --shadow: var(--cardmap-deck-shadow, 0 2px 12px rgba(0,0,0,.2)); }
@media (prefers-color-scheme: dark) {
  :host { --background: var(--cardmap-deck-background, #2c2c2e); --color: var(--cardmap-deck-color, #f2f2f7); }
}
.card { left: 0; top: 0; transform-origin: 0 0; border-radius: var(--cardmap-deck-radius, 16px); }
.card[hidden] { display: none; }
`;

/** The engine's names of the arrow keys' swipes. */
const KEYS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/**
 * `<cardmap-deck>`: `max-visible`, `card-offset`, `card-scale`, `threshold`, `directions`
 * (`left-right`, `four`, `eight`; the property also takes a function from the swipe's angle, in
 * degrees, 0 up and 90 right, to a direction's name or null), `area` (`WIDTHxHEIGHT`, the top card's
 * size, centred). `index` is the top card's (how many were swiped). Events: `cardswipe`
 * (`{index, direction}`), `cardmapinsetschange`.
 */
export class CardMapDeck extends CardMapOverlay {
  static get observedAttributes() { return ["max-visible", "card-offset", "card-scale", "threshold", "directions", "area"]; }

  constructor() {
    super(STYLE, true);
    /** The top card's index among the children (the cards before it were swiped away). */
    this.index = 0;
    this.wrappers = [];
    this.translation = [0, 0];
    this.leaving = null;
    this.directionsFunction = null;
    this.answer = null;
    /** The last release or arrow key: the drag's `translation` (or the `key`), whether it `commits`, its `direction`. */
    this.lastRelease = null;
    this.track(this, {
      accepts: (event) => this.#top() !== null && event.composedPath().includes(this.#top()),
      sample: () => 0,
      move: (dx, dy) => { this.translation = [dx, dy]; },
      end: () => this.#release(),
    });
    this.addEventListener("keydown", (event) => {
      const key = KEYS[event.key];
      if (!key || !this.started || this.moving || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const answer = this.#ask({ key });
      this.lastRelease = { translation: [0, 0], key, commits: answer.release.commits, direction: answer.swipe.direction };
      if (answer.release.commits) this.#leave(answer);
    });
    new MutationObserver(() => this.#cards()).observe(this, { childList: true });
  }

  connectedCallback() {
    // Focusable, for the arrow keys (set here: an element made by createElement has no attributes in its constructor).
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    super.connectedCallback();
  }

  attributeChangedCallback() {
    this.request();
  }

  /** The direction function: a name, or a function of the angle; `left-right` unless given. */
  get directions() {
    return this.directionsFunction ?? this.getAttribute("directions") ?? "left-right";
  }

  set directions(value) {
    if (typeof value === "function") this.directionsFunction = value;
    else {
      this.directionsFunction = null;
      this.setAttribute("directions", String(value));
    }
    this.request();
  }

  /** The options the engine is asked with (`CardMap.deck`'s). */
  options() {
    /** @type {Record<string, any>} */
    const options = { count: Math.max(this.wrappers.length - this.index, 0) };
    const number = (attribute, member) => {
      const value = numberAttribute(this, attribute, null);
      if (value !== null) options[member] = value;
    };
    number("max-visible", "maxVisible");
    number("card-offset", "cardOffset");
    number("card-scale", "cardScale");
    number("threshold", "threshold");
    if (!this.directionsFunction && this.hasAttribute("directions")) options.directions = this.getAttribute("directions");
    const area = this.getAttribute("area");
    if (area !== null) {
      const match = /^\s*([0-9.]+)\s*x\s*([0-9.]+)\s*$/.exec(area);
      if (!match) throw new CardMapError(`<cardmap-deck area="${area}">: expected WIDTHxHEIGHT, e.g. 300x400`);
      options.area = { width: Number(match[1]), height: Number(match[2]) };
    }
    return options;
  }

  /**
   * The engine's answer for the deck now with `extra`; a direction function of the app's own is
   * asked for the swipe's angle the engine gives, and the engine answers again with its direction.
   */
  #ask(extra) {
    const screen = this.screen(), options = { ...this.options(), ...extra };
    const answer = this.engine.deck(screen, options);
    const custom = this.directionsFunction;
    if (!custom) return answer;
    const direction = custom(answer.swipe.angle);
    if (direction !== null && typeof direction !== "string") {
      throw new CardMapError(`<cardmap-deck>.directions(${answer.swipe.angle}): expected a direction's name or null, found ${typeof direction}`);
    }
    return this.engine.deck(screen, { ...options, direction });
  }

  /** The card on top (its wrapper), or null when every card was swiped. */
  #top() {
    return this.wrappers[this.index] ?? null;
  }

  /** A card for each child, in order, each in its own `card` part. */
  #cards() {
    this.wrappers = cardParts(this, this.wrappers);
    this.index = Math.min(this.index, this.wrappers.length);
    this.request();
  }

  start() {
    this.#cards();
  }

  /** A drag released: the engine says whether it commits and how the card moves. */
  #release() {
    const answer = this.#ask({ translation: this.translation, release: true });
    this.lastRelease = { translation: this.translation, key: null, commits: answer.release.commits, direction: answer.swipe.direction };
    if (answer.release.commits) this.#leave(answer);
    else {
      const { along, motion } = answer.release;
      this.play(motion, (y) => { this.translation = [along[0] * y, along[1] * y]; });
    }
  }

  /** The top card flies out along the engine's motion, the cards under it rising; then it is swiped. */
  #leave(answer) {
    const { along, motion } = answer.release;
    const index = this.index, direction = answer.swipe.direction;
    this.leaving = { motion, advance: 0 };
    this.play(motion, (y) => {
      this.translation = [along[0] * y, along[1] * y];
      this.leaving.advance = progress(motion, y);
    }, () => {
      this.leaving = null;
      this.translation = [0, 0];
      this.index = index + 1;
      this.dispatchEvent(new CustomEvent("cardswipe", { detail: { index, direction } }));
    });
  }

  /** One frame: each shown card where the engine puts it, the top one moved and turned by the drag. */
  draw() {
    const [dx, dy] = this.translation;
    const answer = this.#ask({ translation: [dx, dy], advance: this.leaving ? this.leaving.advance : 0 });
    this.answer = answer;
    const shown = new Set();
    for (const card of answer.cards) {
      const wrapper = this.wrappers[this.index + card.depth];
      if (!wrapper) continue;
      shown.add(wrapper);
      const { frame, scale } = card;
      wrapper.hidden = false;
      wrapper.style.zIndex = String(answer.cards.length - card.depth);
      // Laid out at the top card's size and scaled to the engine's frame, so the content scales with it.
      wrapper.style.width = frame.width / scale + "px";
      wrapper.style.height = frame.height / scale + "px";
      const turn = card.depth === 0
        ? `translate(${frame.width / 2 + dx}px, ${frame.height / 2 + dy}px) rotate(${answer.swipe.rotation}deg) translate(${-frame.width / 2}px, ${-frame.height / 2}px) `
        : "";
      wrapper.style.transform = `translate(${frame.x}px, ${frame.y}px) ${turn}scale(${scale})`;
      wrapper.tabIndex = card.depth === 0 ? 0 : -1;
    }
    for (const wrapper of this.wrappers) if (!shown.has(wrapper)) wrapper.hidden = true;
    return answer;
  }
}

if (!customElements.get("cardmap-deck")) customElements.define("cardmap-deck", CardMapDeck);
