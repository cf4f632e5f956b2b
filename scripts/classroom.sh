#!/usr/bin/env bash
# Show the lessons as apps (prose and widgets, no code cells) with Voila, for a class.
# Usage: bash scripts/classroom.sh [--slides] [--compact] [--preheat[=N] | --no-preheat]
#                                  [--pool LESSON=N]... [voila options]
#   e.g. bash scripts/classroom.sh --compact --Voila.ip=0.0.0.0 --port=8866
# Installs doublesept[classroom] into .venv first if needed. Open the address it prints:
# the list of lessons; click one to open it as an app. With --slides, each section of a lesson
# is a slide (reveal.js), widgets live; reveal.js and jQuery are fetched once from the npm
# registry (needs npm) and served by Voila itself, so the slides work with no internet. With
# --compact, every widget shows one language line and each rule's source only when its badge
# is clicked (DOUBLESEPT_COMPACT=1, which a kernel started from JupyterLab reads the same way).
# Preheated kernels (the app, not the slides): as the server starts, each lesson is run in
# N kernels (--preheat: 1) that wait for a pupil, so a page opens at once and the pool refills
# behind it; the log says "Preheated: <lesson>" as each is ready. --pool LESSON=N (repeatable)
# keeps N for that lesson, the lesson of the day. --no-preheat: each page runs its lesson
# when it is opened. --slides turns it off (Voila's preheating refuses the slides' hook).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh

ensure_venv classroom

REVEAL_VERSION=4.0.2  # the version Voila's reveal template is written for
JQUERY_VERSION=3.7.1
VENDOR=classroom/voila/templates/doublesept-slides/static/vendor

fetch_slides_assets() {  # reveal.js's dist/ and jQuery, from the npm registry, once
  [ -f "$VENDOR/.fetched-$REVEAL_VERSION-$JQUERY_VERSION" ] && return 0
  if ! command -v npm >/dev/null; then
    echo "error: --slides needs npm once, to fetch reveal.js and jQuery from the npm registry" >&2
    return 1
  fi
  local tmp
  tmp=$(mktemp -d)
  echo "== fetching reveal.js@$REVEAL_VERSION and jquery@$JQUERY_VERSION from the npm registry"
  (cd "$tmp" && quietly npm pack --silent "reveal.js@$REVEAL_VERSION" "jquery@$JQUERY_VERSION")
  rm -rf "$VENDOR"
  mkdir -p "$VENDOR/reveal.js" "$VENDOR/jquery"
  tar xzf "$tmp/reveal.js-$REVEAL_VERSION.tgz" -C "$VENDOR/reveal.js" --strip-components=1 \
    package/dist package/LICENSE
  tar xzf "$tmp/jquery-$JQUERY_VERSION.tgz" -C "$VENDOR/jquery" --strip-components=2 \
    package/dist/jquery.min.js
  tar xzf "$tmp/jquery-$JQUERY_VERSION.tgz" -C "$VENDOR/jquery" --strip-components=1 \
    package/LICENSE.txt
  rm -rf "$tmp"
  touch "$VENDOR/.fetched-$REVEAL_VERSION-$JQUERY_VERSION"
}

template=()
preheat=  # preheated kernels per lesson: 1 unless told (the teacher starts before the class)
pool=()
slides=0
while [ $# -gt 0 ]; do
  case "$1" in
    --slides) shift; slides=1; template=(--template=doublesept-slides) ;;
    --preheat) shift; preheat=1 ;;
    --preheat=*) preheat=${1#--preheat=}; shift ;;
    --no-preheat) shift; preheat=0 ;;
    --pool) pool+=("${2:?--pool needs LESSON=N}"); shift 2 ;;
    --pool=*) pool+=("${1#--pool=}"); shift ;;
    --refill-delay=*) export DOUBLESEPT_REFILL_DELAY=${1#--refill-delay=}; shift ;;
    # every widget in the compact view: one language line, each rule's source behind its badge
    --compact) shift; export DOUBLESEPT_COMPACT=1 ;;
    *) break ;;
  esac
done
if [ "$slides" = 1 ]; then
  if [ "${preheat:-0}" != 0 ] || [ ${#pool[@]} -gt 0 ]; then
    echo "error: --slides cannot be preheated (Voila refuses preheating with the hook that" \
      "cuts a lesson into slides); leave out --preheat and --pool" >&2
    exit 2
  fi
  preheat=0
  fetch_slides_assets
fi
# read by jupyter/voila.py
export DOUBLESEPT_PREHEAT="${preheat:-1}" DOUBLESEPT_POOL="${pool[*]}"
# classroom/ holds the slides' Voila template (classroom/voila/templates/doublesept-slides).
export JUPYTER_PATH="$PWD/classroom${JUPYTER_PATH:+:$JUPYTER_PATH}"

# jupyter/voila.py: the lessons folder, no code cells, and idle kernels culled after 5 minutes.
export JUPYTER_CONFIG_PATH="$PWD/jupyter${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
exec .venv/bin/python -m voila "${template[@]}" "$@"
