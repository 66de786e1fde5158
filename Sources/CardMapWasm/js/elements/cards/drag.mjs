// The card controller's gestures, on the package's one pointer gesture (`trackPointer`): the top
// card dragged, its content scrolled by the engine's hand-off, a paging card swiped, its title
// tapped, and the dimmed map tapped. Each is an event of the engine's stack; nothing here decides.
import { keepRecent, released, trackPointer } from "../gesture.mjs";
import { CardMapPages } from "./pages.mjs";

/**
 * Follows the pointer on `cards` (`<cardmap-cards>`): a press on the top card (not its ✕) is a
 * tap or a drag as the engine's slop says. A drag is vertical (the card, then its content, by the
 * engine's scroll hand-off sample by sample: the card moves until extended, then the content
 * scrolls; down, the content to its top, then the card) or, in a paging card's content, sideways
 * (a page swipe). A release is the engine's `drag`, `swipePage` or `fling` (the content scrolling
 * on); a tap on the title is `tapTitle`; a tap on the dimmed map (down and up there) is `tapMap`
 * (the card's, to peaking), never the map's.
 * @param {any} cards
 */
export function trackCards(cards) {
  trackPointer(cards, cards, {
    start: (event) => pressed(cards, event),
    dragStarts: (g, touch) => {
      g.axis = touch.horizontal && g.inContent && cards.top instanceof CardMapPages ? "x" : "y";
      const scroller = g.scroller, layout = cards.layoutValue;
      g.maxOffset = Math.max(0, scroller.scrollHeight - scroller.clientHeight);
      g.offset = scroller.scrollTop;
      g.draggable = layout.draggable;
      g.extended = layout.draggable ? layout.positions.extended : g.cardY;
      g.restY = g.cardY;
    },
    sample: (g, e) => {
      if (g.axis === "x") {
        g.xSamples.push([e.timeStamp / 1000, e.clientX - g.x0]);
        return;
      }
      [g.cardY, g.offset] = cards.engine.handoff(g.cardY, g.offset, e.clientY - g.lastY, g.extended, g.maxOffset, cards.handoffOutput);
      if (!g.draggable) g.cardY = g.restY;
      g.lastY = e.clientY;
      g.samples.push([e.timeStamp / 1000, g.cardY]);
      g.offsets.push([e.timeStamp / 1000, g.offset]);
    },
    moved: (g) => {
      if (g.axis === "x") {
        keepRecent(g.xSamples);
        return;
      }
      keepRecent(g.samples);
      keepRecent(g.offsets);
      g.scroller.scrollTop = g.offset;
      if (g.cardY !== g.restY || g.moved) {
        g.moved = true;
        g.pendingY = g.cardY;
        cards.request();
      }
    },
    end: (g, event) => lifted(cards, g, event),
  });
  trackPointer(cards, cards.mapDim, {
    start: (event) => {
      event.stopPropagation();
      // (No drag of the card: nothing for a frame to show.)
      return cards.stack ? { pendingY: null } : null;
    },
    end: (g, event) => {
      if (!g.dragging && event.type === "pointerup") cards.step({ event: "tapMap" });
      else cards.settled(cards.lastStep.answer);
    },
  });
}

/** A press on the top card: the gesture's state, or null for a press elsewhere (its ✕, another card). */
function pressed(cards, event) {
  const top = cards.top;
  if (!top || !cards.stack) return null;
  const path = event.composedPath();
  if (!path.includes(top.frame) || path.includes(top.closeButton)) return null;
  // A finger on content still scrolling stops it where it is.
  cards.fling = null;
  if (cards.motion) {
    // A finger on a moving card stops it where it is.
    cards.motion = null;
    cards.waiting.splice(0).forEach((resolve) => resolve(cards.layoutValue));
  }
  // A finger on the card puts the keyboard's focus there too (its keys are the controller's).
  if (!cards.contains(document.activeElement)) top.frame.focus({ preventScroll: true, focusVisible: false });
  // (A settle not shown yet gives way to the finger, from where it would have shown the card.)
  const y = (cards.settling ?? { layout: cards.layoutValue }).layout.card.y;
  cards.settling = null;
  const seconds = event.timeStamp / 1000;
  return { lastY: event.clientY, cardY: y, axis: null, samples: [[seconds, y]], xSamples: [[seconds, 0]], pendingY: null,
    offsets: [[seconds, top.scroller.scrollTop]], onTitle: path.includes(top.titleButton),
    inContent: path.includes(top.contentBox), scroller: top.scroller };
}

/** The card's gesture ended: a tap, a page swipe, the content flung, or the card released. */
function lifted(cards, g, event) {
  if (!g.dragging) {
    if (event.type === "pointerup" && g.onTitle) cards.step({ event: "tapTitle" });
    else cards.settled(cards.lastStep.answer);
    return;
  }
  if (g.axis === "x") {
    const dx = event.clientX - g.x0;
    cards.step({ event: "swipePage", dx, samples: released(g.xSamples, [event.timeStamp / 1000, dx]) });
    return;
  }
  if (!g.moved) {
    // The content scrolled; the card never moved. Released moving, it scrolls on (the engine's fling).
    cards.settled(cards.lastStep.answer);
    const scroller = g.scroller, offset = scroller.scrollTop;
    const maxOffset = Math.max(offset, scroller.scrollHeight - scroller.clientHeight);
    if (g.offsets.length > 1 && maxOffset > 0) {
      // Released where the finger last was: the samples' offsets, not the scroller's, which the
      // browser rounds (a lift 0.1 ms after a move 0.27 px past the rounded offset is not a flick back).
      const last = [event.timeStamp / 1000, g.offsets[g.offsets.length - 1][1]];
      const answer = cards.step({ event: "fling", offset, maxOffset, samples: released(g.offsets, last) });
      if (answer.scroll.duration > 0 && answer.scroll.to !== offset) {
        cards.fling = { scroll: answer.scroll, scroller, start: null };
        cards.request();
      }
    }
    return;
  }
  cards.step({ event: "drag", y: g.cardY, samples: released(g.samples, [event.timeStamp / 1000, g.cardY]) });
}
