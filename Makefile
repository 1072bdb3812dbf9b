# navgraph: the two commands of the README are `make output` and `make test`.
SWIFT ?= swift

.PHONY: all deps build output test bench clean

all: output

deps:
	@scripts/ensure-graphviz.sh

build: deps
	$(SWIFT) build

# Builds navgraph and renders every sample into Output/ (the main job).
output: build
	@scripts/render-samples.sh

# Runs the whole test suite (XCTest).
test: deps
	@scripts/ensure-chromium.sh
	$(SWIFT) build --build-tests
	@scripts/check-plugin.sh
	$(SWIFT) test --skip-build --disable-swift-testing

# Builds in release and prints the performance figures (see README, Performance).
bench: deps
	$(SWIFT) build -c release --product navgraph
	$(SWIFT) build -c release --product navgraph-parse-floor
	python3 bench/bench.py

clean:
	rm -rf .build
