"""The classroom's presentation mode: scripts/classroom.sh serves the lessons with Voila as
apps (prose and widgets, no code), and a widget answers clicks (issue 9, section 1)."""

import re
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_harness import accessibility_findings, keep_screenshot, start_classroom
from conftest import _stop
from playwright.sync_api import expect
from test_every_lesson import GAMES, ByGame, parametrize_lessons, widgets_shown

pytestmark = pytest.mark.browser

ALLOWED_URL_PREFIX = "http://127.0.0.1:"  # offline_page (conftest.py) blocks every other request

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120  # --slides fetches reveal.js from the npm registry the first time
WAIT_MS = 30_000  # Voila runs the whole lesson before it shows it
LESSON_RUN_MS = 240_000  # the longest lesson (simulations) on a loaded 2-core machine


PREHEATED = "sevens-3-what-fits.ipynb"  # the lesson with a pool of its own in these tests
_LOG: dict[str, Path] = {}  # "app" or "slides": that running server's log


def voila_server_log(kind: str = "app") -> str:
    return _LOG[kind].read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory, _browser):
    """`bash scripts/classroom.sh` on a free loopback port; yields its base URL.

    One lesson is preheated (``--pool``), the one the preheating test opens: the default, a
    kernel for every lesson, would run all 40 lessons at the start on each pytest worker that
    holds a class of this module (minutes of CPU the other tests wait behind). The default's
    pools are ``jupyter/voila.py``'s ``pool_sizes`` (tests/test_notebook_tooling.py)."""
    yield from _classroom(tmp_path_factory,
                          ["--no-preheat", "--pool", f"{PREHEATED}=1"], "app")


@pytest.fixture(scope="module")
def slides_server(tmp_path_factory, _browser):
    """`bash scripts/classroom.sh --slides` on a free loopback port; yields its base URL."""
    yield from _classroom(tmp_path_factory, ["--slides"], "slides")


def _classroom(tmp_path_factory, arguments: list, kind: str):
    home = tmp_path_factory.mktemp("voila")
    try:
        server, base_url = start_classroom(home, arguments, START_TIMEOUT_S)
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    _LOG[kind] = home / "voila.log"
    try:
        yield base_url
    finally:
        _stop(server)


def page_kernel(lesson: str) -> str:
    """The kernel the server's log says the last page of ``lesson`` got: a preheated one
    (``Using pre-heated kernel: <id> for <lesson>``, scripts/classroom.sh's default), or else
    the last kernel started."""
    log = voila_server_log()
    pooled = re.findall(rf"Using pre-heated kernel: ([0-9a-f-]{{36}}) for {re.escape(lesson)}",
                        log)
    started = pooled or re.findall(r"Kernel started: ([0-9a-f-]{36})", log)
    assert started, f"no kernel was started for {lesson}"
    return started[-1]


def wait_for_log(what: str, count: int, timeout_s: float) -> None:
    """Wait until the server's log holds ``what`` at least ``count`` times; fail with the
    log's end after ``timeout_s`` seconds."""
    deadline = time.monotonic() + timeout_s
    while voila_server_log().count(what) < count:
        assert time.monotonic() < deadline, (
            f"{what!r} not {count} times in the server's log after {timeout_s:g} s:\n"
            + voila_server_log()[-3000:])
        time.sleep(0.2)  # polling the server's log for what it shows, with a deadline


def test_a_lesson_comes_from_a_preheated_kernel_and_its_pool_refills(voila_server, page):
    """scripts/classroom.sh preheats kernels (jupyter/voila.py), here one lesson's: the page is
    sent from it, a move is answered, the pool starts the next kernel for the next pupil,
    and closing the tab shuts the pupil's kernel down, not the pool's."""
    lesson = PREHEATED
    ready = f"Preheated: {lesson} in kernel"
    # another test of this server may have opened the lesson before: wait for its refill (a
    # pool of one is full when one more kernel was preheated than pages took), then this
    # page's refill is the next "Preheated" line
    taken = "Using pre-heated kernel: "
    deadline = time.monotonic() + LESSON_RUN_MS / 1000
    while True:
        log = voila_server_log()
        before = log.count(ready)
        if before == len(re.findall(rf"{taken}\S+ for {re.escape(lesson)}", log)) + 1:
            break
        assert time.monotonic() < deadline, f"the pool of {lesson} did not fill:\n{log[-3000:]}"
        time.sleep(0.2)  # polling the server's log for what it shows, with a deadline
    page.goto(f"{voila_server}/voila/render/{lesson}")
    kernel = page_kernel(lesson)
    assert f"Using pre-heated kernel: {kernel} for {lesson}" in voila_server_log()
    root = page.locator(".ds-sevens").filter(
        has=page.get_by_role("table", name="moves to try")).last
    expect(root).to_be_visible(timeout=WAIT_MS)
    root.get_by_role("button", name="play 8♠", exact=True).click()
    expect(root.get_by_role("alert", name="message")).to_contain_text("Ann played 8♠",
                                                                      timeout=WAIT_MS)
    wait_for_log(ready, before + 1, LESSON_RUN_MS / 1000)  # the refill
    refill = re.findall(rf"Preheated: {re.escape(lesson)} in kernel ([0-9a-f-]{{36}})",
                        voila_server_log())[-1]
    assert refill != kernel
    page.close(run_before_unload=True)
    wait_for_log(f"Kernel shutdown: {kernel}", 1, WAIT_MS / 1000)
    assert f"Kernel shutdown: {refill}" not in voila_server_log()


def test_the_slides_refuse_preheating_with_a_reason():
    """Voila cannot preheat with the hook that cuts a lesson into slides: the script says
    so and starts nothing."""
    done = subprocess.run(["bash", "scripts/classroom.sh", "--slides", "--preheat"], check=False, cwd=REPO,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "--slides cannot be preheated" in done.stderr


def test_kernels_of_idle_or_closed_tabs_are_culled(voila_server):
    # jupyter/voila.py, read by the server scripts/classroom.sh starts: 5 minutes, every minute.
    # The culler starts with the first kernel: render a lesson for it.
    urllib.request.urlopen(f"{voila_server}/voila/render/0-index.ipynb", timeout=60).close()
    log = voila_server_log()
    assert "Culling kernels with idle durations > 300 seconds at 60 second intervals" in log
    assert "Culling kernels even with connected clients" in log


def test_voila_lists_the_lessons_and_the_index_links_them(voila_server, page):
    page.goto(voila_server)
    lessons = page.get_by_role("list").get_by_role("listitem")
    # the tree is drawn once its page has loaded: on a busy machine, later than 5 s
    expect(lessons.filter(has_text="sevens-3-what-fits.ipynb")).to_have_count(1, timeout=WAIT_MS)
    expect(lessons.filter(has_text="index.ipynb")).to_have_count(1)
    expect(lessons.filter(has_text=re.compile(r"\.md$"))).to_have_count(0)  # sources hidden
    page.goto(f"{voila_server}/voila/render/0-index.ipynb")
    link = page.get_by_role("link", name="The bust", exact=True)
    expect(link).to_be_visible(timeout=WAIT_MS)
    link.click()
    page.wait_for_url("**/voila/render/flip7-4-bust.ipynb")
    expect(page.locator(".ds-flip7").first).to_be_visible(timeout=WAIT_MS)


def test_a_lesson_as_an_app_answers_a_legal_and_an_illegal_move(voila_server, page, timings):
    started = time.monotonic()
    page.goto(f"{voila_server}/voila/render/sevens-3-what-fits.ipynb")
    # The last try-a-move table of the lesson: seed 003's example, Ann to play.
    root = page.locator(".ds-sevens").filter(
        has=page.get_by_role("table", name="moves to try")).last
    expect(root).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("body")).not_to_contain_text("SevensTryMoves(")  # no code on the page
    message = root.get_by_role("alert", name="message")

    root.get_by_role("button", name="play 8♠", exact=True).click()
    expect(message).to_contain_text("Ann played 8♠", timeout=WAIT_MS)
    # from the page asked for to the engine's reply to a click: the first working widget
    timings["voila_first_working_widget_s"] = f"{time.monotonic() - started:.1f}"
    expect(root.get_by_label("to play", exact=True)).to_have_text("To play: Bob")

    illegal = root.get_by_role("row").filter(has_text="✘ illegal").first
    illegal.get_by_role("button").first.click()
    expect(message).to_contain_text("is illegal for Bob", timeout=WAIT_MS)
    expect(message).to_have_class(re.compile(r"\bds-message-error\b"))
    expect(root.get_by_label("to play", exact=True)).to_have_text("To play: Bob")
    keep_screenshot(page, "path-voila-app")


def test_a_lesson_app_fetches_nothing_elsewhere_and_closing_it_frees_its_kernel(
        voila_server, offline_page):
    # issue 21: no Font Awesome from a CDN (classroom/voila/templates/doublesept-app), and
    # the beacon Voila sends on closing a tab is answered (jupyter/voila.py), not refused
    # with 403 so that the kernel waited for the 5-minute cull.
    page = offline_page
    page.goto(f"{voila_server}/voila/render/flip7-4-bust.ipynb")
    # A drawn widget (.ds-widget, drawn by widgets/common.js), not the first .ds-flip7: a
    # state's own HTML (doublesept/flip7/render.py) is on the page before Voila's widget
    # manager starts, and the manager is what sends the beacon on closing; a page closed
    # before it started sends none (CI's one failure at stop 27).
    expect(page.locator(".ds-widget.ds-flip7").first).to_be_visible(timeout=LESSON_RUN_MS)
    assert page.blocked == []
    assert page.missing == []
    kernel = page_kernel("flip7-4-bust.ipynb")
    page.close(run_before_unload=True)
    deadline = time.monotonic() + WAIT_MS / 1000
    while f"Kernel shutdown: {kernel}" not in voila_server_log():
        assert time.monotonic() < deadline, (
            f"kernel {kernel} still runs {WAIT_MS // 1000} s after its tab closed; log:\n"
            + voila_server_log()[-3000:])
        time.sleep(0.2)  # polling the server's log for what it shows, with a deadline
    assert not re.search(r"403 POST /voila/api/shutdown", voila_server_log())


# The cells of the slide on screen: [top, bottom] in px of the first and the last, and the
# slide's heading ("" for a section's second slide).
SLIDE_ON_SCREEN = """() => {
  const slide = document.querySelector(".reveal .slides > section.present > section.present");
  const boxes = Array.from(slide.children).map((cell) => cell.getBoundingClientRect());
  return [Math.min(...boxes.map((b) => b.top)), Math.max(...boxes.map((b) => b.bottom)),
          slide.querySelector("h1, h2")?.textContent.replace("¶", "").trim() ?? ""];
}"""


def walk_slides(page, stop=None) -> list:
    """Walk a lesson's slides with the arrow key, once classroom/voila/templates/
    doublesept-slides/static/slides.js has cut them to fit (``.reveal[data-packed]``); stop on
    the slide where ``stop`` (a locator) is visible. Returns SLIDE_ON_SCREEN of each slide
    shown, and fails if one passes the 1280×720 screen."""
    reveal = page.locator(".reveal[data-packed]")
    expect(reveal).to_have_count(1, timeout=LESSON_RUN_MS)
    total = int(reveal.get_attribute("data-packed"))
    assert page.locator(".reveal .slides > section").count() == total
    seen = []
    for index in range(total):
        page.wait_for_function("(i) => Reveal.getIndices().h === i", arg=index)
        top, bottom, heading = page.evaluate(SLIDE_ON_SCREEN)
        assert 0 <= top and bottom <= 720, (
            f"slide {index + 1} of {total} ({heading or 'a section continued'}) runs from "
            f"{top:.0f} to {bottom:.0f} px on a 720 px screen")
        seen.append((top, bottom, heading))
        if stop is not None and stop.is_visible():
            break
        page.keyboard.press("ArrowRight")
    return seen


def test_slides_one_per_section_widgets_live_and_nothing_fetched(slides_server, offline_page):
    page = offline_page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{slides_server}/voila/render/sevens-3-what-fits.ipynb")
    expect(page.locator(".reveal .slides > section").first).to_be_visible(timeout=WAIT_MS)
    # reveal.js is styled from the local copy (its stylesheet sets the .reveal viewport)
    assert page.locator(".reveal").evaluate("el => getComputedStyle(el).position") != "static"
    # Walk the slides with the keyboard to seed 003's example (Ann to play 8♠), then play it:
    # every section starts a slide (the title's, then one per heading), and none is cut
    # before its heading
    card = page.get_by_role("button", name="play 8♠", exact=True)
    seen = walk_slides(page, stop=card.last)
    headings = page.locator(".reveal .slides > section").evaluate_all(
        "slides => slides.map((s) => s.querySelector('h1, h2')?.textContent"
        ".replace('¶', '').trim() ?? '')")
    assert [heading for *_, heading in seen] == headings[:len(seen)]
    assert seen[0][2].startswith("Sevens 3") and sum(1 for *_, h in seen if h) >= 3
    expect(card.last).to_be_visible()
    card.last.click()
    replies = page.get_by_role("alert", name="message").filter(has_text="Ann played 8♠")
    expect(replies).to_have_count(1, timeout=WAIT_MS)
    expect(replies).to_be_visible()
    keep_screenshot(page, "path-voila-slides")
    assert page.blocked == []
    assert page.missing == []


# the lessons whose sections were taller than the screen (issue 21: no slide taller than
# 720 px): the index's list of lessons, a section of quotes, a move table, each game
# against the computer
TALL_SECTIONS = ["0-index.ipynb", "doubleseven-10-scoring.ipynb",
                 "doubleseven-12-vs-computer.ipynb", "flip7-13-vs-computer.ipynb",
                 "sevens-11-match.ipynb"]


@pytest.mark.parametrize("lesson", TALL_SECTIONS)
def test_every_slide_fits_a_1280x720_screen(slides_server, page, lesson):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{slides_server}/voila/render/{lesson}", timeout=LESSON_RUN_MS)
    seen = walk_slides(page)
    assert len(seen) > sum(1 for *_, heading in seen if heading)  # some sections were cut
    assert page.locator(".ds-widget").count() == widgets_shown(lesson)


# lessons whose illegal move on purpose is checked word for word in the app
ILLEGAL_SHOWN = {
    "sevens-4-must-play.ipynb": "IllegalMove: [sevens.must-play]",
    "flip7-4-bust.ipynb": "[flip7.",
    "doubleseven-4-families.ipynb": "[doubleseven.",
}


def pytest_generate_tests(metafunc):
    parametrize_lessons(metafunc)


class LessonsAsApps(ByGame):  # one class per game: see test_every_lesson.ByGame
    def test_every_lesson_as_an_app_passes_axe(self, voila_server, page, lesson):
        # Voila sends the page once every cell has run: long simulations take a while
        page.goto(f"{voila_server}/voila/render/{lesson}", timeout=LESSON_RUN_MS)
        expect(page.locator(".jp-Cell").first).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(".ds-widget")).to_have_count(widgets_shown(lesson), timeout=WAIT_MS)
        # an illegal move shown on purpose reads as the engine's message, not a generic error
        expect(page.locator("body")).not_to_contain_text("There was an error when executing")
        if lesson in ILLEGAL_SHOWN:
            expect(page.locator("body")).to_contain_text(ILLEGAL_SHOWN[lesson])
        assert accessibility_findings(page) == []


class TestSevensAndIndexAsApps(LessonsAsApps):
    PREFIXES = GAMES["SevensAndIndex"]


class TestFlip7AsApps(LessonsAsApps):
    PREFIXES = GAMES["Flip7"]


class TestDoubleSevenAsApps(LessonsAsApps):
    PREFIXES = GAMES["DoubleSeven"]


def test_a_move_played_with_the_keyboard_alone_is_announced(voila_server, page):
    """No mouse: Tab to the first move of a try-a-move table, press Enter; the reply is
    written into the widget's live region (role "alert"), which a screen reader reads out."""
    page.goto(f"{voila_server}/voila/render/sevens-3-what-fits.ipynb")
    expect(page.locator(".ds-sevens").first).to_be_visible(timeout=WAIT_MS)
    focused_label = "() => document.activeElement?.getAttribute('aria-label') || ''"
    for _ in range(400):
        page.keyboard.press("Tab")
        label = page.evaluate(focused_label)
        if label.startswith("play "):
            break
    else:
        pytest.fail("Tab never reached a move of a try-a-move table")
    card = label.removeprefix("play ")
    index = page.evaluate("() => [...document.querySelectorAll('.ds-sevens')]"
                          ".findIndex((w) => w.contains(document.activeElement))")
    root = page.locator(".ds-sevens").nth(index)
    alert = root.get_by_role("alert", name="message")
    page.keyboard.press("Enter")
    expect(alert).to_contain_text(re.compile(rf"played {re.escape(card)}|{re.escape(card)} is "
                                             r"illegal"), timeout=WAIT_MS)
    assert alert.get_attribute("role") == "alert"  # assertive: read out at once
