# Quickstart: `make serve` and `make test` from a fresh clone with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
PYTHON_SOURCES = calculator tests bench scripts gunicorn.conf.py setup.py _build

NPM_STAMP = node_modules/.installed

.PHONY: serve test check install lint bench clean chromium fonts nginx npm screenshots fuzz soak compiled check-compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

install: $(STAMP)

serve: $(STAMP) fonts
	$(BIN)/gunicorn --config gunicorn.conf.py 'calculator:create_app()'

# Every core runs tests (pytest-xdist), each worker with its own server and browser. worksteal
# splits the suite between the workers and moves tests from a busy one to an idle one, so the
# minute-long tests do not leave a core idle at the end. `make test` runs one worker more than
# there are cores: its tests also wait part of the time, and the extra worker works meanwhile
# (docs/performance.md, "The test suite").
# The 25 slowest tests are printed, so CI's log shows where the time goes.
WORKSTEAL = --dist worksteal
XDIST = -n auto $(WORKSTEAL)
TEST_WORKERS = $(shell $(PYTHON) -c 'import os; print(1 + (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()))')

test: $(STAMP) chromium fonts nginx npm
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(WORKSTEAL) --durations=25

# The page tests drive Debian's chromium through Playwright (a browser download is not
# available): install it when missing (as root, as in CI), with the fonts below, so that the
# screenshots of the Japanese page show its words.
chromium: fonts
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# Noto Sans CJK (Latin, Cyrillic and Japanese in one family): the PNG of a ruling is drawn
# with it (calculator/pictures.py, FONT_DIRS), and the page's screenshots. The Dockerfile
# installs the same package.
fonts:
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || (apt-get update && apt-get install -y fonts-noto-cjk)

# tests/contract/test_clients.py runs the tools companion apps use on the contract (TypeScript
# types, Ajv, Redocly), pinned in package.json and package-lock.json: install exactly those,
# and Debian's node and npm when missing (as root, as in CI).
npm: $(NPM_STAMP)

$(NPM_STAMP): package.json package-lock.json
	command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)
	npm ci --no-audit --no-fund
	touch $(NPM_STAMP)

# tests/deploy/test_nginx.py serves through deploy/nginx.conf with Debian's nginx: install it when missing.
nginx:
	command -v nginx >/dev/null || (apt-get update && apt-get install -y nginx)

# Run the tests, then copy the key phone screenshots into docs/ for the README.
SCREENSHOTS = phone-start phone-results phone-totals phone-dummy phone-build phone-build-refused phone-picture phone-ja phone-warning-en \
	play-start play-strip play-hint play-placing play-steps play-over \
	phone-scored-in-view share-card past-games past-game-open build-use-confirm build-tile-dialog \
	play-new-confirm score-modules score-round-cards score-player-members score-big-box-breakdown score-clamped-at-0 \
	score-refused-beside score-card-refused
SCREENSHOTS += build-pieces build-tile-pieces build-piece-refused build-camp-choice build-remove-confirm
SCREENSHOTS += score-new-game-pieces
SCREENSHOTS += score-previous-round-offer score-changed-marked link-confirm score-kept-game-confirm \
	build-use-kept-game score-same-table score-entry-help score-refusal-in-words-de tables-scroll-cue \
	history-game-open history-play-open history-statistics history-set-aside \
	play-choose-tile play-awarded play-strip-since-your-turn play-hand-market play-wide-alhambra-360
SCREENSHOTS += replay-move replay-table replay-review replay-review-summary record-stopped \
	record-link-confirm build-ruling
SCREENSHOTS += position-entry position-refused position-play-hint position-reveal \
	position-replace-confirm position-dummy-vizier position-modules
screenshots: test
	mkdir -p docs/screenshots
	for name in $(SCREENSHOTS); do cp tests/artifacts/$$name.png docs/screenshots/; done

# The fast loop: lint, then the tests of the core, the engine, the API and the contract that
# are not marked slow (no browser, no servers, no fuzzing; the markers are in pyproject.toml).
# Schemathesis's module is slow whole and is not even collected: collecting it builds every
# operation's coverage cases, in every worker.
FAST = -m "not slow and not browser and not deploy" --ignore=tests/contract/test_schemathesis.py

check: lint fonts
	$(BIN)/python -m pytest -q $(XDIST) $(FAST)

lint: $(STAMP)
	$(BIN)/ruff check $(PYTHON_SOURCES)
	$(BIN)/ruff format --check $(PYTHON_SOURCES)
	$(BIN)/mypy

# The engine compiled with mypyc, as the Docker image runs it (the .py files stay the one
# source): a copy of the tree in build/compiled whose hot modules, listed in setup.py, are C
# extensions built in place, and the fast loop's tests run there (python puts the copy's
# directory first on the path). bench/engine_games.py in the copy measures it.
compiled: $(STAMP)
	rm -rf build/compiled && mkdir -p build/compiled
	git ls-files -z --cached --others --exclude-standard | tar -c --null -T - -f - | tar -x -C build/compiled -f -
	cd build/compiled && ALHAMBRA_COMPILE=1 ../../$(BIN)/python setup.py build_ext --inplace >mypyc.log 2>&1 || (tail -40 mypyc.log; false)

check-compiled: compiled
	cd build/compiled && ../../$(BIN)/python -m pytest -q -p no:cacheprovider $(XDIST) $(FAST)

# The long robustness runs against real gunicorn (minutes; not part of `make test`).
fuzz: $(STAMP)
	$(BIN)/python bench/fuzz.py

soak: $(STAMP)
	$(BIN)/python bench/soak.py --seconds 60
	$(BIN)/python bench/soak.py --seconds 60 --max-requests 0

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis node_modules
