# Muster: `make run` serves the embedded default; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha1sum requirements/lock.txt 2>/dev/null | cut -c1-12)
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: help install run worker beat test bench lint layers typecheck schema schema-snapshot rules-coverage clean clients
.PHONY: casebook mutants

help:
	@echo "make run             set everything up and serve http://$(HOST):$(PORT) (SQLite, tasks in-process, demo)"
	@echo "make test            run the whole test suite"
	@echo "make bench           run the benchmarks in tests/bench/"
	@echo "make rules-coverage  list rule IDs of ../shared/rules/ that no test names"
	@echo "make casebook        play the casebook's worked cases (tests/casebook/cases/)"
	@echo "make mutants         mutation testing of the rules engine, a sample per system (tools/mutants.py; slow)"
	@echo "make lint typecheck  ruff and mypy"
	@echo "make layers          import-linter: the layers of DESIGN §3 (.importlinter)"
	@echo "make schema-snapshot regenerate docs/api/openapi.yaml after an intended API change"
	@echo "make worker / beat   a Celery worker / beat (needs CELERY_BROKER_URL)"

$(STAMP): requirements/lock.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "Muster needs Python 3.11 (found %s); set PYTHON=/path/to/python3.11" % sys.version.split()[0])'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements/lock.txt
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

install: $(STAMP)

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) manage.py load_demo
	@echo ""
	@echo "Muster is starting on http://$(HOST):$(PORT)/  (admin: /admin/, API docs: /api/v1/docs/)"
	@echo "Demo logins, all with the password muster-demo:"
	@echo "  alice (organiser), bob and carol (players), gina (GM)"
	@echo ""
	$(PY) manage.py runserver $(HOST):$(PORT)

worker: install
	$(VENV)/bin/celery -A campaign worker --loglevel INFO

beat: install
	$(VENV)/bin/celery -A campaign beat --loglevel INFO

test: install clients
	$(PY) -m pytest $(PYTEST_ARGS)

# The pinned TypeScript generators of clients/package.json (docs/api/clients.md), for
# tests/api/test_generated_clients.py; without npm that test skips, saying so.
clients: clients/node_modules/.installed

clients/node_modules/.installed: clients/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd clients && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	else echo "npm not found: the TypeScript client test will skip"; fi

# The benchmarks measure on PostgreSQL and Redis: this machine's own unless DATABASE_URL and CACHE_URL say
# otherwise (each benchmark makes a throwaway test_ database and skips, saying why, without them). Tasks run
# in-process but in the scale-out benchmark, whose workers use Redis (BENCH_BROKER_URL, db 14 by default).
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/muster_bench
BENCH_CACHE_URL ?= redis://127.0.0.1:6379/13

bench: install
	@export DATABASE_URL="$${DATABASE_URL:-$(BENCH_DATABASE_URL)}" CACHE_URL="$${CACHE_URL:-$(BENCH_CACHE_URL)}"; \
	for f in tests/bench/bench_*.py; do \
		m=$$(echo $$f | sed 's#/#.#g; s#\.py$$##'); \
		echo "== $$m"; $(PY) -m $$m || exit 1; \
	done

rules-coverage: install
	$(PY) -m tests.tools.rules_coverage

# The casebook (tests/casebook/, docs/casebook.md): worked cases from the source documents, played through
# the product; prints how many cases each system passed.
# Not in CI (about an hour on this machine): run it before resolving a rules issue. MUTANTS_ARGS: e.g.
# --system doomtrooper --sample 200.
MUTANTS_ARGS ?=
mutants: install
	$(PY) tools/mutants.py $(MUTANTS_ARGS)

casebook: install
	$(PY) -m pytest tests/casebook -q $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .

layers: install
	$(VENV)/bin/lint-imports --no-cache

typecheck: install
	$(VENV)/bin/mypy .

schema: install
	$(PY) manage.py spectacular --validate --fail-on-warn --file /dev/null

# The committed contract the mobile apps are generated from; tests/test_schema.py fails when it is stale.
schema-snapshot: install
	$(PY) manage.py spectacular --validate --fail-on-warn --file docs/api/openapi.yaml

clean:
	rm -rf $(VENV) var/static .pytest_cache .mypy_cache .ruff_cache
