# Quickstart: `make serve` and `make test` from a fresh clone with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: serve test install lint bench clean fuzz soak

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

# The long robustness runs against real gunicorn (minutes; not part of `make test`).
fuzz: $(STAMP)
	$(BIN)/python bench/fuzz.py

soak: $(STAMP)
	$(BIN)/python bench/soak.py --seconds 60
	$(BIN)/python bench/soak.py --seconds 60 --max-requests 0

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
