// Where the engine's two WebAssembly modules are: `cardmap.wasm` (the whole engine) and
// `cardmap-cards.wasm` (the card controller's), beside this module at the package's root, or beside
// a bundle made of it (the URL is then the bundle's; a bundler that follows `new URL(…,
// import.meta.url)` copies the files). Part of the engine layer (engine/load.mjs is its one
// importer), at the root so that both hold.
/** The whole engine's module. */
export const ENGINE_FILE = new URL("./cardmap.wasm", import.meta.url);
/** The card controller's module: card stacks, their cameras, a GeoJSON's extent. */
export const CARDS_ENGINE_FILE = new URL("./cardmap-cards.wasm", import.meta.url);
