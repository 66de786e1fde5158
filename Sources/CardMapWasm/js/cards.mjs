// cardmap/cards: TGCardViewController's card controller as web components over MapLibre GL JS:
// `<cardmap-cards>`, its `<cardmap-card>` cards and `<cardmap-pages>` paging cards (importing it
// defines them).
export { CardMapCard } from "./elements/cards/card.mjs";
export { CardMapCards } from "./elements/cards/cards.mjs";
export { CardMapPages } from "./elements/cards/pages.mjs";
