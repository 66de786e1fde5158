// TypeScript declarations of leaflet.mjs.
import type { Camera, CardMap } from "./cardmap.mjs";
import type { CardMapBinding } from "./maplibre.mjs";

/** The part of Leaflet's Map these functions use. */
export interface LeafletMap {
  options: { zoomSnap?: number };
  setView(center: [number, number], zoom: number, options?: object): unknown;
}

export declare function leafletView(camera: Camera, zoomSnap?: number): { center: [number, number]; zoom: number };
export declare function setView(map: LeafletMap, camera: Camera): void;

/**
 * A Leaflet control that keeps the camera for a `<cardmap-sheet>` in the centre form: one `setView` a
 * frame; Leaflet's own controls placed where the engine lays out map buttons. The binding is
 * `CardMapControl`'s (`margin` 16 pt unless given), checked at the call.
 */
export declare class CardMapLeafletControl {
  constructor(cardmap: CardMap, binding: CardMapBinding);
  addTo(map: LeafletMap & { getContainer(): HTMLElement }): this;
  remove(): this;
  follow(y: number): void;
}
