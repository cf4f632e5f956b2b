"""The lessons read in order (issue 21): the index first, then each game's lessons by their
number, in JupyterLab's file browser and in Voila's list of lessons (the app's and the
slides'); and the old names keep working.

JupyterLab 4 sorts the file browser by name in natural order (its `sortFileNamesNaturally`
setting, on by default: doubleseven-2 before doubleseven-10), so the index is
notebooks/0-index.ipynb, and its old name, index.ipynb, a symbolic link to it, hidden from both
lists. Voila's own tree page sorts character by character (doubleseven-10 before
doubleseven-2); the classroom's template draws its own list,
classroom/voila/templates/doublesept-app/tree.html.
"""

import re
import urllib.request
from pathlib import Path

import pytest
from browser_harness import accessibility_findings, start_classroom
from conftest import _stop
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
INDEX = "0-index.ipynb"
GAMES = ("doubleseven", "flip7", "sevens")  # the alphabet's order, as both lists show them
WAIT_MS = 60_000  # a page's first load on a busy 2-core machine
TITLE = "Learn Double Seven, Sevens and Flip 7, one rule at a time"  # the index's heading


def lesson_number(name: str) -> tuple[int, str]:
    """flip7-1b-actions.ipynb -> (1, "b"): the lesson's number, and the letter of a part two."""
    found = re.match(r"^[a-z0-9]+?-(\d+)([a-z]?)-", name)
    assert found, f"{name}: a lesson is named GAME-NUMBER-topic.ipynb"
    return int(found.group(1)), found.group(2)


def expected_order() -> list[str]:
    """The index, then each game's lessons by number (a part two, 1b, after its part one);
    the referee pages (referee-GAME.ipynb, one per game) where the alphabet puts them."""
    lessons = [p.name for p in NOTEBOOKS.glob("*.ipynb") if not p.is_symlink()]
    assert INDEX in lessons
    order = [INDEX]
    for game in sorted((*GAMES, "referee")):
        found = [n for n in lessons if n.startswith(game + "-")]
        order += sorted(found) if game == "referee" else sorted(found, key=lesson_number)
    assert sorted(order) == sorted(lessons), "every lesson is the index, a game's or a referee"
    return order


def test_the_expected_order_is_the_lessons_by_number():
    order = expected_order()
    assert order[0] == INDEX
    for game in GAMES:
        numbers = [lesson_number(n)[0] for n in order if n.startswith(game + "-")]
        assert sorted(set(numbers)) == list(range(1, max(numbers) + 1)), f"{game}: 1 to N"
    assert (order.index("doubleseven-2-drawing.ipynb")
            < order.index("doubleseven-10-scoring.ipynb"))
    assert order.index("flip7-1-rules.ipynb") + 1 == order.index("flip7-1b-actions.ipynb")
    assert order.index("flip7-1b-actions.ipynb") + 1 == order.index("flip7-2-deal.ipynb")


def test_old_names_are_links_to_the_lessons():
    # notebooks/index.ipynb (README, Binder and hub links, the zero-install site's start page)
    old = NOTEBOOKS / "index.ipynb"
    assert old.is_symlink() and old.resolve() == (NOTEBOOKS / INDEX).resolve()
    assert (NOTEBOOKS / "index.md").resolve() == (NOTEBOOKS / "0-index.md").resolve()
    # the Double Seven lessons, double7-N-topic before issue 22, are named as the game is
    # spelled everywhere else: doubleseven-N-topic (tests/test_lesson_names.py checks each)
    for lesson in (n for n in expected_order() if n.startswith("doubleseven-")):
        for suffix in (".ipynb", ".md"):
            old = NOTEBOOKS / ("double7-" + lesson.removeprefix("doubleseven-"))
            old = old.with_suffix(suffix)
            assert old.is_symlink(), f"{old.name}: the old name is a link"
            assert old.resolve() == (NOTEBOOKS / lesson).with_suffix(suffix).resolve()
    # the lessons split in two kept their names for part one
    for part_one in ("flip7-1-rules", "sevens-8-other-variants"):
        assert (NOTEBOOKS / f"{part_one}.ipynb").is_file()


_LISTED = """() => Array.from(
  document.querySelectorAll(".jp-FileBrowser .jp-DirListing-content .jp-DirListing-itemText"))
  .map((item) => item.textContent)"""


def test_jupyterlab_file_browser_lists_the_index_then_the_lessons_in_order(
        jupyter_server, page):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{jupyter_server}/lab/tree/notebooks/{INDEX}?reset")
    expected = expected_order()
    # the listing is drawn after the app starts: wait until every lesson is in it
    page.wait_for_function(f"() => ({_LISTED})().length >= {len(expected)}", timeout=WAIT_MS)
    crumbs = page.locator(".jp-FileBrowser .jp-BreadCrumbs").inner_text()
    assert re.sub(r"\s", "", crumbs) == "/notebooks/"
    assert page.evaluate(_LISTED) == expected


def test_jupyterlab_opens_the_index_by_its_old_name(jupyter_server, page):
    page.goto(f"{jupyter_server}/lab/tree/notebooks/index.ipynb?reset")
    heading = page.get_by_role("heading", name=TITLE)
    expect(heading.first).to_be_visible(timeout=WAIT_MS)
    assert page.locator(".jp-Dialog").count() == 0


@pytest.fixture(scope="module", params=["app", "slides"])
def classroom(request, tmp_path_factory, _browser):
    """`bash scripts/classroom.sh` (the app) or `... --slides`, on a free loopback port."""
    home = tmp_path_factory.mktemp(f"voila-{request.param}")
    try:
        server, base_url = start_classroom(
            # the app without preheating: a kernel for each of 40 lessons is minutes of CPU
            # at the start, and this test opens none of them
            home, ["--slides"] if request.param == "slides" else ["--no-preheat"], 120)
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    try:
        yield base_url
    finally:
        _stop(server)


def test_voila_lists_the_index_then_the_lessons_in_order(classroom, page):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(classroom)
    lessons = page.get_by_role("list", name="lessons").get_by_role("listitem")
    expected = expected_order()
    expect(lessons).to_have_count(len(expected), timeout=WAIT_MS)
    assert [text.strip() for text in lessons.all_inner_texts()] == expected
    # each links to its lesson as an app; the first is the index, which opens
    links = page.get_by_role("list", name="lessons").get_by_role("link")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [f"/voila/render/{name}?" for name in expected]
    assert accessibility_findings(page) == []  # the whole page is the classroom's own
    links.first.click()
    page.wait_for_url(f"**/voila/render/{INDEX}?")
    expect(page.get_by_role("heading", name=TITLE).first).to_be_visible(timeout=WAIT_MS)


def test_voila_renders_the_index_by_its_old_name(classroom):
    url = f"{classroom}/voila/render/index.ipynb"
    with urllib.request.urlopen(url, timeout=120) as response:
        assert response.status == 200
        assert TITLE in response.read().decode("utf-8")
