// TypeScript declarations of deck.mjs: the <cardmap-deck> custom element and its events.
import type { DeckAnswer } from "./cardmap.mjs";
import type { CardMapOverlay, CardMapOverlayAttributes, CardMapOverlayEventMap } from "./overlay.mjs";

export type { CardMapInsetsChangeDetail } from "./overlay.mjs";

/** `cardswipe`: a card was swiped away (it has flown out). */
export interface CardSwipeDetail {
  /** The swiped card's index among the deck's children. */
  index: number;
  /** The swipe's direction (the direction function's name for it). */
  direction: string;
}

/** The deck's events, for `addEventListener`. */
export interface CardMapDeckEventMap extends CardMapOverlayEventMap {
  cardswipe: CustomEvent<CardSwipeDetail>;
}

/** A direction function: the swipe's angle in degrees (0 up, 90 right, 180 down) to a direction's name, or null for none. */
export type DirectionFunction = (angle: number) => string | null;

export declare class CardMapDeck extends CardMapOverlay {
  /** The top card's index among the children (how many were swiped). */
  readonly index: number;
  /** `left-right`, `four`, `eight`, or a function of the swipe's angle. */
  directions: "left-right" | "four" | "eight" | DirectionFunction;
  /** The engine's answer the last frame showed. */
  readonly answer: DeckAnswer | null;

  addEventListener<K extends keyof CardMapDeckEventMap>(
    type: K, listener: (this: CardMapDeck, event: CardMapDeckEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CardMapDeckEventMap>(
    type: K, listener: (this: CardMapDeck, event: CardMapDeckEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The attributes a `<cardmap-deck>` takes. */
export interface CardMapDeckAttributes extends CardMapOverlayAttributes {
  "max-visible"?: number | string;
  "card-offset"?: number | string;
  "card-scale"?: number | string;
  threshold?: number | string;
  directions?: "left-right" | "four" | "eight";
  /** `WIDTHxHEIGHT`, the top card's size, centred (default 300x400). */
  area?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    "cardmap-deck": CardMapDeck;
  }
}
