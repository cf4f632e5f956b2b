"""The tutorial as a new user meets it, in Chromium.

The first tests run `bash scripts/tutorial.sh --no-browser` (run_tutorial, from
tests/test_tutorial_script.py) and open the link it prints, as a learner would. The save tests
use the harness's server, which loads the same jupyter/ config, and put the lesson's bytes back.
"""

import json
import os
import re
import time
from pathlib import Path

import pytest
from browser_harness import open_and_run
from test_tutorial_script import files_index_names, lessons_in_order, run_tutorial

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
INDEX = "notebooks/0-index.ipynb"
SAVE_TIMEOUT_S = 30
NEWS = "official Jupyter news"
CURRENT_TAB = ".lm-DockPanel-tabBar .lm-mod-current .lm-TabBar-tabLabel"

# Lesson names longer than JupyterLab's default file browser shows whole (about 28 characters
# of sevens-N-… at 1280 px, with the Modified column hidden). Proposed: sevens-4-must-play,
# sevens-5-scoring. Drop a name from here once it is renamed.
# Cut off at JupyterLab's default sidebar width since the Double Seven lessons are spelled
# doubleseven-* (issue 22): only the end of ".ipynb" is lost; the topic still shows whole.
NAMES_TOO_LONG: set = {
    "doubleseven-1-components.ipynb", "doubleseven-5-exchange.ipynb",
    "doubleseven-7-two-for-one.ipynb", "doubleseven-9-end-of-turn.ipynb",
    "doubleseven-11-edge-cases.ipynb", "doubleseven-12-vs-computer.ipynb",
}

_CUT_OFF = """
() => Array.from(document.querySelectorAll(".jp-FileBrowser .jp-DirListing-item"))
  .map((item) => {
    const text = item.querySelector(".jp-DirListing-itemText");
    return [text.textContent, text.scrollWidth > text.clientWidth];
  })
"""


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    with run_tutorial(tmp_path_factory.mktemp("tutorial")) as tutorial:
        yield tutorial


@pytest.fixture
def learner_page(tutorial, page):
    """The page a learner sees after clicking the link tutorial.sh printed."""
    page.goto(tutorial.url)
    page.locator(".jp-FileBrowser .jp-DirListing-item").first.wait_for()  # the app is up
    return page


def test_the_printed_link_opens_the_index_notebook(learner_page):
    page = learner_page
    page.locator(".jp-NotebookPanel").wait_for()
    assert page.locator(CURRENT_TAB).inner_text() == "0-index.ipynb"
    page.get_by_role("heading", name="Learn Double Seven, Sevens and Flip 7, one rule at a time").wait_for()
    assert page.locator(".jp-Launcher").count() == 0, "the link landed on the Launcher"


def test_the_file_browser_shows_each_lesson_once_in_order(learner_page):
    page = learner_page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tutorial-file-browser.png"))
    crumbs = page.locator(".jp-FileBrowser .jp-BreadCrumbs").inner_text()
    assert re.sub(r"\s", "", crumbs) == "/notebooks/", "the file browser shows notebooks/"
    names = page.locator(".jp-FileBrowser .jp-DirListing-itemText").all_inner_texts()
    expected = lessons_in_order()
    assert sorted(names) == sorted(expected), "each lesson once, as its notebook"
    # JupyterLab lists files by name, numbers in natural order: the index (0-index) first, then
    # the games in the alphabet's order; within a game the lessons come in the index's order
    # (tests/browser/test_lesson_order.py checks the whole list).
    for game in {name.split("-", 1)[0] for name in expected}:
        assert [n for n in names if n.startswith(game)] == \
            [n for n in expected if n.startswith(game)], f"{game}'s lessons in lesson order"

    cut_off = [name for name, cut in page.evaluate(_CUT_OFF) if cut]
    assert cut_off == [name for name in names if name in NAMES_TOO_LONG], (
        "names cut off in the file browser (see artifacts/tutorial-file-browser.png); "
        "if a name now shows whole, drop it from NAMES_TOO_LONG"
    )


def test_no_news_pop_up(learner_page):
    page = learner_page
    # Without the setting, JupyterLab asks as soon as the notebook shows: give it some time.
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        assert page.get_by_text(NEWS).count() == 0, "JupyterLab asks about the Jupyter news"
        page.wait_for_timeout(200)
    # nor was the question filed in the notification center (the status bar's bell)
    assert page.locator(".jp-Notification-Status").inner_text().strip() == "0"


@pytest.mark.parametrize("name", files_index_names())
def test_rulings_and_seeds_open_in_jupyterlab(tutorial, learner_page, name):
    page = learner_page
    page.goto(f"{tutorial.base_url}/lab/tree/{name}")
    page.locator(CURRENT_TAB).filter(has_text=Path(name).name).wait_for()
    first_line = next(line for line in (REPO / name).read_text("utf-8").splitlines() if line)
    page.locator(".jp-MainAreaWidget:visible").get_by_text(first_line.strip()).first.wait_for()
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").inner_text()


# --- saving a lesson from JupyterLab leaves the tracked files as they were -------------------


@pytest.fixture
def index_files():
    """The index lesson's two files on disk; their bytes and times are put back afterwards."""
    paths = [REPO / INDEX, (REPO / INDEX).with_suffix(".md")]
    saved = [(path, path.read_bytes(), path.stat()) for path in paths]
    yield {path.suffix: data for path, data, _ in saved}
    for path, data, stat in saved:  # the .ipynb first, so the .md stays the newer one
        if path.read_bytes() != data:
            path.write_bytes(data)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def _save_with_ctrl_s(page):
    """Press Ctrl+S in the open notebook; wait until both paired files are written."""
    before = {p: p.stat().st_mtime_ns for p in (REPO / INDEX, (REPO / INDEX).with_suffix(".md"))}
    page.locator(".jp-NotebookPanel .jp-Cell").first.click()
    page.keyboard.press("Escape")  # command mode on the first cell
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + SAVE_TIMEOUT_S
    while any(path.stat().st_mtime_ns == mtime for path, mtime in before.items()):
        assert time.monotonic() < deadline, f"Ctrl+S did not write {INDEX} and its .md"
        page.wait_for_timeout(100)
    page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=10_000
    )
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").inner_text()


def _front_matter(md: bytes) -> str:
    return re.match(r"---\n.*?\n---\n", md.decode(), re.DOTALL).group()


def test_opening_and_saving_a_lesson_changes_no_byte(jupyter_server, page, index_files):
    page.goto(f"{jupyter_server}/lab/tree/{INDEX}?reset")
    page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status"
        " === 'idle'",
        timeout=60_000,
    )
    _save_with_ctrl_s(page)
    assert (REPO / INDEX).read_bytes() == index_files[".ipynb"], "git status would show it"
    assert (REPO / INDEX).with_suffix(".md").read_bytes() == index_files[".md"]


def test_running_and_saving_a_lesson_keeps_its_metadata(jupyter_server, page, index_files):
    open_and_run(page, jupyter_server, INDEX)
    _save_with_ctrl_s(page)

    stored, saved = json.loads(index_files[".ipynb"]), json.loads((REPO / INDEX).read_bytes())
    assert saved["metadata"] == stored["metadata"]  # kernelspec, language_info, jupytext
    assert saved["metadata"]["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    for cell, before in zip(saved["cells"], stored["cells"], strict=True):
        assert (cell["id"], cell["metadata"], cell["source"]) == (
            before["id"], before["metadata"], before["source"]
        )  # fmt: skip
    md = (REPO / INDEX).with_suffix(".md").read_bytes()
    assert _front_matter(md) == _front_matter(index_files[".md"])
    assert md == index_files[".md"], "the .md holds no outputs: running must not change it"
