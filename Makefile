# Newcomer commands: `make demo` and `make test`. Both create (or reuse) .venv and install
# what they need; only python3, git and make are required on the machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEPS_STAMP := $(VENV)/.deps-stamp

.PHONY: demo test quick test-browser lint typecheck pytest install bench docs clean compat \
	compat-examples

# nox takes its interpreters from PATH: pyenv's 3.10 to 3.13 go first where they are installed
# (CI machines and the developers' have them).
PYENV_VERSIONS := $(or $(PYENV_ROOT),$(HOME)/.pyenv)/versions
empty :=
space := $(empty) $(empty)
NOX_PATH := $(subst $(space),:,$(wildcard $(PYENV_VERSIONS)/3.1[0-3].*/bin)):$(PATH)
NOX := PATH="$(NOX_PATH)" $(BIN)/nox --error-on-missing-interpreters
# A clear message, before nox starts, for each Python a target needs but cannot find.
define need_pythons
	@for v in $(1); do PATH="$(NOX_PATH)" command -v python$$v >/dev/null || { \
		echo "Python $$v not found (looked on PATH and in $(PYENV_VERSIONS)/$$v.*/bin):" \
			"install it, e.g. 'pyenv install $$v'" >&2; exit 1; }; done
endef

# PYTHON given on the command line (`make demo PYTHON=python3.13`) and not the Python .venv
# was made with: .venv is made again with it. Without PYTHON, .venv is reused whatever made it.
# The removal is a recipe (remake-venv), so a dry run (`make -n`) only prints it.
PYTHON_BASE = $(shell $(1) -c 'import sys; print(sys.base_prefix, sys.version_info[:3])' 2>/dev/null)
ifneq ($(and $(filter command line,$(origin PYTHON)),$(wildcard $(BIN)/python)),)
WANTED_BASE := $(call PYTHON_BASE,$(PYTHON))
# A PYTHON that does not run leaves .venv as it is.
ifneq ($(WANTED_BASE),)
ifneq ($(WANTED_BASE),$(call PYTHON_BASE,$(BIN)/python))
REMAKE_VENV := remake-venv
endif
endif
endif

.PHONY: remake-venv
remake-venv:
	@echo "$(VENV) was made with another Python than PYTHON=$(PYTHON): making it again"
	rm -rf $(VENV)

$(BIN)/python: $(REMAKE_VENV)
	$(PYTHON) -m venv $(VENV)

# One editable install: an edit anywhere under sitemap_core/ or plugins/ is what the next
# pytest, mkdocs, sphinx-build or pelican run uses, without installing again.
$(DEPS_STAMP): pyproject.toml $(REMAKE_VENV) | $(BIN)/python
	$(BIN)/python -m pip install -q --disable-pip-version-check --upgrade pip hatchling
	$(BIN)/python -m pip install -q --disable-pip-version-check -e ".[test]"
	touch $(DEPS_STAMP)

install: $(DEPS_STAMP)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

pytest: install
	$(BIN)/pytest

# Needs only python3 (3.10 to 3.13), git and make.
test: lint typecheck pytest

# The oldest declared combination (Python 3.10, the oldest Sphinx, Pelican and MkDocs): a real
# build of each example site inside a git repository (git's date asserted in each sitemap) and
# the command line on the results. About 2 minutes. Needs a
# Python 3.10 on PATH or under pyenv (CI has it: .ci/run runs this after `make test`).
compat-examples: install
	$(call need_pythons,3.10)
	$(NOX) -s examples

# The whole compatibility matrix (noxfile.py; docs/development.md, "Supported versions", says what it
# runs). Long: about 80 minutes on the 2-core machine.
compat: install
	$(call need_pythons,3.10 3.11 3.12 3.13)
	$(NOX)

# The fast loop: everything but the tests that build real sites with a generator.
quick: install
	$(BIN)/pytest -q -m "not slow and not browser"

# The HTML sitemap in a real headless chromium, installed first (Debian/Ubuntu, as root).
test-browser: install
	command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
	$(BIN)/pytest -m browser

demo: install
	$(BIN)/python examples/demo.py

# The user documentation (docs/, mkdocs.yml), built with our own plugin into site/.
docs: install
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# Benchmarks print numbers and each budget as met or MISSED (a missed one exits 1: the next
# still runs); each takes from seconds to minutes.
bench: install
	-$(BIN)/python benchmarks/core_write.py
	-$(BIN)/python benchmarks/git_lastmod.py

clean:
	rm -rf $(VENV) .nox build dist site .mypy_cache .ruff_cache .pytest_cache
