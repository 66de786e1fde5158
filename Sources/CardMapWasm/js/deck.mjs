// cardmap/deck: `<cardmap-deck>`, a swipe deck over a map (importing it defines it).
export { CardMapDeck } from "./elements/deck/deck.mjs";
