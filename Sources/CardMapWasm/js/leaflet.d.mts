// TypeScript declarations of leaflet.mjs.
import type { Bounds, Camera, CardMap, FitOptions } from "./cardmap.mjs";
import type { CardMapSheet } from "./sheet.mjs";

/** The part of Leaflet's Map these functions use. */
export interface LeafletMap {
  options: { zoomSnap?: number };
  setView(center: [number, number], zoom: number, options?: object): unknown;
}

export declare function leafletView(camera: Camera, zoomSnap?: number): { center: [number, number]; zoom: number };
export declare function setView(map: LeafletMap, camera: Camera): void;

/** A Leaflet control that keeps the camera for a `<cardmap-sheet>` in the centre form: one `setView` a frame. */
export declare class CardMapLeafletControl {
  constructor(
    cardmap: CardMap,
    options: { sheet: CardMapSheet; bounds?: Bounds | null; geojson?: string | object | null; options?: FitOptions },
  );
  addTo(map: LeafletMap): this;
  remove(): this;
  follow(y: number): void;
}
