# `make build` and `make test` are all a newcomer needs: both create .venv from pyproject.toml first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Debian packages: chromium for the browser tests, Apertium pairs for wording diffs between the
# Scandinavian editions, libicu-dev (with pkg-config, g++) to build PyICU for numbers in words, omegat
# for the CAT-tool tests. Installed when we run as root with apt-get; otherwise one line says how.
DEBIAN_PACKAGES := chromium apertium apertium-dan-nor apertium-swe-dan apertium-swe-nor libicu-dev pkg-config g++ omegat
DEBIAN_STAMP := $(VENV)/.debian-checked
# pytest-xdist: one worker per core this process may use (nproc), at most 4 (each worker builds the
# session's real KB once); a test file stays on one worker so its module fixtures are built once.
# PYTEST_WORKERS=0 runs everything in one process.
PYTEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ "$$n" -gt 4 ] && n=4; echo $$n)

.PHONY: build test lint clean debian bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(DEBIAN_STAMP): $(STAMP)
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing Debian packages:$$missing"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing) >/dev/null \
	    || echo "chesslaws: could not install$$missing; browser tests and Apertium wording diffs are skipped"; \
	else \
	  echo "chesslaws: missing Debian packages:$$missing (browser tests and Apertium wording diffs are skipped);"; \
	  echo "  install them with: sudo apt-get install -y$$missing"; \
	fi
	@$(BIN)/python -c "import icu" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[icu]' >/dev/null 2>&1 \
	  || echo "chesslaws: PyICU could not be built (needs libicu-dev); numbers written in words come from kb/languages and the aligned editions only"
	@touch $(DEBIAN_STAMP)

debian: $(DEBIAN_STAMP)

build: $(STAMP) $(DEBIAN_STAMP)
	$(BIN)/chesslaws build
	$(BIN)/chesslaws site

test: $(STAMP) $(DEBIAN_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile

# Not a test: timings against floors measured in the same run (best of three), PASS/FAIL per target;
# the texts of other languages built alone with the seeds, as a federation drops one in (--alone).
bench: $(STAMP)
	$(BIN)/python tools/benchmark.py
	$(BIN)/python tools/leave_one_language_out.py
	$(BIN)/python tools/unseen_language.py --alone
	$(BIN)/python tools/translated_language.py --alone
	$(BIN)/python tools/adversarial_inputs.py

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf public site/editions site/index.md .pytest_cache
