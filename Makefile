# tefuda — `make play` to play, `make test` to run the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

GAME ?= kirifuda
PLAYERS ?= 2

play: $(STAMP)
	$(BIN)/tefuda play $(GAME) --players $(PLAYERS) --p1 human --p2 greedy --p3 greedy --p4 greedy

HOST ?= 127.0.0.1
PORT ?= 8000

serve: $(STAMP)
	$(BIN)/tefuda serve --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/run_bench.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
