// TypeScript declarations of maplibre.mjs.
import type { Bounds, Camera, Card, CardMap, FitOptions, Screen } from "./cardmap.mjs";
import type { CardMapSheet } from "./sheet.mjs";

/** The part of MapLibre GL JS's Map these functions use. */
export interface MapLibreMap {
  jumpTo(options: object): unknown;
  isMoving?(): boolean;
  stop?(): unknown;
  easeTo(options: object): unknown;
  getProjection?(): { type?: string } | undefined;
  setProjection?(projection: { type: string }): unknown;
}

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
export declare function follow(
  map: MapLibreMap, cardmap: CardMap, screen: Screen, card: Card, bounds: Bounds, options?: FitOptions,
): ((y: number) => Float64Array) & { free(): void };

/** A MapLibre control that keeps the camera for a `<cardmap-sheet>`: one `jumpTo` a frame, no `setPadding`. */
export declare class CardMapControl {
  constructor(
    cardmap: CardMap,
    options: { sheet: CardMapSheet; bounds?: Bounds | null; geojson?: string | object | null; options?: FitOptions },
  );
  onAdd(map: MapLibreMap): HTMLElement;
  onRemove(): void;
  /** Asks for the camera with the card's top at `y` at the next animation frame. */
  follow(y: number): void;
}
