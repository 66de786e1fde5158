// cardmap/modal: `<cardmap-modal>`, a modal card over a map (importing it defines it).
export { CardMapModal } from "./elements/modal/modal.mjs";
