# Two commands set up everything on a fresh machine: `make generate` and `make test`.
.PHONY: generate check test test-ts test-go deps

NODE_DEPS := node_modules/.package-lock.json
CODEGEN := node bin/codegen.cjs

$(NODE_DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(NODE_DEPS)

deps: $(NODE_DEPS)

generate: deps
	$(CODEGEN) generate

# Fails when out/ is not exactly what the generator makes, or when the Go output is not gofmt/vet clean.
check: deps
	$(CODEGEN) check
	@npx prettier --check --log-level warn "codegen/**/*.ts" || (echo "the generator's source is not prettier-formatted: run npx prettier --write \"codegen/**/*.ts\""; exit 1)
	@test -z "$$(gofmt -l out/go)" || (echo "gofmt -l out/go is not empty: $$(gofmt -l out/go)"; exit 1)
	cd out/go && go vet ./...

test-ts: deps
	NODE_OPTIONS=--experimental-vm-modules npx jest

# Short native fuzzing runs of fixed iteration counts (a time budget on a loaded machine can end in
# "context deadline exceeded" before the baseline corpus has run); make fuzz runs long ones.
test-go: deps
	cd tests/go && go vet ./... && go test -count=1 ./... && for t in FuzzRunnerDecode:5000x FuzzJsonlDecode:5000x FuzzRunnerStream:2000x FuzzJsonlStream:2000x; do go test -run='^$$' -fuzz="^$${t%%:*}$$" -fuzztime=$${t#*:} . || exit 1; done

test: check typecheck test-ts test-go test-runtime test-examples

# The whole project type-checks under the strictest options (jest runs its files with diagnostics off).
.PHONY: typecheck
typecheck: deps
	npx tsc -p . --noEmit

# The Go runtime's own tests, where its sources are (codegen/go/runtime), with the tree and format
# cases shared with TypeScript: all of them, 38 (a test file that stops compiling into the package,
# or a move, shows up as another number).
RUNTIME_TESTS := 38
test-runtime:
	cd codegen/go/runtime && go vet ./... && test -z "$$(gofmt -l .)" && go test -count=1 ./... && \
	  n=$$(go test -list '.*' ./... | grep -c '^\(Test\|Fuzz\)') && \
	  if [ "$$n" -ne $(RUNTIME_TESTS) ]; then echo "codegen/go/runtime has $$n tests, the Makefile expects $(RUNTIME_TESTS)"; exit 1; fi

# Examples: the echo runner (TypeScript) driven by the Go host over real pipes, and the echo
# runner's type check (tsc -p examples/echo-runner, TestEchoRunnerTypeChecks).
.PHONY: test-examples test-runtime conformance fuzz bench mutants
test-examples: deps
	cd examples/host && go vet ./... && ECHO_RUNNER_TYPECHECK=1 go test -count=1 ./...

# The real-world schemas with every example decoded in Go too, the largest packages included (slow:
# the Go compiler takes minutes on package-json's 13 MB of Go; make test decodes the others).
.PHONY: test-real
test-real: deps
	REAL_SCHEMAS_ALL=1 NODE_OPTIONS=--experimental-vm-modules npx jest tests/ts/real-schemas.test.ts

# Rewrites the golden files of tests/golden/, the keyword vectors tests/fixtures/keywords/vectors.jsonl and the precompiled meta-schema validators codegen/schema/metavalidators/ from the current generator and ajv (refused when CI is set).
.PHONY: bless
bless: deps
	UPDATE_GOLDEN=1 NODE_OPTIONS=--experimental-vm-modules npx jest tests/ts/golden.test.ts tests/ts/keyword-vectors.test.ts tests/ts/next-docs.test.ts tests/ts/metavalidators.test.ts

# Runs vector files through both languages and reports every disagreement.
conformance: deps
	$(CODEGEN) conformance --vectors $(wildcard vectors/*/*.jsonl)

# Longer fuzzing and property-based runs than `make test` does.
fuzz: deps
	bash tests/fuzz.sh

# The mutation check of the new core (tests/mutants.jsonl): every breakage must be caught (never part of `make test`).
mutants: deps
	bash tests/mutants.sh

# Benchmarks (never part of `make test`).
bench: deps
	bash bench/run.sh
