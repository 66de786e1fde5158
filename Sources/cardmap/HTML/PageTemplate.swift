/// The interactive page around the engine: a device frame with a MapLibre GL JS map, the card, its
/// buttons and the visible rect. The page runs the engine itself (the core WebAssembly module and
/// cardmap.mjs, inlined): at every pointer move it asks it for the layout and the cameras, at a
/// release for the snap and the motion; the script holds no layout rule of its own.
enum PageTemplate {
  /// JSON made safe inside a `<script>` element: every `<` as `\u003c` (the same string to the
  /// script: a `<` only occurs inside JSON strings), so that no text of the data (`</script>`,
  /// `<!--`) can end or change the element.
  static func inlined(_ json: String) -> String {
    var safe = ""
    safe.reserveCapacity(json.utf8.count)
    for character in json {
      if character == "<" { safe += "\\u003c" } else { safe.append(character) }
    }
    return safe
  }

  /// The page, with `data` (the screen, card, content and options, JSON) and `engine` inlined and
  /// MapLibre GL JS loaded from `maplibre` (a page without it says so, and still shows the card);
  /// `testHook` adds `window.cardmapTest`, the hook the browser tests drive the page through.
  static func html(data: String, engine: WebEngine, maplibre: String, testHook: Bool = false) -> String {
    let safe = inlined(data)
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>CardMap</title>
      <style>
      body { margin: 0; font: 14px -apple-system, system-ui, sans-serif; background: #343a40; }
      #device { position: relative; margin: 16px; overflow: hidden; border-radius: 24px; background: #cfe3f2;
        box-shadow: 0 0 0 8px #212529; touch-action: none; }
      #map { position: absolute; left: 0; top: 0; right: 0; bottom: 0; }
      #dim { position: absolute; left: 0; top: 0; right: 0; bottom: 0; background: #000; pointer-events: none; }
      #visible { position: absolute; border: 2px dashed #d9480f; box-sizing: border-box; pointer-events: none; }
      #card { position: absolute; background: #fff; border-radius: 16px 16px 0 0; box-shadow: 0 -1px 6px #0003;
        touch-action: none; cursor: grab; }
      #card .handle { width: 36px; height: 5px; border-radius: 3px; background: #adb5bd; margin: 6px auto 0; }
      #card .title { font-weight: bold; font-size: 20px; padding: 12px 16px 0; white-space: nowrap; overflow: hidden;
        text-overflow: ellipsis; }
      #card .subtitle { font-size: 12px; color: #868e96; padding: 2px 16px 6px; }
      #card ul { list-style: none; margin: 0; padding: 0 16px; }
      #card li { display: flex; align-items: center; height: 52px; }
      #card li svg { flex: none; margin-right: 10px; border-radius: 16px; background: #e7f1fb; }
      #card li div { min-width: 0; }
      #card li b, #card li small { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      #card li b { font-size: 15px; color: #212529; }
      #card li small { font-size: 12px; color: #868e96; }
      .toolbar { position: absolute; background: #fff; border-radius: 8px; box-shadow: 0 0 3px #0004; }
      .toolbar svg { position: absolute; }
      .floating { position: absolute; z-index: 1; }
      .floating svg { position: absolute; top: 0; border-radius: 22px; background: #1971c2; box-shadow: 0 0 0 2px #fff; }
      #info { position: absolute; background: #fff3bf; border: 1px solid #f08c00; border-radius: 10px; box-sizing: border-box;
        color: #5c3c00; font-size: 13px; padding: 0 10px; display: flex; align-items: center; overflow: hidden;
        white-space: nowrap; }
      #message { position: absolute; left: 16px; right: 16px; top: 40%; padding: 12px; border-radius: 10px;
        background: #fff; color: #c92a2a; font-weight: bold; box-shadow: 0 0 6px #0006; }
      #panel { color: #f8f9fa; margin: 0 16px; }
      #panel label { margin-right: 14px; white-space: nowrap; }
      #state { margin-top: 6px; color: #ced4da; }
      #callout { position: absolute; background: #fff; border: 2px solid #1971c2; border-radius: 10px;
        box-sizing: border-box; pointer-events: none; font-size: 12px; padding: 6px; }
      #anchor { position: absolute; width: 14px; height: 14px; margin: -7px 0 0 -7px; border-radius: 7px;
        background: #e8590c; border: 2px solid #fff; pointer-events: none; }
      </style>
      <script src="\(SVG.escape(maplibre))"></script>
      </head><body>
      <div id="device"><div id="map"></div><div id="dim"></div><div id="visible"></div>
      <div id="callout" hidden>selection</div><div id="anchor" hidden></div>
      <div id="info" hidden></div><div id="top" class="toolbar" hidden></div><div id="bottom" class="toolbar" hidden></div>
      <div id="card"><div class="handle"></div><div class="title"></div><div class="subtitle"></div><ul></ul></div>
      <div id="floating" class="floating" hidden></div><div id="message" hidden></div>
      </div>
      <div id="panel"><label><input type="checkbox" id="show-visible" checked> visible rect</label>
      <label><input type="checkbox" id="hide-covered" checked> hide markers under the card</label>
      <span id="modes"><label><input type="radio" name="mode" value="fit" checked> fit the content</label></span>
      <div id="state"></div></div>
      <script>window.CARDMAP = \(safe); window.CARDMAP.testHook = \(testHook);\(testHook ? ready : "")</script>
      <script type="application/octet-stream" id="engine" data-gzip="\(engine.gzipped)">\(engine.module)</script>
      <script type="module">
      \(engine.script)
      \(script)
      </script>
      </body></html>

      """
  }

  /// With the test hook: `window.cardmapReady`, resolved with `window.cardmapTest` once the engine
  /// has loaded (the page's module loads it asynchronously).
  static let ready = """
     window.cardmapReady = new Promise((resolve) => { window.CARDMAP.ready = resolve; });
    """

  /// The page's behaviour, after cardmap.mjs in the same module: load the engine, then ask it for
  /// every frame; pointer handling and drawing.
  static let script = #"""
    const D = window.CARDMAP;
    const $ = (id) => document.getElementById(id);
    const device = $("device");
    device.style.width = D.screen.width + "px";
    device.style.height = D.screen.height + "px";
    function place(element, rect) {
      if (!rect) { element.hidden = true; return; }
      element.hidden = false;
      Object.assign(element.style, {left: rect.x + "px", top: rect.y + "px", width: rect.width + "px",
        height: rect.height + "px"});
    }
    // Without MapLibre GL JS (no network for the default URL, a wrong --maplibre) the page says so
    // and still shows the card, its content and its controls.
    function fail(text) {
      $("message").hidden = false;
      $("message").textContent = text;
    }
    // The engine: the core module, base64 (gzipped: the browser's DecompressionStream opens it).
    async function engineBytes() {
      const element = $("engine");
      const bytes = Uint8Array.from(atob(element.textContent.trim()), (c) => c.charCodeAt(0));
      if (element.dataset.gzip !== "true") return bytes;
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    }
    let engine;
    try {
      engine = await load(await engineBytes());
    } catch (error) {
      fail("The CardMap engine did not load: " + error.message);
      throw error;
    }
    // The countries' land, compact: rings of whole hundredths of a degree, each point a step from the last.
    const land = {type: "MultiPolygon", coordinates: D.land.map((polygon) => polygon.map((ring) => {
      const points = [];
      for (let i = 0, x = 0, y = 0; i < ring.length; i += 2) points.push([(x += ring[i]) / 100, (y += ring[i + 1]) / 100]);
      return points;
    }))};
    const style = {version: 8, sources: {
      land: {type: "geojson", data: land},
      content: {type: "geojson", data: D.content ? JSON.parse(D.content) : {type: "FeatureCollection", features: []}},
    }, layers: [
      {id: "water", type: "background", paint: {"background-color": "#cfe3f2"}},
      {id: "land", type: "fill", source: "land", paint: {"fill-color": "#f4f1e8"}},
      {id: "borders", type: "line", source: "land", paint: {"line-color": "#b8ab93", "line-width": 0.8}},
      {id: "areas", type: "fill", source: "content", filter: ["==", "$type", "Polygon"],
       paint: {"fill-color": "#74c0fc", "fill-opacity": 0.35}},
      {id: "lines-casing", type: "line", source: "content", layout: {"line-join": "round", "line-cap": "round"},
       paint: {"line-color": "#ffffff", "line-width": 7}},
      {id: "lines", type: "line", source: "content", layout: {"line-join": "round", "line-cap": "round"},
       paint: {"line-color": "#1864ab", "line-width": 4}},
      {id: "points", type: "circle", source: "content", filter: ["==", ["geometry-type"], "Point"],
       paint: {"circle-color": "#c2255c", "circle-radius": 6, "circle-stroke-color": "#fff", "circle-stroke-width": 2}},
      {id: "points-covered", type: "circle", source: "content", filter: ["==", ["geometry-type"], "Point"],
       layout: {visibility: "none"}, paint: {"circle-color": "#c2255c", "circle-radius": 5, "circle-opacity": 0.2}},
    ]};
    if (D.options.projection === "globe") style.projection = {type: "globe"};
    if (D.options.maxBounds) {
      const [w, s, e, n] = D.options.maxBounds, east = e >= w ? e : e + 360;
      style.sources.bounds = {type: "geojson", data: {type: "LineString",
        coordinates: [[w, s], [east, s], [east, n], [w, n], [w, s]]}};
      style.layers.push({id: "bounds", type: "line", source: "bounds",
        paint: {"line-color": "#e8590c", "line-width": 2, "line-dasharray": [2, 2]}});
    }
    let map = null;
    if (!window.maplibregl) {
      const src = document.querySelector("script[src]").getAttribute("src");
      fail("MapLibre GL JS did not load from " + (src.startsWith("data:") ? "the page" : src) + ". Open the page "
        + "with a network, or make it with --maplibre and the path of a local copy of maplibre-gl.js.");
    } else {
      try {
        map = new maplibregl.Map({container: "map", style, attributionControl: false, interactive: false,
          fadeDuration: 0, renderWorldCopies: true, minZoom: -2, maxZoom: 24, maxPitch: 85});
      } catch (error) { fail("MapLibre GL JS could not draw the map: " + error.message); }
    }
    // The card's content and the buttons' glyphs, as `cardmap render` draws them.
    $("card").querySelector(".title").textContent = D.cardContent.title;
    const list = $("card").querySelector("ul");
    for (const row of D.cardContent.rows) {
      const item = document.createElement("li");
      item.innerHTML = D.cardContent.icons[row.kind] + "<div><b></b><small></small></div>";
      item.querySelector("b").textContent = row.name;
      item.querySelector("small").textContent = row.detail;
      list.appendChild(item);
    }
    for (const button of D.controls.toolbarItems) {
      $(button.toolbar).insertAdjacentHTML("beforeend", button.glyph);
      Object.assign($(button.toolbar).lastChild.style, {left: button.x + "px", top: button.y + "px"});
    }
    D.controls.floating.forEach((glyph) => $("floating").insertAdjacentHTML("beforeend", glyph));
    $("info").textContent = D.content ? "Showing " + D.cardContent.title : "Nothing on the map";
    // The card where it starts, settled at a position, or dragged to a y.
    const settled = (position) => ({...D.card, position, y: undefined});
    const dragged = (y) => ({...D.card, position: undefined, y});
    const startLayout = engine.layout(D.screen, D.card);
    // The camera modes: the steady focus holds the anchor (the start fit's focus unless given)
    // where the start fit shows it; the selection's callout kept clear.
    let anchor = D.anchor;
    if (D.bounds && !anchor) {
      try { anchor = engine.fit(D.screen, D.card, D.bounds, D.options).camera.focus; } catch (error) { anchor = null; }
    }
    const from = D.card.y === undefined ? {position: D.card.position} : {y: D.card.y};
    const optionsOf = {fit: D.options, steady: {...D.options, steady: {from, anchor}},
      clear: {...D.options, select: D.selection, callout: D.callout}};
    const modes = {fit: "fit the content"};
    if (D.bounds && anchor) modes.steady = "hold a point steady";
    if (D.bounds && D.selection) modes.clear = "keep the selection clear";
    Object.entries(modes).slice(1).forEach(([value, label]) => {
      $("modes").insertAdjacentHTML("beforeend",
        '<label><input type="radio" name="mode" value="' + value + '"> ' + label + '</label>');
    });
    let mode = "fit";
    // What the page shows for a card: the engine's layout, and its cameras for the content.
    function frameFor(card) {
      const frame = {...engine.layout(D.screen, card), cardState: card, camera: null, steady: null, clear: null,
        exclusions: null};
      if (!D.bounds) return frame;
      // A mode that gives no camera (its reason in the answer) leaves the content's camera.
      const options = {...optionsOf[mode], exclusions: $("hide-covered").checked};
      try {
        const fit = engine.fit(D.screen, card, D.bounds, options);
        const selected = fit.selection && fit.selection.camera ? fit.selection : null;
        Object.assign(frame, {camera: fit.camera, steady: fit.steady ? fit.steady.camera : null, clear: selected,
          exclusions: fit.exclusions ? fit.exclusions.geojson : null});
      } catch (error) { return frame; }  // no camera for this card (the content cannot fit): the map stays
      return frame;
    }
    function cameraOf(frame) {
      if (mode === "steady" && frame.steady) return frame.steady;
      if (mode === "clear" && frame.clear) return frame.clear.camera;
      return frame.camera;
    }
    // Markers under the card and controls: hidden (dimmed) with the engine's exclusion polygon.
    let styleReady = false;
    const styleLoaded = map ? new Promise((resolve) => map.once("load", () => { styleReady = true; resolve(); }))
      : Promise.resolve();
    function applyExclusions(frame) {
      if (!styleReady) return;
      const zones = frame.exclusions;
      const hide = zones && zones.geometry.coordinates.length;
      const point = ["==", ["geometry-type"], "Point"];
      map.setFilter("points", hide ? ["all", point, ["!", ["within", zones]]] : point);
      map.setFilter("points-covered", hide ? ["all", point, ["within", zones]] : point);
      map.setLayoutProperty("points-covered", "visibility", hide ? "visible" : "none");
    }
    let current = null;
    function show(frame) {
      current = frame;
      place($("card"), frame.card);
      $("card").querySelector(".subtitle").textContent = frame.presentation + " · " + frame.position;
      $("card").querySelector(".subtitle").style.opacity = $("card").querySelector("ul").style.opacity =
        frame.contentAlpha;
      $("dim").style.opacity = frame.mapDimAlpha;
      place($("visible"), $("show-visible").checked ? frame.visibleRect : null);
      place($("top"), frame.buttons.top); place($("bottom"), frame.buttons.bottom);
      $("top").style.opacity = $("bottom").style.opacity = frame.buttons.alpha;
      place($("info"), frame.infoView);
      $("info").style.opacity = frame.buttons.alpha;
      // The floating buttons spread along their row's frame, as render draws them.
      place($("floating"), frame.floatingToolbar);
      const glyphs = $("floating").children;
      const step = glyphs.length > 1 && frame.floatingToolbar ? (frame.floatingToolbar.width - 44) / (glyphs.length - 1) : 0;
      Array.from(glyphs).forEach((glyph, index) => { glyph.style.left = index * step + "px"; });
      const camera = cameraOf(frame);
      if (camera && map) {
        map.jumpTo({center: camera.focus, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch,
          padding: camera.padding});
      }
      place($("callout"), mode === "clear" && frame.clear ? frame.clear.callout : null);
      if (mode === "steady" && anchor && map) {
        const p = map.project(anchor);
        $("anchor").hidden = false;
        Object.assign($("anchor").style, {left: p.x + "px", top: p.y + "px"});
      } else { $("anchor").hidden = true; }
      applyExclusions(frame);
      $("state").textContent = frame.position + (camera ? " · zoom " + camera.zoom.toFixed(2) : "");
    }
    // A camera set before the style loaded (the globe's projection comes with the style) is set again.
    styleLoaded.then(() => { if (current) show(current); });
    const refresh = () => show(frameFor(current.cardState));
    $("modes").addEventListener("change", (event) => { mode = event.target.value; refresh(); });
    $("hide-covered").addEventListener("change", refresh);
    $("show-visible").addEventListener("change", refresh);
    function frameAt(y) {
      return frameFor(startLayout.draggable ? dragged(y) : D.card);
    }
    // A release: where the engine snaps the card, then its motion, frame by frame.
    let animation = null;
    let lastRelease = null;
    function release(y, velocity, animate) {
      const card = dragged(y);
      const {snap} = engine.release(D.screen, card, velocity, 0);
      lastRelease = {y, velocity, position: snap.position, duration: snap.duration};
      if (animation) cancelAnimationFrame(animation);
      animation = null;
      if (!animate || !startLayout.draggable) { show(frameFor(settled(snap.position))); return snap; }
      const start = performance.now();
      const step = (now) => {
        const t = (now - start) / 1000;
        if (t >= snap.duration) { show(frameFor(settled(snap.position))); animation = null; return; }
        show(frameFor(dragged(engine.release(D.screen, card, velocity, t).y)));
        animation = requestAnimationFrame(step);
      };
      animation = requestAnimationFrame(step);
      return snap;
    }
    // Dragging, by mouse, pen or touch: the card follows; on release, the engine's snap.
    let drag = null;
    $("card").addEventListener("pointerdown", (event) => {
      if (!startLayout.draggable) return;
      try { $("card").setPointerCapture(event.pointerId); } catch (error) { /* a pointer the page did not see start */ }
      if (animation) { cancelAnimationFrame(animation); animation = null; }
      drag = {startY: event.clientY, top: current.card.y, samples: [[performance.now(), event.clientY]]};
    });
    $("card").addEventListener("pointermove", (event) => {
      if (!drag) return;
      drag.samples.push([performance.now(), event.clientY]);
      if (drag.samples.length > 64) drag.samples.shift();
      show(frameAt(drag.top + event.clientY - drag.startY));
    });
    // The engine's release velocity (CardLayout's ReleaseVelocity, its numbers in D.release): of the
    // samples within the window before the lift, the last few, first to last.
    function releaseVelocity(samples) {
      const [now] = samples[samples.length - 1];
      const recent = samples.filter(([t]) => now - t <= D.release.window).slice(-D.release.count);
      const [t0, y0] = recent[0];
      const [t1, y1] = recent[recent.length - 1];
      return t1 > t0 ? (y1 - y0) / (t1 - t0) : 0;
    }
    $("card").addEventListener("pointerup", (event) => {
      if (!drag) return;
      const samples = drag.samples.concat([[performance.now(), event.clientY]])
        .map(([t, y]) => [t / 1000, y - drag.startY + drag.top]);
      const y = drag.top + event.clientY - drag.startY;
      drag = null;
      release(y, releaseVelocity(samples), true);
      lastRelease.samples = samples;
    });
    // A hook for tests: drag to y, release at velocity, settle at once; what the map then holds.
    if (D.testHook) window.cardmapTest = {
      get lastRelease() { return lastRelease; },
      loaded: styleLoaded,
      // The card dragged to y in a camera mode: where the anchor and the selection then show.
      frame(y, name) {
        mode = name;
        show(frameAt(y));
        const at = (lngLat) => { if (!lngLat) return null; const p = map.project(lngLat); return [p.x, p.y]; };
        return {padding: map.getPadding(), visibleRect: current.visibleRect, anchor: at(anchor),
          selection: at(D.selection), callout: current.clear ? current.clear.callout : null,
          covered: styleReady ? JSON.stringify(map.getFilter("points")).includes("within") : null};
      },
      center() { const c = map.getCenter(); return [c.lng, c.lat]; },
      projection() { const p = map.getProjection && map.getProjection(); return p ? p.type : "mercator"; },
      drag(y, velocity) {
        show(frameAt(y));
        const snap = release(y, velocity, false);
        const center = map.getCenter();
        return {position: snap.position, padding: map.getPadding(), center: [center.lng, center.lat],
          zoom: map.getZoom(), bearing: map.getBearing(), card: current.card};
      },
    };
    show(frameFor(D.card));
    if (D.testHook) D.ready(window.cardmapTest);
    """#
}
