# `make build` and `make test` are all a newcomer needs: both create .venv from pyproject.toml first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/chesslaws build
	$(BIN)/chesslaws site

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf public site/editions site/index.md .pytest_cache
