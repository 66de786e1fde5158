// <cardmap-pages>: a paging card of the card controller, whose `<cardmap-card>` children are its pages.
import { CardMapError } from "../../engine/errors.mjs";
import { CardMapCard } from "./card.mjs";

/**
 * A paging card (`<cardmap-pages>`): its `<cardmap-card>` children are its pages, each with its
 * own manager (pages with the same `manager` share one: paging between them swaps nothing). The
 * `header` slot sits between the previous and next buttons; `page` reads or turns the page.
 */
export class CardMapPages extends CardMapCard {
  constructor() {
    super();
    // The pager (previous, the `header` slot, next) in the header, where a card's titles are.
    this.pager.hidden = false;
    this.header().querySelector(".titles").replaceWith(this.pager);
    this.shadowRoot.querySelector(".previous").addEventListener("click", () => this.turn(-1));
    this.shadowRoot.querySelector(".next").addEventListener("click", () => this.turn(1));
    this.contentBox.style.overflow = "hidden";
  }

  /** The pages, in order. */
  get pages() { return /** @type {CardMapCard[]} */ (Array.from(this.children).filter((c) => c instanceof CardMapCard)); }

  /** The page showing (0 first). Setting it turns to that page (through the engine, when in a stack). */
  get page() { return this.current ?? 0; }
  set page(index) {
    if (!Number.isInteger(index) || index < 0 || index >= this.pages.length) {
      throw new CardMapError(`pages.page: expected a whole number from 0 to ${this.pages.length - 1}, found ${index}`);
    }
    const cards = /** @type {import("./cards.mjs").CardMapCards | null} */ (this.closest("cardmap-cards"));
    if (cards && cards.top === this) cards.turnPage(index);
    else this.show(index);
  }

  turn(step) {
    const cards = /** @type {import("./cards.mjs").CardMapCards | null} */ (this.closest("cardmap-cards"));
    if (cards && cards.top === this) cards.key(step > 0 ? "ctrl+right" : "ctrl+left");
  }

  /** Shows page `index` (the engine decided it). */
  show(index) {
    this.current = index;
    this.pages.forEach((page, i) => {
      page.classList.add("page");
      page.classList.toggle("current", i === index);
    });
    const page = this.pages[index];
    this.separator.classList.toggle("shown", page ? page.contentBox.scrollTop > 0 : false);
    this.name();
  }

  /** The title of the page showing: the region is named by it. */
  get titleText() {
    const page = this.pages[this.page];
    return page ? page.titleText : "";
  }

  get scroller() {
    const page = this.pages[this.page];
    return page ? page.contentBox : this.contentBox;
  }

  listbox() {
    const page = this.pages[this.page];
    return page ? page.listbox() : null;
  }

  async loadContent() {
    await Promise.all(this.pages.map((page) => page.loadContent()));
    return null;
  }

  /** Its pages, each with its map manager and content. */
  engineContent(engine, problems, bare = false) {
    return { pages: this.pages.map((page) => ({ id: page.cardId, ...page.managerOf(engine, problems, bare) })) };
  }

  /** The card, or page, whose content a manager of this name shows. */
  holder(manager) {
    return this.pages.find((page) => page.managerName === manager) ?? null;
  }
}
