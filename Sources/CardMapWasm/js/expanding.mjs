// cardmap/expanding: `<cardmap-expanding>`, expanding cards over a map (importing it defines it).
export { CardMapExpanding } from "./elements/expanding/expanding.mjs";
