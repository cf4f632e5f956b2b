"""Every lesson runs top to bottom in JupyterLab itself, as a learner's Run All would, and its
content (prose, outputs, widgets) has no serious or critical axe finding; at 1280×720, no
try-a-move widget is taller than 650 px (issue 21)."""

import ast
import json
import re
from pathlib import Path

import pytest
from browser_harness import LESSON_CONTENT, accessibility_findings, open_and_run
from conftest import ARTIFACTS

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# An old name kept as a symbolic link (index.ipynb -> 0-index.ipynb) is not a lesson of its own.
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if not p.is_symlink())


FIT_HEIGHT = 650  # doublesept.widgets.base.FIT_HEIGHT: a 1280×720 screen
SCREEN = 720  # px: a lesson's length in screens is the height of its cells, run, over this
MAX_SCREENS = 20  # issue 21: no lesson longer than about 20 screens at 1280×720
# The height of the notebook's cells as drawn (prose, code and outputs), in px.
LESSON_HEIGHT = """() => Array.from(
  window.jupyterapp.shell.currentWidget.content.node.querySelectorAll(".jp-Cell"))
  .reduce((sum, cell) => sum + cell.getBoundingClientRect().height, 0)"""
# The try-a-move widgets (a table of moves, not a game against the computer) taller than the
# limit: [index among the widgets, height in px].
TALL_TRY_TABLES = """(limit) => Array.from(document.querySelectorAll(".ds-widget"))
  .map((el, i) => [i, Math.round(el.getBoundingClientRect().height), el])
  .filter(([, height, el]) => el.querySelector(".ds-candidates") && !el.querySelector(".ds-play")
    && height > limit + 0.5)
  .map(([i, height]) => [i, height])"""


IMPORT = re.compile(r"^from doublesept\.widgets import (.+)$", re.MULTILINE)


def widgets_shown(lesson: str) -> int:
    """How many game widgets (``.ds-widget``) the lesson's cells draw: each cell that ends by
    showing a widget, a last expression that is a widget class imported from
    doublesept.widgets (any game's) called there, or a name bound to one, draws one; a
    ``Referee(..., editor=True)`` draws two (its try-a-move table, and its click editor,
    hidden until asked)."""
    cells = json.loads((NOTEBOOKS / lesson).read_text("utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    classes = {name.strip(" ()") for found in IMPORT.findall("\n".join(sources))
               for name in found.split(",")}

    def drawn(node) -> int:
        """How many game widgets the expression ``node`` makes (0: it is no widget)."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in classes):
            return 0
        editor = any(k.arg == "editor" and isinstance(k.value, ast.Constant)
                     and k.value.value is True for k in node.keywords)
        return 2 if node.func.id == "Referee" and editor else 1

    made, shown = {}, 0
    for source in sources:
        # IPython magics (%xmode …) are not Python: read them as `pass`
        body = ast.parse(re.sub(r"(?m)^\s*[%!].*$", "pass", source)).body
        for statement in ast.walk(ast.Module(body=body, type_ignores=[])):
            if isinstance(statement, ast.Assign) and drawn(statement.value):
                made.update((t.id, drawn(statement.value)) for t in statement.targets
                            if isinstance(t, ast.Name))
        last = body[-1] if body else None
        if isinstance(last, ast.Expr):
            shown += drawn(last.value) or (
                made.get(last.value.id, 0) if isinstance(last.value, ast.Name) else 0)
    return shown


# scripts/test.sh runs two pytest-xdist workers with `--dist loadscope`, which keeps a module's
# functions, or one class's tests, on one worker. The lessons are shared out by game, one class
# each; subclasses of ByGame get their `lesson` parameters from pytest_generate_tests.
class ByGame:
    PREFIXES: tuple[str, ...] = ()


# each game's referee page (referee-GAME.ipynb) with its lessons
GAMES = {"SevensAndIndex": ("0-index", "sevens", "referee-sevens"),
         "Flip7": ("flip7", "referee-flip7"),
         "DoubleSeven": ("doubleseven", "referee-doubleseven")}


def parametrize_lessons(metafunc):
    """Give a ByGame subclass's tests one `lesson` each of its game's lessons."""
    if metafunc.cls is not None and issubclass(metafunc.cls, ByGame):
        metafunc.parametrize(
            "lesson", [lesson for lesson in LESSONS if lesson.startswith(metafunc.cls.PREFIXES)])


def pytest_generate_tests(metafunc):
    parametrize_lessons(metafunc)


def test_the_games_share_out_every_lesson_once():
    shared = [lesson for prefixes in GAMES.values()
              for lesson in LESSONS if lesson.startswith(prefixes)]
    assert sorted(shared) == LESSONS


@pytest.fixture(scope="class")
def lab_page(_browser):
    """One page for a class's lessons: JupyterLab starts once, and each lesson is opened in it
    after the last one is closed (open_and_run's ``reuse``). A failing lesson leaves a
    screenshot in artifacts/, as conftest.py's ``page`` does."""
    context = _browser.new_context(viewport={"width": 1280, "height": 720})  # a projector
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.fixture
def lesson_page(lab_page, request):
    yield lab_page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        lab_page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)


class LessonsInJupyterLab(ByGame):
    @pytest.mark.browser
    def test_lesson_runs_in_jupyterlab(self, jupyter_server, lesson_page, lesson, timings):
        page = lesson_page
        if lesson != "0-index.ipynb":
            assert widgets_shown(lesson) >= 1, "every lesson ends a section with a widget to try"
        open_and_run(page, jupyter_server, f"notebooks/{lesson}", reuse=True)
        # every widget drew in the page, as the live widget and not its saved picture
        assert page.locator(
            ".jp-OutputArea-output:has-text('Error displaying widget')").count() == 0
        assert page.locator(".ds-widget").count() == widgets_shown(lesson)
        # every try-a-move table fits the screen as drawn by default (issue 21)
        tall = page.evaluate(TALL_TRY_TABLES, FIT_HEIGHT)
        assert tall == [], f"{lesson}: try-a-move widgets taller than {FIT_HEIGHT} px: {tall}"
        # no lesson longer than about 20 screens, run, at 1280×720 (issue 21)
        screens = page.evaluate(LESSON_HEIGHT) / SCREEN
        timings[f"screens {lesson}"] = f"{screens:.1f}"
        assert screens <= MAX_SCREENS, f"{lesson}: {screens:.1f} screens at 1280×720"
        # accessibility: axe on the lesson's prose and outputs, after every cell ran
        assert accessibility_findings(page, LESSON_CONTENT) == []


class TestSevensAndIndex(LessonsInJupyterLab):
    PREFIXES = GAMES["SevensAndIndex"]


class TestFlip7(LessonsInJupyterLab):
    PREFIXES = GAMES["Flip7"]


class TestDoubleSeven(LessonsInJupyterLab):
    PREFIXES = GAMES["DoubleSeven"]
