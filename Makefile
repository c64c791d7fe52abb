# The main job (`make`): install dependencies when missing, validate the schemas, regenerate both
# SDKs and build them. `make test` runs every test; `make check` is what CI needs to trust generated/.
SHELL := /bin/bash
NPX := npx --no-install
GEN := node build/generator/cli.js
PACKAGES := netsvc cloudplat

.PHONY: all install tools validate generate build check test bench demo clean

all: build

node_modules/.package-lock.json: package.json package-lock.json runtime/package.json $(PACKAGES:%=generated/%/package.json)
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json

# The runtime, then the generator (which imports it).
tools: install
	$(NPX) tsc -p runtime
	$(NPX) tsc -p tsconfig.json

validate: tools
	$(GEN) validate

generate: tools
	$(GEN) generate

build: generate
	@for p in $(PACKAGES); do $(NPX) tsc -p generated/$$p/tsconfig.json || exit 1; done

check: tools
	$(GEN) validate
	$(GEN) generate --check
	$(NPX) tsc -p test/tsconfig.json
	@for p in $(PACKAGES); do $(NPX) tsc --noEmit -p generated/$$p/tsconfig.json || exit 1; done

test: build
	$(NPX) vitest run --config test/vitest.config.ts

bench: build
	node --expose-gc test/bench/run.mjs

# The example program against a local emulator: a new user sees the SDK work in one command.
demo: build
	$(NPX) tsc -p examples/tsconfig.json
	node build/examples/examples/runDemo.js

clean:
	rm -rf build runtime/dist $(PACKAGES:%=generated/%/dist) node_modules/.cache/sdkgen
