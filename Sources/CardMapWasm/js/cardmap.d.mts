// TypeScript declarations of cardmap.mjs (CardMap's engine as WebAssembly), checked by `make web` with tsc.

/** A screen: its size in points and safe area, and the OS it runs (default "27"). */
export interface Screen {
  width: number;
  height: number;
  safeArea?: { top?: number; left?: number; bottom?: number; right?: number };
  os?: string | number;
  mode?: "floating" | "sidebar";
  fullScreen?: boolean;
  header?: number;
  rtl?: boolean;
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
  infoView?: { width: number; height: number };
  hasMapContent?: boolean;
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

/** An error of the engine, with its message as the command line gives it. */
export declare class CardMapError extends Error {}

export declare class CardMap {
  layout(screen: Screen, card?: Card): Layout;
  fit(screen: Screen, card: Card, bounds: Bounds, options?: FitOptions): { camera: Camera };
  encode(screen: Screen, card?: Card, bounds?: Bounds | null, options?: FitOptions, into?: Float64Array): Float64Array;
  fitNumbers(input: Float64Array, output: Float64Array): Float64Array;
  extent(geojson: string | Uint8Array): { bounds: Bounds | null; features: number; positions: number };
  project(kind: "webmercator" | "utm", x: Float64Array, y: Float64Array, options?: { zone?: number; inverse?: boolean }): number;
}

export declare function load(
  source: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module,
): Promise<CardMap>;
