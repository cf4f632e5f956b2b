"""Each game against the computer on one screen (issue 21, item 2), in JupyterLab at 1280×720.

For each game it opens a fixture notebook (tests/browser/fixtures/<game>_vs_computer.ipynb:
the lesson's last game, Ann against three computers, English with French beneath), scrolls
the widget's top into view once, as a reader would, turns the teacher's switch on and off
(the header says "Teacher's view: ..." then "Ann's view" again), and then plays by clicks
only, with the mouse at the control's centre, until Ann has made DECISIONS choices: a legal move of hers
when it is her turn, else "To my turn" (or "Next step" when it is disabled). At every click
it fails if:

- the control clicked was not in the viewport before the click (or something covered it);
- on Ann's turn, any of her legal moves is out of view (``ALL_MOVES_IN_VIEW``: a learner
  sees every choice at once, hit and stay both);
- the reply (the message) is not in the viewport after it (its first line at least, and not
  scrolled away in the play area), or the step buttons are not, or, on Ann's turn, none of
  her legal moves is;
- the element under the pointer after the click (document.elementFromPoint at the click
  point) is another control than the one clicked: a click never puts a button there.

Each click is waited on through the reply's number (data-n), which the kernel sends with the
view, never a sleep. It keeps docs/screenshots/<game>-vs-computer.png, the page at 1280×720
on Ann's turn after the last click.
"""

import json
from pathlib import Path

import pytest
from browser_harness import keep_screenshot, kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "docs" / "screenshots"
WAIT_MS = 15_000  # a click is answered in well under a second; this only bounds a failure
DECISIONS = 10  # the reader's own choices each game plays, at least
CLICKS = 80  # at most, in all (a run plays a computer's whole turn per click)

# game -> (fixture notebook, the widget's root element's class, the screenshot's name)
GAMES = {
    "sevens": ("sevens_vs_computer", "ds-sevens", "sevens-vs-computer"),
    "flip7": ("flip7_vs_computer", "ds-flip7", "flip7-vs-computer"),
    "double_seven": ("double_seven_vs_computer", "ds-doubleseven", "doubleseven-vs-computer"),
}

# The page's answer, read in one go: where a control is, whether it is in view and uncovered.
_RECT = """(el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  return {x, y, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
          label: el.getAttribute("aria-label"),
          uncovered: !!top && (top === el || el.contains(top)),
          inView: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth};
}"""

# What is under the point after the click: the control there (a button), if any.
_UNDER = """([x, y]) => {
  const el = document.elementFromPoint(x, y);
  const control = el && el.closest("button, select, summary, input, a");
  return control ? {tag: control.tagName, label: control.getAttribute("aria-label"),
                    text: control.textContent} : null;
}"""

_IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""

# The reply's first line is seen: in the viewport, and not scrolled away inside the play area.
_REPLY_SEEN = """(el) => { const r = el.getBoundingClientRect();
  const area = el.closest(".ds-play-area");
  const a = area ? area.getBoundingClientRect() : {top: 0, bottom: innerHeight};
  const first = Math.min(r.bottom, r.top + 24);
  return r.height > 0 && r.top >= Math.max(0, a.top - 1) && first <= Math.min(innerHeight, a.bottom); }"""


def _kernel(page) -> dict:
    return json.loads(kernel_eval(page, """import json as _j
from doublesept import CHANCE as _C
_s = game.state
print(_j.dumps({"mine": _s.to_move == 0, "over": _s.to_move is None,
                "n": game.view["message"] and game.view["message"]["n"],
                "legal": [game.move_text(m) for m in _s.legal_moves()] if _s.to_move == 0
                else []}))"""))


def _message_n(root) -> str | None:
    return root.get_by_role("alert", name="message").get_attribute("data-n")


def _visible_moves(root) -> list:
    """Ann's legal move buttons in the play area, in view and not covered."""
    found = []
    for button in root.locator(".ds-play-area tr.ds-legal button.ds-move").all():
        rect = button.evaluate(_RECT)
        if rect["inView"] and rect["uncovered"]:
            found.append((button, rect))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_against_the_computer_on_one_screen(jupyter_server, page, game):
    fixture, css, shot = GAMES[game]
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run(page, jupyter_server, f"tests/browser/fixtures/{fixture}.ipynb")
    root = page.locator(f".jp-Notebook .{css}")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    expect(root.get_by_role("button", name="next step")).to_be_visible(timeout=WAIT_MS)
    # the reader scrolls once: the widget's top at the top of the notebook's view
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")

    try:
        _teachers_switch(page, root, game)
        _play(page, root, game)
    except AssertionError:  # the page as it was, for the reader of the failure
        keep_screenshot(page, f"{shot}-failed")
        raise
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{shot}.png"))


# The games whose every legal move of Ann's is in view at once, with the reply: all three.
ALL_MOVES_IN_VIEW = {"sevens", "flip7", "double_seven"}


def _all_moves_in_view(root, game, when: str) -> None:
    """Every legal move button of Ann's in the play area is in view and uncovered: a
    learner sees all her choices at once (Flip 7: hit and stay). Only for the games of
    ALL_MOVES_IN_VIEW."""
    if game not in ALL_MOVES_IN_VIEW:
        return
    hidden = [rect["label"] for rect in (
        button.evaluate(_RECT)
        for button in root.locator(".ds-play-area tr.ds-legal button.ds-move").all())
        if not (rect["inView"] and rect["uncovered"])]
    assert not hidden, f"{game}: {when}, Ann's moves {hidden} are out of view"


def _click_in_place(page, target, game) -> dict:
    """Click ``target`` at its centre, after checking it is in view and uncovered; returns
    where it was (see _RECT)."""
    rect = target.evaluate(_RECT)
    assert rect["inView"], f"{game}: {rect['label']!r} is out of view before the click"
    assert rect["uncovered"], f"{game}: {rect['label']!r} is covered before the click"
    page.mouse.click(rect["x"], rect["y"])
    return rect


def _still_under(page, rect, game) -> None:
    under = page.evaluate(_UNDER, [rect["x"], rect["y"]])
    assert under is None or under["label"] == rect["label"], \
        f"{game}: after clicking {rect['label']!r}, {under} is under the pointer"


def _teachers_switch(page, root, game) -> None:
    """The teacher's switch, on then off: the header says whose view it is, and the switch
    stays under the pointer."""
    header = root.locator(".ds-top .ds-seat")
    expect(header).to_have_text("Ann's view", timeout=WAIT_MS)
    switch = root.locator(".ds-play .ds-switch")
    for shown in ("true", "false"):
        rect = _click_in_place(page, switch, game)
        expect(switch).to_have_attribute("aria-pressed", shown, timeout=WAIT_MS)
        if shown == "true":
            expect(header).to_contain_text("Teacher's view: ", timeout=WAIT_MS)
        else:
            expect(header).to_have_text("Ann's view", timeout=WAIT_MS)
        _still_under(page, rect, game)


def _play(page, root, game) -> None:
    """Click until Ann has made DECISIONS choices, checking every click (see the module)."""
    step = root.get_by_role("button", name="next step")
    run = root.get_by_role("button", name="play to my turn")
    message = root.get_by_role("alert", name="message")
    decisions = clicks = 0
    while True:
        assert clicks < CLICKS, f"{game}: {decisions} decisions after {clicks} clicks"
        state = _kernel(page)
        assert not state["over"], f"{game}: the game ended after {decisions} decisions"
        if decisions >= DECISIONS and state["mine"]:
            return  # Ann's turn again: the picture shows her choices
        if state["mine"]:
            moves = _visible_moves(root)
            assert moves, f"{game}: Ann's turn, and none of her moves is in view"
            _all_moves_in_view(root, game, "on Ann's turn")
            target = moves[clicks % len(moves)][0]
        else:
            target = run if run.is_enabled() else step
        before = _message_n(root)
        rect = _click_in_place(page, target, game)
        clicks += 1
        # the click is answered: a new reply, numbered by the kernel
        page.wait_for_function(
            "([el, n]) => { const m = el.querySelector('[role=alert]');"
            " return m && m.getAttribute('data-n') !== n; }",
            arg=[root.element_handle(), before], timeout=WAIT_MS)
        after = _kernel(page)
        expect(message).to_have_attribute("data-n", str(after["n"]), timeout=WAIT_MS)
        _still_under(page, rect, game)
        assert message.evaluate(_REPLY_SEEN), f"{game}: the reply to {rect['label']!r} is out of view"
        assert step.evaluate(_IN_VIEW) and run.evaluate(_IN_VIEW), \
            f"{game}: the step buttons left the view after {rect['label']!r}"
        assert "error" not in (message.get_attribute("class") or ""), message.inner_text()
        if state["mine"]:
            decisions += 1
        if after["mine"] and not after["over"]:
            _all_moves_in_view(root, game, f"after {rect['label']!r}")
