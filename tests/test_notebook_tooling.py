"""nbval passes a notebook with an anywidget output when re-run, thanks to notebooks/sanitize.cfg.

nbval never compares a widget output's model_id (random per run), but it does compare the
output's text/plain, which for an anywidget carries a memory address.
"""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
COUNTER = "tests/browser/fixtures/counter.ipynb"


def nbval(*options):
    # Named explicitly, the fixture is collected even though tests/browser/conftest.py
    # keeps fixture notebooks out of the suite's own `--nbval` run.
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"]
    return subprocess.run(
        [*command, "--nbval", *options, COUNTER],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )


def test_widget_notebook_passes_nbval_with_the_sanitize_file():
    run = nbval("--nbval-sanitize-with", "notebooks/sanitize.cfg")
    assert run.returncode == 0, run.stdout + run.stderr


def test_without_it_the_widget_repr_address_differs():
    run = nbval()
    assert run.returncode == 1, run.stdout + run.stderr
    assert "object at 0x" in run.stdout


def _voila_config() -> dict:
    """jupyter/voila.py run as traitlets runs it, with a stand-in for its config object."""
    from types import SimpleNamespace

    path = REPO / "jupyter" / "voila.py"
    names = {"get_config": lambda: SimpleNamespace(
        Voila=SimpleNamespace(), VoilaConfiguration=SimpleNamespace(),
        MappingKernelManager=SimpleNamespace(), ContentsManager=SimpleNamespace(),
        KernelManager=SimpleNamespace()),
        "__file__": str(path)}
    exec(compile(path.read_text("utf-8"), str(path), "exec"), names)  # noqa: S102
    return names


@pytest.mark.parametrize("lesson", sorted(
    p.name for p in (REPO / "notebooks").glob("*.ipynb") if not p.is_symlink()))
def test_slides_give_every_section_its_own_slide(lesson):
    import nbformat

    notebook = nbformat.read(REPO / "notebooks" / lesson, 4)
    headings = []
    for cell in notebook.cells:
        fenced = False
        for line in cell.source.splitlines() if cell.cell_type == "markdown" else ():
            if line.lstrip().startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith(("# ", "## ")):
                headings.append(line)
    slides = _voila_config()["one_slide_per_section"](None, notebook, None)
    starts = [cell.source.splitlines()[0] for cell in slides.cells
              if cell.metadata["slideshow"]["slide_type"] == "slide"]
    assert starts == headings


def test_classroom_preheats_one_kernel_per_lesson_unless_told():
    """scripts/classroom.sh's preheating, as jupyter/voila.py reads it: the script exports
    DOUBLESEPT_PREHEAT=1 by default (a kernel per lesson), 0 for --no-preheat, and --pool's
    LESSON=N pairs in DOUBLESEPT_POOL."""
    pool_sizes = _voila_config()["pool_sizes"]
    assert pool_sizes("1", "") == {"default": {"pool_size": 1}}
    assert pool_sizes("0", "") == {} and pool_sizes("", "") == {}
    assert pool_sizes("0", "sevens-3-what-fits.ipynb=1") == {
        "default": {"pool_size": 0}, "sevens-3-what-fits.ipynb": {"pool_size": 1}}
    with pytest.raises(ValueError, match="DOUBLESEPT_PREHEAT must be a number"):
        pool_sizes("x", "")
    script = (REPO / "scripts" / "classroom.sh").read_text("utf-8")
    assert 'export DOUBLESEPT_PREHEAT="${preheat:-1}"' in script
