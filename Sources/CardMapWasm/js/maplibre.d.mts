// TypeScript declarations of maplibre.mjs.
import type { Bounds, Camera, Card, CardMap, FitAnswer, FitOptions, Screen } from "./cardmap.mjs";
import type { CardMapSheet } from "./sheet.mjs";
import type { CardMapOverlay } from "./overlay.mjs";

/** The part of MapLibre GL JS's Map these functions use. */
export interface MapLibreMap {
  jumpTo(options: object): unknown;
  /** Whether an `easeTo` or `flyTo` runs (the package's cameras then wait for its `moveend`). */
  isEasing?(): boolean;
  once?(type: string, listener: () => void): unknown;
  isMoving?(): boolean;
  stop?(): unknown;
  easeTo(options: object): unknown;
  getProjection?(): { type?: string } | undefined;
  setProjection?(projection: { type: string }): unknown;
}

/** What `cameraForBounds` and `fitBounds` read of the map besides. */
export interface MapLibreView extends MapLibreMap {
  getContainer(): { clientWidth: number; clientHeight: number };
  getPadding(): { top: number; left: number; bottom: number; right: number };
  getMinZoom(): number;
  getMaxZoom(): number;
  getMaxPitch(): number;
  getBearing(): number;
  getPitch(): number;
}

/** MapLibre's `LngLatBoundsLike`: an `LngLatBounds`, `[sw, ne]` or `[west, south, east, north]`. */
export type LngLatBoundsLike =
  | { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number }
  | [[number, number] | { lng: number; lat: number }, [number, number] | { lng: number; lat: number }]
  | Bounds;

/** MapLibre's `cameraForBounds` options, with CardMap's fit options and the engine to use. */
export interface CameraForBoundsOptions extends Omit<FitOptions, "padding" | "maxBounds" | "overlays" | "steady" | "select" | "callout" | "exclusions"> {
  padding?: number | { top?: number; bottom?: number; left?: number; right?: number };
  offset?: [number, number] | { x: number; y: number };
  bearing?: number;
  /** The engine (default: the one `load()` gave last). */
  cardmap?: CardMap;
}

/** MapLibre's `CameraOptions`, for the map's own padding. */
export interface CameraOptions {
  center: [number, number];
  zoom: number;
  bearing: number;
  pitch: number;
}

/** `cameraForBounds`'s fit, whole: `cardmap fit`'s answer (the camera's `cut`, its visible region). */
export declare function fitForBounds(map: MapLibreView, bounds: LngLatBoundsLike, options?: CameraForBoundsOptions): Omit<FitAnswer, "layout">;
/** The camera that shows `bounds` inside the map less `options.padding`, exact with pitch and on the globe. */
export declare function cameraForBounds(map: MapLibreView, bounds: LngLatBoundsLike, options?: CameraForBoundsOptions): CameraOptions;
/** Eases to `cameraForBounds`'s camera, leaving the map's padding as it was. */
export declare function fitBounds<M extends MapLibreView>(
  map: M, bounds: LngLatBoundsLike,
  options?: CameraForBoundsOptions & { animate?: boolean; duration?: number; easing?: (t: number) => number; essential?: boolean },
): M;

export interface MapLibreCamera {
  center: [number, number];
  zoom: number;
  bearing: number;
  pitch: number;
  padding: { top: number; left: number; bottom: number; right: number };
}

export declare function maplibreCamera(camera: Camera): MapLibreCamera;
export declare function jumpTo(map: MapLibreMap, camera: Camera): void;
export declare function easeTo(map: MapLibreMap, camera: Camera, duration: number): void;
/** What `follow` keeps in view: the screen and content, the card's other inputs, the fit's options, the engine. */
export interface FollowOptions {
  screen: Screen;
  bounds: Bounds;
  card?: Card;
  options?: FitOptions;
  /** The engine; default: the one `load()` gave last. */
  cardmap?: CardMap;
}
export declare function follow(map: MapLibreMap, what: FollowOptions): ((y: number) => Float64Array) & { free(): void };

/** What a map control binds: the sheet (or an overlay element), and the content to keep in what its cards leave visible. */
export interface CardMapBinding {
  /** The `<cardmap-sheet>` (or an element with `screen()` and `cardmove` events); give it or `overlay`. */
  sheet?: CardMapSheet;
  /** A `<cardmap-modal>`, `<cardmap-deck>` or `<cardmap-expanding>` lying over the map: the content kept in what it leaves visible (its `mapInsets`). */
  overlay?: CardMapOverlay;
  /** The content's box, `[west, south, east, north]` in degrees; or give `geojson`. */
  bounds?: Bounds | null;
  /** The content as GeoJSON (an object or its text); its extent is taken once. */
  geojson?: string | object | null;
  /** The fit's options (see `FitOptions`); `margin` defaults to 16 pt here, so a dot or pin at an end shows whole. */
  options?: FitOptions;
}

/**
 * A MapLibre control that keeps the camera for a `<cardmap-sheet>`: one `jumpTo` a frame, no
 * `setPadding`, an app's own `easeTo` or `flyTo` run to its end before the camera comes back; the map's own controls placed where the engine lays out map buttons (inside what the
 * card leaves visible, fading as it extends). The binding is checked at the call: an unknown member
 * (`geoJSON`), no content, or an engine still a promise throws.
 */
export declare class CardMapControl {
  constructor(cardmap: CardMap, binding: CardMapBinding);
  onAdd(map: MapLibreMap & { getContainer(): HTMLElement }): HTMLElement;
  onRemove(): void;
  /** Keeps other content in view from now on (`{bounds}` or `{geojson}`), the camera moved to it at the next frame. */
  setContent(content: { bounds?: Bounds | null; geojson?: string | object | null }): void;
  /**
   * With a number: asks for the camera with the sheet's card top at `y` at the next animation frame.
   * With an overlay element: follows it from now on (the content fitted into what it leaves visible,
   * in each frame that changes that).
   */
  follow(target: number | CardMapOverlay): void;
}

/** `[west, south, east, north]` from MapLibre's `LngLatBoundsLike`; a `CardMapError` for anything else. */
export declare function boxOf(bounds: LngLatBoundsLike): Bounds;

/** What `constrainToBounds` returns. */
export interface BoundsHandle {
  /** Puts the map's own `transformCameraUpdate` and max bounds back. */
  remove(): void;
  /** The last camera the keeper could not keep (MapLibre then showed it as asked), or null. */
  readonly error: Error | null;
}

/**
 * Keeps `map` inside `bounds` while a person pans, zooms, turns and tilts it and while the app's
 * `easeTo`/`flyTo` run: on a globe map, through the engine's keeper in `transformCameraUpdate` (what
 * shows of the sphere stays inside, at the least zoom that holds); on a Mercator map, MapLibre's own
 * `setMaxBounds`. `options.cardmap` is the engine (default: the one `load()` gave).
 */
export declare function constrainToBounds(
  map: MapLibreMap & {
    transformCameraUpdate?: ((transform: any) => object) | null;
    setMaxBounds?(bounds: unknown): unknown;
    getMaxBounds?(): unknown;
    on(type: string, listener: () => void): unknown;
    off(type: string, listener: () => void): unknown;
  },
  bounds: LngLatBoundsLike,
  options?: { cardmap?: CardMap },
): BoundsHandle;
