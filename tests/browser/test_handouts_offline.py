"""The handouts open from file:// in Chromium with the network blocked, and their tables
show and fit an A4 page when printed (issue 9, section 3)."""

import importlib.util
from pathlib import Path

import pytest
from browser_harness import keep_screenshot

pytestmark = pytest.mark.browser

ALLOWED_URL_PREFIX = "file://"  # offline_page (conftest.py) blocks every other request

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("build_handouts",
                                               REPO / "scripts" / "build_handouts.py")
build_handouts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_handouts)

# 186 mm (A4 less 12 mm margins) at the CSS 96 dpi
A4_INNER_PX = 186 / 25.4 * 96


@pytest.fixture(scope="module")
def handouts(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts")
    build_handouts.export(out)
    return out


@pytest.mark.parametrize("lesson, table, text", [
    ("sevens-3-what-fits", ".ds-sevens table", "♠"),
    ("flip7-4-bust", ".ds-flip7 table", "Ann"),
])
def test_a_handout_shows_its_tables_offline(handouts, offline_page, lesson, table, text):
    page = offline_page
    page.goto((handouts / f"{lesson}.html").as_uri())
    first = page.locator(table).first
    first.wait_for(state="visible")
    assert text in first.inner_text()
    keep_screenshot(page, f"path-handout-{lesson}")
    # the lesson's navigation leads back to the index, which opens too
    page.locator("nav.ds-handout-nav a", has_text="Index").first.click()
    page.wait_for_url("**/index.html")
    assert page.locator("nav.ds-handout-nav a[rel=next]").first.is_visible()
    assert page.blocked == []


def test_tables_fit_an_a4_page_when_printed(handouts, offline_page):
    page = offline_page
    page.set_viewport_size({"width": round(A4_INNER_PX), "height": 1100})
    page.emulate_media(media="print")
    for lesson in ("sevens-3-what-fits", "flip7-1-rules", "flip7-12-odds"):
        page.goto((handouts / f"{lesson}.html").as_uri())
        widths = page.eval_on_selector_all(
            "main table", "tables => tables.map(t => t.getBoundingClientRect().right)")
        assert widths, lesson
        assert max(widths) <= A4_INNER_PX + 1, (lesson, max(widths))
    assert page.blocked == []
