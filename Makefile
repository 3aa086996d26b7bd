# Two commands work on a fresh machine: `make build` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test test-slow fonts bench fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,studio]'   # studio: `pnp studio` and its tests run in CI
	touch $(STAMP)

fonts: $(STAMP)
	$(BIN)/pnp fonts

build: fonts    # the set a sharer posts: A4 and Letter, duplex and fold, each with its ink-saver edition
	for paper in a4 letter; do for duplex in long fold; do for ink in "" --ink-saver; do \
	  $(BIN)/pnp build --lang all --paper $$paper --duplex $$duplex $$ink || exit $$?; done; done; done

test: fonts     # the fast suite (every test not marked slow); every core, a file's tests on one worker
	$(BIN)/python -m pytest -q -n auto --dist loadfile -m "not slow"

test-slow: fonts   # the heavy regression runs (marked slow); CI runs them after `make test`
	$(BIN)/python -m pytest -q -n auto --dist loadfile -m slow

bench: fonts
	$(BIN)/python bench/run.py

fuzz: $(STAMP)       # the long fuzz run: every distinct crash of the loader or a rules module
	$(BIN)/python bench/fuzz.py $(or $(EXAMPLES),20000)

clean:
	rm -rf output .cache
