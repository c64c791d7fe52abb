# The main job (`make`): install dependencies when missing, validate the schemas, regenerate both
# SDKs and build them. `make test` runs every test; `make check` is what CI needs to trust generated/.
SHELL := /bin/bash
NPX := npx --no-install
GEN := node build/generator/cli.js
PACKAGES := netsvc cloudplat

.PHONY: all install tools validate generate build check test bench examples demo diff clean

all: build

node_modules/.package-lock.json: package.json package-lock.json runtime/package.json $(PACKAGES:%=generated/%/package.json)
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json

# The runtime, then the generator (which imports it).
tools: install
	$(NPX) tsc -p runtime
	$(NPX) tsc -p tsconfig.json
	@# The meta-schema's validators, compiled once beside the generator rather than on every uncached run.
	node -e 'import("./build/generator/validate/metaSchema.js").then((m) => m.precompileMetaSchema())'

validate: tools
	$(GEN) validate

generate: tools
	$(GEN) generate

build: generate
	@for p in $(PACKAGES); do $(NPX) tsc -p generated/$$p/tsconfig.json || exit 1; done

check: tools
	$(GEN) validate
	$(GEN) generate --check
	$(NPX) prettier --check --log-level warn "runtime/src/**/*.ts" "generator/**/*.ts" "test/**/*.ts" "examples/**/*.ts"
	$(NPX) tsc -p test/tsconfig.json
	@for p in $(PACKAGES); do $(NPX) tsc --noEmit -p generated/$$p/tsconfig.json || exit 1; done

# Tests are type-checked too: vitest strips types without checking them.
test: build
	$(NPX) tsc -p test/tsconfig.json
	$(NPX) vitest run --config test/vitest.config.ts

bench: build examples
	node --expose-gc test/bench/run.mjs
	node test/bench/diff.mjs
	node test/bench/netsvc.mjs
	node test/bench/cloudplatSign.mjs
	node test/bench/cloudplat.mjs
	node test/bench/consumer.mjs

# Schema review: what changed for users of each package since the merge base with origin/main (else
# main: a local main may be stale), as Markdown, with the next version each package needs.
# Options through DIFF_ARGS, e.g. make diff DIFF_ARGS="--summary --fail-on breaking --fail-on version".
diff: tools
	$(GEN) diff $(DIFF_ARGS)

# The example program against a local emulator: a new user sees the SDK work in one command.
demo: examples
	node build/examples/examples/runDemo.js

# The example program and the emulator it runs against, compiled against the built packages.
examples: build
	$(NPX) tsc -p examples/tsconfig.json

clean:
	rm -rf build runtime/dist $(PACKAGES:%=generated/%/dist) node_modules/.cache/sdkgen
