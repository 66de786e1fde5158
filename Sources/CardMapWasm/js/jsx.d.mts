// cardmap/jsx: the package's elements typed for JSX. `import type {} from "cardmap/jsx"` once in a
// React app (React 19 takes custom elements, and its types read `React.JSX`; React 18's read the
// global `JSX`): `<cardmap-sheet position="peaking">` and `<cardmap-card point-zoom={17}>` then type-check, and a wrong attribute does not.
import type { CardMapCardsAttributes, CardMapCardAttributes } from "./cards.mjs";
import type { CardMapSheetAttributes } from "./sheet.mjs";
import type { CardMapModalAttributes } from "./modal.mjs";
import type { CardMapDeckAttributes } from "./deck.mjs";
import type { CardMapExpandingAttributes } from "./expanding.mjs";

/** The package's elements and the attributes each takes. */
export interface CardMapIntrinsicElements {
  "cardmap-cards": CardMapCardsAttributes;
  "cardmap-card": CardMapCardAttributes;
  "cardmap-pages": CardMapCardAttributes;
  "cardmap-sheet": CardMapSheetAttributes;
  "cardmap-modal": CardMapModalAttributes;
  "cardmap-deck": CardMapDeckAttributes;
  "cardmap-expanding": CardMapExpandingAttributes;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends CardMapIntrinsicElements {}
  }
}

declare global {
  namespace JSX {
    interface IntrinsicElements extends CardMapIntrinsicElements {}
  }
}
