"""The page's own address as a link (issue 24): ``PageLink`` checks what the page sends,
keeps the page's address without its link, and hands the link on once; a referee page
(``Referee(game, page_link=True)``) opens it and copies whole addresses."""

from __future__ import annotations

import pytest

from doublesept.widgets import Referee
from doublesept.widgets.page_link import MAX_ADDRESS, PageLink, link_in, without_link

LAB = "http://127.0.0.1:8888/lab/tree/notebooks/referee-sevens.ipynb"
LITE = "https://example.org/lite/lab/index.html?path=notebooks/referee-sevens.ipynb"
VOILA = "http://127.0.0.1:8866/voila/render/referee-sevens.ipynb"


def _address(href, opened=""):
    return {"intent": "address", "href": href, "opened": opened}


@pytest.mark.parametrize(("address", "link", "page"), [
    (f"{LAB}#ds1.sevens.abc", "ds1.sevens.abc", LAB),
    (f"{LITE}#ds1.sevens.abc", "ds1.sevens.abc", LITE),
    (f"{VOILA}?position=ds1.sevens.abc", "ds1.sevens.abc", VOILA),
    (f"{LITE}&position=ds1.flip7.x&theme=dark", "ds1.flip7.x", f"{LITE}&theme=dark"),
    (f"{VOILA}?position=a&position=b", "a", VOILA),
    (LAB, None, LAB), (f"{LAB}#", None, LAB), (f"{VOILA}?position=", "", VOILA),
])
def test_the_link_an_address_carries_and_the_page_without_it(address, link, page):
    assert link_in(address) == link
    assert without_link(address) == page


def test_the_link_of_the_address_is_handed_on_once_and_a_new_one_again():
    got = []
    widget = PageLink(got.append)
    assert widget.whole("ds1.x.y") == "ds1.x.y"  # the page has not said its address yet
    assert widget.handle_message(_address(f"{VOILA}#ds1.sevens.abc", VOILA))
    assert got == ["ds1.sevens.abc"] and widget.link == "ds1.sevens.abc"
    assert widget.address == VOILA
    assert widget.whole("ds1.flip7.z") == f"{VOILA}#ds1.flip7.z"
    # drawn again (a second view): the reader's work is not opened over
    assert widget.handle_message(_address(f"{VOILA}#ds1.sevens.abc", VOILA))
    assert got == ["ds1.sevens.abc"]
    # the reader pastes another link in the address bar (the page sends it again)
    assert widget.handle_message(_address(f"{VOILA}#ds1.sevens.def", VOILA))
    assert got == ["ds1.sevens.abc", "ds1.sevens.def"]


def test_a_plain_page_hands_nothing_on():
    got = []
    widget = PageLink(got.append)
    assert widget.handle_message(_address(LAB, LAB))
    assert got == [] and widget.link is None and widget.address == LAB


def test_the_address_the_page_was_opened_at_when_the_app_rewrote_it():
    """JupyterLab drops the fragment while the notebook opens, JupyterLite its ?path=: the
    navigation's own address (``opened``) still has them."""
    got = []
    widget = PageLink(got.append)
    assert widget.handle_message(_address(LAB, f"{LAB}#ds1.sevens.abc"))
    assert got == ["ds1.sevens.abc"] and widget.address == LAB
    lite = PageLink(got.append)
    page = LITE.split("?")[0]
    assert lite.handle_message(_address(page, f"{LITE}#ds1.sevens.xyz"))
    assert got[-1] == "ds1.sevens.xyz" and lite.address == LITE


def test_a_long_link_is_handed_on_for_the_engine_to_refuse_and_a_long_page_not_kept():
    got = []
    widget = PageLink(got.append)
    long_link = "ds1.sevens." + "A" * 50_000
    assert widget.handle_message(_address(f"{VOILA}#{long_link}"))
    assert got == [long_link]
    long_page = VOILA + "?x=" + "y" * MAX_ADDRESS
    assert widget.handle_message(_address(long_page))
    assert widget.address == ""


@pytest.mark.parametrize(("message", "words"), [
    ("address", "must be an object"),
    ({"intent": "play", "move": "7♦"}, "unknown intent"),
    ({"href": LAB}, "unknown intent"),
    ({"intent": "address", "href": LAB}, "needs 'opened' as text"),
    ({"intent": "address", "href": 7, "opened": ""}, "needs 'href' as text"),
    ({"intent": "address", "href": True, "opened": ""}, "needs 'href' as text"),
    ({"intent": "address", "href": ["#ds1"], "opened": ""}, "needs 'href' as text"),
    ({"intent": "address", "href": LAB, "opened": "", "state": 1}, "unexpected fields"),
])
def test_a_message_that_is_not_an_address_is_refused_and_nothing_handed_on(message, words):
    got = []
    widget = PageLink(got.append)
    assert not widget.handle_message(message)
    assert words in widget.message and widget.message.startswith("Message refused: ")
    assert got == [] and widget.address == ""


def test_the_page_only_sends_intents():
    """The widget's ES module ships in the package beside the others, and draws nothing."""
    assert "model.send" in PageLink._esm and "innerHTML" not in PageLink._esm
    assert "window.location.href" in PageLink._esm


# ---- the referee pages: Referee(game, page_link=True)


def test_a_referee_page_opens_the_link_of_its_address_and_copies_whole_addresses():
    first = Referee("flip7", lang="en")
    first.table.play(first.state.legal_moves()[0])
    first.ask("stay")
    verdict = first.message
    token = first.copy_link()
    referee = Referee("flip7", lang="en", page_link=True)
    assert referee.page_link in referee.children
    assert referee.page_link.handle_message(_address(VOILA, f"{VOILA}#{token}"))
    assert referee.state == first.state and referee.move_box.value == "stay"
    assert referee.message == verdict  # the verdict on the move asked
    assert referee.copy_link() == f"{VOILA}#{token}" == referee.link_box.value
    assert Referee("flip7", link=referee.link_box.value).state == first.state


def test_a_referee_page_opened_plainly_keeps_its_first_deal_and_a_bad_link_says_why():
    plain = Referee("sevens", lang="en", page_link=True)
    before = plain.state
    assert plain.page_link.handle_message(_address(VOILA, VOILA))
    assert plain.state is before and plain.message == ""
    assert plain.page_link.handle_message(_address(f"{VOILA}#ds1.sevens.abcd", VOILA))
    assert plain.state is before
    assert plain.message.startswith("This link does not open, the position stays: ")
    assert "damaged" in plain.message


def test_a_referee_without_page_link_reads_no_address():
    referee = Referee("doubleseven")
    assert referee.page_link is None
    assert not any(isinstance(child, PageLink) for child in referee.children)
    assert referee.copy_link().startswith("ds1.doubleseven.")
