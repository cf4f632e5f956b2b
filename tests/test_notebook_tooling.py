"""nbval passes a notebook with an anywidget output when re-run, thanks to notebooks/sanitize.cfg.

nbval never compares a widget output's model_id (random per run), but it does compare the
output's text/plain, which for an anywidget carries a memory address.
"""

import subprocess
import sys
from pathlib import Path

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
