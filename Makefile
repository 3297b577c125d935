# Dugout's two everyday commands are `make run` and `make test` (see README.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test lint demo clean bench

setup: $(VENV)/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

demo: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_rulesets
	$(PY) manage.py demo_data

run: demo
	$(PY) manage.py runserver $(HOST):$(PORT)

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/lint-imports

# The suite runs on every core (pytest-xdist, each worker with its own test database);
# `make test TEST_WORKERS=0` runs it in one process, as it ran before. Bytecode is written
# even where the machine says not to (containers and CI images often set
# PYTHONDONTWRITEBYTECODE): otherwise every worker, and every pytest or manage.py the tests
# start, compiles the project and rewrites the asserts of all the test modules again, about
# 8 s each. The .pyc files land in __pycache__ folders, which git ignores.
TEST_WORKERS ?= auto

test: lint
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup

# Not part of `make test`: times the busiest pages and writes against a floor (README,
# "Performance"). Uses DATABASE_URL's server when it is set, else SQLite.
bench: setup
	$(PY) manage.py bench

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .ruff_cache
