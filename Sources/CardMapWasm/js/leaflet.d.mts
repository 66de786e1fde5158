// TypeScript declarations of leaflet.mjs.
import type { Camera } from "./cardmap.mjs";

/** The part of Leaflet's Map these functions use. */
export interface LeafletMap {
  options: { zoomSnap?: number };
  setView(center: [number, number], zoom: number, options?: object): unknown;
}

export declare function leafletView(camera: Camera, zoomSnap?: number): { center: [number, number]; zoom: number };
export declare function setView(map: LeafletMap, camera: Camera): void;
