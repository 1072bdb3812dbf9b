# navgraph: the two commands of the README are `make output` and `make test`.
SWIFT ?= swift

.PHONY: all deps build output test release install uninstall bench bench-count field fuzz fuzz-short scale clean

all: output

deps:
	@scripts/ensure-graphviz.sh

build: deps
	$(SWIFT) build

# Builds navgraph and renders every sample into Output/ (the main job).
output: build
	@scripts/render-samples.sh

# Runs the whole test suite (XCTest; its fuzz tests replay the saved inputs and seeded mutations, see README, Robustness).
test: deps
	@scripts/ensure-chromium.sh
	@scripts/ensure-sarif-schema.sh
	@scripts/ensure-cmark.sh
	$(SWIFT) build --build-tests
	@scripts/check-plugin.sh
	$(SWIFT) test --skip-build --disable-swift-testing

# Installs a release navgraph into $(DESTDIR)$(PREFIX)/bin (`make install PREFIX=~/.local`; `sudo make
# install` for /usr/local). The release build is kept in .build-release (the one `make bench` and `make field`
# use). NAVGRAPH_BIN=path/to/navgraph installs that binary instead of building one.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
RELEASE_DIR ?= .build-release
NAVGRAPH_BIN ?=
INSTALL ?= install

release: deps
	$(SWIFT) build -c release --scratch-path $(RELEASE_DIR) --product navgraph

install: $(if $(NAVGRAPH_BIN),,release)
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 "$(or $(NAVGRAPH_BIN),$(RELEASE_DIR)/release/navgraph)" "$(DESTDIR)$(BINDIR)/navgraph"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/navgraph"

# Fuzzes every harness target (Swift sources through every stage, configuration, globs, storyboards,
# output writers) with libFuzzer (a release build in .build-fuzz) for FUZZ_SECONDS.
FUZZ_SECONDS ?= 1800
fuzz: deps
	@FUZZ_CONFIGURATION=release scripts/fuzz.sh $(FUZZ_SECONDS)

# A short, reproducible libFuzzer run: the ~200 seeds, then mutations up to 500 runs from a fixed seed, in a fresh corpus.
# Its sanitized debug build reads the open slow-parse class (Tests/FuzzOpen) in 30 to 90 s on a busy
# machine, 1 s in release: a 120 s limit per input, so load alone does not fail the run.
fuzz-short: deps
	@FUZZ_OPTIONAL=1 FUZZ_CORPUS=.build-fuzz/corpus-short scripts/fuzz.sh 300 -runs=500 -seed=1 -timeout=120

# Analyzes large real Swift trees that are not apps; fails on a crash, a non-zero exit or a timeout.
scale: build
	@scripts/scale.py

# Builds in release and prints the performance figures (see README, Performance).
bench: deps
	$(SWIFT) build -c release --scratch-path .build-release --product navgraph
	$(SWIFT) build -c release --scratch-path .build-release --product navgraph-parse-floor
	python3 bench/bench.py

# Builds in release and prints the instructions each stage executes on the 100k-line app (callgrind):
# figures that do not move with the machine's load, for judging a change to one stage.
bench-count: deps
	$(SWIFT) build -c release --product navgraph
	python3 bench/count.py

# Runs a release build (kept in .build-release) on the field corpus of real apps in FIELD_DIR, compares with
# the truth in field/ and writes the table into docs/field.md (see docs/field.md for how to get the corpus).
field: deps
	@python3 bench/field.py --check-dir
	$(SWIFT) build -c release --scratch-path .build-release --product navgraph
	$(SWIFT) build -c release --scratch-path .build-release --product navgraph-parse-floor
	python3 bench/field.py

clean:
	rm -rf .build
