// cardmap/sheet: `<cardmap-sheet>`, one card over a map with the iOS 27 sheet's rules (importing it defines it).
export { CardMapSheet } from "./elements/sheet/sheet.mjs";
