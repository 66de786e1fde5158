// TypeScript declarations of cardmap.mjs (CardMap's engine as WebAssembly), checked by `make web` with
// tsc; `swift test` holds each interface's members to the engine's own readers and writers
// (WireDeclarationTests), so that a member added on one side and not the other fails the build.

/** A screen: its size in points and safe area, and the OS it runs (default "27"). */
export interface Screen {
  width: number;
  height: number;
  safeArea?: { top?: number; left?: number; bottom?: number; right?: number };
  os?: string | number;
  sdk?: string | number;
  mode?: "floating" | "sidebar";
  fullScreen?: boolean;
  header?: number | null;
  rtl?: boolean;
  horizontal?: "compact" | "regular";
  vertical?: "compact" | "regular";
  idiom?: "phone" | "pad" | "mac" | "vision";
  verticalBar?: { edge?: "leading" | "trailing"; width: number } | null;
  /** The on-screen keyboard's height over the screen's bottom (default 0): the cards and the visible rect lie above it. */
  keyboard?: number;
}

export type CardPosition = "collapsed" | "peaking" | "extended";

/** A card: settled at a position, or dragged with its top at `y` (not both); its title, buttons and the map's bearing. */
export interface Card {
  position?: CardPosition;
  y?: number;
  infoView?: { width: number; height: number } | null;
  titleHeight?: number;
  hasMapContent?: boolean;
  topButtons?: number;
  bottomButtons?: number;
  closeButton?: boolean;
  paging?: boolean;
  verticalBarActions?: number;
  floatingItems?: number;
  floatingAlignment?: "center" | "leading" | "trailing" | "fill";
  compass?: boolean;
  userTracking?: boolean;
  bearing?: number;
  overlaysHidden?: boolean;
  contentHeight?: number | null;
}

/** `[west, south, east, north]` in degrees; east < west crosses the antimeridian. */
export type Bounds = [number, number, number, number];

/** How a camera is fitted besides the card's insets, and the camera modes asked for. */
export interface FitOptions {
  /** The least zoom (MapLibre's, 512-pt tiles). Default 0. */
  minZoom?: number;
  /** The greatest zoom. Default 22. */
  maxZoom?: number;
  /** Snap the zoom down to a multiple of this; 0 (the default) for none. */
  zoomSnap?: number;
  /** The zoom for content that is one point. Default: `maxZoom`. */
  pointZoom?: number | null;
  /** Points kept between the content and every edge of the visible rect. Default 0 (the content may touch them, as MapLibre's `fitBounds` does); `CardMapControl` and `CardMapLeafletControl` default to 16. */
  margin?: number;
  /** The radius in points of the symbol drawn at each position (a dot, a pin): each position is kept that much further inside, so its symbol shows whole. Default 0. */
  markerRadius?: number;
  /** Points kept between the content and each side of the visible rect, the focus still at its centre; a side may be negative. Default 0 on each side. */
  padding?: Partial<Insets>;
  /** Degrees from looking straight down, 0 (the default) up to `maxPitch`. Tilted, the fit takes the greatest zoom that shows everything, which puts the content towards the horizon. */
  pitch?: number;
  /** The greatest pitch the map allows, in degrees. Default 60, at most 85. */
  maxPitch?: number;
  /** The map's projection. Default "mercator". */
  projection?: "mercator" | "globe";
  /** Keep the visible rect inside these bounds, in degrees (south < north). Default: none. */
  maxBounds?: Bounds | null;
  /** More rects the map must avoid (a toast, a banner), in points on the screen. Default: none. */
  overlays?: Rect[];
  /** Hold `anchor` (default: the fit's focus) where the fit with the card at `from` shows it. Default: none. */
  steady?: { from?: { position: CardPosition } | { y: number }; anchor?: [number, number] | null } | null;
  /** A selection, `[lon, lat]` in degrees, whose callout is kept clear with the least pan. Default: none. */
  select?: [number, number] | null;
  /** The selection's callout, in points, centred above it. Default 240 × 80. */
  callout?: { width: number; height: number };
  /** Also give what the card and its controls cover. Default false. */
  exclusions?: boolean;
}

/** A map with no card: its size, and its own padding (where the camera's focus shows at the padded rect's centre). */
export interface View {
  width: number;
  height: number;
  insets?: Partial<Insets>;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Insets {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface ToolbarItem {
  role: string;
  frame: Rect;
}

/** A layout, as `cardmap layout` prints it. */
export interface Layout {
  presentation: "classic-bottom" | "classic-side" | "sidebar" | "sheet-bottom" | "sheet-leading";
  usesSystemSheet: boolean;
  position: CardPosition;
  positions: { extended: number; peaking: number; collapsed: number };
  card: Rect;
  mapInsets: Insets;
  visibleRect: Rect;
  mapDimAlpha: number;
  mapInteractive: boolean;
  contentAlpha: number;
  draggable: boolean;
  buttons: { alpha: number; top: Rect | null; bottom: Rect | null; items: ToolbarItem[] };
  verticalBar: { edge: "leading" | "trailing"; items: ToolbarItem[] } | null;
  floatingToolbar: Rect | null;
  /** The floating toolbar's items' frames, leading first (right to left in a right-to-left layout). */
  floatingItems: Rect[];
  infoView: Rect | null;
  cardAlpha: number;
  contentScrollable: boolean | null;
}

/**
 * A camera as `cardmap fit` prints it, and as MapLibre GL JS takes it: `focus` as the centre with
 * `padding`, or `center` without. On a globe map, `projection` is what MapLibre draws at its zoom.
 */
export interface Camera {
  center: [number, number];
  focus: [number, number];
  zoom: number;
  zoom256: number;
  bearing: number;
  pitch: number;
  worldClamped: boolean;
  cut: Array<"north" | "south" | "east" | "west">;
  padding: Insets;
  projection?: "globe" | "mercator";
}

/** A camera mode that gives no camera, and why. */
export interface Refused {
  camera: null;
  reason: string;
}

/** What the card and its controls cover at the camera: rects, and rings of lon/lat as GeoJSON. */
export interface Exclusions {
  zones: Array<{ kind: "card" | "header" | "topToolbar" | "bottomToolbar" | "floatingToolbar" | "infoView"; rect: Rect; ring: Array<[number, number]> | null; pastLimb: boolean }>;
  geojson: { type: "Feature"; properties: { kinds: string[] }; geometry: { type: "MultiPolygon"; coordinates: Array<Array<Array<[number, number]>>> } };
}

/** A fit's answer, as `cardmap fit` prints it; a member for each mode asked for. */
export interface FitAnswer {
  layout: Layout;
  content: { features: number; positions: number; bbox: Bounds | null };
  camera: Camera;
  visibleRegion: { bbox: Bounds; polygon: Array<[number, number]> };
  constraint?: { bounds: Bounds; minZoom: number; moved: boolean; focusBounds: Bounds | null; centerBounds: Bounds | null };
  steady?: { camera: Camera } | Refused;
  selection?: { camera: Camera; move: [number, number]; zoomed: boolean; alreadyClear: boolean; callout: Rect } | Refused;
  exclusions?: Exclusions | { zones: null; geojson: null; reason: string };
}

/** A release's answer. */
export interface Release {
  snap: { position: CardPosition; duration: number };
  y: number;
  endY: number;
}

/** A card's motion, as a stack's answers and `cardmap motion` give it. */
export interface Motion {
  kind: "push" | "pop" | "snap" | "titleTap" | "mapTap" | "command";
  from: number;
  to: number;
  duration: number;
  damping: number;
}

/** A card's content flung by a finger: from `from` at `velocity` (pt/s), stopping at `to` after `duration` seconds. */
export interface Fling { from: number; velocity: number; maxOffset: number; to: number; duration: number }

/** An event of a card stack, as a line of a `cardmap replay` script. */
export type StackEvent = { event: string; [member: string]: unknown } | string;

/** What an event did, as `cardmap replay` prints it. */
export interface StackAnswer {
  event: string;
  stack: string[];
  page: number | null;
  position: CardPosition;
  layout: Layout;
  camera: Camera | null;
  cameraError: string | null;
  managerEvents: Array<{ manager: string; call: "takeCharge" | "cleanUp" }>;
  appearance: Array<{ card: string; call: "willAppear" | "didAppear" | "willDisappear" | "didDisappear" }>;
  highlight: number | null;
  motion: Motion | null;
  /** The black dim over the card below along a push's or pop's motion (0 → 0.25, back); null otherwise. */
  coveredDim: { from: number; to: number } | null;
  /** The cards that show once the motion ends: the top one (a covered card shows only along a push's or pop's motion). */
  shownCards: string[];
  snap?: { position: CardPosition; duration: number };
  predicted?: { position: CardPosition; mapInsets: Insets; camera: Camera | null };
  snapshot?: unknown;
  /** A `fling` line's: the content's motion after the finger lifts. */
  scroll?: Fling;
}

/** What every element of the package takes in JSX besides its own attributes. */
export interface ElementAttributes {
  id?: string;
  class?: string;
  className?: string;
  style?: string | Record<string, string | number>;
  slot?: string;
  children?: unknown;
  ref?: unknown;
  key?: string | number;
}

/** An error of the engine, with its message as the command line gives it, naming the input's path. */
export declare class CardMapError extends Error {}

declare class Handle {
  /** Frees it in the engine; `using` (Symbol.dispose) and the collector do it too. */
  free(): void;
}

/** A card stack in the engine: events in, answers as `cardmap replay` gives them. */
export declare class CardStack extends Handle {
  apply(event: StackEvent): StackAnswer;
  /** The top card dragged to `y`, nothing changed (replay's `move`). */
  frame(y: number): StackAnswer;
  cameraNumbers(y: number, output: Float64Array): Float64Array;
}

/** A drag's cameras for one fit request, as numbers. */
export declare class Frames extends Handle {
  cameraNumbers(y: number, output: Float64Array): Float64Array;
}

/**
 * Keeps a map's camera inside bounds frame by frame, whatever its bearing and pitch: `keep` writes the
 * kept focus's longitude and latitude, its zoom, and 1 when it moved (else 0) into `output`.
 */
export declare class BoundsKeeper extends Handle {
  keep(lon: number, lat: number, zoom: number, bearing: number, pitch: number, output: Float64Array): Float64Array;
}

/** What `SheetCameras` follows: a `<cardmap-sheet>`, or any element with its `cardmove` events and `screen()`. */
export interface FollowedSheet extends EventTarget {
  screen(): Screen;
  readonly layout: Layout | null;
}

/**
 * The cameras of a sheet's every frame, one an animation frame, for the map controls; the binding
 * checked at the call, `options.margin` 16 pt unless given.
 */
export declare class SheetCameras {
  constructor(
    cardmap: CardMap,
    binding: { sheet: FollowedSheet; bounds?: Bounds | null; geojson?: string | object | null; options?: FitOptions },
    show: (numbers: Float64Array) => void,
  );
  readonly cardmap: CardMap;
  readonly sheet: FollowedSheet;
  /** The content's box it keeps in view. */
  readonly bounds: Bounds;
  /** Called first in each frame with the sheet's layout and screen (a control places the map's own controls for it). */
  place: ((layout: Layout, screen: Screen) => void) | null;
  /** Rects on the screen the camera keeps the content clear of (the map's top controls), asked when the engine's request is made. */
  avoid: () => Rect[];
  start(): void;
  stop(): void;
  /** Keeps `bounds` in view from now on. */
  setBounds(bounds: Bounds): void;
  follow(y: number, layout?: Layout | null): void;
  frame(): void;
}

/** The content a binding keeps in view: its `bounds`, or the extent of its `geojson`; a `CardMapError` for neither or no positions. */
export declare function contentBounds(cardmap: CardMap, binding: { bounds?: Bounds | null; geojson?: string | object | null }): Bounds;

/** What `OverlayCameras` follows: a `<cardmap-modal>`, `<cardmap-deck>` or `<cardmap-expanding>`. */
export interface FollowedOverlay extends EventTarget {
  screen(): Screen;
  readonly mapInsets: Insets | null;
  readonly inFrame: boolean;
  /** Asks for a frame that reports what it covers even when unchanged. */
  refresh?(): void;
}

/**
 * The camera of a map beside an overlay element: the content fitted into what it leaves visible, in
 * the element's own frame; `options.margin` 16 pt unless given.
 */
export declare class OverlayCameras {
  constructor(cardmap: CardMap, overlay: FollowedOverlay, bounds: Bounds, options: FitOptions, show: (camera: Camera) => void);
  readonly overlay: FollowedOverlay;
  start(): void;
  stop(): void;
  /** Keeps `bounds` in view from now on. */
  setBounds(bounds: Bounds): void;
  frame(): void;
}

/** The margin, in points, the map controls keep round their content unless told otherwise (16). */
export declare const CONTROL_MARGIN: number;

/** An edge's rule of a modal card: its inset, when it counts, and how the card treats the safe area there. */
export interface ModalEdge {
  inset?: number;
  condition?: "always" | "safeArea(false)" | "safeArea(true)" | "safeAreaLegacyStatusBar";
  avoidance?: "card" | "content" | "none";
}

export type ModalPreset = "defaultModal" | "system" | "notification" | "banner" | "toast" | "alert";
export type ModalCorner = "topLeft" | "topRight" | "bottomLeft" | "bottomRight";

export interface ModalOptions {
  /** Default "defaultModal". */
  preset?: ModalPreset;
  anchor?: "top" | "bottom" | "left" | "right" | "center";
  /** Each edge given replaces the preset's rule there. */
  insets?: { top?: ModalEdge; left?: ModalEdge; bottom?: ModalEdge; right?: ModalEdge };
  corners?: ModalCorner[];
  cornerRadius?: number;
  /** The content's size; its width for side and centre anchors. */
  content: { width?: number; height: number };
  /** How far a swipe has moved the card towards dismissing it, pt (below 0, a spring's overshoot, is rest). */
  translation?: number;
  /** A finger's drag, [dx, dy] (not with `translation`): the card moves by its part towards dismissing. */
  drag?: [number, number];
  /** A release's speed towards dismissing, pt/s; or `samples`. */
  velocity?: number;
  /** The pointer's samples, `[[seconds, translation], …]`, whose velocity the engine takes (not with `velocity`). */
  samples?: Array<[number, number]>;
}

export interface ModalAnswer {
  anchor: "top" | "bottom" | "left" | "right" | "center";
  card: Rect;
  content: Rect;
  corners: ModalCorner[];
  cornerRadius: number;
  mapInsets: Insets;
  translation: number;
  /** How far the card travels to leave the view (0 for a centred card, which fades). */
  hidden: number;
  fades: boolean;
  /** Whether it blocks the page under it (a dialog) or lets it be used (a notification, a banner, a toast). */
  blocks: boolean;
  /** The translation (or a centred card's alpha) over time as it shows, and as it is dismissed from here. */
  show: Motion;
  dismiss: Motion;
  /** With a velocity: whether the release dismisses, and the motion it then makes. */
  dismisses?: boolean;
  release?: Motion;
}

export interface DeckOptions {
  count?: number;
  maxVisible?: number;
  cardOffset?: number;
  cardScale?: number;
  /** The deck's area, centred on the screen. Default 300 × 400. */
  area?: { width: number; height: number };
  threshold?: number;
  directions?: "left-right" | "four" | "eight";
  /** The top card's drag, [dx, dy]. */
  translation?: [number, number];
  /** A direction function's answer of the app's own for the drag's angle (a name, or null for none), in place of `directions`. */
  direction?: string | null;
  /** How far (0…1) the cards under the top one have risen while it leaves. */
  advance?: number;
  /** The drag released: the answer says what follows (`release`). */
  release?: boolean;
  /** An arrow key's swipe of the top card, from rest. */
  key?: "left" | "right" | "up" | "down";
}

export interface DeckAnswer {
  cards: Array<{ depth: number; frame: Rect; offset: number; scale: number }>;
  swipe: { angle: number; direction: string | null; commits: boolean; rotation: number };
  mapInsets: Insets;
  /**
   * With `release` or `key`: whether the card flies out, the unit direction it moves along, how far
   * along it it leaves the view, and the motion of its distance along it (on out, or back to rest).
   */
  release?: { commits: boolean; along: [number, number]; flyOut: number; motion: Motion };
}

export interface ExpandingOptions {
  count?: number;
  cardHeight?: number;
  expandedHeight?: number;
  selected?: number | null;
  /** The open card's height while it opens or closes (default: open all the way). */
  height?: number;
  /** How far the open card is dragged down, pt. */
  drag?: number;
  /** A release's speed, pt/s, down positive; or `samples`. */
  velocity?: number;
  /** The pointer's samples, `[[seconds, drag], …]`, whose velocity the engine takes (not with `velocity`). */
  samples?: Array<[number, number]>;
}

export interface ExpandingAnswer {
  cardHeight: number;
  expandedHeight: number;
  /** The open card's height now. */
  height: number;
  frames: Rect[];
  cornerRadius: number;
  mapInsets: Insets;
  /** 0…1 of the way to closing the open card. */
  dismissProgress: number;
  /** The open card's height over time as it opens from here, and as it closes. */
  open: Motion;
  close: Motion;
  /** With a velocity: whether the release closes the card, and the motion it then makes (its height, or the drag back to 0). */
  closes?: boolean;
  release?: Motion;
}

export declare class CardMap {
  /** Where each number of a frame's camera sits (the engine's declaration). */
  readonly CAMERA: Readonly<Record<"centerLon" | "centerLat" | "focusLon" | "focusLat" | "zoom" | "bearing" | "pitch" | "worldClamped" | "cut" | "paddingTop" | "paddingLeft" | "paddingBottom" | "paddingRight" | "drawnOnGlobe", number>>;
  readonly CUT: Readonly<Record<"north" | "south" | "east" | "west", number>>;
  readonly CAMERA_LENGTH: number;
  layout(screen: Screen, card?: Card): Layout;
  fit(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): FitAnswer;
  fitView(view: View, bounds: Bounds, options?: FitOptions & { bearing?: number }): Omit<FitAnswer, "layout">;
  release(screen: Screen, card: Card, velocity: number | Array<[number, number]>, t?: number): Release;
  motion(motion: Motion, t: number): { y: number };
  /** The content's offset `t` seconds into a fling (a `fling` line's `scroll`): UIScrollView's deceleration, stopping at its edges. */
  scroll(scroll: Fling, t: number): number;
  stack(screen: Screen): CardStack;
  /** How a finger reads on a card (the engine's touch slop): dragging rather than tapping, and across the card rather than along it. */
  touch(dx: number, dy: number): { dragging: boolean; horizontal: boolean };
  /** The engine's scroll hand-off for a finger's move of `translation` (+ down): `[cardY, offset]` into `output`. */
  handoff(cardY: number, offset: number, translation: number, extended: number, maxOffset: number, output: Float64Array): Float64Array;
  frames(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): Frames;
  /** A keeper of `bounds` for a map `view` (its padding the insets): each camera moved the least so that what it shows lies inside. */
  keeper(view: View, bounds: Bounds, options?: { projection?: "mercator" | "globe" }): BoundsKeeper;
  camera(numbers: Float64Array): Camera | null;
  extent(geojson: string | Uint8Array | ArrayBuffer | DataView): FitAnswer["content"];
  /** A modal card: its frames, what it leaves of the map, its motions (`cardmap overlay modal`). */
  modal(screen: Screen, options: ModalOptions): ModalAnswer;
  /** A swipe deck: its visible cards and what a drag means (`cardmap overlay stack`). */
  deck(screen: Screen, options?: DeckOptions): DeckAnswer;
  /** Expanding cards: their frames, one open (`cardmap overlay expanding`). */
  expanding(screen: Screen, options?: ExpandingOptions): ExpandingAnswer;
  project(kind: "webmercator" | "utm", x: Float64Array, y: Float64Array, options?: { zone?: number; inverse?: boolean }): number;
}

/**
 * Loads the engine. With no argument: the page's engine, loaded once however often it is asked for
 * (`cardmap.wasm` beside this module, or the embedded one when `cardmap/inline` is imported); the
 * elements and controls given no engine use the same one. With `source`: that engine, loaded anew.
 * A fetched file that is an HTTP error or not WebAssembly is a `CardMapError` saying what came from
 * where, and what to copy where with a bundler.
 */
export declare function load(
  source?: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module,
): Promise<CardMap>;

/** What `load()` with no argument loads, unless the page's engine was already asked for (`cardmap/inline` gives its bytes). */
export declare function defaultSource(
  source: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module | (() => string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module),
): void;

/** The engine `load()` gave last; throws a `CardMapError` when nothing is loaded yet. */
export declare function loaded(): CardMap;
