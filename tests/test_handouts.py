"""scripts/build_handouts.py: every lesson as a static page, in the index's order, linked,
with its stored tables and nothing fetched from another host (issue 9, section 3)."""

import importlib.util
import itertools
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_handouts",
                                               REPO / "scripts" / "build_handouts.py")
build_handouts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_handouts)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts")
    return out, build_handouts.export(out)


def test_every_lesson_has_a_page_index_first(pages):
    _, written = pages
    # one page per notebook file: the index (0-index.ipynb, also linked as index.ipynb) once,
    # as the front page index.html
    lessons = {p.resolve() for p in (REPO / "notebooks").glob("*.ipynb")}
    pages = [(REPO / "notebooks" / f"{p.stem}.ipynb").resolve() for p in written]
    assert len(pages) == len(set(pages)) and set(pages) == lessons
    assert written[0].name == "index.html"


def test_pages_follow_the_index_order(pages):
    _, written = pages
    index = (REPO / "notebooks" / "0-index.md").read_text(encoding="utf-8")
    linked = list(dict.fromkeys(re.findall(r"\]\(([\w.-]+)\.ipynb\)", index)))
    names = [p.stem for p in written]
    assert names[1:1 + len(linked)] == linked


def _nav_links(page: Path) -> set:
    """(rel, href) of every link of the page's lesson navigation."""
    found = set()
    for tag in re.findall(r"<a\b[^>]*>", page.read_text(encoding="utf-8")):
        rel, href = re.search(r'rel="(\w+)"', tag), re.search(r'href="([^"]+)"', tag)
        if rel and href:
            found.add((rel.group(1), href.group(1)))
    return found


def test_pages_link_to_each_other_not_to_notebooks(pages):
    _, written = pages
    for before, after in itertools.pairwise(written):
        assert ("next", after.name) in _nav_links(before)
        assert ("prev", before.name) in _nav_links(after)
    for page in written:
        assert ".ipynb\"" not in page.read_text(encoding="utf-8"), page.name


def test_no_page_fetches_from_another_host(pages):
    _, written = pages
    for page in written:
        text = page.read_text(encoding="utf-8")
        assert not build_handouts.REMOTE.search(text), page.name
        assert "<script src=" not in text, page.name


def test_tables_are_stored_pictures_and_code_is_left_out(pages):
    out, _ = pages
    bust = (out / "flip7-4-bust.html").read_text(encoding="utf-8")
    assert 'class="ds-flip7"' in bust  # the stored picture of the table
    assert "def narrate" not in bust  # the code cells are not in a pupil's handout
    deal = (out / "sevens-1-deal.html").read_text(encoding="utf-8")
    assert "ds-sevens" in deal


def test_a_page_that_would_fetch_from_the_network_is_refused():
    assert build_handouts.REMOTE.search('<script src="https://cdn.example/x.js"></script>')
    assert build_handouts.REMOTE.search("<link rel=stylesheet href='http://x/y.css'>")
    assert not build_handouts.REMOTE.search('<a href="https://example.org">a link</a>')


def test_main_reports_the_pages(tmp_path, capsys):
    assert build_handouts.main(["--out", str(tmp_path)]) == 0
    assert "pages in" in capsys.readouterr().out
    assert (tmp_path / "index.html").exists()
