# CardMap: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
SOURCES = Sources Tests Benchmarks Package.swift
DEMO_DEVICE ?= iphone-14

.PHONY: demo test deps lint format build bench devices fixtures

## Installs PROJ (Debian's libproj-dev) when pkg-config cannot find it.
deps:
	@if ! pkg-config --exists proj 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing libproj-dev (PROJ) with apt-get"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libproj-dev pkg-config; \
	  else \
	    echo "PROJ is missing. Install it with:  sudo apt-get install -y libproj-dev pkg-config" >&2; exit 1; \
	  fi; \
	fi

## Checks the code's format against .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

## Formats the code in place.
format:
	$(SWIFT) format format --in-place --recursive $(SOURCES)

build: deps
	$(SWIFT) build

## Lints, builds and runs every test.
test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Runs the main job on sample data: fits a real ferry route on a phone with a peaking card.
demo: deps
	$(SWIFT) build -c release --product cardmap
	.build/release/cardmap fit Data/samples/sydney-ferries.geojson --device $(DEMO_DEVICE) --position peaking --top-buttons 2

## Runs the benchmarks (release build).
bench: deps
	$(SWIFT) run -c release cardmap-bench

## Rewrites Data/devices.json from the catalogue in the code.
devices: build
	.build/debug/cardmap devices > Data/devices.json.tmp && mv Data/devices.json.tmp Data/devices.json

## Remakes the PROJ reference fixtures (needs Debian's proj-bin for cs2cs).
fixtures:
	python3 Data/reference/make-projection-fixtures.py
