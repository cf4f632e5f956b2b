#!/usr/bin/env bash
# Show the lessons as apps (prose and widgets, no code cells) with Voila, for a class.
# Usage: bash scripts/classroom.sh [voila options]      e.g. --Voila.ip=0.0.0.0 --port=8866
# Installs doublesept[classroom] into .venv first if needed. Open the address it prints:
# the list of lessons; click one to open it as an app.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh

ensure_venv classroom

# jupyter/voila.py: the lessons folder, no code cells, and idle kernels culled after 5 minutes.
export JUPYTER_CONFIG_PATH="$PWD/jupyter${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
exec .venv/bin/python -m voila "$@"
