// <cardmap-card>: one card of the card controller: its title, content, toolbar and map buttons in the
// card's parts, its map content (GeoJSON) and camera's fit read from its attributes, and the engine's
// card for a push; `<cardmap-cards>` lays it out.
import { CONTROL_MARGIN } from "../../maps/cameras.mjs";
import { checkOneOf, nearest } from "../../engine/checks.mjs";
import { CardMapError } from "../../engine/errors.mjs";
import { place } from "../base.mjs";

/** The positions, as the engine names them. */
export const POSITIONS = ["collapsed", "peaking", "extended"];

/** A card's attributes for its camera's fit, and the engine's members they give (numbers). */
const FIT_ATTRIBUTES = { "point-zoom": "pointZoom", "min-zoom": "minZoom", "max-zoom": "maxZoom", pitch: "pitch",
  bearing: "bearing", margin: "margin" };
/** Every attribute a card reads; a near miss of one (`cardid`) is reported, never silently ignored. */
const CARD_ATTRIBUTES = ["card-id", "position", "manager", "no-map-content", ...Object.keys(FIT_ATTRIBUTES)];
/** Attributes any element may carry (HTML's global ones, `aria-*`, `data-*`, handlers): never a card's near miss. */
const GLOBAL_ATTRIBUTE = /^(aria-|data-|on)|^(id|class|style|slot|hidden|lang|dir|title|role|tabindex|part|exportparts|is|inert|draggable|translate|autofocus|contenteditable|spellcheck|accesskey|nonce|popover|enterkeyhint|inputmode|itemid|itemprop|itemref|itemscope|itemtype|autocapitalize)$/;

const CARD_STYLE = `
:host { position: absolute; inset: 0; pointer-events: none; display: block; visibility: hidden;
  --background: var(--cardmap-card-background, #fff); --color: var(--cardmap-card-color, #1c1c1e);
  --grabber: var(--cardmap-card-grabber, rgba(60,60,67,.3)); --separator: var(--cardmap-card-separator, rgba(60,60,67,.29)); }
@media (prefers-color-scheme: dark) {
  :host { --background: var(--cardmap-card-background, #1c1c1e); --color: var(--cardmap-card-color, #f2f2f7);
    --grabber: var(--cardmap-card-grabber, rgba(235,235,245,.3)); --separator: var(--cardmap-card-separator, rgba(84,84,88,.65)); }
}
:host([data-shown]) { visibility: visible; }
:host([data-covered]) { visibility: hidden; }
.card { position: absolute; box-sizing: border-box; pointer-events: auto; touch-action: none; overflow: hidden;
  display: flex; flex-direction: column; background: var(--background); color: var(--color); outline: none;
  border-radius: var(--cardmap-card-radius, 12px); box-shadow: var(--cardmap-card-shadow, 0 2px 12px rgba(0,0,0,.25)); }
.card:focus-visible:not([data-placed]) { outline: 2px solid Highlight; }
.grabber { width: 36px; height: 5px; border-radius: 3px; background: var(--grabber); margin: 6px auto 0; flex: none; }
.header { display: flex; align-items: flex-start; gap: 8px; padding: 8px 16px; flex: none; }
.titles { flex: 1; min-width: 0; }
.title { all: unset; display: block; cursor: pointer; }
.close { flex: none; width: 30px; height: 30px; border-radius: 15px; border: none; background: rgba(120,120,128,.16);
  color: inherit; font: 600 17px/30px system-ui, sans-serif; cursor: pointer; padding: 0; }
.close[hidden] { display: none; }
.pager { display: flex; align-items: center; gap: 4px; flex: 1; min-width: 0; min-height: 30px; }
.pager[hidden] { display: none; }
.pager button { border: none; background: none; color: inherit; font: 600 20px system-ui, sans-serif; cursor: pointer; padding: 0 8px; }
.pager slot { display: block; flex: 1; min-width: 0; }
.separator { height: 1px; background: var(--separator); flex: none; visibility: hidden; }
.separator.shown { visibility: visible; }
.content { flex: 1; overflow: auto; overscroll-behavior: contain; touch-action: none; }
.dim { position: absolute; inset: 0; background: #000; opacity: 0; pointer-events: none; border-radius: inherit; }
.dim.covering { pointer-events: auto; }
.toolbar, .buttons { position: absolute; pointer-events: auto; display: flex; box-sizing: border-box; }
.buttons { flex-direction: column; }
.toolbar[hidden], .buttons[hidden] { display: none; }
:host(.page) { position: static; display: block; height: 100%; visibility: visible; }
:host(.page) .card { position: static; height: 100%; box-shadow: none; border-radius: 0; background: none; }
:host(.page) .grabber, :host(.page) .close, :host(.page) .dim, :host(.page) .toolbar, :host(.page) .buttons { display: none; }
:host(.page:not(.current)) { display: none; }
`;

/**
 * One card (`<cardmap-card>`): `card-id` (the engine's id; its `id` when absent), `position` (its
 * preferred position), `manager` (its map manager: cards with the same name share one), and
 * `no-map-content`; `geojson` (an object, a string, or a URL) is its map content; `point-zoom`,
 * `min-zoom`, `max-zoom`, `pitch`, `bearing` and `margin` (and the properties of the same names in
 * camel case) its camera's fit. A card whose content or attributes fail still shows, with no map
 * content; each problem is an `error` event on the controller naming the card. Slots: `title`,
 * `subtitle`, `accessory`, the default one (the content), `toolbar` and `buttons`. Parts: `card`,
 * `grabber`, `header`, `title`, `close`, `separator`, `content`, `dim`. A `<cardmap-cards>` lays it out.
 */
export class CardMapCard extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${CARD_STYLE}</style>
      <div class="card" part="card" role="region" tabindex="-1">
        <div class="grabber" part="grabber"></div>
        <div class="header" part="header">
          <div class="titles"><button class="title" part="title" aria-expanded="false"><slot name="title"></slot></button>
            <slot name="subtitle"></slot></div>
          <slot name="accessory"></slot>
          <button class="close" part="close" aria-label="Close" hidden>✕</button>
        </div>
        <div class="pager" part="pager" hidden><button class="previous" aria-label="Previous page">‹</button>
          <slot name="header"></slot><button class="next" aria-label="Next page">›</button></div>
        <div class="separator" part="separator"></div>
        <div class="content" part="content"><slot></slot></div>
        <div class="dim" part="dim"></div>
      </div>
      <div class="buttons" part="buttons" hidden><slot name="buttons"></slot></div>
      <div class="toolbar" part="toolbar" hidden><slot name="toolbar"></slot></div>`;
    const part = (name) => /** @type {HTMLElement} */ (root.querySelector("." + name));
    this.frame = part("card");
    this.titleButton = part("title");
    this.closeButton = part("close");
    this.pager = part("pager");
    this.separator = part("separator");
    this.contentBox = part("content");
    this.dim = part("dim");
    this.toolbar = part("toolbar");
    this.buttons = part("buttons");
    // The card is a region named by its title (the slotted title's text: a label cannot reach
    // across the shadow root).
    const title = /** @type {HTMLSlotElement} */ (root.querySelector('slot[name="title"]'));
    title.addEventListener("slotchange", () => this.name());
    this.contentBox.addEventListener("scroll", () => this.separator.classList.toggle("shown", this.contentBox.scrollTop > 0));
    this.geojsonValue = null;
    /** What went wrong with its content or attributes at its last push (each reported as an `error` event). */
    this.problems = [];
  }

  /** Its title's text ("" without one). */
  get titleText() {
    const title = this.slotted("title")[0];
    return title ? title.textContent.trim() : "";
  }

  /** Names the card's region by its title's text. */
  name() {
    const text = this.titleText;
    if (text) this.frame.setAttribute("aria-label", text);
    else this.frame.removeAttribute("aria-label");
  }

  /** The engine's id: `card-id`, else `id`, else one made up once. */
  get cardId() {
    if (!this.madeId) this.madeId = this.getAttribute("card-id") || this.id || `card-${++CardMapCard.count}`;
    return this.madeId;
  }

  /** The card's map content: a GeoJSON object, its text, or a URL to fetch it from. */
  get geojson() { return this.geojsonValue; }
  set geojson(value) {
    if (value !== null && typeof value !== "object" && typeof value !== "string" && !(value instanceof URL)) {
      throw new TypeError(`card.geojson: expected a GeoJSON object, its text or a URL, found ${typeof value}`);
    }
    this.geojsonValue = value;
    this.content = null;
  }

  // The fit attributes as properties (`card.pointZoom = 17`): a number, or null for none.
  get pointZoom() { return this.#number("point-zoom"); }
  set pointZoom(value) { this.#setNumber("point-zoom", value); }
  get minZoom() { return this.#number("min-zoom"); }
  set minZoom(value) { this.#setNumber("min-zoom", value); }
  get maxZoom() { return this.#number("max-zoom"); }
  set maxZoom(value) { this.#setNumber("max-zoom", value); }
  get pitch() { return this.#number("pitch"); }
  set pitch(value) { this.#setNumber("pitch", value); }
  get bearing() { return this.#number("bearing"); }
  set bearing(value) { this.#setNumber("bearing", value); }
  get margin() { return this.#number("margin"); }
  set margin(value) { this.#setNumber("margin", value); }

  #number(attribute) {
    const text = this.getAttribute(attribute);
    return text === null ? null : Number(text);
  }

  #setNumber(attribute, value) {
    if (value === null) this.removeAttribute(attribute);
    else if (typeof value === "number" && Number.isFinite(value)) this.setAttribute(attribute, String(value));
    else throw new TypeError(`card.${FIT_ATTRIBUTES[attribute]}: expected a finite number or null, found ${typeof value === "number" ? value : typeof value}`);
  }

  /** The map manager's name: `manager`, else the card's own id; null for a card without map content. */
  get managerName() {
    if (this.hasAttribute("no-map-content")) return null;
    return this.getAttribute("manager") || this.cardId;
  }

  /** The element whose content scrolls: the card's, or its current page's. */
  get scroller() { return this.contentBox; }

  /** The header's height above the content (grabber, title, pager): what shows of a collapsed card. */
  get titleHeight() {
    return this.contentBox.offsetTop || this.header().offsetHeight;
  }

  header() { return /** @type {HTMLElement} */ (this.shadowRoot.querySelector(".header")); }

  /**
   * The card's GeoJSON, fetched when a URL, parsed when text (once): `{geojson, text}`, or null
   * without content. What cannot be fetched or read leaves it null and is the card's
   * `contentProblem` (a CardMapError naming the card), reported when the card is pushed; a later
   * push tries again.
   */
  async loadContent() {
    if (this.content !== undefined && this.content !== null) return this.content;
    this.contentProblem = null;
    try {
      return (this.content = await this.readContent());
    } catch (error) {
      this.contentProblem = error instanceof CardMapError ? error : new CardMapError(`card "${this.cardId}".geojson: ${error.message}`);
      return (this.content = null);
    }
  }

  /** `loadContent`'s reading: throws a CardMapError naming the card for what cannot be fetched or read. */
  async readContent() {
    let value = this.geojsonValue;
    if (value === null || this.hasAttribute("no-map-content")) return null;
    const isURL = value instanceof URL || (typeof value === "string" && !/^\s*[{[]/.test(value));
    if (isURL) {
      const response = await fetch(String(value));
      if (!response.ok) throw new CardMapError(`card "${this.cardId}".geojson: HTTP ${response.status} from ${value}`);
      value = await response.text();
    }
    let object = value;
    if (typeof value === "string") {
      try {
        object = JSON.parse(value);
      } catch (error) {
        throw new CardMapError(`card "${this.cardId}".geojson: not JSON: ${error.message}`);
      }
    }
    return { geojson: object, text: typeof value === "string" ? value : JSON.stringify(value) };
  }

  /**
   * The engine's card for a push: id, position, manager and its content's box and fit, the header's
   * height, the rows of a listbox, the map buttons. What is wrong with an attribute or the content is
   * left out and kept in `problems` (CardMapErrors naming the card); `bare`: the card with no map
   * content and none of its attributes, for when the engine refuses it as described.
   */
  engineCard(engine, bare = false) {
    const problems = (this.problems = []);
    const card = { id: this.cardId };
    const position = this.getAttribute("position");
    if (position !== null && !bare) {
      try {
        card.position = checkOneOf(`card "${this.cardId}"'s position attribute`, position, POSITIONS);
      } catch (error) {
        problems.push(error);
      }
    }
    if (!bare) for (const attribute of this.getAttributeNames()) {
      if (CARD_ATTRIBUTES.includes(attribute) || GLOBAL_ATTRIBUTE.test(attribute)) continue;
      const near = nearest(attribute, CARD_ATTRIBUTES);
      if (near) problems.push(new CardMapError(`card "${this.cardId}": unknown attribute '${attribute}'${near}`));
    }
    Object.assign(card, this.engineContent(engine, problems, bare));
    if (this.titleHeight > 0) card.titleHeight = this.titleHeight;
    const buttons = this.slotted("buttons").length;
    const toolbar = this.slotted("toolbar").length;
    if (buttons) card.topButtons = buttons;
    if (toolbar) card.bottomButtons = toolbar;
    return card;
  }

  /**
   * What the card shows, for the engine: its map manager and content, and a listbox's rows.
   * @returns {Record<string, unknown>}
   */
  engineContent(engine, problems, bare = false) {
    const rows = this.options().length;
    const manager = this.managerOf(engine, problems, bare);
    return rows ? { ...manager, rows } : manager;
  }

  /**
   * `{mapManager, bbox, margin, …}` for the engine (none without map content): the content's box,
   * kept `margin` points (16 unless given, as the map controls keep) inside what shows, and the fit
   * attributes given. A problem (content that failed, an attribute that is no number) goes to
   * `problems` and leaves its part out; the engine checks the ranges.
   */
  managerOf(engine, problems, bare = false) {
    const name = this.managerName;
    if (name === null) return {};
    if (bare) return { mapManager: name };
    if (this.contentProblem) problems.push(this.contentProblem);
    let bbox = null;
    try {
      bbox = this.content ? engine.extent(this.content.text).bbox : null;
    } catch (error) {
      // Content the engine cannot read is none: the map is never given it either.
      this.content = null;
      problems.push(new CardMapError(`card "${this.cardId}".geojson: ${error.message}`));
    }
    const fit = { margin: CONTROL_MARGIN };
    for (const [attribute, member] of Object.entries(FIT_ATTRIBUTES)) {
      const text = this.getAttribute(attribute);
      if (text === null) continue;
      const value = text.trim() === "" ? NaN : Number(text);
      if (Number.isFinite(value) && (attribute !== "margin" || value >= 0)) fit[member] = value;
      else problems.push(new CardMapError(`card "${this.cardId}"'s ${attribute} attribute: expected ${attribute === "margin" ? "a number of points ≥ 0" : "a number"}, found ${JSON.stringify(text)}`));
    }
    return bbox ? { mapManager: name, bbox, ...fit } : { mapManager: name, ...fit };
  }

  /** Elements in slot `name`. */
  slotted(name) {
    return Array.from(this.children).filter((child) => child.getAttribute("slot") === name);
  }

  /** The card's `role="listbox"` content, if any. */
  listbox() {
    return this.querySelector(':scope > [role="listbox"], :scope > * [role="listbox"]');
  }

  /** Its listbox's rows (none while the listbox is hidden). */
  options() {
    const list = /** @type {HTMLElement | null} */ (this.listbox());
    return list && !list.hidden ? Array.from(list.querySelectorAll('[role="option"]')) : [];
  }

  /**
   * Applies `layout` (the engine's, for this card): its frame and alpha, the content's alpha (none
   * under a collapsed card's title), the close button (every card but the root), the map buttons
   * and the floating toolbar where the layout puts them, with the buttons' alpha.
   */
  apply(layout, isRoot) {
    const rect = layout.card;
    Object.assign(this.frame.style, { left: rect.x + "px", top: rect.y + "px", width: rect.width + "px",
      height: rect.height + "px", opacity: String(layout.cardAlpha) });
    this.contentBox.style.opacity = String(layout.contentAlpha);
    this.contentBox.style.visibility = layout.contentAlpha > 0 ? "" : "hidden";
    this.separator.style.opacity = String(layout.contentAlpha);
    this.closeButton.hidden = isRoot;
    this.titleButton.setAttribute("aria-expanded", String(layout.position === "extended"));
    place(this.buttons, layout.buttons.top, layout.buttons.alpha);
    place(this.toolbar, layout.floatingToolbar ?? layout.buttons.bottom, layout.buttons.alpha);
    this.setAttribute("data-shown", "");
    if (this.focusPending) this.focusFrame();
  }

  /**
   * Moves the keyboard's focus into the card (a pushed card, or the one a pop brings back), now or, for a
   * card not laid out yet (hidden until its first frame, and so not focusable), once it shows. Focus
   * placed so draws no ring round the whole card (a key pressed there, Esc's pop, would): Tab draws one.
   */
  focusFrame() {
    this.focusPending = !this.hasAttribute("data-shown");
    if (this.focusPending) return;
    this.frame.setAttribute("data-placed", "");
    this.frame.addEventListener("blur", () => this.frame.removeAttribute("data-placed"), { once: true });
    this.frame.focus({ preventScroll: true });
  }
}
CardMapCard.count = 0;
