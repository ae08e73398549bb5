# The two commands of the README, plus benchmarks. Everything a fresh Debian 12 machine
# lacks is installed here, so `make run` and `make test` work on a new clone.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps clean

# libedit for the line editor, zlib for the sandbox's gzip responses.
deps:
	@pkg-config --exists libedit zlib || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libedit-dev zlib1g-dev; }

build: deps
	swift build -c release --product workbench

run: build
	.build/release/workbench

test: deps
	swift build
	swift test

clean:
	rm -rf .build
