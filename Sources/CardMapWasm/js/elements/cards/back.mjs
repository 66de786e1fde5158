// The browser's back button for the card controller (`<cardmap-cards back-button>`): each push a
// history entry, the browser's back a pop, forward a push again, a reload the stack restored.
import { CardMapError, reportError } from "../../engine/errors.mjs";

/**
 * For `<cardmap-cards back-button>` (`cards`), after a step from
 * `before` cards to `depth`: a push adds a browser history entry (its depth and the engine's snapshot),
 * a pop of any kind (✕, Esc, a program's) goes back past it, so that the browser's back (its
 * button, Android's gesture, Safari's edge swipe) pops, forward pushes again and a reload
 * restores. The cards the entry names are made again by `makeCard(id)`.
 */
export function remember(cards, before, depth) {
  if (!cards.hasAttribute("back-button") || cards.navigating || typeof history === "undefined") return;
  if (depth > before && before > 0) {
    // The snapshot taken as a step of its own would restart the push's motion: taken quietly,
    // and kept in `history` all the same.
    const event = { event: "snapshot" };
    const answer = cards.stack.apply(event);
    cards.history.push({ event, answer });
    history.pushState({ ...(history.state ?? {}), cardmap: { depth, snapshot: answer.snapshot } }, "");
  } else if (depth < before) {
    cards.unwinding = true;
    history.go(depth - before);
  }
}

/** The browser's back or forward, with `back-button`: the stack brought to the entry's depth. */
export function navigated(cards, event) {
  if (!cards.stack || !cards.hasAttribute("back-button")) return;
  if (cards.unwinding) {
    cards.unwinding = false;
    return;
  }
  const entry = event.state && event.state.cardmap;
  const depth = entry ? entry.depth : 1;
  if (depth < cards.cards.length) {
    cards.navigating = true;
    try {
      while (cards.cards.length > Math.max(depth, 1)) cards.step({ event: "pop" });
    } finally {
      cards.navigating = false;
    }
  } else if (depth > cards.cards.length && entry.snapshot) restoreEntry(cards, entry);
}

/** An entry's stack restored (forward, a reload), its cards made by `makeCard`. */
export function restoreEntry(cards, entry) {
  if (typeof cards.makeCard !== "function") {
    reportError(cards, new CardMapError(`${cards.label}: back-button: set ${cards.label}.makeCard = (id) => element to make the cards of a forward or a reload again`));
    return;
  }
  cards.navigating = true;
  cards.restore(entry.snapshot, { card: cards.makeCard })
    .catch((error) => reportError(cards, error))
    .finally(() => { cards.navigating = false; });
}
