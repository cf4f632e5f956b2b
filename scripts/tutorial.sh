#!/usr/bin/env bash
# Open the doublesept tutorial in JupyterLab, installing it into .venv first if needed.
# Usage: bash scripts/tutorial.sh [jupyter lab options]   e.g. --no-browser --ip=0.0.0.0
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh

ensure_venv tutorial

options=()
[ "$(id -u)" -eq 0 ] && options+=(--allow-root)  # Jupyter refuses root without it
start=notebooks/index.ipynb
if [ ! -f "$start" ]; then
  echo "warning: $start not found; opening the notebooks folder" >&2
  start=notebooks
fi
exec .venv/bin/python -m jupyter lab "$start" "${options[@]}" "$@"
