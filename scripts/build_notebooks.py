"""Build the tutorial notebooks: each notebooks/NAME.md (jupytext MyST) becomes NAME.ipynb, run.

Usage (from anywhere; it re-runs itself with the repo's .venv python if there is one):

    python scripts/build_notebooks.py              # every notebooks/*.md
    python scripts/build_notebooks.py sevens-3-what-fits index

The .md file is the source. For each one the script reads it with jupytext, runs it top to
bottom in a fresh python3 kernel with notebooks/ as the working directory (a cell tagged
`raises-exception` may raise; any other error stops the build), then writes NAME.ipynb with its
outputs, minus what must not be committed:

- the notebook's `metadata.widgets` (saved widget state that repeats each widget's JavaScript)
  and the per-cell execution timings;
- each widget output's `application/vnd.jupyter.widget-view+json` part: its model id is random
  and, with no saved state, JupyterLab could only show "model not found" for it; the output's
  text stays, until the cell is run again and the live widget replaces it;
- memory addresses and widget model references in text outputs, rewritten with the patterns of
  notebooks/sanitize.cfg (the ones nbval compares with), so a rebuild gives the same file;
- the Python patch version in `language_info` (jupyter/jupyter_server_config.py drops it when
  JupyterLab saves a lesson, too).

The notebook metadata is what JupyterLab writes back when a learner opens and saves a lesson,
so doing that leaves `git status` clean (tests/browser/test_tutorial_start.py checks it): the
kernelspec of the venv's ipykernel, and in NAME.md the front matter exactly as jupytext writes
it on save (the script rewrites that header, never the lesson text).

Cell ids come from a hash of the cell, so an unchanged cell keeps its id from one build to the
next and diffs show only what changed.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import os
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
SANITIZE_CFG = NOTEBOOKS / "sanitize.cfg"
VENV_PYTHON = REPO / ".venv" / "bin" / "python"
# The kernelspec JupyterLab writes on save: the one in ipykernel's kernel.json. Its keys are
# sorted, as the .ipynb stores them and as jupyter/jupyter_server_config.py saves the .md header.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CELL_TIMEOUT_S = 300  # the slowest cell (lesson 4's 600 random rounds) takes about a second


def _use_venv() -> None:
    """Re-run under .venv's python: the kernel must be the venv's, with doublesept installed."""
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV_PYTHON.parent.parent.resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, *sys.argv[1:]])


def sanitize_patterns() -> list[tuple[re.Pattern, str]]:
    """The regex/replace pairs of sanitize.cfg, the file nbval sanitizes outputs with."""
    # nbval's own reading: a "regex: " line followed by a "replace: " line, anything else ignored
    text = SANITIZE_CFG.read_text(encoding="utf-8")
    pairs = re.findall(r"^regex: (.*)$\n^replace: (.*)$", text, flags=re.MULTILINE)
    return [(re.compile(regex), replace) for regex, replace in pairs]


def _sanitize(value, patterns):
    if isinstance(value, str):
        for regex, replace in patterns:
            value = regex.sub(replace, value)
        return value
    if isinstance(value, list):
        return [_sanitize(v, patterns) for v in value]
    return value


def _cell_id(cell, seen: dict) -> str:
    digest = hashlib.sha1(f"{cell.cell_type}\n{cell.source}".encode()).hexdigest()[:8]
    seen[digest] = seen.get(digest, 0) + 1
    return digest if seen[digest] == 1 else f"{digest}-{seen[digest]}"


def clean(nb, patterns) -> None:
    """Strip from an executed notebook what must not be committed (see the module docstring)."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata.get("language_info", {}).pop("version", None)
    jupytext_meta = nb.metadata.get("jupytext", {})
    jupytext_meta.pop("text_representation", None)
    seen: dict = {}
    # A print that reaches the kernel's output in two chunks (under load) is stored as one
    # stream output, as a quiet machine stores it: nbconvert's own coalescing, cell by cell.
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor  # after _use_venv

    coalesce = CoalesceStreamsPreprocessor()
    for cell in nb.cells:
        if cell.cell_type == "code":
            coalesce.preprocess_cell(cell, {}, 0)
    for cell in nb.cells:
        cell["id"] = _cell_id(cell, seen)
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            output.get("metadata", {}).pop(WIDGET_VIEW, None)
            data = output.get("data")
            if data is not None:
                data.pop(WIDGET_VIEW, None)
                for mime in list(data):
                    data[mime] = _sanitize(data[mime], patterns)
            if "text" in output:
                output["text"] = _sanitize(output["text"], patterns)
            if output.get("output_type") == "error":
                output["traceback"] = _sanitize(output["traceback"], patterns)


def _split_front_matter(text: str) -> tuple[str, str]:
    """A MyST file's YAML front matter (with its --- lines) and the rest."""
    if not text.startswith("---\n"):
        return "", text
    end = text.find("\n---\n", 4)
    if end < 0:
        return "", text
    cut = end + len("\n---\n")
    return text[:cut], text[cut:]


def sync_md_header(md: Path, nb) -> None:
    """Give md the front matter jupytext writes for nb when JupyterLab saves the pair (with
    the project's jupytext configuration, pyproject.toml's [tool.jupytext]: no version)."""
    import jupytext
    from jupytext.config import load_jupytext_config

    # a copy: writing with the configuration adds its notebook_metadata_filter to the
    # notebook's metadata, which the committed .ipynb files do not carry
    saved = jupytext.writes(copy.deepcopy(nb), fmt="md:myst",
                            config=load_jupytext_config(str(md)))
    header, _ = _split_front_matter(saved)
    text = md.read_text(encoding="utf-8")
    _, body = _split_front_matter(text)
    if header and header + body != text:
        md.write_text(header + body, encoding="utf-8")
    if header + body != saved:
        print(f"\nwarning: saving {md.name} from JupyterLab would reformat its text", end=" ")


def build(md: Path, patterns) -> float:
    """Sync md -> ipynb, run it, clean it, write it; return the seconds it took."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    started = time.monotonic()
    nb = jupytext.read(md)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    sync_md_header(md, nb)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=CELL_TIMEOUT_S,
        resources={"metadata": {"path": str(md.parent)}},
        record_timing=False,
        store_widget_state=False,
    )
    client.execute()
    clean(nb, patterns)
    nbformat.validate(nb)
    target = md.with_suffix(".ipynb")
    text = nbformat.writes(nb) + "\n"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return time.monotonic() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "names", nargs="*", help="notebook names (without .md) to build; default: all of notebooks/"
    )
    args = parser.parse_args(argv)
    if args.names:
        sources = [NOTEBOOKS / f"{Path(name).stem}.md" for name in args.names]
        missing = [str(p.relative_to(REPO)) for p in sources if not p.exists()]
        if missing:
            parser.error("no such notebook source: " + ", ".join(missing))
    else:
        # an old name kept as a symbolic link (index.md -> 0-index.md) is built under its own
        sources = sorted(p for p in NOTEBOOKS.glob("*.md") if not p.is_symlink())
    from nbclient.exceptions import CellExecutionError

    patterns = sanitize_patterns()
    total = 0.0
    failed = []
    for md in sources:
        print(f"{md.relative_to(REPO)} -> {md.with_suffix('.ipynb').name}", end=" ", flush=True)
        try:
            seconds = build(md, patterns)
        except CellExecutionError as err:  # the .ipynb is left as it was
            print(f"FAILED\n{err}", file=sys.stderr)
            failed.append(md.stem)
            continue
        total += seconds
        print(f"({seconds:.1f}s)")
    print(f"{len(sources) - len(failed)} notebook(s) built in {total:.1f}s")
    if failed:
        print(f"not built, a cell raised: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    _use_venv()
    sys.exit(main())
