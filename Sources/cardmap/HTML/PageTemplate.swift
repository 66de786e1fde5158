/// The interactive page around the engine: a device frame with a MapLibre GL JS map, the card, its
/// buttons and the visible rect, in HTML and CSS. The page runs the engine itself (the core
/// WebAssembly module and `cardmap-page.mjs`, inlined: the package's cardmap.mjs, maplibre.mjs and
/// page.mjs, whose `startPage` asks the engine for the layout and the cameras at every pointer move
/// and for the snap and the motion at a release; it holds no layout rule of its own).
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
