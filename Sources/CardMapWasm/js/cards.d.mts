// TypeScript declarations of cards.mjs (cardmap/cards): the card controller as custom elements,
// <cardmap-cards> over a MapLibre map with its <cardmap-card> and <cardmap-pages> children.
import type { CardMap, CardPosition, ElementAttributes, Layout, StackAnswer } from "./cardmap.mjs";
import type { CardMoveDetail, CardPositionChangeDetail } from "./sheet.mjs";

/** A card, as `cardwillappear`, `carddidappear`, `cardwilldisappear` and `carddiddisappear` name it. */
export interface CardAppearanceDetail {
  /** The card's (or page's) id in the engine's stack. */
  card: string;
  /** Its element. */
  element: CardMapCard | null;
}

/** `cardmanagerchange`: a map manager took charge of the map (its content added) or cleaned up (removed). */
export interface CardManagerChangeDetail {
  manager: string;
  call: "takeCharge" | "cleanUp";
}

/** The controller's events, for `addEventListener`. */
export interface CardMapCardsEventMap extends HTMLElementEventMap {
  /** Every frame the top card moves, and where it settles. */
  cardmove: CustomEvent<CardMoveDetail>;
  /** The top card settled at a new position, or another card is on top. */
  cardpositionchange: CustomEvent<CardPositionChangeDetail & { element: CardMapCard }>;
  cardwillappear: CustomEvent<CardAppearanceDetail>;
  carddidappear: CustomEvent<CardAppearanceDetail>;
  cardwilldisappear: CustomEvent<CardAppearanceDetail>;
  carddiddisappear: CustomEvent<CardAppearanceDetail>;
  cardmanagerchange: CustomEvent<CardManagerChangeDetail>;
  /** The top paging card shows another page. */
  cardpagechange: CustomEvent<{ page: number }>;
  /** A listbox card's highlighted row moved (null: none). */
  cardhighlight: CustomEvent<{ index: number | null }>;
  /** A listbox card's row was chosen (Space, Enter, a tap). */
  cardselect: CustomEvent<{ index: number }>;
  /** An error no call could throw: the engine would not load, a card's GeoJSON could not be read, a frame failed. */
  error: ErrorEvent;
}

/** A MapLibre GL JS map, as far as the controller uses it. */
export interface CardsMap {
  jumpTo(options: object): unknown;
  redraw(): unknown;
  addSource(id: string, source: object): unknown;
  addLayer(layer: object): unknown;
}

/**
 * One card: `card-id` (else its `id`), `position` (its preferred position), `manager` (cards with
 * the same name share a map manager), `no-map-content`, and its camera's fit: `point-zoom`,
 * `min-zoom`, `max-zoom`, `pitch`, `bearing`, `margin`. Slots `title`, `subtitle`, `accessory`,
 * the content, `toolbar`, `buttons`; parts `card`, `grabber`, `header`, `title`, `close`,
 * `separator`, `content`, `dim`. A card whose content or attributes fail still shows, with no map
 * content; each problem is an `error` event on the controller.
 */
export declare class CardMapCard extends HTMLElement {
  /** Its map content: a GeoJSON object, its text, or a URL to fetch it from. A wrong type throws a TypeError. */
  geojson: object | string | URL | null;
  /** The engine's id for it. */
  readonly cardId: string;
  /** The zoom one place fits at (`point-zoom`; the engine's 16 when null). */
  pointZoom: number | null;
  /** The least zoom of its fits (`min-zoom`), within the map's own. */
  minZoom: number | null;
  /** The greatest zoom of its fits (`max-zoom`), within the map's own. */
  maxZoom: number | null;
  /** Its camera's pitch, in degrees (`pitch`). */
  pitch: number | null;
  /** The map's bearing with this card, in degrees clockwise from north (`bearing`). */
  bearing: number | null;
  /** Points kept between its content and what the card leaves visible (`margin`; 16 when null). */
  margin: number | null;
  /** What went wrong with its content or attributes at its last push (each reported as an `error` event). */
  readonly problems: ReadonlyArray<Error>;
}

/** A paging card: its `<cardmap-card>` children are its pages; the `header` slot sits between the previous and next buttons. */
export declare class CardMapPages extends CardMapCard {
  /** The page showing; setting it turns to that page through the engine (a page it does not have throws a `CardMapError`). */
  page: number;
  readonly pages: CardMapCard[];
}

/**
 * The card controller over a map: its children are the stack (the first the root). Classic
 * presentations (a dim when extended) unless the attribute `system-sheet` asks for the iOS 27 sheet.
 * With `back-button`, each push is a browser history entry: back pops, forward pushes again, a
 * reload restores (the cards made again by `makeCard`).
 */
export declare class CardMapCards extends HTMLElement {
  /** The engine (`await load()`'s); without one the page's is loaded. */
  cardmap: CardMap | null;
  /** The MapLibre map under the cards: its camera follows the top card's map manager in the same frame. */
  map: CardsMap | null;
  /**
   * With the attribute `back-button`, makes the card of an id again when the browser's forward or a
   * reload brings back a stack whose cards are gone (as `restore`'s `card`).
   */
  makeCard: ((id: string) => CardMapCard) | null;
  /** Resolves once the cards have their engine, screen and stack. */
  readonly ready: Promise<CardMapCards>;
  /** The top card. */
  readonly top: CardMapCard | null;
  /** The top card's position; setting it moves the card by the engine's key commands (a `CardMapError` before `ready`). */
  get position(): CardPosition | null;
  set position(value: CardPosition | null);
  /** The top card's layout, as `cardmap layout` gives it. */
  readonly layout: Layout | null;
  /** The last event given to the engine's stack and its answer (as `cardmap replay` prints it). */
  readonly lastStep: { event: Record<string, unknown>; answer: StackAnswer } | null;
  /** Every event given to the stack with its answer, drag frames left out: a `cardmap replay` script and its lines. */
  readonly history: ReadonlyArray<{ event: Record<string, unknown>; answer: StackAnswer }>;
  /** Pushes a card (appended when not a child yet); resolves with the engine's answer once it has slid in. */
  push(card: CardMapCard): Promise<StackAnswer>;
  /** Pops the top card (never the root); resolves with the answer once it has slid out (null for the root). */
  pop(): Promise<StackAnswer | null>;
  /**
   * Releases the top card with its top at `y` as a finger's drag ending there, at `velocity` (pt/s,
   * down positive) or with the finger's `[[seconds, y], …]` samples: the engine's snap and spring
   * (at once when `animate` is false). Resolves with the answer once it has settled.
   */
  release(y: number, velocity: number | Array<[number, number]>, animate?: boolean): Promise<StackAnswer>;
  /** Gives the engine a key command by `cardmap replay`'s name ("ctrl+up", "esc", "down"…). Throws a `CardMapError` before `ready`. */
  key(name: string): StackAnswer;
  /** Turns the top paging card to page `index`. Throws a `CardMapError` before `ready`. */
  turnPage(index: number): StackAnswer;
  /** The stack as JSON-safe data: cards, positions, pages and cameras. Throws a `CardMapError` before `ready`. */
  snapshot(): unknown;
  /**
   * Restores `snapshot()`'s stack: each card it names is its element among the children, else the
   * one `card(id)` makes (a card popped since, or after a reload), appended with its content loaded.
   */
  restore(snapshot: unknown, options?: { card?: ((id: string) => CardMapCard) | null }): Promise<StackAnswer>;
  /** Resolves with the top card's layout once no motion or gesture is under way. */
  whenSettled(): Promise<Layout>;
  /** The cards it starts with and restores from: its card children, in order. */
  cardElements(): CardMapCard[];
  /** True while its frame's callback runs: a `cardmove` listener may then render a map in the same frame. */
  readonly inFrame: boolean;
  /** The screen the cards lie on. */
  screen(): { width: number; height: number; os: string; rtl: boolean; safeArea: { top: number; left: number; bottom: number; right: number } };

  addEventListener<K extends keyof CardMapCardsEventMap>(
    type: K, listener: (this: CardMapCards, event: CardMapCardsEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CardMapCardsEventMap>(
    type: K, listener: (this: CardMapCards, event: CardMapCardsEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The attributes a `<cardmap-cards>` takes in JSX. */
export interface CardMapCardsAttributes extends ElementAttributes {
  "system-sheet"?: boolean | "";
  "back-button"?: boolean | "";
}

/** The attributes a `<cardmap-card>` (and a `<cardmap-pages>`) takes in JSX: a number attribute as a number or its text. */
export interface CardMapCardAttributes extends ElementAttributes {
  "card-id"?: string;
  position?: CardPosition;
  manager?: string;
  "no-map-content"?: boolean | "";
  "point-zoom"?: number | `${number}`;
  "min-zoom"?: number | `${number}`;
  "max-zoom"?: number | `${number}`;
  pitch?: number | `${number}`;
  bearing?: number | `${number}`;
  margin?: number | `${number}`;
}

declare global {
  interface HTMLElementTagNameMap {
    "cardmap-cards": CardMapCards;
    "cardmap-card": CardMapCard;
    "cardmap-pages": CardMapPages;
  }
  interface HTMLElementEventMap {
    cardwillappear: CustomEvent<CardAppearanceDetail>;
    carddidappear: CustomEvent<CardAppearanceDetail>;
    cardwilldisappear: CustomEvent<CardAppearanceDetail>;
    carddiddisappear: CustomEvent<CardAppearanceDetail>;
    cardmanagerchange: CustomEvent<CardManagerChangeDetail>;
    cardpagechange: CustomEvent<{ page: number }>;
    cardhighlight: CustomEvent<{ index: number | null }>;
    cardselect: CustomEvent<{ index: number }>;
  }
}
