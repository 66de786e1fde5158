// cardmap/cards: TGCardViewController's card controller as web components over MapLibre GL JS.
//
//   <cardmap-cards>                                   the controller, over the map (cards.map = map)
//     <cardmap-card card-id="routes" manager="all">   the root card
//       <h2 slot="title">Ferries</h2> …content…
//     </cardmap-card>
//   </cardmap-cards>
//   cards.push(routeCard);   // slides up over the list; its map content replaces the list's
//
// Every gesture, tap, key and resize is an event of the engine's card stack (`CardMap.stack`, the
// `cardmap replay` vocabulary) and every answer is applied as given: the cards' frames and alphas,
// their motions (the engine's springs, sampled each frame), the dim over the card below and the
// map's, the map buttons' alpha and frames, the floating toolbar, the appearance calls (events) and
// the map managers' calls (the card's GeoJSON added to the map as a source with its layers, then
// removed). The same events through `cardmap replay` give the same answers: `cards.history` holds
// each `{event, answer}`. Nothing here decides a position, a threshold, an alpha or a velocity.
//
// Each frame (one `requestAnimationFrame` callback) shows the top card at its y and puts the
// camera for that y on the map, rendered in the same callback (`jumpTo`, then MapLibre's
// synchronous `redraw()`), so the map is never a frame behind the card; the map's padding is never
// set, and an `easeTo` or `flyTo` of the app's own runs to its end before the controller's camera
// comes back.
import { CONTROL_MARGIN, CardMapError, checkEngine, checkOneOf, elementEngine, followPointer, frameAfter, keepRecent, nearest, progress, redrawNow, released, reportError, startsGesture } from "./cardmap.mjs";
import { controlPlacer } from "./controls.mjs";

/** The positions, as the engine names them. */
const POSITIONS = ["collapsed", "peaking", "extended"];
/** The inputs that bring up no on-screen keyboard. */
const NOT_TYPED = new Set(["button", "checkbox", "radio", "range", "color", "file", "submit", "reset", "image", "hidden"]);

/** A card's attributes for its camera's fit, and the engine's members they give (numbers). */
const FIT_ATTRIBUTES = { "point-zoom": "pointZoom", "min-zoom": "minZoom", "max-zoom": "maxZoom", pitch: "pitch",
  bearing: "bearing", margin: "margin" };
/** Every attribute a card reads; a near miss of one (`cardid`) is reported, never silently ignored. */
const CARD_ATTRIBUTES = ["card-id", "position", "manager", "no-map-content", ...Object.keys(FIT_ATTRIBUTES)];
/** Attributes any element may carry (HTML's global ones, `aria-*`, `data-*`, handlers): never a card's near miss. */
const GLOBAL_ATTRIBUTE = /^(aria-|data-|on)|^(id|class|style|slot|hidden|lang|dir|title|role|tabindex|part|exportparts|is|inert|draggable|translate|autofocus|contenteditable|spellcheck|accesskey|nonce|popover|enterkeyhint|inputmode|itemid|itemprop|itemref|itemscope|itemtype|autocapitalize)$/;

/** The card controller's own engine module (stacks, their cameras, a GeoJSON's extent), fetched when the page has no engine of its own. */
const CARDS_MODULE = new URL("./cardmap-cards.wasm", import.meta.url);

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
      if (near) problems.push(new CardMapError(`card "${this.cardId}": unknown attribute ${JSON.stringify(attribute)}${near}`));
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

/** Puts `element` at `rect` (a layout's frame) with `alpha`; hides it without a frame or at alpha 0. */
function place(element, rect, alpha) {
  element.hidden = !rect;
  if (!rect) return;
  Object.assign(element.style, { left: rect.x + "px", top: rect.y + "px", width: rect.width + "px",
    height: rect.height + "px", opacity: String(alpha), visibility: alpha > 0 ? "" : "hidden" });
}

/**
 * A paging card (`<cardmap-pages>`): its `<cardmap-card>` children are its pages, each with its
 * own manager (pages with the same `manager` share one: paging between them swaps nothing). The
 * `header` slot sits between the previous and next buttons; `page` reads or turns the page.
 */
export class CardMapPages extends CardMapCard {
  constructor() {
    super();
    // The pager (previous, the `header` slot, next) in the header, where a card's titles are.
    this.pager.hidden = false;
    this.header().querySelector(".titles").replaceWith(this.pager);
    this.shadowRoot.querySelector(".previous").addEventListener("click", () => this.turn(-1));
    this.shadowRoot.querySelector(".next").addEventListener("click", () => this.turn(1));
    this.contentBox.style.overflow = "hidden";
  }

  /** The pages, in order. */
  get pages() { return /** @type {CardMapCard[]} */ (Array.from(this.children).filter((c) => c instanceof CardMapCard)); }

  /** The page showing (0 first). Setting it turns to that page (through the engine, when in a stack). */
  get page() { return this.current ?? 0; }
  set page(index) {
    if (!Number.isInteger(index) || index < 0 || index >= this.pages.length) {
      throw new CardMapError(`pages.page: expected a whole number from 0 to ${this.pages.length - 1}, found ${index}`);
    }
    const cards = /** @type {CardMapCards | null} */ (this.closest("cardmap-cards"));
    if (cards && cards.top === this) cards.turnPage(index);
    else this.show(index);
  }

  turn(step) {
    const cards = /** @type {CardMapCards | null} */ (this.closest("cardmap-cards"));
    if (cards && cards.top === this) cards.key(step > 0 ? "ctrl+right" : "ctrl+left");
  }

  /** Shows page `index` (the engine decided it). */
  show(index) {
    this.current = index;
    this.pages.forEach((page, i) => {
      page.classList.add("page");
      page.classList.toggle("current", i === index);
    });
    const page = this.pages[index];
    this.separator.classList.toggle("shown", page ? page.contentBox.scrollTop > 0 : false);
    this.name();
  }

  /** The title of the page showing: the region is named by it. */
  get titleText() {
    const page = this.pages[this.page];
    return page ? page.titleText : "";
  }

  get scroller() {
    const page = this.pages[this.page];
    return page ? page.contentBox : this.contentBox;
  }

  listbox() {
    const page = this.pages[this.page];
    return page ? page.listbox() : null;
  }

  async loadContent() {
    await Promise.all(this.pages.map((page) => page.loadContent()));
    return null;
  }

  /** Its pages, each with its map manager and content. */
  engineContent(engine, problems, bare = false) {
    return { pages: this.pages.map((page) => ({ id: page.cardId, ...page.managerOf(engine, problems, bare) })) };
  }

  /** The card, or page, whose content a manager of this name shows. */
  holder(manager) {
    return this.pages.find((page) => page.managerName === manager) ?? null;
  }
}

const CARDS_STYLE = `
:host { position: absolute; inset: 0; pointer-events: none; display: block; overflow: hidden; outline: none; }
.mapdim { position: absolute; inset: 0; background: #000; opacity: 0; pointer-events: none; }
.mapdim.covering { pointer-events: auto; }
.probe { position: absolute; visibility: hidden; pointer-events: none;
  padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px); }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
`;

/** The engine's keys (`KeyCommand`), by the browser's names; the listbox keys only in a listbox card. */
function keyName(event, listbox) {
  const command = event.metaKey || event.ctrlKey;
  if (event.ctrlKey && !event.metaKey) {
    const ctrl = { ArrowUp: "ctrl+up", ArrowDown: "ctrl+down", ArrowLeft: "ctrl+left", ArrowRight: "ctrl+right" };
    if (ctrl[event.key]) return ctrl[event.key];
  }
  if (event.metaKey && (event.key === "w" || event.key === "W")) return "cmd+w";
  if (event.key === "Escape") return "esc";
  if (!listbox) return null;
  if (event.key === "ArrowUp") return command ? "cmd+up" : "up";
  if (event.key === "ArrowDown") return command ? "cmd+down" : "down";
  if (event.key === "Home") return "cmd+up";
  if (event.key === "End") return "cmd+down";
  if (event.key === " ") return "space";
  if (event.key === "Enter") return "return";
  return null;
}

/**
 * The controller (`<cardmap-cards>`): lies over the map it is given (`cards.map`) and owns the card
 * stack, the dims, the map buttons and toolbar, and the camera. Its `<cardmap-card>` and
 * `<cardmap-pages>` children are the stack, the first the root; `push` and `pop` change it. The
 * attribute `system-sheet` gives it the iOS 27 sheet's rules (no dim; the map stays interactive);
 * without it, the classic card controller's.
 */
export class CardMapCards extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${CARDS_STYLE}</style><div class="probe"></div>
      <div class="mapdim" part="mapdim"></div><slot></slot><div class="live" aria-live="polite"></div>`;
    /** What its errors call it: "cards" (`<cardmap-sheet>`: "sheet"). */
    this.label = this.localName === "cardmap-sheet" ? "sheet" : "cards";
    /** True while its frame's callback runs: a listener of `cardmove` may then render a map in the same frame. */
    this.inFrame = false;
    this.mapDim = /** @type {HTMLElement} */ (root.querySelector(".mapdim"));
    this.live = root.querySelector(".live");
    this.probe = root.querySelector(".probe");
    this.engine = null;
    this.stack = null;
    this.mapValue = null;
    /** The cards in the stack, bottom first (the engine's `stack`). */
    this.cards = [];
    /** With `back-button`: makes the card of an id again (a forward, a reload), as `restore`'s `card`. */
    this.makeCard = null;
    /** Every event given to the engine with its answer, in order (`cardmap replay`'s lines); drag frames (`move`) are left out. */
    this.history = [];
    this.lastStep = null;
    this.layoutValue = null;
    this.motion = null;
    this.gesture = null;
    /** A settled answer to show in the next frame. */
    this.settling = null;
    this.frameRequest = 0;
    this.waiting = [];
    this.sources = new Map();
    this.pending = null;
    /** Where the map's box lies against the screen (`#measureMap`). */
    this.mapOffsets = { top: 0, left: 0, bottom: 0, right: 0 };
    this.handoffOutput = new Float64Array(2);
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.ready.catch(() => {});
    this.addEventListener("pointerdown", (event) => this.#down(event));
    this.addEventListener("click", (event) => this.#click(event));
    this.addEventListener("keydown", (event) => this.#keydown(event));
    // A tap on the dimmed map (down and up there) is the card's (to peaking), never the map's.
    let dimDown = null;
    this.mapDim.addEventListener("pointerup", (event) => {
      event.stopPropagation();
      const tapped = dimDown === event.pointerId;
      dimDown = null;
      if (tapped && this.stack && !this.gesture) this.#step({ event: "tapMap" });
    });
    this.mapDim.addEventListener("pointerdown", (event) => {
      event.stopPropagation();
      dimDown = startsGesture(event) ? event.pointerId : null;
    });
  }

  /** The engine (`await load()`'s); without one, the page's, loaded when first needed. */
  get cardmap() { return this.engine; }
  set cardmap(engine) {
    this.engine = checkEngine(`${this.label}.cardmap`, engine);
    if (this.isConnected) this.#begin();
  }

  /** The MapLibre map the cards lie over: its camera is the top card's manager's. */
  get map() { return this.mapValue; }
  set map(map) {
    if (map !== null && (typeof map !== "object" || typeof map.jumpTo !== "function" || typeof map.addSource !== "function")) {
      throw new TypeError("cards.map: expected a MapLibre GL JS map (new maplibregl.Map(…))");
    }
    this.mapValue = map;
    this.shownCamera = null;
    // A person moving the map: the next camera is set again even when it is the last one.
    if (map && typeof map.on === "function") map.on("movestart", (event) => { if (event.originalEvent) this.shownCamera = null; });
    // The map's own controls (its attribution among them) placed and faded by the layout, as the
    // sheet's control places them: never under a card.
    if (this.placer) this.placer.remove();
    this.placer = map && typeof map.getContainer === "function" ? controlPlacer(map.getContainer(), "maplibre") : null;
    if (map) this.#whenStyled(() => this.#restoreSources());
    this.#measureMap();
    this.#mapLimits();
    if (this.layoutValue) this.#placeControls(this.layoutValue);
  }

  /** The map's own zoom limits and max bounds for the engine, which bounds every card's fit by them. */
  #mapLimits() {
    const map = this.mapValue;
    if (!this.stack || !map || typeof map.getMaxZoom !== "function") return;
    const bounds = typeof map.getMaxBounds === "function" ? map.getMaxBounds() : null;
    this.#step({ event: "mapLimits", minZoom: map.getMinZoom(), maxZoom: map.getMaxZoom(),
      maxBounds: bounds ? [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] : null }, false);
  }

  /** The top card's element. */
  get top() { return this.cards[this.cards.length - 1] ?? null; }

  /** The top card's layout (the engine's). */
  get layout() { return this.layoutValue; }

  /** The top card's position; setting it moves the card there by the engine's key commands. */
  get position() { return this.layoutValue ? this.layoutValue.position : null; }
  set position(value) {
    checkOneOf(`${this.label}.position`, value, POSITIONS);
    this.#started("position");
    const steps = POSITIONS.indexOf(value) - POSITIONS.indexOf(this.layoutValue.position);
    for (let i = 0; i < Math.abs(steps); i++) this.#step({ event: "key", key: steps > 0 ? "ctrl+up" : "ctrl+down" });
  }

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    this.onNavigated = (event) => this.#navigated(event);
    addEventListener("popstate", this.onNavigated);
    this.resizer = new ResizeObserver(() => this.#resized());
    this.resizer.observe(this);
    // The visual viewport (the browser's bars, the keyboard) and a text field's focus change the screen;
    // the focus once it has moved (during focusout it has not yet).
    this.onViewport = () => this.#resized();
    this.onFocus = () => setTimeout(this.onViewport, 0);
    this.viewport = globalThis.visualViewport || null;
    if (this.viewport) for (const type of ["resize", "scroll"]) this.viewport.addEventListener(type, this.onViewport);
    for (const type of ["focusin", "focusout"]) this.addEventListener(type, this.onFocus);
    this.#begin();
  }

  disconnectedCallback() {
    removeEventListener("popstate", this.onNavigated);
    if (this.resizer) this.resizer.disconnect();
    if (this.viewport) for (const type of ["resize", "scroll"]) this.viewport.removeEventListener(type, this.onViewport);
    for (const type of ["focusin", "focusout"]) this.removeEventListener(type, this.onFocus);
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    if (this.stack) this.stack.free();
    this.stack = null;
    // Connected again, it starts anew from its children: a new stack, a new history.
    this.cards = [];
    this.history = [];
    if (this.gesture) this.gesture.stop();
    if (this.placer) this.placer.remove();
    this.placer = null;
    this.motion = this.gesture = this.settling = this.leavingCard = null;
    this.layoutValue = this.settledLayout = this.lastStep = null;
  }

  /**
   * Pushes `card` (a `<cardmap-card>` or `<cardmap-pages>`, appended when not a child yet): it
   * slides up while the card below dims. Resolves with the answer once the motion ends. A card whose
   * content or attributes fail is pushed with no map content, each problem an `error` event; only a
   * card the stack cannot hold at all (its id already there) is refused, changing nothing.
   */
  async push(card) {
    if (!(card instanceof CardMapCard)) throw new TypeError(`${this.label}.push(card): expected a <cardmap-card> or <cardmap-pages> element`);
    await this.ready;
    if (this.cards.includes(card)) throw new CardMapError(`${this.label}.push(card): card "${card.cardId}" is in the stack already`);
    await card.loadContent();
    const appended = card.parentElement !== this;
    if (appended) this.append(card);
    this.cards.push(card);
    let answer;
    try {
      answer = this.#pushCard(card, true);
    } catch (error) {
      this.cards.pop();
      if (appended) card.remove();
      throw error;
    }
    card.focusFrame();
    await this.whenSettled();
    return answer;
  }

  /**
   * The engine's push of `card` (in `cards` already): as described; when the engine refuses that,
   * bare (no map content, no attributes); each problem reported as an `error` event. Throws only
   * when the engine refuses the bare card too.
   */
  #pushCard(card, animate) {
    let answer;
    try {
      answer = this.#step({ event: "push", card: card.engineCard(this.engine) }, animate);
    } catch (error) {
      if (!(error instanceof CardMapError)) throw error;
      const problems = card.problems;
      answer = this.#step({ event: "push", card: card.engineCard(this.engine, true) }, animate);
      card.problems = [...problems, error];
    }
    for (const problem of card.problems) reportError(this, problem);
    return answer;
  }

  /** Throws, for a call that cannot wait, before the cards have started. */
  #started(call) {
    if (!this.stack) throw new CardMapError(`${this.label}.${call}: called before the ${this.label} started: await ${this.label}.ready first`);
  }

  /** Pops the top card (never the root): it slides down and the card below comes back; resolves once the motion ends. */
  async pop() {
    await this.ready;
    if (this.cards.length < 2) return null;
    const answer = this.#step({ event: "pop" });
    await this.whenSettled();
    return answer;
  }

  /** Turns the top paging card to `index`. */
  turnPage(index) {
    this.#started("turnPage()");
    return this.#step({ event: "page", index });
  }

  /**
   * Releases the top card with its top at `y`, as a finger's drag ending there: at `velocity` (pt/s,
   * down positive) or with the finger's `[[seconds, y], …]` samples, whose velocity the engine takes;
   * the engine's snap, then its spring (at once when `animate` is false). Resolves with the answer
   * once the card has settled.
   */
  async release(y, velocity, animate = true) {
    await this.ready;
    const motion = Array.isArray(velocity) ? { samples: velocity } : { velocity };
    const answer = this.#step({ event: "drag", y, ...motion }, animate);
    await this.whenSettled();
    return answer;
  }

  /** Gives the engine a key command (the names `cardmap replay` reads, e.g. "ctrl+up"). */
  key(name) {
    this.#started("key()");
    return this.#step({ event: "key", key: name });
  }

  /** The engine's snapshot of the stack (JSON-safe): the cards, their positions and pages, the camera. */
  snapshot() {
    this.#started("snapshot()");
    return this.#step({ event: "snapshot" }).snapshot;
  }

  /**
   * Restores a snapshot (`snapshot()`'s): the stack, positions and pages as they were. Each card it
   * names is its element in the controller, else the one `card(id)` makes (a card popped since, or
   * after a reload), appended and its content loaded. Resolves with the answer.
   * @param {any} snapshot
   * @param {{ card?: ((id: string) => CardMapCard) | null }} options
   */
  async restore(snapshot, { card: make = null } = {}) {
    await this.ready;
    const byId = new Map(this.cardElements().map((c) => [c.cardId, c]));
    const ids = snapshot && Array.isArray(snapshot.entries) ? snapshot.entries.map((entry) => entry && entry.id) : [];
    const missing = [...new Set(ids.filter((id) => !byId.has(id)))];
    if (missing.length && typeof make !== "function") {
      throw new CardMapError(`${this.label}.restore(snapshot): no card element for ${missing.map((id) => JSON.stringify(id)).join(", ")}: ` +
        `give restore a function that makes each (${this.label}.restore(snapshot, { card: (id) => element })), or append them first`);
    }
    const made = missing.map((id) => {
      const element = make(id);
      if (!(element instanceof CardMapCard) || element.cardId !== id) {
        throw new CardMapError(`${this.label}.restore(snapshot): card(${JSON.stringify(id)}) gave ${element instanceof CardMapCard ? `card "${element.cardId}"` : String(element)}: expected a <cardmap-card> or <cardmap-pages> with card-id "${id}"`);
      }
      byId.set(id, element);
      return element;
    });
    await Promise.all(made.map((c) => c.loadContent()));
    for (const c of made) if (c.parentElement !== this) this.append(c);
    try {
      return this.#restore(snapshot, byId);
    } catch (error) {
      for (const c of made) c.remove();
      throw error;
    }
  }

  #restore(snapshot, byId) {
    return this.#step({ event: "restore", snapshot }, false, (answer) => {
      const cards = answer.stack.map((id) => byId.get(id));
      for (const card of this.cards) if (!cards.includes(card)) card.removeAttribute("data-shown");
      this.cards = cards;
    });
  }

  /** The cards it starts with and restores from: its card children, in order. */
  cardElements() {
    return /** @type {CardMapCard[]} */ (Array.from(this.children).filter((c) => c instanceof CardMapCard));
  }

  /**
   * The screen the cards lie on: the element's box, the safe area from CSS env(), classic or system
   * sheet, the direction, and the on-screen keyboard. While a text field in a card has focus, the
   * keyboard is the part of the box below the visual viewport's bottom: the visual viewport shrunk
   * over an unchanged layout viewport (iOS Safari; Chrome's default since 108), or the layout
   * viewport itself shrunk (`interactive-widget=resizes-content`, older Androids), in which case the
   * box keeps its height from before the field had focus. The engine lays the cards out above it.
   */
  screen() {
    const style = getComputedStyle(this.probe);
    const inset = (side) => parseFloat(style.getPropertyValue("padding-" + side)) || 0;
    const os = this.hasAttribute("system-sheet") ? "27.0" : "26.0";
    const width = this.clientWidth, typing = this.#typing();
    const resting = this.resting && this.resting.width === width ? this.resting.height : 0;
    const height = typing ? Math.max(this.clientHeight, resting) : this.clientHeight;
    const viewport = globalThis.visualViewport;
    const pinched = viewport && viewport.scale !== 1;
    const bottom = viewport && !pinched ? viewport.offsetTop + viewport.height : innerHeight;
    const covered = typing ? Math.max(0, Math.round(this.getBoundingClientRect().top + height - bottom)) : 0;
    if (!covered) this.resting = { width, height };
    const safeArea = { top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right") };
    return { width, height, os, safeArea, rtl: getComputedStyle(this).direction === "rtl",
      keyboard: covered > 0 && covered < height - safeArea.top ? covered : 0 };
  }

  /** Whether a text field in one of its cards has the focus (the on-screen keyboard's). */
  #typing() {
    let active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    if (!active || !this.contains(active)) return false;
    if (/** @type {HTMLElement} */ (active).isContentEditable || active.localName === "textarea") return true;
    return active.localName === "input" && !NOT_TYPED.has(/** @type {HTMLInputElement} */ (active).type);
  }

  /**
   * Starts once there is an engine and a size: the children are the stack, the first the root. A
   * card whose content or attributes fail shows all the same (`#pushCard`), the root too.
   */
  async #begin() {
    try {
      await elementEngine(this, this.label === "cards" ? CARDS_MODULE : null);
      if (this.stack || !this.isConnected || !this.clientWidth || !this.clientHeight) return;
      const children = this.cardElements();
      await Promise.all(children.map((card) => card.loadContent()));
      if (this.stack) return;
      this.screenValue = this.screen();
      this.#measureMap();
      this.stack = this.engine.stack(this.screenValue);
      for (const card of children) {
        this.cards.push(card);
        this.#pushCard(card, false);
      }
      this.#mapLimits();
      // Ready once the first frame has shown the cards (their layout is then `layout`).
      await this.whenSettled();
      this.resolveReady(this);
      // A reload on a history entry of this page's (back-button): its stack again, once the page's
      // own code awaiting `ready` has run (it sets `makeCard`).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const entry = this.hasAttribute("back-button") && typeof history !== "undefined" && history.state && history.state.cardmap;
      if (entry && entry.depth > this.cards.length) this.#restoreEntry(entry);
    } catch (error) {
      this.rejectReady(error);
      reportError(this, error);
    }
  }

  /**
   * A new screen (a resize, a rotation, the browser's bars, the keyboard): the engine's resize of the
   * stack, every card kept where it was; the keyboard alone coming or going is its `keyboard` event,
   * whose motion takes the card above it and back.
   */
  #resized() {
    if (!this.stack) {
      this.#begin();
      return;
    }
    // A box of no size (the element hidden) is no screen: the cards stay laid out on the last one.
    if (!this.clientWidth || !this.clientHeight) return;
    const old = this.screenValue, screen = this.screen();
    if (JSON.stringify(screen) === JSON.stringify(old)) return;
    this.screenValue = screen;
    this.#measureMap();
    if (JSON.stringify({ ...screen, keyboard: old.keyboard }) === JSON.stringify(old)) {
      this.#step({ event: "keyboard", height: screen.keyboard });
    } else this.#step({ event: "resize", screen }, false);
    // Shown in this frame: a resize observer's callback, or a viewport's event, comes before its paint.
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.#frame(performance.now());
  }

  /**
   * Where the map's box lies against the screen's, which the engine's insets are measured in: its
   * camera's padding is the insets less these (a map that a shrunk layout viewport made shorter
   * than the screen under the keyboard; a map beside a header). The map is first resized to its
   * box when that changed (MapLibre's own observer may come after this element's).
   */
  #measureMap() {
    const map = this.mapValue;
    const container = map && typeof map.getContainer === "function" ? map.getContainer() : null;
    this.mapOffsets = { top: 0, left: 0, bottom: 0, right: 0 };
    if (!container || !this.screenValue) return;
    const canvas = typeof map.getCanvas === "function" ? map.getCanvas() : null;
    if (canvas && typeof map.resize === "function" && (parseFloat(canvas.style.width) !== container.clientWidth ||
        parseFloat(canvas.style.height) !== container.clientHeight)) map.resize();
    const box = this.getBoundingClientRect(), rect = container.getBoundingClientRect();
    this.mapOffsets = { top: rect.top - box.top, left: rect.left - box.left,
      bottom: box.top + this.screenValue.height - rect.bottom, right: box.left + this.screenValue.width - rect.right };
  }

  /**
   * Gives the stack `event` and applies its answer: at once, or along its motion. Returns the
   * answer. An event the engine refuses throws its CardMapError; nothing changed.
   */
  #step(event, animate = true, prepare = null) {
    const depth = this.lastStep ? this.lastStep.answer.stack.length : 0;
    const answer = this.stack.apply(event);
    this.lastStep = { event, answer };
    this.history.push(this.lastStep);
    if (prepare) prepare(answer);
    this.#stackChanged(answer, animate);
    this.#remember(depth, answer.stack.length);
    return answer;
  }

  /**
   * With `back-button`: a push adds a browser history entry (its depth and the engine's snapshot),
   * a pop of any kind (✕, Esc, a program's) goes back past it, so that the browser's back (its
   * button, Android's gesture, Safari's edge swipe) pops, forward pushes again and a reload
   * restores. The cards the entry names are made again by `makeCard(id)`.
   */
  #remember(before, depth) {
    if (!this.hasAttribute("back-button") || this.navigating || typeof history === "undefined") return;
    if (depth > before && before > 0) {
      // The snapshot taken as a step of its own would restart the push's motion: taken quietly,
      // and kept in `history` all the same.
      const event = { event: "snapshot" };
      const answer = this.stack.apply(event);
      this.history.push({ event, answer });
      history.pushState({ ...(history.state ?? {}), cardmap: { depth, snapshot: answer.snapshot } }, "");
    } else if (depth < before) {
      this.unwinding = true;
      history.go(depth - before);
    }
  }

  /** The browser's back or forward, with `back-button`: the stack brought to the entry's depth. */
  #navigated(event) {
    if (!this.stack || !this.hasAttribute("back-button")) return;
    if (this.unwinding) {
      this.unwinding = false;
      return;
    }
    const entry = event.state && event.state.cardmap;
    const depth = entry ? entry.depth : 1;
    if (depth < this.cards.length) {
      this.navigating = true;
      try {
        while (this.cards.length > Math.max(depth, 1)) this.#step({ event: "pop" });
      } finally {
        this.navigating = false;
      }
    } else if (depth > this.cards.length && entry.snapshot) this.#restoreEntry(entry);
  }

  /** An entry's stack restored (forward, a reload), its cards made by `makeCard`. */
  #restoreEntry(entry) {
    if (typeof this.makeCard !== "function") {
      reportError(this, new CardMapError(`${this.label}: back-button: set ${this.label}.makeCard = (id) => element to make the cards of a forward or a reload again`));
      return;
    }
    this.navigating = true;
    this.restore(entry.snapshot, { card: this.makeCard })
      .catch((error) => reportError(this, error))
      .finally(() => { this.navigating = false; });
  }

  /** The stack's answer applied: appearance and manager calls, pages, the top card's motion or place, the highlight. */
  #stackChanged(answer, animate = false) {
    // Another card on top: the content that was flung stops.
    if (answer.event === "push" || answer.event === "pop" || answer.event === "restore") this.fling = null;
    const popped = this.cards.length > answer.stack.length ? this.cards.slice(answer.stack.length) : [];
    if (answer.coveredDim && answer.motion.kind === "push") this.restDim = answer.coveredDim.to;
    this.cards.length = Math.min(this.cards.length, answer.stack.length);
    for (const call of answer.managerEvents) this.#manager(call);
    for (const call of answer.appearance) {
      const card = [...this.cards, ...popped].find((c) => c.cardId === call.card) ?? this.#page(call.card);
      const name = { willAppear: "cardwillappear", didAppear: "carddidappear", willDisappear: "cardwilldisappear", didDisappear: "carddiddisappear" }[call.call];
      this.#dispatch(name, { card: call.card, element: card ?? null });
    }
    const top = this.top;
    if (top instanceof CardMapPages && answer.page !== null && answer.page !== top.page) {
      top.show(answer.page);
      this.#dispatch("cardpagechange", { page: answer.page });
    } else if (top instanceof CardMapPages && top.current === undefined) top.show(answer.page ?? 0);
    this.#highlight(answer.highlight);
    this.cards.forEach((card, i) => card.frame.toggleAttribute("inert", i < this.cards.length - 1));
    // A card the engine shows comes back at once (the card below, as a pop starts); the others hide
    // once the motion ends (#settled).
    for (const card of this.cards) if (answer.shownCards.includes(card.cardId)) card.removeAttribute("data-covered");
    const reduced = typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (popped.length) this.#leaving(popped, answer, animate && !reduced);
    // The focus goes back to the card that comes back.
    if (popped.length && this.top) this.top.focusFrame();
    if (answer.event === "resize" || answer.event === "restore") this.#relayoutBelow();
    if (animate && answer.motion && answer.motion.duration > 0 && answer.motion.kind !== "pop") {
      this.motion = { answer, start: null, reduced };
      this.settling = null;
      this.#request();
    } else {
      // A pop's motion is the leaving card's; the card below is back at once.
      this.motion = null;
      this.#settled(answer);
    }
  }

  /** The popped cards slide down along the pop motion (the dim over the card below fades out), then leave the page. */
  #leaving(popped, answer, animate) {
    const card = popped[popped.length - 1];
    const done = () => {
      for (const c of popped) {
        c.removeAttribute("data-shown");
        c.remove();
      }
    };
    if (!animate || !answer.motion) {
      done();
      return;
    }
    this.leavingCard = { card, answer, start: null, done };
    this.#request();
  }

  /** The cards below the top laid out on the new screen at the positions they had when covered. */
  #relayoutBelow() {
    const screen = this.screen();
    this.cards.slice(0, -1).forEach((card, i) => {
      const position = card.lastLayout ? card.lastLayout.position : "peaking";
      const layout = this.engine.layout(screen, { position, titleHeight: card.titleHeight,
        hasMapContent: card.managerName !== null || card instanceof CardMapPages, closeButton: i > 0, paging: card instanceof CardMapPages });
      card.apply(layout, i === 0);
      card.lastLayout = layout;
    });
  }

  /** The settled answer shown: the top card at its layout, the camera, the dims; `cardpositionchange` when it moved. */
  #settled(answer) {
    // Shown in the next frame's callback, as every move: a control that follows `cardmove` renders
    // its map in that frame.
    if (!this.inFrame) {
      this.settling = answer;
      this.#request();
      return;
    }
    const layout = answer.layout;
    this.#show(layout, answer.camera);
    if (!this.leavingCard) this.#dims();
    if (!this.motion && !this.leavingCard) for (const card of this.cards) card.toggleAttribute("data-covered", !answer.shownCards.includes(card.cardId));
    const changed = !this.settledLayout || this.settledLayout.position !== layout.position || this.settledTop !== this.top;
    this.settledLayout = layout;
    this.settledTop = this.top;
    if (changed) {
      this.#dispatch("cardpositionchange", { card: this.top.cardId, element: this.top, position: layout.position, layout });
      this.live.textContent = `${this.top.titleText || this.top.cardId}: ${layout.position}`;
    }
    if (!this.motion && !this.gesture && !this.leavingCard && !this.settling) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve(layout);
    }
  }


  /** Resolves with the top card's layout once no motion or gesture is under way. */
  whenSettled() {
    if (!this.motion && !this.gesture && !this.leavingCard && !this.settling) return Promise.resolve(this.layoutValue);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The map's controls where the engine lays out map buttons with the top card at `layout`. */
  #placeControls(layout) {
    if (this.placer) this.placer.follow(layout, this.engine, this.screenValue);
  }

  /** Shows the top card at `layout` and the map at `camera` (in this frame): the map's dim and interactivity too. */
  #show(layout, camera) {
    const top = this.top;
    if (!top) return;
    top.apply(layout, this.cards.length === 1);
    top.lastLayout = layout;
    this.layoutValue = layout;
    this.mapDim.style.opacity = String(layout.mapDimAlpha);
    this.mapDim.classList.toggle("covering", !layout.mapInteractive);
    this.#placeControls(layout);
    if (camera) this.#camera(camera);
    this.#dispatch("cardmove", { y: layout.card.y, layout });
  }

  /**
   * The dims over the cards: over every covered card the engine's (its last push's `coveredDim`),
   * none over the top one; `fading` at `alpha` (along a push's or pop's motion). A covered card's
   * dim takes its taps.
   */
  #dims(fading = null, alpha = 0) {
    const n = this.cards.length;
    this.cards.forEach((card, i) => {
      card.dim.style.opacity = String(card === fading ? alpha : i < n - 1 ? this.restDim ?? 0 : 0);
      card.dim.classList.toggle("covering", i < n - 1);
    });
  }

  #request() {
    if (this.frameRequest) return;
    this.frameRequest = requestAnimationFrame((now) => this.#frame(now));
    frameAfter(this.mapValue);
  }

  /**
   * One frame: the finger's latest place, or each motion's y at this frame's time, applied to the
   * cards, and the top card's camera put on the map and rendered, in this callback.
   */
  #frame(now) {
    this.frameRequest = 0;
    this.inFrame = true;
    // The next frame asked for first, while anything moves (a finger is down, a motion runs): the
    // controller's callback then comes before MapLibre's in it, and the render it makes (here, or
    // a control's on `cardmove`) replaces the one MapLibre would make: one a frame.
    if (this.motion || this.leavingCard || this.gesture || this.fling) this.#request();
    try {
      const leaving = this.leavingCard;
      if (leaving) {
        if (leaving.start === null) leaving.start = now;
        const motion = leaving.answer.motion;
        const t = Math.max(0, (now - leaving.start) / 1000);
        if (t >= motion.duration) {
          this.leavingCard = null;
          leaving.done();
          this.#settled(leaving.answer);
        } else {
          const y = this.engine.motion(motion, t).y;
          leaving.card.frame.style.top = y + "px";
          const dim = leaving.answer.coveredDim;
          if (dim) this.#dims(this.top, dim.from + (dim.to - dim.from) * progress(motion, y));
        }
      }
      const fling = this.fling;
      if (fling) {
        if (fling.start === null) fling.start = now;
        const t = Math.max(0, (now - fling.start) / 1000);
        fling.scroller.scrollTop = this.engine.scroll(fling.scroll, Math.min(t, fling.scroll.duration));
        if (t >= fling.scroll.duration) this.fling = null;
      }
      const settling = this.settling;
      this.settling = null;
      if (settling) this.#settled(settling);
      if (this.gesture && this.gesture.pendingY !== null) {
        const y = this.gesture.pendingY;
        this.gesture.pendingY = null;
        const frame = this.stack.apply({ event: "move", y });
        this.#show(frame.layout, frame.camera);
      } else if (this.motion) {
        const { answer } = this.motion;
        if (this.motion.start === null) this.motion.start = now;
        const t = Math.max(0, (now - this.motion.start) / 1000);
        if (this.motion.reduced || t >= answer.motion.duration) {
          this.motion = null;
          this.#settled(answer);
        } else {
          const y = this.engine.motion(answer.motion, t).y;
          const frame = this.stack.apply({ event: "move", y });
          this.#show(frame.layout, frame.camera);
          const dim = answer.coveredDim;
          if (dim) this.#dims(this.cards[this.cards.length - 2], dim.from + (dim.to - dim.from) * progress(answer.motion, y));
        }
      }
      this.inFrame = false;
      this.#render();
    } catch (error) {
      this.inFrame = false;
      this.motion = null;
      this.leavingCard = null;
      reportError(this, error);
      throw error;
    }
  }

  /** Puts `camera` (the engine's, in its focus form) on the map in this frame's callback (the next one's, outside a frame). */
  #camera(camera) {
    this.pending = camera;
    if (!this.inFrame) this.#request();
  }

  /**
   * Sets the pending camera on the map and renders it now (MapLibre's synchronous `redraw`), so
   * that it paints with the cards; while the app's own `easeTo`/`flyTo` runs, it waits for its end.
   */
  #render() {
    const map = this.mapValue, camera = this.pending;
    if (!map || !camera) return;
    if (map.isEasing && map.isEasing()) {
      if (!this.waitingForEase) {
        this.waitingForEase = true;
        map.once("moveend", () => {
          this.waitingForEase = false;
          this.#request();
        });
      }
      return;
    }
    this.pending = null;
    const offsets = this.mapOffsets;
    const inset = (side) => Math.max(0, camera.padding[side] - offsets[side]);
    const padding = { top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right") };
    const key = [camera.focus[0], camera.focus[1], camera.zoom, camera.bearing, camera.pitch, padding.top, padding.left,
      padding.bottom, padding.right].join();
    // The same camera again: nothing to render (MapLibre renders what else it needs on its own).
    if (key === this.shownCamera && map === this.shownMap) return;
    this.shownCamera = key;
    this.shownMap = map;
    map.jumpTo({ center: camera.focus, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch, padding });
    redrawNow(map);
  }

  /** A manager's call: its cards' GeoJSON onto the map as a source with its layers (`takeCharge`), or off it (`cleanUp`). */
  #manager(call) {
    this.#dispatch("cardmanagerchange", { manager: call.manager, call: call.call });
    if (call.call === "cleanUp") {
      this.sources.delete(call.manager);
      this.#whenStyled(() => removeContent(this.mapValue, call.manager));
      return;
    }
    const holder = this.#holder(call.manager);
    const content = holder && holder.content;
    this.sources.set(call.manager, content ? content.geojson : null);
    if (content) this.#whenStyled(() => addContent(this.mapValue, call.manager, content.geojson));
  }

  /** Every manager in charge put back on a map given late. */
  #restoreSources() {
    for (const [manager, geojson] of this.sources) if (geojson) addContent(this.mapValue, manager, geojson);
    const step = this.lastStep;
    if (step && step.answer.camera) this.#camera(step.answer.camera);
  }

  /** Runs `body` once the map's style has loaded (now, when it has). */
  #whenStyled(body) {
    const map = this.mapValue;
    if (!map) return;
    if (map.isStyleLoaded()) body();
    else map.once("load", body);
  }

  /** The card or page of the stack whose manager is `name`. */
  #holder(name) {
    for (const card of [...this.cards].reverse()) {
      if (card instanceof CardMapPages) {
        const page = card.pages[card.page] && card.pages[card.page].managerName === name ? card.pages[card.page] : card.holder(name);
        if (page) return page;
      } else if (card.managerName === name) return card;
    }
    return null;
  }

  #page(id) {
    for (const card of this.cards) if (card instanceof CardMapPages) for (const page of card.pages) if (page.cardId === id) return page;
    return null;
  }

  /** The listbox's highlight: the engine's row, `aria-selected` and `cardhighlight`. */
  #highlight(index) {
    const top = this.top;
    if (!top) return;
    const options = top.options();
    if (!options.length) return;
    const before = options.findIndex((o) => o.getAttribute("aria-selected") === "true");
    options.forEach((option, i) => option.setAttribute("aria-selected", String(i === index)));
    const list = top.listbox();
    if (index !== null && options[index]) {
      if (!options[index].id) options[index].id = `${top.cardId}-option-${index}`;
      list.setAttribute("aria-activedescendant", options[index].id);
      options[index].scrollIntoView({ block: "nearest" });
    } else list.removeAttribute("aria-activedescendant");
    if ((index ?? -1) !== before) this.#dispatch("cardhighlight", { index });
  }

  #dispatch(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  #keydown(event) {
    if (!this.stack) return;
    const top = this.top;
    const key = keyName(event, top && top.listbox() !== null);
    if (!key) return;
    event.preventDefault();
    const highlight = this.lastStep ? this.lastStep.answer.highlight : null;
    const rows = top.options().length;
    const answer = this.#step(rows ? { event: "key", key, rows } : { event: "key", key });
    if ((key === "space" || key === "return") && highlight !== null) this.#dispatch("cardselect", { index: highlight });
    return answer;
  }

  #click(event) {
    const top = this.top;
    if (!top || !this.stack) return;
    const path = event.composedPath();
    if (path.includes(top.closeButton)) {
      event.stopPropagation();
      this.pop();
      return;
    }
    // The title pressed with a key (a click with no pointer): as a tap.
    if (path.includes(top.titleButton) && event.detail === 0) {
      this.#step({ event: "tapTitle" });
      return;
    }
    const option = top.options().find((o) => path.includes(o));
    if (option) {
      const index = top.options().indexOf(option);
      this.#dispatch("cardselect", { index });
    }
  }

  /** The top card under the finger: where the gesture starts (a tap or a drag, the engine's slop decides). */
  #down(event) {
    const top = this.top;
    if (!top || !this.stack || this.gesture || !startsGesture(event)) return;
    const path = event.composedPath();
    if (!path.includes(top.frame) || path.includes(top.closeButton)) return;
    // A finger on content still scrolling stops it where it is.
    this.fling = null;
    if (this.motion) {
      // A finger on a moving card stops it where it is.
      this.motion = null;
      this.waiting.splice(0).forEach((resolve) => resolve(this.layoutValue));
    }
    // A finger on the card puts the keyboard's focus there too (its keys are the controller's).
    if (!this.contains(document.activeElement)) top.frame.focus({ preventScroll: true, focusVisible: false });
    // (A settle not shown yet gives way to the finger, from where it would have shown the card.)
    const y = (this.settling ?? { layout: this.layoutValue }).layout.card.y;
    this.settling = null;
    this.gesture = { id: event.pointerId, x0: event.clientX, y0: event.clientY, lastY: event.clientY, cardY: y,
      axis: null, samples: [[event.timeStamp / 1000, y]], xSamples: [[event.timeStamp / 1000, 0]], pendingY: null,
      offsets: [[event.timeStamp / 1000, top.scroller.scrollTop]],
      onTitle: path.includes(top.titleButton), inContent: path.includes(top.contentBox), scroller: top.scroller,
      stop: followPointer(event, { move: (e) => this.#move(e), end: (e) => this.#up(e) }) };
  }

  #move(event) {
    const g = this.gesture;
    if (!g || event.pointerId !== g.id) return;
    const dx = event.clientX - g.x0, dy = event.clientY - g.y0;
    if (!g.axis) {
      const touch = this.engine.touch(dx, dy);
      if (!touch.dragging) return;
      g.axis = touch.horizontal && g.inContent && this.top instanceof CardMapPages ? "x" : "y";
      try { this.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the page did not see start */ }
    }
    const samples = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    if (g.axis === "x") {
      for (const s of samples.length ? samples : [event]) g.xSamples.push([s.timeStamp / 1000, s.clientX - g.x0]);
      keepRecent(g.xSamples);
      return;
    }
    // The engine's scroll hand-off, sample by sample (every one the browser kept): the card moves
    // until extended, then the content scrolls; down, the content to its top, then the card.
    const scroller = g.scroller;
    const maxOffset = Math.max(0, scroller.scrollHeight - scroller.clientHeight);
    const layout = this.layoutValue;
    const extended = layout.draggable ? layout.positions.extended : g.cardY;
    let offset = scroller.scrollTop;
    const start = g.cardY;
    for (const sample of samples.length ? samples : [event]) {
      [g.cardY, offset] = this.engine.handoff(g.cardY, offset, sample.clientY - g.lastY, extended, maxOffset, this.handoffOutput);
      if (!layout.draggable) g.cardY = start;
      g.lastY = sample.clientY;
      g.samples.push([sample.timeStamp / 1000, g.cardY]);
      g.offsets.push([sample.timeStamp / 1000, offset]);
    }
    keepRecent(g.samples);
    keepRecent(g.offsets);
    scroller.scrollTop = offset;
    if (g.cardY !== start || g.moved) {
      g.moved = true;
      g.pendingY = g.cardY;
      this.#request();
    }
  }

  #up(event) {
    const g = this.gesture;
    if (!g || event.pointerId !== g.id) return;
    this.gesture = null;
    if (!g.axis) {
      if (event.type === "pointerup" && g.onTitle) this.#step({ event: "tapTitle" });
      else this.#settled(this.lastStep.answer);
      return;
    }
    if (g.axis === "x") {
      const dx = event.clientX - g.x0;
      this.#step({ event: "swipePage", dx, samples: released(g.xSamples, [event.timeStamp / 1000, dx]) });
      return;
    }
    if (!g.moved) {
      // The content scrolled; the card never moved. Released moving, it scrolls on (the engine's fling).
      this.#settled(this.lastStep.answer);
      const scroller = g.scroller, offset = scroller.scrollTop;
      const maxOffset = Math.max(offset, scroller.scrollHeight - scroller.clientHeight);
      if (g.offsets.length > 1 && maxOffset > 0) {
        // Released where the finger last was: the samples' offsets, not the scroller's, which the
        // browser rounds (a lift 0.1 ms after a move 0.27 px past the rounded offset is not a flick back).
        const lifted = [event.timeStamp / 1000, g.offsets[g.offsets.length - 1][1]];
        const answer = this.#step({ event: "fling", offset, maxOffset, samples: released(g.offsets, lifted) });
        if (answer.scroll.duration > 0 && answer.scroll.to !== offset) {
          this.fling = { scroll: answer.scroll, scroller, start: null };
          this.#request();
        }
      }
      return;
    }
    this.#step({ event: "drag", y: g.cardY, samples: released(g.samples, [event.timeStamp / 1000, g.cardY]) });
  }
}

/** The ids of a manager's source and layers on the map. */
function ids(manager) {
  const base = `cardmap-${manager}`;
  return { source: base, layers: ["fill", "line", "circle", "symbol"].map((kind) => `${base}-${kind}`) };
}

/**
 * A manager's content on `map`: a GeoJSON source and its layers (polygons filled, lines and
 * outlines stroked, points as dots, names as labels where the style has glyphs).
 */
function addContent(map, manager, geojson) {
  if (!map) return;
  const { source, layers } = ids(manager);
  if (map.getSource(source)) {
    map.getSource(source).setData(geojson);
    return;
  }
  const color = "#0a84ff";
  map.addSource(source, { type: "geojson", data: geojson });
  map.addLayer({ id: layers[0], type: "fill", source, filter: ["==", ["geometry-type"], "Polygon"],
    paint: { "fill-color": color, "fill-opacity": 0.15 } });
  map.addLayer({ id: layers[1], type: "line", source, filter: ["!=", ["geometry-type"], "Point"],
    paint: { "line-color": color, "line-width": 4 }, layout: { "line-cap": "round", "line-join": "round" } });
  map.addLayer({ id: layers[2], type: "circle", source, filter: ["==", ["geometry-type"], "Point"],
    paint: { "circle-radius": 6, "circle-color": "#fff", "circle-stroke-color": color, "circle-stroke-width": 2 } });
  if (map.getStyle().glyphs) {
    map.addLayer({ id: layers[3], type: "symbol", source, filter: ["==", ["geometry-type"], "Point"],
      layout: { "text-field": ["get", "name"], "text-offset": [0, 1.2], "text-anchor": "top", "text-size": 12 },
      paint: { "text-color": "#1c1c1e", "text-halo-color": "#fff", "text-halo-width": 1.5 } });
  }
}

/** A manager's source and layers taken off `map`. */
function removeContent(map, manager) {
  if (!map) return;
  const { source, layers } = ids(manager);
  for (const layer of layers) if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(source)) map.removeSource(source);
}

if (typeof customElements !== "undefined") {
  if (!customElements.get("cardmap-card")) customElements.define("cardmap-card", CardMapCard);
  if (!customElements.get("cardmap-pages")) customElements.define("cardmap-pages", CardMapPages);
  if (!customElements.get("cardmap-cards")) customElements.define("cardmap-cards", CardMapCards);
}
