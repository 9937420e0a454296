# tefuda — `make play` to play, `make test` to run the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test test-long test-fast fast pure lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# what playing needs, what serving needs, and (for the tests) everything
$(VENV)/.play: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.serve: $(VENV)/.play
	$(BIN)/python -m pip install --quiet -e '.[serve]'
	touch $@

$(STAMP): $(VENV)/.play
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

GAME ?= kirifuda
PLAYERS ?= 2

play: $(VENV)/.play
	$(BIN)/tefuda play $(GAME) --players $(PLAYERS) --p1 human --p2 ai --p3 ai --p4 ai --save auto

HOST ?= 127.0.0.1
PORT ?= 8000

serve: $(VENV)/.serve
	$(BIN)/tefuda serve --host $(HOST) --port $(PORT)

# the whole suite on every core (pytest-xdist), soak tests short; test-long runs the soaks in full (CI runs both)
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto

test-long: $(STAMP)
	TEFUDA_TEST_LONG=1 $(BIN)/python -m pytest -n auto

# the compiled build (mypyc, tefuda/build.py lists the modules), in place beside the sources: about 3 minutes
# on 2 cores, needs a C compiler; `make pure` goes back to pure Python. `tefuda bench` says which build runs.
fast: $(STAMP)
	$(BIN)/mypy
	TEFUDA_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace --parallel 2

pure:
	find tefuda -name '*.so' -delete
	rm -rf build

# the whole suite against the compiled build (CI runs it after `make test`)
test-fast: fast
	TEFUDA_EXPECT_BUILD=compiled $(BIN)/python -m pytest -n auto --timeout 600

lint: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/run_bench.py

clean:
	find tefuda -name '*.so' -delete
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
