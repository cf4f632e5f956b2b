"""Every lesson runs top to bottom in JupyterLab itself, as a learner's Run All would."""

import json
import re
from pathlib import Path

import pytest
from browser_harness import open_and_run

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


IMPORT = re.compile(r"^from doublesept\.widgets import (.+)$", re.MULTILINE)


def widgets_shown(lesson: str) -> int:
    """How many cells end by showing a widget: a last line naming one made in the lesson
    from a class it imports from doublesept.widgets (any game's)."""
    cells = json.loads((NOTEBOOKS / lesson).read_text("utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    classes = {name.strip(" ()") for found in IMPORT.findall("\n".join(sources))
               for name in found.split(",")}
    made, shown = set(), 0
    for source in sources:
        lines = source.strip().splitlines()
        for line in lines:
            match = re.match(r"\s*(\w+)\s*=\s*(\w+)\(", line)
            if match and match.group(2) in classes:
                made.add(match.group(1))
        shown += bool(lines) and lines[-1].strip() in made
    return shown


@pytest.mark.browser
@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_in_jupyterlab(jupyter_server, page, lesson):
    if lesson != "index.ipynb":
        assert widgets_shown(lesson) >= 1, "every lesson ends a section with a widget to try"
    open_and_run(page, jupyter_server, f"notebooks/{lesson}")
    # every widget drew in the page, as the live widget and not its saved picture
    assert page.locator(".jp-OutputArea-output:has-text('Error displaying widget')").count() == 0
    assert page.locator(".ds-widget").count() == widgets_shown(lesson)
