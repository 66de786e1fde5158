// TypeScript declarations of cardmap.mjs (CardMap's engine as WebAssembly), checked by `make web` with tsc.

/** A screen: its size in points and safe area, and the OS it runs (default "27"). */
export interface Screen {
  width: number;
  height: number;
  safeArea?: { top?: number; left?: number; bottom?: number; right?: number };
  os?: string | number;
  mode?: "floating" | "sidebar";
  fullScreen?: boolean;
  header?: number | null;
  rtl?: boolean;
  /** Size classes and idiom: derived from the size unless given. */
  horizontal?: "compact" | "regular";
  vertical?: "compact" | "regular";
  idiom?: "phone" | "pad" | "mac" | "vision";
  /** The SDK the app was built with (default: the OS). */
  sdk?: string | number;
  verticalBar?: { edge?: "leading" | "trailing"; width: number } | null;
}

export type CardPosition = "collapsed" | "peaking" | "extended";

/** A card: settled at a position, or dragged with its top at `y`; its title, buttons and the map's bearing. */
export interface Card {
  position?: CardPosition;
  y?: number;
  titleHeight?: number;
  topButtons?: number;
  bottomButtons?: number;
  floatingItems?: number;
  bearing?: number;
  infoView?: { width: number; height: number } | null;
  hasMapContent?: boolean;
  closeButton?: boolean;
  paging?: boolean;
  verticalBarActions?: number;
  floatingAlignment?: "center" | "leading" | "trailing";
  compass?: boolean;
  userTracking?: boolean;
  overlaysHidden?: boolean;
  /** The card content's height: it scrolls only when taller than the card shows. */
  contentHeight?: number | null;
}

/** How a camera is fitted besides the card's insets. */
export interface FitOptions {
  minZoom?: number;
  maxZoom?: number;
  zoomSnap?: number;
  pointZoom?: number;
  margin?: number;
  markerRadius?: number;
  pitch?: number;
  maxPitch?: number;
  projection?: "mercator" | "globe";
  /** Keep the visible rect inside these bounds (flat cameras). */
  maxBounds?: Bounds | null;
  /** Hold `anchor` (default: the fit's focus) where the fit with the card at `from` shows it. */
  steady?: { from?: { position: CardPosition } | { y: number }; anchor?: [number, number] | null };
  /** A selection whose callout (default 240 × 80, centred above it) is kept clear with the least pan. */
  select?: [number, number] | null;
  callout?: { width: number; height: number };
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

export interface Layout {
  presentation: "classic-bottom" | "classic-side" | "sidebar" | "sheet-bottom" | "sheet-leading";
  usesSystemSheet: boolean;
  position: CardPosition;
  positions: { extended: number; peaking: number; collapsed: number };
  card: Rect;
  mapInsets: Insets;
  visibleRect: Rect;
  mapDimAlpha: number;
  contentAlpha: number;
  buttonAlpha: number;
  cardAlpha: number;
  draggable: boolean;
  topToolbar: Rect | null;
  bottomToolbar: Rect | null;
  floatingToolbar: Rect | null;
  infoView: Rect | null;
}

/** A camera as MapLibre GL JS takes it: `focus` as the centre with `padding`, or `center` without. */
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
  projection: "mercator" | "globe";
  drawnOnGlobe: boolean;
}

/** `[west, south, east, north]` in degrees; east < west crosses the antimeridian. */
export type Bounds = [number, number, number, number];

export declare const INPUT: Readonly<Record<string, number>>;
export declare const INPUT_LENGTH: number;
export declare const OUTPUT: Readonly<Record<string, number>>;
export declare const OUTPUT_LENGTH: number;
export declare const RELEASE: Readonly<{ position: number; duration: number; y: number; endY: number }>;
export declare const FRAME: Readonly<{ CAMERA: number; LENGTH: number }>;

/** A fit's cameras: the content's, and those of the modes asked for (null when one cannot hold). */
export interface Fit {
  camera: Camera;
  steady?: Camera | null;
  clear?: { camera: Camera; callout: Rect } | null;
}

/** What the card and its controls cover, one ring of lon/lat a zone, as `cardmap fit --exclusions`. */
export interface Exclusions {
  type: "Feature";
  properties: { kinds: Array<"card" | "header" | "topToolbar" | "bottomToolbar" | "floatingToolbar" | "infoView"> };
  geometry: { type: "MultiPolygon"; coordinates: Array<Array<Array<[number, number]>>> };
}

/** An event of a card stack, as a line of a `cardmap replay` script. */
export type StackEvent = { event: string; [member: string]: unknown } | string;

/** What an event did, as `cardmap replay` prints it. */
export interface StackAnswer {
  event: string;
  stack: string[];
  page: number | null;
  position: CardPosition;
  layout: Record<string, unknown>;
  camera: (Omit<Camera, "projection" | "drawnOnGlobe"> & { projection?: "globe" | "mercator" }) | null;
  cameraError: string | null;
  managerEvents: Array<{ manager: string; call: "takeCharge" | "cleanUp" }>;
  appearance: Array<{ card: string; call: "willAppear" | "didAppear" | "willDisappear" | "didDisappear" }>;
  highlight: number | null;
  motion: { kind: string; from: number; to: number; duration: number; damping: number } | null;
  snap?: { position: CardPosition; duration: number };
  predicted?: { position: CardPosition; mapInsets: Insets; camera: Record<string, unknown> | null };
}

/** A card stack in the engine: events in, answers as `cardmap replay` gives them, drag frames as numbers. */
export declare class CardStack {
  apply(event: StackEvent): StackAnswer;
  frame(y: number): { layout: Layout; camera: Camera | null };
  frameNumbers(y: number, output: Float64Array): Float64Array;
  free(): void;
}

/** An error of the engine, with its message as the command line gives it. */
export declare class CardMapError extends Error {}

export declare class CardMap {
  layout(screen: Screen, card?: Card): Layout;
  fit(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): Fit;
  release(screen: Screen, card: Card, velocity: number, t?: number): { position: CardPosition; duration: number; y: number; endY: number };
  exclusions(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): Exclusions;
  stack(screen: Screen): CardStack;
  releaseNumbers(input: Float64Array, velocity: number, t: number, output: Float64Array): Float64Array;
  encode(screen: Screen, card?: Card, bounds?: Bounds | null, options?: FitOptions, into?: Float64Array): Float64Array;
  fitNumbers(input: Float64Array, output: Float64Array): Float64Array;
  extent(geojson: string | Uint8Array): { bounds: Bounds | null; features: number; positions: number };
  project(kind: "webmercator" | "utm", x: Float64Array, y: Float64Array, options?: { zone?: number; inverse?: boolean }): number;
}

export declare function load(
  source: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module,
): Promise<CardMap>;
