// TypeScript declarations of overlay.mjs: what <cardmap-modal>, <cardmap-deck> and
// <cardmap-expanding> share.
import type { CardMap, ElementAttributes, Insets, Motion, Rect } from "./cardmap.mjs";

/** The shared part of the elements' style. */
export declare const OVERLAY_STYLE: string;

/** A finger's drag under way: where it started, how far it went, whether it is a drag yet, its samples. */
export interface OverlayGesture {
  id: number;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  dragging: boolean;
  samples: Array<[number, number]>;
  target: EventTarget;
  path: EventTarget[];
}

/** `cardmapinsetschange`: what the element's cards cover changed (in the frame that shows it). */
export interface CardMapInsetsChangeDetail {
  /** The map's insets: the largest part of the safe area the cards leave uncovered, from each edge of the element. */
  mapInsets: Insets;
}

/** The events every overlay element sends. */
export interface CardMapOverlayEventMap extends HTMLElementEventMap {
  cardmapinsetschange: CustomEvent<CardMapInsetsChangeDetail>;
  /** An error no call could throw: the engine would not load, a wrong attribute met in a frame. */
  error: ErrorEvent;
}

export declare class CardMapOverlay extends HTMLElement {
  /** For the package's elements: `style`, the element's own; `manual`, its children assigned to slots one by one. */
  constructor(style: string, manual?: boolean);
  /** The engine, once it has one (the package's elements). */
  engine: CardMap | null;
  /** Whether the element has its engine and size and has started (the package's elements). */
  started: boolean;
  /** The motion playing (the package's elements). */
  playing: { motion: Motion } | null;
  /** The finger's drag under way (the package's elements). */
  gesture: OverlayGesture | null;
  /** Asks for a frame that sends `cardmapinsetschange` even when what the cards cover is unchanged (a map control's content changed). */
  refresh(): void;
  /** The package's elements: asks for a frame. */
  request(): void;
  /** The package's elements: plays the engine's `motion`, `apply(y)` each frame, then `done()`. */
  play(motion: Motion, apply: (y: number) => void, done?: () => void): void;
  /** The package's elements: follows a finger on `target`. */
  track(target: EventTarget, handlers: {
    sample: (dx: number, dy: number) => number;
    move: (dx: number, dy: number, gesture: OverlayGesture) => void;
    end: (gesture: OverlayGesture, event: PointerEvent) => void;
    tap?: (event: PointerEvent) => void;
    accepts?: (event: PointerEvent) => boolean;
  }): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
  /** The package's elements: starts once there is an engine and a size. */
  start(): void;
  /** The package's elements: a new size. */
  changed(): void;
  /** The package's elements: one frame, the engine's answer it showed (its `mapInsets` are reported). */
  draw(): { mapInsets: Insets } | null;
  /**
   * The engine (`await load()`'s, the whole engine `cardmap.wasm`; a promise is refused with a
   * TypeError). Without one, the element takes the page's; one fetch a page.
   */
  cardmap: CardMap | null;
  /** Resolves once the element has its engine and its size and has shown its first frame; rejects when the engine cannot load. */
  readonly ready: Promise<this>;
  /** What the cards cover now, as the map's insets (null before the first frame). */
  readonly mapInsets: Insets | null;
  /** Whether a motion plays or a finger drags. */
  readonly moving: boolean;
  /** Whether a frame's callback runs now (a map control renders in it). */
  readonly inFrame: boolean;
  /** The screen the cards lie on: the element's box and the safe area from CSS env(). */
  screen(): { width: number; height: number; safeArea: { top: number; left: number; bottom: number; right: number } };
}

/** The attributes every overlay element takes in JSX. */
export interface CardMapOverlayAttributes extends ElementAttributes {}

/** For the package's elements: a number attribute's value, `fallback` when absent; a `CardMapError` for one that is not a number. */
export declare function numberAttribute<T>(element: Element, name: string, fallback: T): number | T;
/** For the package's elements: a `part="card"` wrapper for each of `host`'s children, in order, the `old` ones taken away. */
export declare function cardParts(host: HTMLElement, old: HTMLElement[]): HTMLElement[];
