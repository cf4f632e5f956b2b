"""The classroom's presentation mode: scripts/classroom.sh serves the lessons with Voila as
apps (prose and widgets, no code), and a widget answers clicks (issue 9, section 1)."""

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import _free_port, _stop
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60
WAIT_MS = 30_000  # Voila runs the whole lesson before it shows it


_LOG: dict[str, Path] = {}  # "path": the running server's log


def voila_server_log() -> str:
    return _LOG["path"].read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory, _browser):
    """`bash scripts/classroom.sh` on a free loopback port; yields its base URL."""
    home = tmp_path_factory.mktemp("voila")
    venv_bin = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": venv_bin + os.pathsep + os.environ.get("PATH", ""),
           "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_PLATFORM_DIRS": "1",
           "IPYTHONDIR": str(home / "ipython")}
    env.pop("JUPYTER_CONFIG_PATH", None)
    port = _free_port()
    log_path = home / "voila.log"
    log = log_path.open("w")
    server = subprocess.Popen(
        ["bash", "scripts/classroom.sh", "--no-browser", "--Voila.ip=127.0.0.1",
         f"--port={port}", "--Voila.port_retries=0"],
        env=env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True)
    base_url = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    while True:
        if server.poll() is not None or time.monotonic() - started > START_TIMEOUT_S:
            _stop(server)
            pytest.fail(f"Voila did not start; its log:\n{log_path.read_text()[-4000:]}",
                        pytrace=False)
        try:
            urllib.request.urlopen(base_url, timeout=2).close()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    _LOG["path"] = log_path
    try:
        yield base_url
    finally:
        _stop(server)
        log.close()


def test_kernels_of_idle_or_closed_tabs_are_culled(voila_server):
    # jupyter/voila.py, read by the server scripts/classroom.sh starts: 5 minutes, every minute.
    # The culler starts with the first kernel: render a lesson for it.
    urllib.request.urlopen(f"{voila_server}/voila/render/index.ipynb", timeout=60).close()
    log = voila_server_log()
    assert "Culling kernels with idle durations > 300 seconds at 60 second intervals" in log
    assert "Culling kernels even with connected clients" in log


def test_voila_lists_the_lessons_and_the_index_links_them(voila_server, page):
    page.goto(voila_server)
    lessons = page.get_by_role("list").get_by_role("listitem")
    expect(lessons.filter(has_text="sevens-3-what-fits.ipynb")).to_have_count(1)
    expect(lessons.filter(has_text="index.ipynb")).to_have_count(1)
    expect(lessons.filter(has_text=re.compile(r"\.md$"))).to_have_count(0)  # sources hidden
    page.goto(f"{voila_server}/voila/render/index.ipynb")
    link = page.get_by_role("link", name="The bust", exact=True)
    expect(link).to_be_visible(timeout=WAIT_MS)
    link.click()
    page.wait_for_url("**/voila/render/flip7-4-bust.ipynb")
    expect(page.locator(".ds-flip7").first).to_be_visible(timeout=WAIT_MS)


def test_a_lesson_as_an_app_answers_a_legal_and_an_illegal_move(voila_server, page):
    page.goto(f"{voila_server}/voila/render/sevens-3-what-fits.ipynb")
    # The last try-a-move table of the lesson: seed 003's example, Ann to play.
    root = page.locator(".ds-sevens").filter(
        has=page.get_by_role("table", name="moves to try")).last
    expect(root).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("body")).not_to_contain_text("TryMoves(")  # no code on the page
    message = root.get_by_role("alert", name="message")

    root.get_by_role("button", name="play 8♠", exact=True).click()
    expect(message).to_contain_text("Ann played 8♠", timeout=WAIT_MS)
    expect(root.get_by_label("to play", exact=True)).to_have_text("To play: Bob")

    illegal = root.get_by_role("row").filter(has_text="✘ illegal").first
    illegal.get_by_role("button").first.click()
    expect(message).to_contain_text("is illegal for Bob", timeout=WAIT_MS)
    expect(message).to_have_class(re.compile(r"\bds-message-error\b"))
    expect(root.get_by_label("to play", exact=True)).to_have_text("To play: Bob")
