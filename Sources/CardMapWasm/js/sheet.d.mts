// TypeScript declarations of sheet.mjs: the <cardmap-sheet> custom element.
import type { CardMap, CardPosition, Layout, StackAnswer } from "./cardmap.mjs";

/** `drag` (every frame the card moves) and `positionchange` (where it settles anew) carry the layout. */
export interface SheetEventDetail {
  y?: number;
  position?: CardPosition;
  layout: Layout;
}

export declare class CardMapSheet extends HTMLElement {
  /** The engine; set it before connecting the sheet, or it loads cardmap.wasm beside cardmap.mjs. */
  cardmap: CardMap | null;
  /** Where the card is; setting it moves the card there one key command at a time. */
  position: CardPosition;
  /** Resolves once the sheet has its engine, its screen and its card. */
  readonly ready: Promise<CardMapSheet>;
  /** The settled layout, as `cardmap layout` gives it. */
  readonly layout: Layout | null;
  /** The last event given to the engine's stack and its answer (as `cardmap replay` would print it). */
  readonly lastStep: { event: Record<string, unknown>; answer: StackAnswer } | null;
  /** The screen the sheet lies on: its box, and the safe area from CSS env(). */
  screen(): { width: number; height: number; safeArea: { top: number; left: number; bottom: number; right: number } };
}

declare global {
  interface HTMLElementTagNameMap {
    "cardmap-sheet": CardMapSheet;
  }
}
