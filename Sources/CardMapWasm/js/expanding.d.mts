// TypeScript declarations of expanding.mjs: the <cardmap-expanding> custom element and its events.
import type { ExpandingAnswer } from "./cardmap.mjs";
import type { CardMapOverlay, CardMapOverlayAttributes, CardMapOverlayEventMap } from "./overlay.mjs";

export type { CardMapInsetsChangeDetail } from "./overlay.mjs";

/** `cardselectionchange`: a card opens (its index) or the open one closes (null). */
export interface CardSelectionChangeDetail {
  index: number | null;
}

/** The expanding cards' events, for `addEventListener`. */
export interface CardMapExpandingEventMap extends CardMapOverlayEventMap {
  cardselectionchange: CustomEvent<CardSelectionChangeDetail>;
}

export declare class CardMapExpanding extends CardMapOverlay {
  /** The open card's index, or null; setting it opens that card (closing the open one first), or closes with null. */
  selection: number | null;
  /** The engine's answer the last frame showed. */
  readonly answer: ExpandingAnswer | null;
  /** Opens card `index`; resolves once it is open. A RangeError for no such card. */
  open(index: number): Promise<CardMapExpanding>;
  /** Closes the open card; resolves once it is closed. */
  close(): Promise<CardMapExpanding>;

  addEventListener<K extends keyof CardMapExpandingEventMap>(
    type: K, listener: (this: CardMapExpanding, event: CardMapExpandingEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CardMapExpandingEventMap>(
    type: K, listener: (this: CardMapExpanding, event: CardMapExpandingEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The attributes a `<cardmap-expanding>` takes. */
export interface CardMapExpandingAttributes extends CardMapOverlayAttributes {
  "card-height"?: number | string;
  "expanded-height"?: number | string;
  selection?: number | string;
}

declare global {
  interface HTMLElementTagNameMap {
    "cardmap-expanding": CardMapExpanding;
  }
}
