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
  minZoom?: number;
  maxZoom?: number;
  zoomSnap?: number;
  pointZoom?: number | null;
  margin?: number;
  markerRadius?: number;
  /** Points kept between the content and each side of the visible rect, the focus still at its centre; a side may be negative. */
  padding?: Partial<Insets>;
  pitch?: number;
  maxPitch?: number;
  projection?: "mercator" | "globe";
  /** Keep the visible rect inside these bounds (south < north). */
  maxBounds?: Bounds | null;
  /** More rects the map must avoid (a toast, a banner). */
  overlays?: Rect[];
  /** Hold `anchor` (default: the fit's focus) where the fit with the card at `from` shows it. */
  steady?: { from?: { position: CardPosition } | { y: number }; anchor?: [number, number] | null } | null;
  /** A selection whose callout (default 240 × 80, centred above it) is kept clear with the least pan. */
  select?: [number, number] | null;
  callout?: { width: number; height: number };
  /** Also give what the card and its controls cover. */
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
  snap?: { position: CardPosition; duration: number };
  predicted?: { position: CardPosition; mapInsets: Insets; camera: Camera | null };
  snapshot?: unknown;
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

/** What `SheetCameras` follows: a `<cardmap-sheet>`, or any element with its `drag` events and `screen()`. */
export interface FollowedSheet extends EventTarget {
  screen(): Screen;
  readonly layout: Layout | null;
}

/** The cameras of a sheet's every frame, one an animation frame, for the map controls. */
export declare class SheetCameras {
  constructor(
    cardmap: CardMap,
    binding: { sheet: FollowedSheet; bounds?: Bounds | null; geojson?: string | object | null; options?: FitOptions },
    show: (numbers: Float64Array) => void,
  );
  start(): void;
  stop(): void;
  follow(y: number): void;
  frame(): void;
}

export declare class CardMap {
  /** Where each number of a frame's camera sits (the engine's declaration). */
  readonly CAMERA: Readonly<Record<"centerLon" | "centerLat" | "focusLon" | "focusLat" | "zoom" | "bearing" | "pitch" | "worldClamped" | "cut" | "paddingTop" | "paddingLeft" | "paddingBottom" | "paddingRight" | "drawnOnGlobe", number>>;
  readonly CUT: Readonly<Record<"north" | "south" | "east" | "west", number>>;
  readonly CAMERA_LENGTH: number;
  layout(screen: Screen, card?: Card): Layout;
  fit(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): FitAnswer;
  fitView(view: View, bounds: Bounds, options?: FitOptions & { bearing?: number }): Omit<FitAnswer, "layout">;
  release(screen: Screen, card: Card, velocity: number, t?: number): Release;
  motion(motion: Motion, t: number): { y: number };
  stack(screen: Screen): CardStack;
  frames(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): Frames;
  camera(numbers: Float64Array): Camera | null;
  extent(geojson: string | Uint8Array | ArrayBuffer | DataView): FitAnswer["content"];
  project(kind: "webmercator" | "utm", x: Float64Array, y: Float64Array, options?: { zone?: number; inverse?: boolean }): number;
}

export declare function load(
  source?: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module,
): Promise<CardMap>;

/** The engine `load()` gave last; throws a `CardMapError` when nothing is loaded yet. */
export declare function loaded(): CardMap;
