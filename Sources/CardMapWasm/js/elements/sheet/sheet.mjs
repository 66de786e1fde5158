// <cardmap-sheet>: one card over a map with the iOS 27 sheet's rules, no framework. It is the card
// controller of cardmap/cards (`<cardmap-cards system-sheet>`) with a single card of its own, so its
// positions, snaps, taps, keys, motions, scroll hand-off and resizes are the engine's stack's, the
// same gesture and frame driver as the cards': collapsed, peaking and extended; a drag anywhere on
// the card (a finger or a mouse: every sample the browser kept), released by the engine's velocity
// rule and spring; the content scrolled once the card is extended and the gesture handed back to
// the card at its top; a tap on the title; ⌃↑ and ⌃↓; a leading sheet on wide screens; the safe area
// from CSS `env()`; a rotation keeps the position. Apps put their own content inside (the `title`
// slot and the default one); a map beside it follows with `CardMapControl` (cardmap/maplibre).
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
// under `prefers-color-scheme: dark`.
import { checkOneOf } from "../../engine/checks.mjs";
import { reportError } from "../../engine/errors.mjs";
import { CardMapCard, POSITIONS } from "../cards/card.mjs";
import { CardMapCards } from "../cards/cards.mjs";

// The sheet's custom properties handed to its card's (an unset one leaves the card's default).
const STYLE = `cardmap-card { --cardmap-card-background: var(--cardmap-sheet-background); --cardmap-card-color: var(--cardmap-sheet-color);
  --cardmap-card-grabber: var(--cardmap-sheet-grabber); --cardmap-card-separator: var(--cardmap-sheet-separator);
  --cardmap-card-radius: var(--cardmap-sheet-radius); --cardmap-card-shadow: var(--cardmap-sheet-shadow); }`;

export class CardMapSheet extends CardMapCards {
  static get observedAttributes() { return ["position"]; }

  constructor() {
    super();
    const style = document.createElement("style");
    style.textContent = STYLE;
    // The one card, in the sheet's own tree: its title and content are the sheet's, slotted through.
    const card = /** @type {CardMapCard} */ (document.createElement("cardmap-card"));
    card.setAttribute("card-id", "sheet");
    card.setAttribute("manager", "map");
    card.setAttribute("exportparts", "card, grabber, title, separator, content");
    card.innerHTML = `<slot name="title" slot="title"></slot><slot></slot>`;
    // (The controller's slot for card children gives way to the card's, which takes the content.)
    this.shadowRoot.querySelector("slot:not([name])").remove();
    this.shadowRoot.append(style, card);
    /** The sheet's card (its `<cardmap-card>`). */
    this.sheetCard = card;
    this.addEventListener("cardpositionchange", (event) => {
      const { position } = /** @type {CustomEvent} */ (event).detail;
      if (this.getAttribute("position") !== position) this.setAttribute("position", position);
    });
  }

  /** The sheet's one card. */
  cardElements() {
    const position = this.getAttribute("position");
    if (position !== null && POSITIONS.includes(position)) this.sheetCard.setAttribute("position", position);
    return [this.sheetCard];
  }

  /** Always the sheet's rules (the iOS 27 sheet: no dim, the map stays interactive). */
  screen() {
    return { ...super.screen(), os: "27.0" };
  }

  /** Where the card is: "collapsed", "peaking" or "extended". Setting it moves the card (a key command's motion). */
  get position() {
    return /** @type {import("../../cardmap.mjs").CardPosition} */ (this.layout ? this.layout.position : this.getAttribute("position") || "peaking");
  }
  set position(value) {
    this.setAttribute("position", checkOneOf("sheet.position", value, POSITIONS));
  }

  attributeChangedCallback(name, old, value) {
    if (!this.layout || value === this.layout.position) return;
    if (!POSITIONS.includes(value)) {
      // Set as an attribute, where no call can throw: an `error` event names it.
      try { checkOneOf("sheet's position attribute", value, POSITIONS); } catch (error) { reportError(this, error); }
      return;
    }
    super.position = value;
  }

  /**
   * Moves the card to `position` (default "peaking") and resolves with the layout once it has settled there.
   * @param {import("../../cardmap.mjs").CardPosition} position
   */
  show(position = "peaking") {
    checkOneOf("sheet.show(position)", position, POSITIONS);
    return this.ready.then(() => {
      if (position !== this.layout.position) this.position = position;
      return this.whenSettled();
    });
  }

  /** Collapses the card (only its title shows) and resolves with the layout once it has settled. */
  hide() {
    return this.show("collapsed");
  }
}

if (typeof customElements !== "undefined" && !customElements.get("cardmap-sheet")) {
  customElements.define("cardmap-sheet", CardMapSheet);
}
