# skill-eval: one command sets up and runs the demo, one runs the tests.
#   make demo   offline eval of examples/csv-summary (no API key, no cost)
#   make test   unit, integration and security tests (real Docker, claude, Ray, S3, Prometheus)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
IMAGE  ?= skill-eval-sandbox:latest
STAMP  := $(VENV)/.installed

.PHONY: setup venv docker gvisor image demo test test-deps test-unit test-security lint bench clean

setup: venv docker image

venv: $(STAMP)
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,s3]'
	touch $(STAMP)

docker:
	scripts/ensure-docker.sh

# Optional: gVisor as a Docker runtime, for `skill-eval run --runtime runsc`.
gvisor: docker
	scripts/ensure-gvisor.sh

image: docker
	@if docker image inspect $(IMAGE) >/dev/null 2>&1 && \
	    [ "$$(docker image inspect -f '{{index .Config.Labels "skill-eval.claude-sdk"}}' $(IMAGE))" = "$$(cat images/CLAUDE_SDK_VERSION)" ] && \
	    [ "$$(docker image inspect -f '{{index .Config.Labels "skill-eval.image-digest"}}' $(IMAGE))" = "$$(cat images/sandbox/* | sha256sum | cut -c1-16)" ]; then \
	    echo "[make] $(IMAGE) is up to date"; \
	else PYTHON=$(BIN)/python images/build.sh $(IMAGE); fi

demo: setup
	$(BIN)/skill-eval run examples/csv-summary \
	    --model-script examples/csv-summary/model-script.yaml --fresh --timeout 120

# what the tests need beyond `setup`: a Prometheus binary for the real-scrape test, and
# Debian's chromium for the viewer tests (headless)
test-deps:
	scripts/ensure-prometheus.sh
	scripts/ensure-chromium.sh

test: setup test-deps
	$(BIN)/pytest -q

test-unit: venv
	$(BIN)/pytest -q tests/unit

test-security: setup
	$(BIN)/pytest -q tests/security

lint: venv
	$(BIN)/ruff check runner tests bench
	$(BIN)/mypy

bench: setup
	$(BIN)/python bench/overhead.py

clean:
	rm -rf .skill-eval .pytest_cache .mypy_cache .ruff_cache
