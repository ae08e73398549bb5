# The two commands of the README, plus benchmarks. Everything a fresh Debian 12 machine
# lacks is installed here, so `make run` and `make test` work on a new clone.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run install uninstall test build deps clean fuzz bench bench-figures bench-micro bench-replay bench-session bench-memory bench-paste bench-long-line bench-first-steps bench-spec bench-tutorial bench-playground bench-stream bench-packages bench-interrupt bench-play bench-kernel bench-images bench-websocket bench-peers forms-expected

# libedit for the line editor, zlib for the sandbox's gzip responses, libcurl's headers so that
# --static-swift-stdlib links (FoundationNetworking needs -lcurl; FoundationXML, which reads a
# playground's contents.xcplayground, -lxml2); cmark-gfm for a playground's markup; the openssl
# tool for the TLS tests' certificates and server (not in a base Debian 12); patchelf for the
# release binary (build); xmllint (libxml2-utils) for the test that validates `replay --junit`'s
# report against a JUnit schema (Tests/EndToEndTests/CIReports/junit.xsd), and perl's TAP::Parser
# for the one that reads `replay --tap`'s report as `prove` would; the curl tool, which the test
# of pasted curl commands runs beside Workbench (Tests/REPLTests/CurlFidelityTests.swift); ZeroMQ's
# header and library for the Jupyter kernel (Sources/KernelLibraries, which loads libzmq when
# `workbench kernel` starts).
deps:
	@pkg-config --exists libedit zlib libcurl libcmark-gfm libxml-2.0 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libedit-dev zlib1g-dev libcurl4-openssl-dev libcmark-gfm-dev libxml2-dev; }
	@test -x /usr/bin/openssl || { $(SUDO) apt-get update && $(SUDO) apt-get install -y openssl; }
	@command -v patchelf >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y patchelf; }
	@command -v xmllint >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libxml2-utils; }
	@perl -MTAP::Parser -e 1 2>/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y perl; }
	@command -v curl >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y curl; }
	@pkg-config --exists libzmq || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libzmq3-dev; }

# Jupyter's own clients for the kernel's tests (Tests/JupyterKernelTests): jupyter_client and
# nbclient from PyPI, in a virtual environment of the build's (Debian's python3 needs python3-venv for one).
JUPYTER_VENV := .build/jupyter-venv
$(JUPYTER_VENV)/.installed:
	@python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv; }
	rm -rf $(JUPYTER_VENV) && python3 -m venv $(JUPYTER_VENV)
	$(JUPYTER_VENV)/bin/pip install --quiet --disable-pip-version-check 'jupyter_client>=8,<9' 'nbclient>=0.10,<1' 'nbformat>=5.10,<6'
	touch $@

# The Swift runtime linked statically: start-up falls by ~40% (docs/ARCHITECTURE.md, "Start-up costs").
# Swift typed at the prompt that the fast path does not cover runs on the toolchain, importing
# WorkbenchKit (and TerminalImages, whose types its interface names) as a shared library that uses
# the toolchain's own runtime: built apart (its own scratch path, no static runtime) and put in
# prompt-kit/ beside the binary, where it is looked for;
# so are ResultsLog, which `replay --results` programs link, and workbench-host, the process the
# prompt's compiled inputs are loaded into (docs/ARCHITECTURE.md, "The Swift host").
# Make decides from the sources (files and folders, so an added or removed file counts) whether
# SwiftPM runs at all: on a built clone `make run` reaches the prompt in under a second, where the
# four up-to-date `swift build`s took 37 s with a new HOME (and patchelf's edit of the binary made
# the next one link it again). The debug build of `make test` lives in .build/debug and Benchmarks/
# in Benchmarks/.build, so none of the three invalidates another.
RELEASE_STAMP := .build/release/prompt-kit/.built
RELEASE_INPUTS := Package.swift $(shell find Sources 2>/dev/null)

build: deps $(RELEASE_STAMP)

# Its temporary files (the compiler driver's TemporaryDirectory.* folders, six from each build
# that compiles) go in a folder of the build's own, removed after it, not in /tmp.
$(RELEASE_STAMP): export TMPDIR := $(CURDIR)/.build/build-tmp
$(RELEASE_STAMP): $(RELEASE_INPUTS)
	rm -rf "$$TMPDIR" && mkdir -p "$$TMPDIR"
	swift build -c release --static-swift-stdlib --product workbench
	# libcurl and its ~30 libraries are loaded on the first request, not at start-up (Sources/CurlOnDemand).
	patchelf --remove-needed libcurl.so.4 .build/release/workbench
	swift build -c release --product WorkbenchKitDynamic --scratch-path .build/prompt-kit
	swift build -c release --product ResultsLog --scratch-path .build/prompt-kit
	swift build -c release --product workbench-host --scratch-path .build/prompt-kit
	rm -rf .build/release/prompt-kit && mkdir -p .build/release/prompt-kit/Modules
	cp .build/prompt-kit/release/libWorkbenchKitDynamic.so .build/prompt-kit/release/libResultsLog.so \
		.build/prompt-kit/release/workbench-host .build/release/prompt-kit/
	cp -R .build/prompt-kit/release/Modules/WorkbenchKit.swiftmodule .build/prompt-kit/release/Modules/ResultsLog.swiftmodule \
		.build/prompt-kit/release/Modules/TerminalImages.swiftmodule .build/release/prompt-kit/Modules/
	rm -rf "$$TMPDIR"
	touch $@

# `make run ARGS='--offline'` passes flags (or a subcommand: ARGS='replay first-posts --step').
run: build
	.build/release/workbench $(ARGS)

# `workbench` on the PATH: the program, its prompt-kit/ and the sandbox's datasets go to
# PREFIX/lib/workbench, found beside the program through the link in PREFIX/bin (the program
# resolves its own path through /proc/self/exe). `make uninstall` takes both away.
PREFIX ?= $(HOME)/.local
install: build
	rm -rf $(PREFIX)/lib/workbench
	mkdir -p $(PREFIX)/lib/workbench $(PREFIX)/bin
	cp -R .build/release/workbench .build/release/prompt-kit .build/release/Workbench_Sandbox.resources $(PREFIX)/lib/workbench/
	ln -sfn ../lib/workbench/workbench $(PREFIX)/bin/workbench
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) echo "installed $(PREFIX)/bin/workbench";; \
		*) echo "installed $(PREFIX)/bin/workbench; add $(PREFIX)/bin to PATH to type \`workbench\`";; esac

uninstall:
	rm -rf $(PREFIX)/lib/workbench
	@if [ "$$(readlink $(PREFIX)/bin/workbench)" = ../lib/workbench/workbench ]; then rm $(PREFIX)/bin/workbench; fi

# CI (`.ci/run` sets CI=true) builds without debug info and links with the toolchain's lld: no one
# reads a CI build's debug info, and a fresh clone's build took 572 s with it and gold, 473 s
# without it and with lld (2026-11-26; lld links the test bundle in 1.4 s where gold takes 3.4).
# Elsewhere `make test` uses the flags of a plain `swift build`, so the two share one build. The
# index store stays: `swift test` finds the tests through it on Linux (with --disable-index-store it
# stops: "index store path does not exist").
# One build of everything, the tests included (the end-to-end tests run the built `workbench`), then
# the tests without building: `swift build` then `swift test` planned the build twice, about 9 s on
# a built clone. On a fresh clone the two are as fast (measured 2026-11-27: 370-380 s against 377 s).
CI_BUILD_FLAGS := $(if $(filter true,$(CI)),-Xswiftc -gnone -Xswiftc -use-ld=lld,)

# The build and the tests run with a temporary folder of their own, removed when they end however
# they end: what the compiler driver leaves (its TemporaryDirectory.* folders, six from each build
# that compiles, more from the tests' own swiftc runs and from sessions that were killed) goes with
# it. It is outside the package, as the tests of saving outside a package need. First, Package.swift's
# dependencies are checked against each target's imports (its manifest is compiled: that leaves one too).
test: deps $(JUPYTER_VENV)/.installed
	@scratch=$$(mktemp -d /tmp/wbtests.XXXXXX) && trap 'rm -rf "$$scratch"' EXIT INT TERM && export TMPDIR=$$scratch && \
		echo "python3 scripts/check_package_imports.py" && python3 scripts/check_package_imports.py && \
		echo "swift build --build-tests $(CI_BUILD_FLAGS)   (TMPDIR=$$scratch)" && swift build --build-tests $(CI_BUILD_FLAGS) && \
		echo "swift test --skip-build $(CI_BUILD_FLAGS)" && swift test --skip-build $(CI_BUILD_FLAGS)

# The Swift forms table's expected outputs, from compiled programs (Tests/EndToEndTests/SwiftForms/README.md).
forms-expected: deps
	swift build --product workbench
	python3 Tests/EndToEndTests/SwiftForms/generate.py
	python3 Tests/EndToEndTests/SwiftForms/generate.py --swift-version 6
	python3 Tests/EndToEndTests/SwiftForms/generate_replay.py

clean:
	rm -rf .build Benchmarks/.build Fuzzing/.build

# libFuzzer targets (Fuzzing/README.md): the package in Fuzzing/, built optimized (dependencies,
# swift-syntax among them, too) with the toolchain's own libFuzzer and AddressSanitizer into its own
# scratch path, libFuzzer's coverage only on Workbench's own modules (WORKBENCH_FUZZ_COVERAGE turns
# on Package.swift's `fuzzCoverage`; `make test` and `make build` never set it) and the targets
# (Fuzzing/Package.swift); each target run FUZZ_RUNS times (or for FUZZ_SECONDS, if set, whichever ends first);
# FUZZ_TARGETS picks some (`FuzzJSON FuzzDecoder`). It runs at the lowest priority (FUZZ_NICE):
# SwiftPM's compiler jobs do not keep a plain `nice` (their niceness was back at 0, seen with ps),
# while the idle scheduling class is inherited. In the background, with progress in a log:
# `nohup make fuzz > /tmp/fuzz.log 2>&1 &` then `tail -f /tmp/fuzz.log`.
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 0
FUZZ_NICE ?= nice -n 19 chrt --idle 0
fuzz: deps
	WORKBENCH_FUZZ_COVERAGE=1 $(FUZZ_NICE) swift build -c release --package-path Fuzzing --scratch-path Fuzzing/.build \
		-Xswiftc -sanitize=address -Xswiftc -enable-testing
	$(FUZZ_NICE) python3 Fuzzing/run-fuzzers.py --runs $(FUZZ_RUNS) --seconds $(FUZZ_SECONDS) \
		--build-dir Fuzzing/.build/release $(FUZZ_TARGETS)

# Benchmarks against the peers (Benchmarks/README.md); they report and never fail the build.
# `bench` runs everything; `bench-figures` the side-by-side figures 1-4 and 6-16;
# `bench-micro` the package-benchmark suite in Benchmarks/ (its first release build is slow).
bench: build bench-peers $(JUPYTER_VENV)/.installed
	python3 Benchmarks/bench.py --only all

bench-figures: build bench-peers $(JUPYTER_VENV)/.installed
	python3 Benchmarks/bench.py --only figures

# Figure 2 alone (`workbench replay` of 1000 GETs against curl and the compiled URLSession loop, one
# run of hyperfine): printed, not written.
bench-replay: build bench-peers
	python3 Benchmarks/bench.py --only replay

# Figure 6's live-session rows alone (100 compiled inputs, a 20 MB session): printed, not written.
bench-session: build bench-peers
	python3 Benchmarks/bench.py --only session

# Figure 6's sessions after a 20 MB and an 80 MB `decode [Photo]` alone: times and the peak memory of
# the REPL and the Swift host (issue 34). Printed, not written.
bench-memory: build
	python3 Benchmarks/bench.py --only memory

# Figure 7 alone (a 5 MB line pasted at a pseudo-terminal, back to the prompt; 1 MB and 256 KB lines of
# letters and of `[` pasted, until their one-line error): printed, not written. `bench-long-line`: the
# long lines alone.
bench-paste: build bench-peers
	python3 Benchmarks/bench.py --only paste

bench-long-line: build bench-peers
	python3 Benchmarks/bench.py --only long-line

# Figures 8-10 alone (first compiled input with a new HOME, save of a 40-step session, `make run` on
# this built clone): printed, not written.
bench-first-steps: build bench-peers
	python3 Benchmarks/bench.py --only first-steps

# Figure 11 alone (`spec` reading the large real OpenAPI fixtures, Tab completing from them): printed.
bench-spec: deps bench-peers
	python3 Benchmarks/bench.py --only spec

# Figure 12 alone (tutorial code: the code's own URLSession offline against wb.get, asynchronous
# output's way to the terminal): printed, not written.
bench-tutorial: build bench-peers
	python3 Benchmarks/bench.py --only tutorial

bench-playground: build bench-peers
	python3 Benchmarks/bench.py --only playground

bench-stream: build bench-peers
	python3 Benchmarks/bench.py --only stream

# Figure 14 alone (packages: the first build of swift-algorithms by `package add` beside `swift build`,
# a session using the built package, a compiled input importing it): printed, not written.
bench-packages: build
	python3 Benchmarks/bench.py --only packages

# Figure 15 alone (Ctrl-C during a compiled `while true {}`, to the prompt): printed, not written.
bench-interrupt: build bench-peers
	python3 Benchmarks/bench.py --only interrupt

# Figure 16 alone (`play FILE` of a 30-statement lesson, piped: a save of line 28 against the same
# statement typed at the prompt, of line 1 against `replay FILE --results`, of a comment only for
# the watcher's wake-up): printed, not written.
bench-play: build bench-peers
	python3 Benchmarks/bench.py --only play

# Figure 17 alone (the Jupyter kernel: start to the first cell's result, 1000 cells of `get` against
# the prompt and `replay`), driven by jupyter_client from the tests' virtual environment: printed, not written.
bench-kernel: build bench-peers $(JUPYTER_VENV)/.installed
	python3 Benchmarks/bench.py --only kernel

# Figure 18 alone (a 1 MB JPEG decoded and drawn for a terminal, beside Pillow): printed, not written.
bench-images: deps
	python3 Benchmarks/bench.py --only images

# Figure 19 alone (a WebSocket message from the server's write to the terminal): printed, not written.
bench-websocket: build
	python3 Benchmarks/bench.py --only websocket

bench-micro: deps bench-peers
	python3 Benchmarks/bench.py --only micro

bench-peers:
	@{ command -v hyperfine && command -v curl && command -v jq && command -v http && command -v python3 && test -x /usr/bin/time; } >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y hyperfine curl jq httpie python3 time; }
