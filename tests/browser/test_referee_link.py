"""A referee page opened from a link (issue 24, "share it as a link"): the address of
notebooks/referee-sevens.ipynb with a link after "#" (a Sevens position of 4 players with a
move asked) shows that position's text and the verdict on that move, in JupyterLab, in the
Voila app (from a preheated kernel, the classroom's default) and on the zero-install site; a
tampered link shows the engine's message and the first deal. "Copy link" gives the whole
address of the page, which opens the same again. Each check waits on what the page shows.
Screenshots at 1280×720: tests/browser/artifacts/referee-link-<path>.png.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest
from browser_harness import _READY, _START_RUN_ALL, _js, keep_screenshot, start_classroom
from conftest import _stop
from playwright.sync_api import expect
from test_jupyterlite_site import (  # the site's fixtures, built once for this module too
    _KERNEL,
    KERNEL_START_MS,
    _offline,
    _offline_context,
    lite_server,  # noqa: F401  (a fixture)
    lite_site,  # noqa: F401  (a fixture)
)

from doublesept import CHANCE, sevens
from doublesept.core.links import read_link, to_link
from doublesept.widgets import Referee

pytestmark = pytest.mark.browser

PAGE = "notebooks/referee-sevens.ipynb"
WAIT_MS = 120_000  # a kernel's start and the page's run on a busy 2-core machine
VIEWPORT = {"width": 1280, "height": 720}
BAD = "This link does not open, the position stays: "


def _position():
    """A Sevens position of 4 players a few moves into the round."""
    state = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=3)
    while state.to_move is CHANCE:
        state = state.play(state.legal_moves()[0])
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    return state


STATE = _position()
MOVE = "5♦"  # asked about: refused here, with its reason and rule
TOKEN = to_link(STATE, MOVE)


def _tampered(token: str) -> str:
    """``token`` with one letter changed, the first change that makes it not read."""
    head, _, body = token.rpartition(".")
    for i in range(len(body) // 2, len(body)):
        letter = "B" if body[i] != "B" else "C"
        damaged = f"{head}.{body[:i]}{letter}{body[i + 1:]}"
        try:
            read_link(damaged)
        except ValueError:
            return damaged
    raise AssertionError("no letter changed made the link unreadable")


TAMPERED = _tampered(TOKEN)


def _shown_by(*links: str) -> tuple[str, str, str]:
    """What a referee shows once it opened ``links`` one after the other: (position text,
    move asked, reply)."""
    referee = Referee("sevens")
    for link in links:
        referee.open_link(link)
    return referee.text_box.value, referee.move_box.value, referee.reply.value


def _check_referee(page, *links: str) -> None:
    """The referee on ``page`` shows what ``links`` open: the position's text and the
    verdict on the move of the last that reads; for a link that does not read, the engine's
    message, and the position before (the first deal on a page opened with it)."""
    text, move, reply = _shown_by(*links)
    root = page.locator(".ds-referee").last
    expect(root.locator(".ds-referee-text textarea")).to_have_value(text, timeout=WAIT_MS)
    expect(root.locator(".ds-referee-reply")).to_contain_text(reply[:60], timeout=WAIT_MS)
    if links[-1] == TOKEN:
        assert text == STATE.to_text() and move == MOVE
        assert reply.startswith(f"{MOVE} is ")
        expect(root.get_by_placeholder(re.compile(r"^a move"))).to_have_value(MOVE)
    else:
        assert reply.startswith(BAD)
        first = Referee("sevens").text_box.value
        assert text == (first if links == (TAMPERED,) else STATE.to_text())


def _copied_link(page) -> str:
    """Press "Copy link": the whole address it writes (the page's address, "#", the token)."""
    root = page.locator(".ds-referee").last
    root.get_by_role("button", name=re.compile(r"^Copy link")).click()
    box = root.get_by_placeholder(re.compile(r"^Paste a link"))
    expect(box).to_have_value(re.compile(r"#ds1\.sevens\."), timeout=WAIT_MS)
    return box.input_value()


def _screenshot(page, name: str) -> Path:
    page.locator(".ds-referee").last.scroll_into_view_if_needed()
    return keep_screenshot(page, f"referee-link-{name}")


# ----------------------------------------------------------------------------- JupyterLab

def _open_in_lab(page, base_url: str, fragment: str) -> None:
    for session in _get_json(f"{base_url}/api/sessions"):
        if session["path"] == PAGE:
            urllib.request.urlopen(urllib.request.Request(
                f"{base_url}/api/sessions/{session['id']}", method="DELETE"), timeout=5).close()
    page.goto(f"{base_url}/lab/tree/{PAGE}?reset#{fragment}")
    page.wait_for_function(_js(_READY), arg=PAGE, timeout=WAIT_MS)
    page.evaluate(_js(_START_RUN_ALL), PAGE)


def _get_json(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def test_jupyterlab_opens_the_referee_from_the_link_in_its_address(jupyter_server, page):
    page.set_viewport_size(VIEWPORT)
    _open_in_lab(page, jupyter_server, TOKEN)
    _check_referee(page, TOKEN)
    _screenshot(page, "lab")
    whole = _copied_link(page)
    assert whole == f"{jupyter_server}/lab/tree/{PAGE}#{TOKEN}"
    _open_in_lab(page, jupyter_server, TAMPERED)
    _check_referee(page, TAMPERED)
    _screenshot(page, "lab-tampered")


# ----------------------------------------------------------------------------- Voila

@pytest.fixture(scope="module")
def voila_referee(tmp_path_factory, _browser):
    """The classroom's Voila app with the referee page preheated (scripts/classroom.sh's
    default for every lesson): yields (base URL, log path) once its kernel is ready."""
    home = tmp_path_factory.mktemp("voila-referee")
    name = Path(PAGE).name
    try:
        server, base_url = start_classroom(home, ["--no-preheat", "--pool", f"{name}=1"], 120)
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    try:
        yield base_url, home / "voila.log"
    finally:
        _stop(server)


def _wait_preheated(log: Path, count: int) -> None:
    page_name = Path(PAGE).name
    deadline = time.monotonic() + WAIT_MS / 1000
    while log.read_text(encoding="utf-8").count(f"Preheated: {page_name} in kernel") < count:
        assert time.monotonic() < deadline, log.read_text(encoding="utf-8")[-3000:]
        time.sleep(0.2)  # polling the server's log for what it shows, with a deadline


def test_voila_opens_the_referee_from_the_link_in_its_address(voila_referee, page):
    base_url, log = voila_referee
    page.set_viewport_size(VIEWPORT)
    _wait_preheated(log, 1)
    page.goto(f"{base_url}/voila/render/{Path(PAGE).name}#{TOKEN}")
    _check_referee(page, TOKEN)
    assert "Using pre-heated kernel" in log.read_text(encoding="utf-8")
    _screenshot(page, "voila")
    whole = _copied_link(page)
    assert whole == f"{base_url}/voila/render/{Path(PAGE).name}#{TOKEN}"
    # a tampered link pasted in the address bar (the page does not reload): refused, and the
    # position stays
    page.evaluate("(link) => { window.location.hash = link; }", TAMPERED)
    _check_referee(page, TOKEN, TAMPERED)
    # a page opened with the tampered link: the message and the first deal
    page.goto("about:blank")
    _wait_preheated(log, 2)
    page.goto(f"{base_url}/voila/render/{Path(PAGE).name}#{TAMPERED}")
    _check_referee(page, TAMPERED)
    _screenshot(page, "voila-tampered")


# ----------------------------------------------------------------------------- JupyterLite

def _open_in_lite(browser, server: str, fragment: str, context=None):
    """A page with the referee page opened at its address with ``fragment`` and run, offline
    but for the site: in a context of its own (JupyterLite keeps its files in the browser's
    storage: a context of its own is a reader who never opened the site), or in ``context``
    (a reader who opened the site before: Pyodide comes from the browser's cache)."""
    if context is None:
        context, page = _offline_context(browser, server)
    else:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.dialogs = []
        page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message),
                                          dialog.dismiss()))
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{server}/lab/index.html?path={PAGE}#{fragment}")
    page.wait_for_function(_KERNEL, arg=PAGE, timeout=KERNEL_START_MS)
    page.evaluate(_js(_START_RUN_ALL), PAGE)
    return context, page


def test_the_zero_install_site_opens_the_referee_from_the_link_in_its_address(
        _browser, lite_server):  # noqa: F811
    context, page = _open_in_lite(_browser, lite_server, TOKEN)
    try:
        _check_referee(page, TOKEN)
        _screenshot(page, "lite")
        whole = _copied_link(page)
        assert whole == f"{lite_server}/lab/index.html?path={PAGE}#{TOKEN}"
        _offline(context)
        # a tampered link, pasted by the same reader in a new tab (the site already cached:
        # a second fresh context would load Pyodide again, a minute of CI)
        page.close()
        _, page = _open_in_lite(_browser, lite_server, TAMPERED, context)
        _check_referee(page, TAMPERED)
        _screenshot(page, "lite-tampered")
        assert page.dialogs == []
        _offline(context)
    finally:
        context.close()
