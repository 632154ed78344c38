# The commands the README names. Each creates .venv on first use.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

export SDL_AUDIODRIVER ?= dummy

.PHONY: run test lint typecheck bench clean mo

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The translations: gettext reads compiled .mo catalogues (git keeps only the .po).
mo: $(STAMP)
	$(PY) -m companion.ui.msgfmt companion/locale > /dev/null

run: $(STAMP) mo
	$(PY) -m companion --simulate

test: $(STAMP) mo
	$(PY) -m ruff check companion tests benchmarks vmtest
	$(PY) -m mypy companion
	$(VENV)/bin/lint-imports
	SDL_VIDEODRIVER=dummy $(PY) -m pytest -q -n 2

lint: $(STAMP)
	$(PY) -m ruff check companion tests benchmarks vmtest

typecheck: $(STAMP)
	$(PY) -m mypy companion

bench: $(STAMP) mo
	SDL_VIDEODRIVER=dummy $(PY) -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# On the Pi: `sudo make install` (see hardware/README.md), `sudo make uninstall`.
# DESTDIR=DIR lays the files down under DIR without touching the system;
# INSTALL_FLAGS passes options such as --no-venv (scripts/install.sh --help).
.PHONY: install uninstall arm64-check
install:
	DESTDIR="$(DESTDIR)" bash scripts/install.sh $(INSTALL_FLAGS)

uninstall:
	DESTDIR="$(DESTDIR)" bash scripts/uninstall.sh

# Proves the Pi install on arm64 here (root, network and minutes; not part of `make test`):
# install.sh in an arm64 Debian 12 root under qemu-user, then check-config, replay and
# the app up to its Home screen. See hardware/CHECK-ON-A-PI.md.
arm64-check:
	bash scripts/arm64-check.sh

# The ready-to-flash image for a Pi 3/4 and the virtual Pi that plays it (docs/image.md).
# Both as root, with network and time (about 45 min for the first image, a few minutes
# after that: the Debian base is cached in IMAGE_CACHE; REBUILD_BASE=1 makes it again).
# Not part of `make test`.
.PHONY: image vm-test
image:
	bash scripts/build-image.sh

vm-test: $(STAMP) mo
	$(PY) -m vmtest
