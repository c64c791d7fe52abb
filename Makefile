# The main job (`make`): install dependencies when missing, validate the schemas, regenerate both
# SDKs and build them. `make test` runs every test; `make check` is what CI needs to trust generated/.
#
# Every step is a file target with its real inputs as prerequisites, so `make` with nothing to do
# runs nothing. Tools are called from node_modules/.bin: `npx` costs a third of a second a call.
SHELL := /bin/bash
BIN := node_modules/.bin
GEN := node build/generator/cli.js
PACKAGES := netsvc cloudplat

# Every file and folder under the folders $(1) whose name matches $(2) (a % pattern), found by make
# itself: a $(shell find) costs a process each, ~0.2 s of `make` after an edit for these nine.
find_files = $(foreach d,$(wildcard $(1:=/*)),$(call find_files,$d,$2) $(filter $2,$d))
RUNTIME_SRC := $(call find_files,runtime/src,%.ts)
GENERATOR_SRC := $(call find_files,generator,%.ts)
# Folders too: a file removed or renamed shows only in its folder's mtime.
SCHEMA_INPUTS := schemas templates $(call find_files,schemas templates,%)
TEMPLATE_FILES := $(call find_files,templates,%.hbs)
package_src = $(call find_files,generated/$(1)/src,%.ts)
# What a package's `testing` entry is built from (generator/package/buildTesting.ts): the emulators, not their tests.
EMULATOR_SRC := $(filter-out %.test.ts %/testkit.ts,$(call find_files,test/emulators,%.ts))

.PHONY: all install tools validate generate build check lint-packages test bench soak fuzz examples demo diff clean

all: build

node_modules/.package-lock.json: package.json package-lock.json runtime/package.json $(PACKAGES:%=generated/%/package.json)
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json

# The runtime's ESM build (the generator imports it): tsc checks it and writes its declarations,
# runtime/bundle.mjs its modules; then its CommonJS entries (written by the generator's build step).
runtime/dist/index.js: $(RUNTIME_SRC) runtime/tsconfig.json runtime/bundle.mjs runtime/package.json tsconfig.json | install
	rm -rf runtime/dist
	$(BIN)/tsc -p runtime
	node runtime/bundle.mjs

build/generator/cli.js: $(GENERATOR_SRC) runtime/dist/index.js tsconfig.json schemas/meta/v1.schema.json | install
	$(BIN)/tsc -p tsconfig.json
	node build/generator/package/bundleGenerator.js
	@# The meta-schema's validators, compiled once beside the generator rather than on every uncached run.
	node -e 'import("./build/generator/validate/metaSchema.js").then((m) => m.precompileMetaSchema())'
	@touch $@

runtime/dist/cjs/package.json: runtime/dist/index.js build/generator/cli.js
	node build/generator/package/addCjsEntries.js runtime

# The templates compiled beside the generator, so that no run compiles them (one edited since is compiled when used).
build/generator/emit/templates-precompiled.cjs: build/generator/cli.js $(TEMPLATE_FILES)
	node -e 'import("./build/generator/emit/precompileTemplates.js").then((m) => m.precompileTemplates())'

tools: build/generator/cli.js runtime/dist/cjs/package.json build/generator/emit/templates-precompiled.cjs

validate: tools
	$(GEN) validate

# Generation is cached per file (node_modules/.cache/sdkgen); the stamp spares even starting it.
build/.generated: build/generator/cli.js $(SCHEMA_INPUTS) package.json runtime/package.json
	$(GEN) generate
	@touch $@

generate: tools
	$(GEN) generate
	@touch build/.generated

# Each package: its sources transpiled into dist/ one file at a time (generator/package/transpile.ts:
# tsc's output byte for byte, with no program to build; types are checked by `make check` and `make
# test`), its emulator into dist/testing/ when it has a `testing` entry (only when a file of
# test/emulators/, the package file or that step is newer than dist/testing/: a schema edit does not
# rebuild the emulator), then its CommonJS entries. Its sources change only when generation rewrites
# them, so an unchanged schema builds nothing. When a regeneration is all that is newer than the
# package's build ($? is the stamp alone) and it left the package's files as they were (none is
# newer, a file it added included), the build is kept: an edit to one provider's schema builds that
# provider's package only. The transpiler keeps each source's hash (build/<package>.transpiled.json)
# and transpiles only what changed; addCjsEntries removes the outputs of sources no longer in src/.
define package_rule
generated/$(1)/dist/cjs/package.json: build/.generated runtime/dist/cjs/package.json $(call package_src,$(1)) generated/$(1)/tsconfig.json generated/$(1)/package.json $(EMULATOR_SRC)
	@if [ "$$?" = build/.generated ] && [ -z "$$$$(find generated/$(1)/src generated/$(1)/package.json -newer $$@ -print -quit)" ]; then \
	  echo "generated/$(1): unchanged by the regeneration, not rebuilt"; touch $$@; \
	else \
	  set -x; node build/generator/package/transpile.js generated/$(1) build/$(1).transpiled.json && \
	  { [ -d generated/$(1)/dist/testing ] && [ -z "$$$$(find test/emulators generated/$(1)/package.json build/generator/package/buildTesting.js -type f -newer generated/$(1)/dist/testing -print -quit)" ] || \
	    node build/generator/package/buildTesting.js generated/$(1); } && \
	  node build/generator/package/addCjsEntries.js generated/$(1); \
	fi
endef
$(foreach p,$(PACKAGES),$(eval $(call package_rule,$(p))))
# A source the regeneration removed (its schema was) builds nothing, rather than stopping make.
$(foreach p,$(PACKAGES),$(call package_src,$(p))):

build: tools $(PACKAGES:%=generated/%/dist/cjs/package.json)

check: tools
	$(GEN) validate
	$(GEN) generate --check
	$(BIN)/prettier --check --log-level warn "runtime/src/**/*.ts" "generator/**/*.ts" "test/**/*.ts" "examples/**/*.ts" "schemas/**/*.ts"
	$(BIN)/tsc -p test/tsconfig.json
	@for p in $(PACKAGES); do $(BIN)/tsc --noEmit -p generated/$$p/tsconfig.json || exit 1; done
	$(MAKE) --no-print-directory lint-packages

# The packed packages as the registry would get them: publint (package.json against its files) and
# attw (the types every module resolution finds, CommonJS and ESM, for every subpath module).
lint-packages: build
	@for p in runtime $(PACKAGES:%=generated/%); do \
	  out=$$($(BIN)/publint --strict $$p 2>&1) || { echo "$$out"; exit 1; }; echo "publint $$p: $${out##*$$'\n'}"; \
	  entries=$$([ -d $$p/src/resources ] && cd $$p/src && ls resources/*.ts lookups/*.ts types/*.ts | sed 's|^|./|; s|\.ts$$||'); \
	  out=$$($(BIN)/attw --pack $$p --format ascii $${entries:+--include-entrypoints $$entries} 2>&1) || { echo "$$out"; exit 1; }; \
	  echo "attw $$p: no problems in $$(grep -c '^"' <<<"$$out") entry points"; \
	done

# The docs' browser test drives Debian's Chromium (test/docs/browser.test.ts): installed when missing.
/usr/bin/chromium:
	$(if $(filter 0,$(shell id -u)),,sudo )apt-get update
	DEBIAN_FRONTEND=noninteractive $(if $(filter 0,$(shell id -u)),,sudo -E )apt-get install -y chromium

# The stack's PostgreSQL backend is tested against a real server the tests start (test/postgres/):
# Debian's server, installed when missing.
/usr/share/postgresql-common:
	$(if $(filter 0,$(shell id -u)),,sudo )apt-get update
	DEBIAN_FRONTEND=noninteractive $(if $(filter 0,$(shell id -u)),,sudo -E )apt-get install -y postgresql

# Tests are type-checked too: vitest strips types without checking them.
test: build /usr/bin/chromium /usr/share/postgresql-common
	$(BIN)/tsc -p test/tsconfig.json
	$(BIN)/vitest run --config test/vitest.config.ts

bench: build examples /usr/share/postgresql-common
	node --expose-gc test/bench/run.mjs
	node test/bench/peer.mjs
	node test/bench/docs.mjs
	node test/bench/diff.mjs
	node test/bench/overhead.mjs
	node test/bench/netsvc.mjs
	node test/bench/cloudplatSign.mjs
	node test/bench/cloudplat.mjs
	node test/bench/consumer.mjs
	node test/bench/stack.mjs

# Schema review: what changed for users of each package since the merge base with origin/main (else
# main: a local main may be stale), as Markdown, with the next version each package needs.
# Options through DIFF_ARGS, e.g. make diff DIFF_ARGS="--summary --fail-on breaking --fail-on version".
diff: tools
	$(GEN) diff $(DIFF_ARGS)

# The example program against a local emulator: a new user sees the SDK work in one command.
# The soak at full size (SOAK_ARGS: cycles concurrency fault-rate seed); the test suite runs a small one.
soak: examples
	node build/examples/test/soak/main.js $(SOAK_ARGS)

# The schema fuzzer at full size (FUZZ_ARGS: mutants seed); the test suite runs 300 mutants.
fuzz: tools
	node test/fuzz/main.mjs $(FUZZ_ARGS)

demo: examples
	node build/examples/examples/runDemo.js

# The example program and the emulator it runs against, compiled against the built packages.
examples: build
	$(BIN)/tsc -p examples/tsconfig.json

clean:
	rm -rf build runtime/dist $(PACKAGES:%=generated/%/dist) node_modules/.cache/sdkgen
