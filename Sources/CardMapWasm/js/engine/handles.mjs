// What the engine keeps for a caller between calls (a card stack, a drag's frames, a bounds keeper):
// objects holding a handle, freed by `free()`, `using`, or the collector.
import { describe } from "./checks.mjs";
import { CardMapError } from "./errors.mjs";
import { wire } from "./wire.mjs";

/** Frees what an object forgot to free (the stack or frames' handle in the engine). */
const forgotten = typeof FinalizationRegistry === "undefined" ? null
  : new FinalizationRegistry(({ engine, free, handle }) => engine.freeHandle(free, handle));

/** An object holding a handle in the engine: freed by `free()`, `using` (Symbol.dispose), or when collected. */
class Handle {
  constructor(engine, handle, free) {
    this.engine = engine;
    this.handle = handle;
    this.freer = free;
    if (forgotten) forgotten.register(this, { engine, free, handle }, this);
  }

  /** The handle, or an error once freed. */
  get live() {
    if (this.handle < 0) throw new CardMapError(`this ${this.constructor.name} was freed`);
    return this.handle;
  }

  /** Frees it in the engine (again: nothing). */
  free() {
    if (this.handle < 0) return;
    if (forgotten) forgotten.unregister(this);
    this.engine.freeHandle(this.freer, this.handle);
    this.handle = -1;
  }

  [/** @type {any} */ (Symbol).dispose ?? Symbol.for("Symbol.dispose")]() {
    this.free();
  }
}

/**
 * A card stack in the engine (`CardMap.stack`): events in, each answered as `cardmap replay` answers
 * it; the top card's drag frames. `free()` it when done (or let `using` or the collector do it).
 */
export class CardStack extends Handle {
  /**
   * Applies one event (an object, or its JSON text): the stack, the top card's position, layout and
   * camera, the appearance and map-manager calls and the motion, as `cardmap replay` prints them.
   * Throws a CardMapError with replay's words for an event the stack cannot take; the stack is then
   * unchanged.
   */
  apply(event) {
    const text = typeof event === "string" ? event : wire(event);
    return this.engine.text("cm_stack_apply", text, this.live);
  }

  /** The top card dragged to `y`, nothing changed: replay's `move` answer (its layout and camera). */
  frame(y) {
    return this.apply({ event: "move", y });
  }

  /** The same frame's camera as numbers (`CardMap.CAMERA`'s places) into `output`, nothing allocated. */
  cameraNumbers(y, output) {
    return this.engine.numbers("cm_stack_camera", this.live, y, output);
  }
}

/**
 * The camera of a drag's every frame for one request (`CardMap.frames`): the steady focus's when
 * asked, else the selection's, else the content's. `free()` it when done.
 */
export class Frames extends Handle {
  /** The camera with the card's top at `y`, as numbers (`CardMap.CAMERA`'s places), into `output`. */
  cameraNumbers(y, output) {
    return this.engine.numbers("cm_frames_camera", this.live, y, output);
  }
}

/**
 * Keeps a map's camera inside bounds frame by frame (`CardMap.keeper`), whatever its bearing and
 * pitch: `keep(lon, lat, zoom, bearing, pitch, output)` writes the kept focus's longitude and
 * latitude, its zoom, and 1 when it moved (else 0) into `output` (four numbers, nothing allocated).
 * `free()` it when done.
 */
export class BoundsKeeper extends Handle {
  keep(lon, lat, zoom, bearing, pitch, output) {
    if (!(output instanceof Float64Array) || output.length < 4) {
      throw new TypeError(`output: expected a Float64Array of at least 4 numbers, found ${describe(output)}`);
    }
    return this.engine.kept(this.live, lon, lat, zoom, bearing, pitch, output);
  }
}
