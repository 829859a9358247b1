# Quickstart: `make serve` and `make test` from a fresh clone with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: serve test install lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

serve: $(STAMP)
	$(BIN)/gunicorn --config gunicorn.conf.py 'calculator:create_app()'

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check calculator tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
