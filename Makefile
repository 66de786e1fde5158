# CardMap: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
SOURCES = Sources Tests Benchmarks Package.swift
DEMO_DEVICE ?= iphone-14

.PHONY: deps-web deps-example deps-demo deps-check deps-test deps-bench build-tests check web-differential wasm web npm npm-test example example-cafes gallery-web bench-web cli snippets demo docs browser page-screenshot nyc dask basemap install install-check test test-noproj deps lint format build bench bench-build devices fixtures gallery render-check oracle builtin-crs kernel-symbols

## Installs what a goal needs from Debian when it is missing (Tests/deps.sh): as root with apt-get,
## saying what and why; as another user it stops with the one `sudo apt-get install` line.
deps:
	@bash Tests/deps.sh build
deps-web:
	@bash Tests/deps.sh web
deps-example:
	@bash Tests/deps.sh example
deps-demo:
	@bash Tests/deps.sh demo
deps-check:
	@bash Tests/deps.sh check
deps-test:
	@bash Tests/deps.sh test
deps-bench:
	@bash Tests/deps.sh bench

## Under REQUIRE_ALL=1 (CI=true sets it) a part that would be skipped for a missing tool fails.
REQUIRE_ALL ?= $(if $(filter true,$(CI)),1,)
export REQUIRE_ALL
# $(call skipped,MESSAGE): says what was skipped and why; a failure under REQUIRE_ALL=1.
skipped = { echo "$(1)"; if [ "$(REQUIRE_ALL)" = 1 ]; then echo "REQUIRE_ALL=1: nothing may be skipped" >&2; exit 1; fi; }
# $(call beside-wasm,COMMAND): runs COMMAND (a Swift build) with `make wasm` beside it, filling the
# cores the build leaves idle; the web engine's output goes to .build/wasm.log, shown if it fails.
beside-wasm = mkdir -p .build; $(MAKE) --no-print-directory wasm > .build/wasm.log 2>&1 & wasm=$$!; \
	$(1) || { kill $$wasm 2>/dev/null; exit 1; }; \
	wait $$wasm || { cat .build/wasm.log >&2; echo "make wasm failed (above)" >&2; exit 1; }

## Checks the code's format against .swift-format, and the web package's layers (Tests/web/layers.py).
lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)
	@if command -v python3 >/dev/null; then python3 Tests/web/layers.py; \
	else $(call skipped,the web package's layers not checked: no python3 (make deps-test installs it)); fi

## Formats the code in place.
format:
	$(SWIFT) format format --in-place --recursive $(SOURCES)

build: deps
	$(SWIFT) build

## The cardmap binary the end-to-end targets run, built first so that none runs a stale or missing one.
cli: deps
	$(SWIFT) build --product cardmap

## Lints, builds and runs every test, then checks the rendered samples with rsvg-convert and runs
## the generators against their oracles for a bounded time.
## Each part says how long it took ("time: PART N s"), so that CI's log shows where its minutes go.
timed = start=$$(date +%s); $(1); status=$$?; echo "time: $(2) $$(( $$(date +%s) - start )) s"; exit $$status
test: deps-test lint build-tests
	@$(call timed,$(SWIFT) test --skip-build,swift-test)
	@$(call timed,$(MAKE) snippets,snippets)
	@$(call timed,$(MAKE) render-check,render-check)
	@$(call timed,$(MAKE) oracle,oracle)
	@$(call timed,$(MAKE) test-noproj,test-noproj)
	@$(call timed,$(MAKE) kernel-symbols,kernel-symbols)
	@$(call timed,$(MAKE) bench-build,bench-build)
	@$(call timed,$(MAKE) docs,docs)
	@$(call timed,$(MAKE) nyc,nyc)
	@$(call timed,$(MAKE) browser,browser)
	@$(call timed,$(MAKE) install-check,install-check)
	@$(call timed,$(MAKE) dask,dask)
	@# (The web engine's differential on 1,000 seeded scenarios, not make web's 2,000, its memory loop at half
	@# scale, and 24 seeded steps in each other browser engine: CI's minutes, as the browser harness's sample.)
	@$(call timed,$(MAKE) web WEB_CASES=1000 WEB_MEMORY=0.5,web)
	@$(call timed,$(MAKE) npm-test ENGINE_STEPS=24,npm-test)

## The debug build with its tests, and the web engine (`cardmap page` needs it, and the tests run
## that) built beside it, filling the cores the Swift build leaves idle.
build-tests:
	@$(call beside-wasm,$(SWIFT) build --build-tests); cat .build/wasm.log

## The loop of a change, at most five minutes on a built tree: lint, a debug build, the unit tests,
## and a short pass of each oracle (the GeoJSON, command-line and replay generators for CHECK_SECONDS
## each, the web engine against the native one on a tenth of make web's cases).
CHECK_SECONDS ?= 8
check: deps-check lint build-tests
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory oracle ORACLE_SECONDS=$(CHECK_SECONDS)
	@$(MAKE) --no-print-directory web-differential WEB_CASES=200 WEB_STACKS=40 WEB_HOSTILE=300 WEB_MEMORY=0.05

# The tests whose code the PROJ trait does not touch (the layers below Projection, and the globe's
# focusBounds, which is MapGeometry's alone): run once, by `swift test`, not again without PROJ.
TRAIT_FREE_TESTS = ^(CardLayoutTests|MapGeometryTests|ProjectionKernelsTests|GeoJSONIOTests)\.|^CardMapTests\.GlobeFocusBoundsTests

## Builds and tests without the PROJ trait (what an iOS app gets: `traits: []`), checks that the
## cardmap binary then links no libproj, and builds and runs a consumer package with `traits: []`.
test-noproj:
	$(SWIFT) build --build-tests --disable-default-traits --scratch-path .build/noproj
	CARDMAP_ENGINE=$(CURDIR)/.build/wasm CARDMAP_SPLIT_BYTES=5 $(SWIFT) test --skip-build --disable-default-traits \
	  --scratch-path .build/noproj --skip '$(TRAIT_FREE_TESTS)'
	@if ldd .build/noproj/debug/cardmap | grep -q libproj; then echo "cardmap without PROJ links libproj" >&2; exit 1; fi
	@echo "cardmap without the PROJ trait links no libproj"
	bash Tests/consumer/run.sh

## Every Swift example of the README and the DocC articles is a shown part of a Snippets/ file
## (Tests/docs/snippets.py); `swift build` compiles them, and each runs here from the repository's
## root, its hidden lines checking the values its comments claim.
snippets:
	python3 Tests/docs/snippets.py
	$(SWIFT) build
	@set -e; for snippet in Snippets/*.swift; do \
	  name=$$(basename $$snippet .swift); \
	  .build/debug/$$name > /dev/null || { echo "snippets: $$name failed" >&2; exit 1; }; \
	  echo "snippets: $$name ran"; \
	done

## Builds the kernel modules for release and checks (Tests/kernel-symbols.sh) that their AVX2 and
## AVX-512 loops are their own symbols, not weak ones the linker would share among instruction sets.
kernel-symbols:
	@# (Projection imports both kernel modules: one build, the two side by side.)
	$(SWIFT) build -c release --target Projection
	bash Tests/kernel-symbols.sh .build/release

## Generated GeoJSON, command lines and replay scripts against independent oracles (Tests/oracle),
## ORACLE_SECONDS for each of the three (a long run: make oracle ORACLE_SECONDS=1800 ORACLE_SEED=7).
ORACLE_SECONDS ?= 16
ORACLE_SEED ?= 1
oracle: cli
	python3 Tests/oracle/run_geojson.py --seconds $(ORACLE_SECONDS) --seed $(ORACLE_SEED)
	python3 Tests/oracle/run_cli.py --seconds $(ORACLE_SECONDS) --seed $(ORACLE_SEED)
	python3 Tests/oracle/run_replay.py --seconds $(ORACLE_SECONDS) --seed $(ORACLE_SEED)

## Renders every sample and, where Debian's librsvg2-bin is installed, rasterises it to prove the SVG valid.
render-check: cli
	@mkdir -p .build/render-check
	@for sample in Data/samples/*.geojson; do \
	  name=$$(basename $$sample .geojson); \
	  .build/debug/cardmap render $$sample --device iphone-17 --position peaking --top-buttons 2 \
	    --output .build/render-check/$$name.svg || exit 1; \
	  .build/debug/cardmap render $$sample --all-devices --output .build/render-check/$$name-sheet.svg || exit 1; \
	  if command -v rsvg-convert >/dev/null; then \
	    rsvg-convert .build/render-check/$$name.svg -o .build/render-check/$$name.png || exit 1; \
	    rsvg-convert .build/render-check/$$name-sheet.svg -o .build/render-check/$$name-sheet.png || exit 1; \
	    echo "rendered $$name with rsvg-convert"; \
	  else $(call skipped,rsvg-convert not installed: rendered $$name but not rasterised); fi; \
	done

## The engine as WebAssembly, from the same sources (Embedded Swift for wasm32, linked with Debian's
## wasi-libc): .build/wasm/cardmap.wasm, loaded by Sources/CardMapWasm/js/cardmap.mjs (and inlined by
## cardmap page), and the card controller's, cardmap-cards.wasm.
wasm: deps-web
	bash Sources/CardMapWasm/build.sh $(CURDIR)/.build/wasm

## The WebAssembly engine in node against the native cardmap on WEB_CASES seeded scenarios and
## WEB_CASES/4 GeoJSON documents, and its card stacks against cardmap replay on WEB_STACKS seeded
## scripts, with the whole engine and with the card controller's module (every number bit-identical,
## or as close as the two C libraries' maths allow; errors in the same words), each module's calls
## against the whole engine's (Tests/web/modules.mjs), its "did you mean" against the engine's on the
## misspelt options the command line answered (Tests/web/typos), its TypeScript declarations checked with tsc on an
## example, its MapLibre and Leaflet adapters in headless Chromium (Tests/web/adapters.py), and
## <cardmap-sheet> driven with pointer events, taps and keys against cardmap replay (Tests/web/sheet_test.py),
## CardMapControl against setPadding + fitBounds on a dragged sheet (Tests/web/control_test.py), and
## constrainToBounds against MapLibre's setMaxBounds on a globe a person drives (Tests/web/bounds_test.py).
## Each part is skipped, saying so, without node, tsc or chromium (a failure under REQUIRE_ALL=1).
WEB_CASES ?= 2000
WEB_STACKS ?= 400
## Overlays (modal cards, decks, expanding cards) against cardmap overlay (Tests/web/overlays.mjs).
WEB_OVERLAYS ?= 300
## Hostile calls to the JavaScript API (Tests/web/hostile.mjs), and the scale of its memory loop
## (1: 10⁵ stacks, 10⁶ frames, 10⁴ fits).
WEB_HOSTILE ?= 2000
WEB_MEMORY ?= 1
web: web-differential
	@if command -v tsc >/dev/null; then cd Tests/web && tsc --strict --noEmit --target es2022 --module node16 \
	  --moduleResolution node16 --lib es2022,dom example.mts && echo "tsc: the declarations and the example type-check" \
	  && cd ../../Sources/CardMapWasm/js && tsc --allowJs --checkJs --noEmit --target es2022 --module node16 \
	  --moduleResolution node16 --lib es2022,dom $$(find . -name "*.mjs") && echo "tsc: the modules (the page's too) type-check"; \
	else $(call skipped,TypeScript check skipped: no tsc (apt-get install node-typescript)); fi
	@if command -v chromium >/dev/null; then python3 Tests/web/adapters.py --wasm .build/wasm/cardmap.wasm \
	  --cardmap .build/debug/cardmap && python3 Tests/web/sheet_test.py --wasm .build/wasm/cardmap.wasm \
	  --cardmap .build/debug/cardmap && python3 Tests/web/control_test.py --wasm .build/wasm/cardmap.wasm \
	  && python3 Tests/web/fit_bounds_test.py --wasm .build/wasm/cardmap.wasm \
	  && python3 Tests/web/bounds_test.py --wasm .build/wasm/cardmap.wasm; else $(call skipped,web adapters skipped: no chromium (apt-get install chromium)); fi

## The ferries example (Examples/ferries): the packed package installed offline, bundled by esbuild,
## in .build/examples/ferries (serve it and open index.html).
example: deps-example npm
	bash Examples/ferries/build.sh .build/npm .build/examples/ferries

## The gallery of the other cards (Examples/overlays), built as the ferries example is, in
## .build/examples/overlays (serve it and open index.html#toast).
## The cafés example (Examples/cafes): one place per card, in .build/examples/cafes.
example-cafes: deps-example npm
	bash Examples/cafes/build.sh .build/npm .build/examples/cafes

gallery-web: deps-example npm
	bash Examples/overlays/build.sh .build/npm .build/examples/overlays

## The web engine as an npm package (Sources/CardMapWasm/npm.sh): .build/npm, ready for `npm pack`.
npm: wasm
	bash Sources/CardMapWasm/npm.sh .build/wasm .build/npm

## The package as a web developer meets it (Tests/web/npm_test.py): packed, installed offline into a
## fresh folder, run in node, type-checked with tsc (JSX too) and bundled with esbuild through its
## exports, the bundle run in headless Chromium with a newcomer's mistakes; then the article "A sheet
## over MapLibre" followed as written, with a real finger and a slowed CPU (Tests/web/article_test.py);
## then the ferries example and the README's web example with a finger and keys, every event
## against cardmap replay and every painted frame measured (Tests/web/cards_test.py), and its search
## field with the on-screen keyboard both ways a phone brings it (Tests/web/keyboard_test.py); then the
## gallery of the other cards (Examples/overlays) with a finger and keys against cardmap overlay
## (Tests/web/overlays_test.py); then the ferries example, the README's web example and the gallery
## in WebKit (with a mouse, as its driver sends pointer input) and Firefox (with touch), under Xvfb:
## ENGINE_STEPS seeded steps of pushes, pops, drags and swipes each, no error and no gesture held,
## every event against cardmap replay (Tests/web/engines_test.py; a long run: ENGINE_STEPS=400).
ENGINE_STEPS ?= 40
npm-test: npm cli
	@if command -v npm >/dev/null; then python3 Tests/web/npm_test.py --package .build/npm --cardmap .build/debug/cardmap \
	  && python3 Tests/web/article_test.py --package .build/npm --cardmap .build/debug/cardmap \
	  && python3 Tests/web/cards_test.py --package .build/npm --cardmap .build/debug/cardmap \
	  && python3 Tests/web/cafes_test.py --package .build/npm --cardmap .build/debug/cardmap \
	  && python3 Tests/web/keyboard_test.py --package .build/npm --cardmap .build/debug/cardmap \
	  && python3 Tests/web/accessibility_test.py --package .build/npm \
	  && python3 Tests/web/overlays_test.py --package .build/npm --cardmap .build/debug/cardmap \
	  && python3 Tests/web/engines_test.py --package .build/npm --cardmap .build/debug/cardmap --steps $(ENGINE_STEPS); \
	else $(call skipped,npm package test skipped: no npm (apt-get install npm)); fi

## The web engine against the native command alone, and against hostile calls (the first part of
## make web).
web-differential: wasm cli
	@for budget in cardmap-cards:200000 cardmap:246000; do \
	  name=$${budget%%:*}; most=$${budget#*:}; size=$$(gzip -9c .build/wasm/$$name.wasm | wc -c); \
	  if [ $$size -gt $$most ]; then \
	    echo "wasm: $$name.wasm is $$size bytes gzipped, over its budget of $$most (Benchmarks/README.md)"; exit 1; \
	  else echo "wasm: $$name.wasm $$size bytes gzipped, within its budget of $$most"; fi; \
	done
	@if command -v node >/dev/null; then node Tests/web/differential.mjs .build/debug/cardmap .build/wasm/cardmap.wasm $(WEB_CASES) 1 \
	  && node Tests/web/stacks.mjs .build/debug/cardmap .build/wasm/cardmap.wasm $(WEB_STACKS) 1 \
	  && node Tests/web/stacks.mjs .build/debug/cardmap .build/wasm/cardmap-cards.wasm $(WEB_STACKS) 2 \
	  && node Tests/web/modules.mjs .build/wasm \
	  && node Tests/web/typos/typos.mjs .build/wasm \
	  && node Tests/web/overlays.mjs .build/debug/cardmap .build/wasm/cardmap.wasm $(WEB_OVERLAYS) 1 \
	  && node Tests/web/hostile.mjs .build/wasm/cardmap.wasm $(WEB_HOSTILE) 1 $(WEB_MEMORY); \
	else $(call skipped,wasm differential skipped: no node (apt-get install nodejs)); fi

## Remakes the README's gallery from Data/samples.
gallery: build
	.build/debug/cardmap render $(DEMO_ARGS) --output Data/gallery/demo-iphone.svg
	.build/debug/cardmap render Data/samples/sydney-ferries.geojson --device iphone-14 --os 26 --position extended \
	  --top-buttons 2 --output Data/gallery/ferries-iphone-classic-extended.svg
	.build/debug/cardmap render Data/samples/fiji-ferries.geojson --device ipad-11-landscape --position peaking \
	  --bottom-buttons 2 --output Data/gallery/fiji-ipad-sheet-leading.svg
	.build/debug/cardmap render Data/samples/sydney-ferries.geojson --device iphone-duo-outer --position collapsed \
	  --close-button --paging --bar-actions 2 --output Data/gallery/ferries-vertical-bar.svg
	.build/debug/cardmap render Data/samples/sydney-ferries.geojson --device ipad-11-landscape --position peaking \
	  --top-buttons 1 --compass --user-tracking --bearing 25 --floating-items 3 --info-view 260x48 \
	  --output Data/gallery/ferries-ipad-controller.svg
	.build/debug/cardmap render Data/samples/sydney-ferries.geojson --device iphone-17 --position peaking \
	  --pitch 50 --bearing 30 --output Data/gallery/ferries-iphone-pitched.svg
	.build/debug/cardmap render Data/samples/greenland.geojson --device iphone-17 --position collapsed \
	  --output Data/gallery/greenland-iphone-collapsed.svg
	.build/debug/cardmap render Data/samples/greenland.geojson --device iphone-17 --position peaking \
	  --output Data/gallery/greenland-iphone-peaking.svg
	.build/debug/cardmap render Data/samples/greenland.geojson --device iphone-17-pro-max --position extended \
	  --output Data/gallery/greenland-iphone-extended.svg
	@if command -v chromium >/dev/null; then $(MAKE) --no-print-directory page-screenshot; \
	else echo "page screenshot skipped: no chromium"; fi
	@if command -v chromium >/dev/null && command -v npm >/dev/null; then $(MAKE) --no-print-directory npm && \
	  python3 Tests/web/article_test.py --package .build/npm --cardmap .build/debug/cardmap --pictures && \
	  python3 Tests/web/cards_test.py --package .build/npm --cardmap .build/debug/cardmap --pictures && \
	  python3 Tests/web/keyboard_test.py --package .build/npm --cardmap .build/debug/cardmap --pictures && \
	  python3 Tests/web/overlays_test.py --package .build/npm --cardmap .build/debug/cardmap --pictures; \
	else echo "the articles' pictures skipped: no chromium or npm"; fi

## Runs the main job on sample data: fits a real ferry route on a phone with a peaking card, says
## what came out in a few lines, and writes a picture (PNG at 2x with rsvg-convert, else SVG) and a
## page to drag the card in (MapLibre from the network, or the tests' local copy when there is one).
DEMO = .build/demo
DEMO_ARGS = Data/samples/sydney-ferries.geojson --device $(DEMO_DEVICE) --position peaking --info-view 240x40 --floating-items 2 --margin 32
demo: deps-demo
	@mkdir -p $(DEMO)
	@# The web engine, for the page.
	@$(call beside-wasm,$(SWIFT) build -c release --product cardmap)
	@.build/release/cardmap fit $(DEMO_ARGS) > $(DEMO)/fit.json
	@python3 Examples/demo/summary.py $(DEMO_DEVICE) < $(DEMO)/fit.json
	@if command -v rsvg-convert >/dev/null; then picture=$(DEMO)/ferries.png; extra="--scale 2"; \
	else picture=$(DEMO)/ferries.svg; extra=""; fi; \
	.build/release/cardmap render $(DEMO_ARGS) $$extra --output $$picture && \
	echo "" && echo "The whole answer (JSON):  $(DEMO)/fit.json" && echo "A picture of the screen:  $$picture"
	@maplibre=""; if [ -f .build/browser/maplibre-gl.js ]; then maplibre="--maplibre .build/browser/maplibre-gl.js"; fi; \
	.build/release/cardmap page $(DEMO_ARGS) $$maplibre --output $(DEMO)/ferries.html && \
	echo "Drag the card in a page:   $(DEMO)/ferries.html (open it in a browser)"

## CardMap's cameras on a real map client: MapLibre GL JS 5.3 (PyPI's maplibre wheel, fetched into
## .build/browser) in Debian's headless chromium, BROWSER_SAMPLE of the 15,900 scenarios of every
## device, position, bearing and kind of content drawn with BROWSER_SEED (a long run: BROWSER_SAMPLE=0,
## every one); the camera features (globe, selection, exclusions, bounds, steady focus) on every
## fourth device. Skipped, saying so, where chromium is not installed.
BROWSER_SAMPLE ?= 2000
BROWSER_SEED ?= 1
browser: cli
	@if command -v chromium >/dev/null; then python3 Tests/browser/harness.py --cardmap .build/debug/cardmap \
	  --sample $(BROWSER_SAMPLE) --seed $(BROWSER_SEED) \
	  && python3 Tests/browser/page_test.py --cardmap .build/debug/cardmap \
	  && python3 Tests/browser/cameras.py --cardmap .build/debug/cardmap --quick; \
	else $(call skipped,browser harness skipped: no chromium (apt-get install chromium)); fi

## The README's screenshot of `cardmap page` (needs chromium).
page-screenshot: build
	python3 Tests/browser/page_test.py --cardmap .build/debug/cardmap --screenshot Data/gallery/page-iphone.png

## The fit of New York's boroughs from EPSG:2263 against the same data that ogr2ogr reprojected.
## Skipped, saying so, where ogr2ogr (Debian's gdal-bin) is not installed.
nyc: cli
	@if command -v ogr2ogr >/dev/null; then python3 Tests/crs/nyc_boroughs.py --cardmap .build/debug/cardmap; \
	else $(call skipped,nyc boroughs skipped: no ogr2ogr (apt-get install gdal-bin)); fi

## Builds the DocC documentation of every library module with the toolchain's docc, from symbol
## graphs of a separate build; any docc warning fails it. Open .build/docs/<Module>.doccarchive.
DOC_MODULES = ViewGeometry CardLayout MapGeometry ProjectionKernels JSONValues GeoJSONIO Projection CardMap CardMapWire
docs: deps
	$(SWIFT) build --target CardMapWire --scratch-path .build/docs-build \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build/docs-build/graphs
	@set -e; for module in $(DOC_MODULES); do \
	  rm -rf .build/docs/graphs/$$module && mkdir -p .build/docs/graphs/$$module; \
	  cp .build/docs-build/graphs/$$module.symbols.json .build/docs/graphs/$$module/; \
	  python3 Tests/docs/own-symbols.py .build/docs/graphs/$$module/$$module.symbols.json $(CURDIR)/Sources/$$module; \
	  for extra in .build/docs-build/graphs/$$module@*.symbols.json; do \
	    if [ -e "$$extra" ]; then cp "$$extra" .build/docs/graphs/$$module/; fi; \
	  done; \
	  docc convert Sources/$$module/$$module.docc --additional-symbol-graph-dir .build/docs/graphs/$$module \
	    --fallback-display-name $$module --fallback-bundle-identifier org.cardmap.$$module \
	    --output-path .build/docs/$$module.doccarchive --warnings-as-errors > .build/docs/$$module.log 2>&1 \
	    || { cat .build/docs/$$module.log >&2; echo "docs: $$module has warnings" >&2; exit 1; }; \
	  echo "docs: $$module → .build/docs/$$module.doccarchive"; \
	done

## Runs the benchmarks (release build); they are their own package, Benchmarks/.
bench: deps-bench
	$(SWIFT) build --package-path Benchmarks -c release --product cardmap
	$(SWIFT) run --package-path Benchmarks -c release cardmap-bench
	@$(MAKE) --no-print-directory bench-web

## The WebAssembly engine in node (Benchmarks/web/bench.mjs): a frame against the native one (timed
## again here), the kernels against proj4js, the module's size. Skipped, saying so, without node.
bench-web: wasm
	@if command -v node >/dev/null; then \
	  $(SWIFT) run --package-path Benchmarks -c release cardmap-bench --filter frame --json \
	    > .build/bench-frame.json && \
	  node Benchmarks/web/bench.mjs .build/wasm/cardmap.wasm "$$(python3 Tests/web/web_assets.py)/proj4.js" \
	    .build/bench-frame.json; \
	else echo "web bench skipped: no node (apt-get install nodejs)"; fi

## Builds the benchmarks package (debug), so that a change to the library cannot break it unseen.
bench-build: deps
	$(SWIFT) build --package-path Benchmarks

## Installs cardmap, its completion scripts and its man page under PREFIX (default /usr/local), from a
## release build (CONFIG=debug for a quick one).
PREFIX ?= /usr/local
CONFIG ?= release
install:
	$(SWIFT) build -c $(CONFIG) --product cardmap
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/man/man1" "$(PREFIX)/share/bash-completion/completions" \
	  "$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 .build/$(CONFIG)/cardmap "$(PREFIX)/bin/cardmap"
	"$(PREFIX)/bin/cardmap" --generate-manual > "$(PREFIX)/share/man/man1/cardmap.1"
	@# The web engine `cardmap page` inlines, when `make wasm` has built it.
	if [ -f .build/wasm/cardmap.wasm.gz ]; then install -d "$(PREFIX)/share/cardmap" && \
	  install -m 644 .build/wasm/cardmap.wasm.gz .build/wasm/cardmap-page.mjs "$(PREFIX)/share/cardmap/"; \
	else echo "install: no web engine for cardmap page (make wasm builds it)"; fi
	"$(PREFIX)/bin/cardmap" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/cardmap"
	"$(PREFIX)/bin/cardmap" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_cardmap"
	"$(PREFIX)/bin/cardmap" --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/cardmap.fish"

## Installs into a temporary prefix and checks that `cardmap --help` runs, `man cardmap` shows the
## manual and `cardmap page` finds its web engine in PREFIX/share/cardmap.
install-check:
	@prefix="$$(mktemp -d)"; trap 'rm -rf "$$prefix"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX="$$prefix" CONFIG=debug >/dev/null && \
	"$$prefix/bin/cardmap" --help | grep -q "SUBCOMMANDS:" && \
	MANPATH="$$prefix/share/man" man -P cat cardmap 2>/dev/null | grep -q "cardmap fit" && \
	test -s "$$prefix/share/bash-completion/completions/cardmap" && \
	"$$prefix/bin/cardmap" page Data/samples/sydney-ferries.geojson --device iphone-17 --output "$$prefix/page.html" && \
	grep -q 'id="engine" data-gzip="true"' "$$prefix/page.html" && \
	echo "install: cardmap, its man page, completion scripts and web engine (cardmap page) work from $$prefix"

## Examples/dask/reproject.py on a distributed.LocalCluster (PyPI's dask[distributed] in .build/dask-venv):
## output identical to one cardmap project, extent equal to cardmap fit's.
dask: cli
	python3 Tests/dask/run_dask.py --cardmap .build/debug/cardmap

## Remakes the basemap (Natural Earth via PyPI's geopandas wheel and ogr2ogr) and the copy cardmap carries.
basemap:
	bash Data/basemap/make-basemap.sh

## Rewrites Data/devices.json from the catalogue in the code.
devices: build
	.build/debug/cardmap devices > Data/devices.json.tmp && mv Data/devices.json.tmp Data/devices.json

## Remakes the built-in CRS table from PROJ's database (needs Debian's proj-bin for projinfo).
builtin-crs:
	python3 Data/reference/make-builtin-crs.py

## Remakes the PROJ reference fixtures (needs Debian's proj-bin for cs2cs).
fixtures:
	python3 Data/reference/make-projection-fixtures.py
