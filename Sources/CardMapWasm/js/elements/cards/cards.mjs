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
import { checkOneOf } from "../../engine/checks.mjs";
import { CardMapError, reportError } from "../../engine/errors.mjs";
import { controlPlacer } from "../../maps/controls.mjs";
import { frameAfter, maplibreCamera, showCamera } from "../../maps/maplibre/camera.mjs";
import { addContent, removeContent } from "../../maps/maplibre/sources.mjs";
import { CardMapElement, progress } from "../base.mjs";
import { remember, navigated, restoreEntry } from "./back.mjs";
import { CardMapCard, POSITIONS } from "./card.mjs";
import { trackCards } from "./drag.mjs";
import { keyName } from "./keys.mjs";
import { CardMapPages } from "./pages.mjs";

/** The inputs that bring up no on-screen keyboard. */
const NOT_TYPED = new Set(["button", "checkbox", "radio", "range", "color", "file", "submit", "reset", "image", "hidden"]);

const CARDS_STYLE = `
:host { position: absolute; inset: 0; pointer-events: none; display: block; overflow: hidden; outline: none; }
.mapdim { position: absolute; inset: 0; background: #000; opacity: 0; pointer-events: none; }
.mapdim.covering { pointer-events: auto; }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
`;

/**
 * The controller (`<cardmap-cards>`): lies over the map it is given (`cards.map`) and owns the card
 * stack, the dims, the map buttons and toolbar, and the camera. Its `<cardmap-card>` and
 * `<cardmap-pages>` children are the stack, the first the root; `push` and `pop` change it. The
 * attribute `system-sheet` gives it the iOS 27 sheet's rules (no dim; the map stays interactive);
 * without it, the classic card controller's.
 */
export class CardMapCards extends CardMapElement {
  constructor() {
    super("cards", CARDS_STYLE, `<div class="mapdim" part="mapdim"></div><slot></slot><div class="live" aria-live="polite"></div>`);
    // (What its errors call it: `<cardmap-sheet>`, "sheet". `<cardmap-cards>` needs only the card
    // controller's calls, `<cardmap-sheet>` the whole engine's for a map control's fits.)
    if (this.localName === "cardmap-sheet") this.label = "sheet";
    else this.cardsOnly = true;
    this.mapDim = /** @type {HTMLElement} */ (this.shadowRoot.querySelector(".mapdim"));
    this.live = this.shadowRoot.querySelector(".live");
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
    /** A settled answer to show in the next frame. */
    this.settling = null;
    this.waiting = [];
    this.sources = new Map();
    this.pending = null;
    /** Where the map's box lies against the screen (`#measureMap`). */
    this.mapOffsets = { top: 0, left: 0, bottom: 0, right: 0 };
    this.handoffOutput = new Float64Array(2);
    /** Asks for a frame once the app's own animation of the map has ended (`showCamera`). */
    this.again = () => this.request();
    this.addEventListener("click", (event) => this.#click(event));
    this.addEventListener("keydown", (event) => this.#keydown(event));
    trackCards(this);
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
    this.step({ event: "mapLimits", minZoom: map.getMinZoom(), maxZoom: map.getMaxZoom(),
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
    for (let i = 0; i < Math.abs(steps); i++) this.step({ event: "key", key: steps > 0 ? "ctrl+up" : "ctrl+down" });
  }

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    this.onNavigated = (event) => navigated(this, event);
    addEventListener("popstate", this.onNavigated);
    // The visual viewport (the browser's bars, the keyboard) and a text field's focus change the screen;
    // the focus once it has moved (during focusout it has not yet).
    this.onViewport = () => this.resized();
    this.onFocus = () => setTimeout(this.onViewport, 0);
    this.viewport = globalThis.visualViewport || null;
    if (this.viewport) for (const type of ["resize", "scroll"]) this.viewport.addEventListener(type, this.onViewport);
    for (const type of ["focusin", "focusout"]) this.addEventListener(type, this.onFocus);
    super.connectedCallback();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener("popstate", this.onNavigated);
    if (this.viewport) for (const type of ["resize", "scroll"]) this.viewport.removeEventListener(type, this.onViewport);
    for (const type of ["focusin", "focusout"]) this.removeEventListener(type, this.onFocus);
    if (this.stack) this.stack.free();
    this.stack = null;
    // Connected again, it starts anew from its children: a new stack, a new history.
    this.cards = [];
    this.history = [];
    if (this.placer) this.placer.remove();
    this.placer = null;
    this.motion = this.settling = this.leavingCard = null;
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
      answer = this.step({ event: "push", card: card.engineCard(this.engine) }, animate);
    } catch (error) {
      if (!(error instanceof CardMapError)) throw error;
      const problems = card.problems;
      answer = this.step({ event: "push", card: card.engineCard(this.engine, true) }, animate);
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
    const answer = this.step({ event: "pop" });
    await this.whenSettled();
    return answer;
  }

  /** Turns the top paging card to `index`. */
  turnPage(index) {
    this.#started("turnPage()");
    return this.step({ event: "page", index });
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
    const answer = this.step({ event: "drag", y, ...motion }, animate);
    await this.whenSettled();
    return answer;
  }

  /** Gives the engine a key command (the names `cardmap replay` reads, e.g. "ctrl+up"). */
  key(name) {
    this.#started("key()");
    return this.step({ event: "key", key: name });
  }

  /** The engine's snapshot of the stack (JSON-safe): the cards, their positions and pages, the camera. */
  snapshot() {
    this.#started("snapshot()");
    return this.step({ event: "snapshot" }).snapshot;
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
    return this.step({ event: "restore", snapshot }, false, (answer) => {
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
    const os = this.hasAttribute("system-sheet") ? "27.0" : "26.0";
    const width = this.clientWidth, typing = this.#typing();
    const resting = this.resting && this.resting.width === width ? this.resting.height : 0;
    const height = typing ? Math.max(this.clientHeight, resting) : this.clientHeight;
    const viewport = globalThis.visualViewport;
    const pinched = viewport && viewport.scale !== 1;
    const bottom = viewport && !pinched ? viewport.offsetTop + viewport.height : innerHeight;
    const covered = typing ? Math.max(0, Math.round(this.getBoundingClientRect().top + height - bottom)) : 0;
    if (!covered) this.resting = { width, height };
    const safeArea = this.safeArea();
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
  async setUp() {
    const children = this.cardElements();
    await Promise.all(children.map((card) => card.loadContent()));
    if (this.stack) return false;
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
    return true;
  }

  /**
   * A reload on a history entry of this page's (back-button): its stack again, once the page's own
   * code awaiting `ready` has run (it sets `makeCard`).
   */
  async readied() {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const entry = this.hasAttribute("back-button") && typeof history !== "undefined" && history.state && history.state.cardmap;
    if (entry && entry.depth > this.cards.length) restoreEntry(this, entry);
  }

  /** Whether it has started: its stack is in the engine. */
  get running() { return this.stack !== null; }

  /**
   * A new screen (a resize, a rotation, the browser's bars, the keyboard): the engine's resize of the
   * stack, every card kept where it was; the keyboard alone coming or going is its `keyboard` event,
   * whose motion takes the card above it and back.
   */
  resized() {
    if (!this.stack) {
      this.begin();
      return;
    }
    // A box of no size (the element hidden) is no screen: the cards stay laid out on the last one.
    if (!this.clientWidth || !this.clientHeight) return;
    const old = this.screenValue, screen = this.screen();
    if (JSON.stringify(screen) === JSON.stringify(old)) return;
    this.screenValue = screen;
    this.#measureMap();
    if (JSON.stringify({ ...screen, keyboard: old.keyboard }) === JSON.stringify(old)) {
      this.step({ event: "keyboard", height: screen.keyboard });
    } else this.step({ event: "resize", screen }, false);
    // Shown in this frame: a resize observer's callback, or a viewport's event, comes before its paint.
    this.frameNow();
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
  step(event, animate = true, prepare = null) {
    const depth = this.lastStep ? this.lastStep.answer.stack.length : 0;
    const answer = this.stack.apply(event);
    this.lastStep = { event, answer };
    this.history.push(this.lastStep);
    if (prepare) prepare(answer);
    this.#stackChanged(answer, animate);
    remember(this, depth, answer.stack.length);
    return answer;
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
    const reduced = this.reducedMotion;
    if (popped.length) this.#leaving(popped, answer, animate && !reduced);
    // The focus goes back to the card that comes back.
    if (popped.length && this.top) this.top.focusFrame();
    if (answer.event === "resize" || answer.event === "restore") this.#relayoutBelow();
    if (animate && answer.motion && answer.motion.duration > 0 && answer.motion.kind !== "pop") {
      this.motion = { answer, start: null, reduced };
      this.settling = null;
      this.request();
    } else {
      // A pop's motion is the leaving card's; the card below is back at once.
      this.motion = null;
      this.settled(answer);
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
    this.request();
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
  settled(answer) {
    // Shown in the next frame's callback, as every move: a control that follows `cardmove` renders
    // its map in that frame.
    if (!this.inFrame) {
      this.settling = answer;
      this.request();
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

  /** Asks for a frame; MapLibre's own, when pending, then comes after it (`frameAfter`). */
  request() {
    const asked = super.request();
    if (asked) frameAfter(this.mapValue);
    return asked;
  }

  /**
   * One frame: the finger's latest place, or each motion's y at this frame's time, applied to the
   * cards, and the top card's camera put on the map and rendered, in this callback.
   */
  drawFrame(now) {
    // The next frame asked for first, while anything moves (a finger is down, a motion runs): the
    // controller's callback then comes before MapLibre's in it, and the render it makes (here, or
    // a control's on `cardmove`) replaces the one MapLibre would make: one a frame.
    if (this.motion || this.leavingCard || this.gesture || this.fling) this.request();
    const leaving = this.leavingCard;
    if (leaving) {
      if (leaving.start === null) leaving.start = now;
      const motion = leaving.answer.motion;
      const t = Math.max(0, (now - leaving.start) / 1000);
      if (t >= motion.duration) {
        this.leavingCard = null;
        leaving.done();
        this.settled(leaving.answer);
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
    if (settling) this.settled(settling);
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
        this.settled(answer);
      } else {
        const y = this.engine.motion(answer.motion, t).y;
        const frame = this.stack.apply({ event: "move", y });
        this.#show(frame.layout, frame.camera);
        const dim = answer.coveredDim;
        if (dim) this.#dims(this.cards[this.cards.length - 2], dim.from + (dim.to - dim.from) * progress(answer.motion, y));
      }
    }
    this.#render();
  }

  frameFailed() {
    this.motion = null;
    this.leavingCard = null;
  }

  /** Puts `camera` (the engine's, in its focus form) on the map in this frame's callback (the next one's, outside a frame). */
  #camera(camera) {
    this.pending = camera;
    if (!this.inFrame) this.request();
  }

  /**
   * Sets the pending camera on the map and renders it now (MapLibre's synchronous `redraw`), so
   * that it paints with the cards; while the app's own `easeTo`/`flyTo` runs, it waits for its end.
   */
  #render() {
    const map = this.mapValue, camera = this.pending;
    if (!map || !camera) return;
    this.pending = null;
    const offsets = this.mapOffsets;
    const inset = (side) => Math.max(0, camera.padding[side] - offsets[side]);
    const padding = { top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right") };
    const key = [camera.focus[0], camera.focus[1], camera.zoom, camera.bearing, camera.pitch, padding.top, padding.left,
      padding.bottom, padding.right].join();
    // The same camera again: nothing to render (MapLibre renders what else it needs on its own).
    if (key === this.shownCamera && map === this.shownMap) return;
    if (!showCamera(map, maplibreCamera({ ...camera, padding }), this.again)) {
      this.pending = camera;
      return;
    }
    this.shownCamera = key;
    this.shownMap = map;
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
    const answer = this.step(rows ? { event: "key", key, rows } : { event: "key", key });
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
      this.step({ event: "tapTitle" });
      return;
    }
    const option = top.options().find((o) => path.includes(o));
    if (option) {
      const index = top.options().indexOf(option);
      this.#dispatch("cardselect", { index });
    }
  }
}

if (typeof customElements !== "undefined") {
  if (!customElements.get("cardmap-card")) customElements.define("cardmap-card", CardMapCard);
  if (!customElements.get("cardmap-pages")) customElements.define("cardmap-pages", CardMapPages);
  if (!customElements.get("cardmap-cards")) customElements.define("cardmap-cards", CardMapCards);
}
