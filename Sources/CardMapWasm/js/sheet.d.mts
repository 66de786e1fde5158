// TypeScript declarations of sheet.mjs: the <cardmap-sheet> custom element and its events (its JSX
// typing is cardmap/jsx's).
import type { CardMap, CardPosition, ElementAttributes, Layout, StackAnswer } from "./cardmap.mjs";

/** `cardmove`: every frame the card moves (a drag, a motion), and where it settles. */
export interface CardMoveDetail {
  /** The card's top edge, in CSS pixels from the sheet's top. */
  y: number;
  /** The layout with the card there: its frame, the map's insets and visible rect, the alphas. */
  layout: Layout;
}

/** `cardpositionchange`: the card settled at a new position. */
export interface CardPositionChangeDetail {
  /** The card's id in the engine's stack ("sheet"). */
  card: string;
  position: CardPosition;
  /** The settled layout; what the card covers is `layout.card` (the map keeps its content in `layout.visibleRect`). */
  layout: Layout;
}

/** The sheet's events, for `addEventListener`. */
export interface CardMapSheetEventMap extends HTMLElementEventMap {
  cardmove: CustomEvent<CardMoveDetail>;
  cardpositionchange: CustomEvent<CardPositionChangeDetail>;
  /** An error no call could throw: the engine would not load, a motion failed, a wrong `position` attribute. */
  error: ErrorEvent;
}

export declare class CardMapSheet extends HTMLElement {
  /**
   * The engine (`await load()`'s; a promise is refused with a TypeError). Without one, the sheet
   * takes the page's: the first `load()`, or `cardmap/inline`'s when imported; one fetch a page.
   */
  cardmap: CardMap | null;
  /** Where the card is; setting it moves the card there one key command at a time. Anything but the three positions throws a `CardMapError`. */
  position: CardPosition;
  /** Resolves once the sheet has its engine, its screen and its card; rejects when the engine cannot load. */
  readonly ready: Promise<CardMapSheet>;
  /** The settled layout, as `cardmap layout` gives it. */
  readonly layout: Layout | null;
  /** The last event given to the engine's stack and its answer (as `cardmap replay` would print it). */
  readonly lastStep: { event: Record<string, unknown>; answer: StackAnswer } | null;
  /** The screen the sheet lies on: its box, and the safe area from CSS env(). */
  screen(): { width: number; height: number; safeArea: { top: number; left: number; bottom: number; right: number } };
  /** Moves the card to `position` (default "peaking"); resolves with the layout once it has settled. */
  show(position?: CardPosition): Promise<Layout>;
  /** Collapses the card; resolves with the layout once it has settled. */
  hide(): Promise<Layout>;

  addEventListener<K extends keyof CardMapSheetEventMap>(
    type: K, listener: (this: CardMapSheet, event: CardMapSheetEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CardMapSheetEventMap>(
    type: K, listener: (this: CardMapSheet, event: CardMapSheetEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The attributes a `<cardmap-sheet>` takes in JSX. */
export interface CardMapSheetAttributes extends ElementAttributes {
  position?: CardPosition;
}

declare global {
  interface HTMLElementTagNameMap {
    "cardmap-sheet": CardMapSheet;
  }
  interface HTMLElementEventMap {
    cardmove: CustomEvent<CardMoveDetail>;
    cardpositionchange: CustomEvent<CardPositionChangeDetail>;
  }
}
