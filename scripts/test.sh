#!/usr/bin/env bash
# Install what the tests need (Chromium, .venv with doublesept[dev]) and run every test:
# unit, property and browser tests in tests/, and nbval on every notebook in notebooks/.
# Usage: bash scripts/test.sh [pytest args]   e.g. bash scripts/test.sh -x tests/browser
# Paths among the args replace the default "tests notebooks".
# DOUBLESEPT_TEST_WORKERS=N sets the number of pytest-xdist workers (default 2; 0 runs in one
# process, which is what a debugger or `-s` wants). `--dist loadscope` keeps each test module
# (each class, where a module has classes) and each notebook on one worker, in order: nbval's
# cells share one kernel, and module fixtures (a built JupyterLite site, a fresh venv) are
# built once.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh

# The browser tests drive Debian's Chromium; the animals of Double Seven are emoji, drawn (in
# the tests' screenshots too) with the Noto colour emoji font.
if [ ! -x /usr/bin/chromium ] || [ ! -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
  echo "== installing chromium and fonts-noto-color-emoji with apt-get"
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  quietly "${sudo[@]}" apt-get update
  quietly "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y chromium fonts-noto-color-emoji
fi

ensure_venv dev

paths=(tests notebooks)
for arg in "$@"; do
  if [[ $arg != -* && -e ${arg%%::*} ]]; then paths=(); break; fi
done
# An old name of a lesson, kept as a symbolic link (notebooks/index.ipynb -> 0-index.ipynb,
# double7-4-families.ipynb -> doubleseven-4-families.ipynb), is the same notebook: nbval runs
# each lesson once, by its name.
if [ ${#paths[@]} -gt 0 ]; then
  for notebook in notebooks/*.ipynb; do
    if [ -L "$notebook" ]; then paths+=("--ignore=$notebook"); fi
  done
fi

echo "== pytest ${paths[*]} $*"
status=0
.venv/bin/python -m pytest "${paths[@]}" \
  -n "${DOUBLESEPT_TEST_WORKERS:-2}" --dist loadscope \
  --nbval --nbval-sanitize-with notebooks/sanitize.cfg "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "error: pytest collected no tests" >&2
fi
exit "$status"
