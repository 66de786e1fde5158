// TypeScript declarations of modal.mjs: the <cardmap-modal> custom element and its events.
import type { ModalAnswer, ModalEdge, ModalPreset } from "./cardmap.mjs";
import type { CardMapOverlay, CardMapOverlayAttributes, CardMapOverlayEventMap } from "./overlay.mjs";

export type { CardMapInsetsChangeDetail } from "./overlay.mjs";

/** `carddismiss`: the card has left (a swipe, Escape, or `dismiss()` and the `open` attribute taken away). */
export interface CardDismissDetail {
  reason: "swipe" | "escape" | "dismiss";
}

/** The modal's events, for `addEventListener`. */
export interface CardMapModalEventMap extends CardMapOverlayEventMap {
  /** The card has slid (or faded) in. */
  cardopen: CustomEvent<null>;
  carddismiss: CustomEvent<CardDismissDetail>;
}

/** Per-edge insets replacing the preset's: each edge's inset, its condition and its safe-area avoidance. */
export type ModalInsets = { top?: ModalEdge; left?: ModalEdge; bottom?: ModalEdge; right?: ModalEdge };

export declare class CardMapModal extends CardMapOverlay {
  /** Whether it shows now, moves in or out, or waits its turn (reflected by the `open` attribute). */
  readonly open: boolean;
  /** `closed`, `waiting` (another modal shows), `showing`, `shown` or `dismissing`. */
  readonly state: "closed" | "waiting" | "showing" | "shown" | "dismissing";
  /** The per-edge insets (the `insets` attribute's JSON, or the object set here); null for the preset's. */
  insets: ModalInsets | null;
  /** The engine's answer the last frame showed, or null while closed. */
  readonly answer: ModalAnswer | null;
  /** Shows the card (after any modal shown before it is dismissed); resolves once it has slid in. */
  show(): Promise<CardMapModal>;
  /** Dismisses the card; resolves once it has left. */
  dismiss(): Promise<CardMapModal | void>;

  addEventListener<K extends keyof CardMapModalEventMap>(
    type: K, listener: (this: CardMapModal, event: CardMapModalEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CardMapModalEventMap>(
    type: K, listener: (this: CardMapModal, event: CardMapModalEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The attributes a `<cardmap-modal>` takes. */
export interface CardMapModalAttributes extends CardMapOverlayAttributes {
  preset?: ModalPreset;
  anchor?: "top" | "bottom" | "left" | "right" | "center";
  /** JSON: `{"bottom": {"inset": 8, "condition": "always", "avoidance": "card"}}`. */
  insets?: string;
  open?: boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    "cardmap-modal": CardMapModal;
  }
}
