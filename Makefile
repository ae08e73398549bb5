# The two commands of the README, plus benchmarks. Everything a fresh Debian 12 machine
# lacks is installed here, so `make run` and `make test` work on a new clone.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps clean bench bench-figures bench-micro bench-peers

# libedit for the line editor, zlib for the sandbox's gzip responses, libcurl's headers so that
# --static-swift-stdlib links (FoundationNetworking needs -lcurl); the openssl tool for the TLS
# tests' certificates and server (not in a base Debian 12).
deps:
	@pkg-config --exists libedit zlib libcurl || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libedit-dev zlib1g-dev libcurl4-openssl-dev; }
	@test -x /usr/bin/openssl || { $(SUDO) apt-get update && $(SUDO) apt-get install -y openssl; }

# The Swift runtime linked statically: start-up falls by ~40% (PLATFORM-NOTES.md).
build: deps
	swift build -c release --static-swift-stdlib --product workbench

run: build
	.build/release/workbench

test: deps
	swift build
	swift test

clean:
	rm -rf .build Benchmarks/.build

# Benchmarks against the peers (README.md, "Performance"); they report and never fail the build.
# `bench` runs everything; `bench-figures` the side-by-side figures 1-4 (a few minutes);
# `bench-micro` the package-benchmark suite in Benchmarks/ (its first release build is slow).
bench: build bench-peers
	python3 Benchmarks/bench.py --only all

bench-figures: build bench-peers
	python3 Benchmarks/bench.py --only figures

bench-micro: deps bench-peers
	python3 Benchmarks/bench.py --only micro

bench-peers:
	@{ command -v hyperfine && command -v curl && command -v jq && command -v http && command -v python3 && test -x /usr/bin/time; } >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y hyperfine curl jq httpie python3 time; }
