// TypeScript declarations of cardmap/inline: the engine with its WebAssembly inside the module.
import type { CardMap } from "./cardmap.mjs";
export * from "./cardmap.mjs";

/** Loads the engine embedded in this module; with `source`, loads that instead (as `cardmap`'s `load`). */
export declare function load(
  source?: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module,
): Promise<CardMap>;
