// The map's own controls (MapLibre's zoom, compass, geolocation and attribution; Leaflet's zoom and
// attribution) placed where the engine lays out map buttons, for `CardMapControl` and
// `CardMapLeafletControl`: nothing of the map paints over the card, and the controls stay in what
// the card leaves visible and fade as the engine's map buttons do.
//
// The map's four corner containers go to the engine's toolbars (its map buttons): the top ones
// at the top toolbar's top, the trailing one with its edge where the top toolbar's is; the bottom
// ones with their bottom where the bottom toolbar's is (above the card in bottom layouts), kept
// inside the visible rect; the leading ones as far inside the visible rect's leading edge as the
// toolbars keep from its trailing edge. The top containers' alpha is the map buttons' (`layout.buttons
// .alpha`: 1 down to peaking, 0 once the card covers the map); at 0 they neither show nor take
// input. The bottom ones (the attribution's) show at every position: a style's licence asks for
// its credit wherever the map shows, so it stays at the bottom of what the card leaves visible. The top corners' controls (which do not move with the card) are rects the camera keeps the
// content clear of, as the engine's fit keeps it clear of overlays.

/** The map's corner containers' class names, per library. */
const CORNERS = {
  maplibre: { map: "maplibregl-map", top: "maplibregl-ctrl-top", bottom: "maplibregl-ctrl-bottom", control: "maplibregl-ctrl",
    corner: (v, h) => `.maplibregl-ctrl-${v}-${h}` },
  leaflet: { map: "leaflet-container", top: "leaflet-top", bottom: "leaflet-bottom", control: "leaflet-control",
    corner: (v, h) => `.leaflet-${v}.leaflet-${h}` },
};

/** The controls' margins, zeroed where they face the anchor (the anchor is the engine's), once a page. */
function style(kind) {
  const id = `cardmap-placed-${kind}`;
  if (document.getElementById(id)) return;
  const { map, top, bottom, control } = CORNERS[kind];
  const placed = `.${map}.cardmap-placed`;
  const sheet = document.createElement("style");
  sheet.id = id;
  sheet.textContent = `${placed} .${top} .${control} { margin: 0 0 8px 0; }
${placed} .${bottom} .${control} { margin: 8px 0 0 0; }
${placed} .${top}, ${placed} .${bottom} { transition: none; }`;
  document.head.append(sheet);
}

/**
 * Places a map's controls for the sheet `cameras` follow (`SheetCameras`), frame by frame:
 * `container` is the map's element, `kind` "maplibre" or "leaflet". Each frame's toolbars are the
 * engine's layout of the sheet's card with a button in each toolbar; the top controls are what the
 * camera avoids. Returns the placer, whose `remove()` puts the controls back.
 */
export function placeControls(cameras, container, kind) {
  const placer = controlPlacer(container, kind);
  cameras.place = (layout, screen) => placer.follow(layout, cameras.cardmap, screen);
  cameras.avoid = () => placer.top();
  return placer;
}

/**
 * Places a map's controls (the sheet's, and `<cardmap-cards>`' map's): `container` is the map's
 * element, `kind` "maplibre" or "leaflet". Returns `follow(layout, cardmap, screen)` (places them
 * for the card's `layout`, the toolbars' frames from `cardmap`'s layout of the same card at the same
 * y with a button in each toolbar), `place(layout, toolbars)` (the same with those toolbars given),
 * `top()` and `remove()`.
 */
export function controlPlacer(container, kind) {
  style(kind);
  container.classList.add("cardmap-placed");
  // The map's own stacking (its controls' z-index) stays inside it: the sheet paints over the map.
  const isolation = container.style.isolation;
  container.style.isolation = "isolate";
  const corners = [["top", "left"], ["top", "right"], ["bottom", "left"], ["bottom", "right"]]
    .map(([v, h]) => ({ v, h, element: container.querySelector(CORNERS[kind].corner(v, h)) })).filter((c) => c.element);
  const saved = corners.map((c) => c.element.getAttribute("style"));
  return {
    follow(layout, cardmap, screen) {
      this.place(layout, cardmap.layout(screen, { y: layout.card.y, topButtons: 1, bottomButtons: 1 }));
    },
    place(layout, toolbars) {
      const width = container.clientWidth, height = container.clientHeight;
      const visible = layout.visibleRect;
      const top = toolbars.buttons.top, bottom = toolbars.buttons.bottom;
      // The toolbars' trailing edge, and how far inside the visible rect's trailing edge it lies.
      const edge = top ? top.x + top.width : visible.x + visible.width;
      const trailing = width - edge;
      const gap = Math.max(0, visible.x + visible.width - edge);
      const topY = top ? top.y : visible.y;
      const bottomY = Math.min(bottom ? bottom.y + bottom.height : height, visible.y + visible.height - gap);
      const alpha = layout.buttons.alpha;
      for (const { v, h, element } of corners) {
        const s = element.style;
        s.top = v === "top" ? `${topY}px` : "auto";
        s.bottom = v === "bottom" ? `${height - bottomY}px` : "auto";
        s.right = h === "right" ? `${trailing}px` : "auto";
        s.left = h === "left" ? `${visible.x + gap}px` : "auto";
        const shown = v === "bottom" ? 1 : alpha;
        s.opacity = String(shown);
        s.visibility = shown > 0 ? "" : "hidden";
      }
    },
    /** The boxes of the top corners' controls, in the map's points: what the camera keeps the content clear of. */
    top() {
      const origin = container.getBoundingClientRect();
      return corners.filter((c) => c.v === "top").flatMap((c) => [...c.element.children]).map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({ x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height }));
    },
    remove() {
      container.classList.remove("cardmap-placed");
      container.style.isolation = isolation;
      corners.forEach((c, i) => (saved[i] === null ? c.element.removeAttribute("style") : c.element.setAttribute("style", saved[i])));
    },
  };
}
