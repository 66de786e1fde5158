/// The interactive page around the engine: a device frame with a MapLibre GL JS map under the
/// package's card controller, the card's content and buttons and the visible rect, in HTML and CSS.
/// The page runs the engine itself (`cardmap.wasm` and `cardmap-page.mjs`, inlined: the package's
/// page/page.mjs joined with the modules it imports, whose `startPage` puts a `<cardmap-cards>` with
/// one card on the device's screen and fits the map in each frame the card moves; it holds no rule
/// of its own).
enum PageTemplate {
  /// The page, with `data` (the screen, card, content and options: JSON, gzipped, in base64, which
  /// no text of the data can break out of) and `engine` inlined and MapLibre GL JS loaded from
  /// `maplibre` (a page without it says so, and still shows the card); `testHook` adds
  /// `window.cardmapTest`, the hook the browser tests drive the page through.
  static func html(data: String, engine: WebEngine, maplibre: String, testHook: Bool = false) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>CardMap</title>
    <style>
    body { margin: 0; font: 14px -apple-system, system-ui, sans-serif; background: #343a40; }
    #device { position: relative; margin: 16px; overflow: hidden; border-radius: 24px; background: #cfe3f2;
      box-shadow: 0 0 0 8px #212529; touch-action: none; }
    #map { position: absolute; left: 0; top: 0; right: 0; bottom: 0; }
    #visible { position: absolute; border: 2px dashed #d9480f; box-sizing: border-box; pointer-events: none; }
    cardmap-page-card { --cardmap-card-radius: 16px; }
    cardmap-page-card .title { font-weight: bold; font-size: 20px; white-space: nowrap; overflow: hidden;
      text-overflow: ellipsis; }
    cardmap-page-card .subtitle { font-size: 12px; color: #868e96; padding-top: 2px; }
    cardmap-page-card ul { list-style: none; margin: 0; padding: 0 16px; }
    cardmap-page-card li { display: flex; align-items: center; height: 52px; }
    cardmap-page-card li svg { flex: none; margin-right: 10px; border-radius: 16px; background: #e7f1fb; }
    cardmap-page-card li div { min-width: 0; }
    cardmap-page-card li b, cardmap-page-card li small { display: block; white-space: nowrap; overflow: hidden;
      text-overflow: ellipsis; }
    cardmap-page-card li b { font-size: 15px; color: #212529; }
    cardmap-page-card li small { font-size: 12px; color: #868e96; }
    cardmap-page-card::part(buttons), cardmap-page-card:not(.has-floating)::part(toolbar) { background: #fff;
      border-radius: 8px; box-shadow: 0 0 3px #0004; }
    cardmap-page-card .button, cardmap-page-card .floating { position: absolute; }
    cardmap-page-card .floating { top: 0; border-radius: 22px; background: #1971c2; box-shadow: 0 0 0 2px #fff; }
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
    <div id="device"><div id="map"></div><div id="visible"></div>
    <div id="callout" hidden>selection</div><div id="anchor" hidden></div>
    <div id="info" hidden></div><div id="message" hidden></div>
    </div>
    <div id="panel"><label><input type="checkbox" id="show-visible" checked> visible rect</label>
    <label><input type="checkbox" id="hide-covered" checked> hide markers under the card</label>
    <span id="modes"><label><input type="radio" name="mode" value="fit" checked> fit the content</label></span>
    <div id="state"></div></div>
    <script>window.CARDMAP = {testHook: \(testHook)};\(testHook ? ready : "")</script>
    <script type="application/octet-stream" id="data" data-gzip="true">\(data)</script>
    <script type="application/octet-stream" id="engine" data-gzip="\(engine.gzipped)">\(engine.module)</script>
    <script type="module">
    \(engine.script)
    await startPage(window.CARDMAP);
    </script>
    </body></html>

    """
  }

  /// With the test hook: `window.cardmapReady`, resolved with `window.cardmapTest` once the engine
  /// has loaded (the page's module loads it asynchronously).
  static let ready = """
     window.cardmapReady = new Promise((resolve) => { window.CARDMAP.ready = resolve; });
    """
}
