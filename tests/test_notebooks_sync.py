"""The committed notebooks match their MyST sources and carry clean, complete outputs.

Each lesson is written as notebooks/NAME.md (jupytext MyST) and committed as NAME.ipynb with its
outputs, built by scripts/build_notebooks.py. If one of these tests fails after an edit of a
.md file, rebuild: `.venv/bin/python scripts/build_notebooks.py NAME`.
"""

import json
import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# each lesson once: an old name kept as a symbolic link (index.md -> 0-index.md) is the same
# pair (tests/test_lesson_names.py checks the links)
SOURCES = sorted(p for p in NOTEBOOKS.glob("*.md") if not p.is_symlink())
BUILT = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not p.is_symlink())
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,16}\b")  # as notebooks/sanitize.cfg rewrites them
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
REBUILD = "rebuild it: .venv/bin/python scripts/build_notebooks.py {}"


def _cells(nb):
    return [(cell.cell_type, cell.source) for cell in nb.cells]


def _raw(path: Path) -> dict:
    """The .ipynb as plain JSON, exactly as committed."""
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_notebooks():
    assert SOURCES, "no notebooks/*.md found"


def test_every_source_has_its_notebook_and_back():
    sources = {p.stem for p in SOURCES}
    built = {p.stem for p in BUILT}
    assert sorted(sources - built) == [], "a .md without its .ipynb: " + REBUILD.format("NAME")
    assert sorted(built - sources) == [], "an .ipynb without its .md source: write or remove it"


@pytest.mark.parametrize("md", SOURCES, ids=lambda p: p.stem)
def test_cells_match_the_source(md):
    ipynb = md.with_suffix(".ipynb")
    if not ipynb.exists():
        pytest.fail(f"{ipynb.name} is missing; " + REBUILD.format(md.stem))
    source = jupytext.read(md)
    built = jupytext.read(ipynb)
    assert _cells(built) == _cells(source), f"{ipynb.name} is out of date; " + REBUILD.format(
        md.stem
    )
    # the tags matter: nbval and the browser accept an error only from a raises-exception cell
    assert [c.metadata.get("tags", []) for c in built.cells] == [
        c.metadata.get("tags", []) for c in source.cells
    ]


@pytest.mark.parametrize("path", SOURCES + BUILT, ids=lambda p: p.name)
def test_python3_kernelspec(path):
    # Without it, JupyterLab asks which kernel to use before running anything.
    kernelspec = jupytext.read(path).metadata.get("kernelspec", {})
    assert kernelspec.get("name") == "python3", f"{path.name}: kernelspec {kernelspec!r}"
    assert kernelspec.get("display_name")


@pytest.mark.parametrize("md", SOURCES, ids=lambda p: p.stem)
def test_paired_with_jupytext(md):
    # So saving from JupyterLab (with jupytext) writes both files.
    formats = jupytext.read(md).metadata.get("jupytext", {}).get("formats", "")
    assert set(formats.split(",")) == {"ipynb", "md:myst"}, f"{md.name}: formats {formats!r}"


@pytest.mark.parametrize("ipynb", BUILT, ids=lambda p: p.stem)
def test_executed_top_to_bottom(ipynb):
    counts = [c.get("execution_count") for c in _raw(ipynb)["cells"] if c["cell_type"] == "code"]
    assert counts, f"{ipynb.name} has no code cell"
    assert counts == list(range(1, len(counts) + 1)), (
        f"{ipynb.name}: execution counts {counts}; " + REBUILD.format(ipynb.stem)
    )


@pytest.mark.parametrize("ipynb", BUILT, ids=lambda p: p.stem)
def test_nothing_stale_or_random_is_stored(ipynb):
    nb = _raw(ipynb)
    assert "widgets" not in nb["metadata"], "saved widget state (metadata.widgets) is committed"
    for index, cell in enumerate(nb["cells"]):
        where = f"{ipynb.name} cell {index}"
        assert "execution" not in cell["metadata"], f"{where}: execution timings are committed"
        for output in cell.get("outputs", []):
            assert WIDGET_VIEW not in output.get("data", {}), (
                f"{where}: a widget view with a random model id is committed"
            )
            address = ADDRESS.search(json.dumps(output, ensure_ascii=False))
            assert not address, f"{where}: a memory address is committed: {address.group()}"


@pytest.mark.parametrize("ipynb", BUILT, ids=lambda p: p.stem)
def test_errors_only_where_expected(ipynb):
    for index, cell in enumerate(_raw(ipynb)["cells"]):
        errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
        tags = cell["metadata"].get("tags", [])
        if "raises-exception" in tags:
            assert errors, f"{ipynb.name} cell {index} is tagged raises-exception but did not raise"
        else:
            assert not errors, f"{ipynb.name} cell {index} raised: {errors[0]['evalue']}"
