#!/usr/bin/env bash
# Open the doublesept tutorial in JupyterLab, installing it into .venv first if needed.
# Usage: bash scripts/tutorial.sh [jupyter lab options]   e.g. --no-browser --ip=0.0.0.0
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh

ensure_venv tutorial

# jupyter/ holds the tutorial's Jupyter settings, shared with the browser tests: the server root
# is the repository, the start page (also the link Jupyter prints) is notebooks/0-index.ipynb, the
# lessons' paired .md files are hidden from the file browser, and there is no news pop-up.
export JUPYTER_CONFIG_PATH="$PWD/jupyter${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"

options=()
[ "$(id -u)" -eq 0 ] && options+=(--allow-root)  # Jupyter refuses root without it
if [ ! -f notebooks/0-index.ipynb ]; then
  echo "warning: notebooks/0-index.ipynb not found; opening the notebooks folder" >&2
fi
exec .venv/bin/python -m jupyter lab "${options[@]}" "$@"
