# shellcheck shell=bash
# Sourced by tutorial.sh and test.sh (from the repo root): make .venv and install the project
# with one extra, skipping pip when this pyproject.toml was already installed with that extra.

quietly() {  # run a command; show its output only if it fails
  local log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "error: '$*' failed (output above)" >&2
    return 1
  fi
  rm -f "$log"
}

ensure_venv() {  # ensure_venv EXTRA
  local stamp=".venv/.installed-$1" hash
  local too_old='import sys; sys.exit(sys.version_info < (3, 11))'
  if [ -x .venv/bin/python ] && ! .venv/bin/python -c "$too_old"; then
    echo "== .venv has a Python older than 3.11: making it again"
    rm -rf .venv
  fi
  if [ ! -x .venv/bin/python ]; then
    if ! "${PYTHON:-python3}" -c "$too_old" 2>/dev/null; then
      echo "error: doublesept needs Python 3.11 or newer; '${PYTHON:-python3}' is older or" \
        "missing. Name another one: PYTHON=python3.11 bash $0" >&2
      return 1
    fi
    echo "== creating .venv with ${PYTHON:-python3}"
    quietly "${PYTHON:-python3}" -m venv .venv
  fi
  hash=$(sha256sum pyproject.toml | cut -d' ' -f1)
  # The dev extra includes the tutorial and classroom ones, so a dev install serves all three.
  if [ "$(cat "$stamp" 2>/dev/null)" != "$hash" ] \
    && [ "$(cat .venv/.installed-dev 2>/dev/null)" != "$hash" ]; then
    echo "== installing doublesept[$1] into .venv (about a minute the first time)"
    quietly .venv/bin/python -m pip install -e ".[$1]"
    echo "$hash" >"$stamp"
  fi
}
