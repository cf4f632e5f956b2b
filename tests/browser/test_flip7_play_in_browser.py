"""Flip7Play in a real browser: a game against the computer, driven with the mouse.

Opens tests/browser/fixtures/flip7_play.ipynb in JupyterLab (Ann, the reader, against two
computers) and clicks: "play to my turn" (the computers and the draws, one step each, in the
history), Ann's bust meter (the exact odds, as the kernel computed them), "hit", "next
step", the teacher's switch (the next card shows only once it is on, and it is the card
drawn next), and "undo my last move". Each step is checked on the page and in the kernel
(read with `kernel_eval`); what to expect is read from the kernel, never written here.
"""

import json

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIXTURE = "tests/browser/fixtures/flip7_play.ipynb"
WAIT_MS = 5_000  # a redraw takes tens of ms; this only bounds a failure


def _kernel(page) -> dict:
    """The game as the kernel holds it: the state, the view sent, the next card."""
    return json.loads(kernel_eval(page, """import json as _j
from doublesept import CHANCE as _C
from doublesept.widgets.flip7 import next_card as _next
_s = game.state
print(_j.dumps({
    "to_move": None if _s.to_move is None else "chance" if _s.to_move is _C else _s.to_move,
    "depth": len(game._line(_s)) - 1,
    "history": [e["what"]["text"] for e in game.view["play"]["history"]],
    "meter": [p["meter"] for p in game.view["players"]],
    "message": game.message,
    "next_card": str(_next(_s)),
    "view_next_card": game.view["play"]["next_card"],
    "legal": [game.move_text(m) for m in _s.legal_moves()],
    "events": [e.en for e in _s.events],
    "last_move": str(_s.last_move),
    "key": repr(_s.key()),
}))"""))


def test_a_game_against_the_computer(jupyter_server, page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_and_run(page, jupyter_server, FIXTURE)
    root = page.locator(".jp-Notebook .ds-flip7")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    history = root.get_by_role("region", name="history").locator("ol > li")
    start = _kernel(page)
    assert start["depth"] == 0 and start["to_move"] == "chance"
    expect(history).to_have_count(0)
    # the reader cannot choose while a card is to be dealt: no move buttons, a Next step
    expect(root.get_by_role("button", name="hit", exact=True)).to_have_count(0)
    expect(root.get_by_role("button", name="next step")).to_be_enabled()

    # ---- to Ann's turn: every step in the history, as the kernel lists them
    root.get_by_role("button", name="play to my turn").click()
    expect(root.get_by_role("button", name="hit", exact=True)).to_be_visible(timeout=WAIT_MS)
    mine = _kernel(page)
    assert mine["to_move"] == 0 and mine["legal"] == ["hit", "stay"]
    expect(history).to_have_count(mine["depth"])
    for i, text in enumerate(mine["history"]):
        expect(history.nth(i)).to_contain_text(text)
    expect(root.get_by_role("button", name="next step")).to_be_disabled()

    # ---- Ann's bust meter: the exact odds the kernel computed, as a fraction and a percent
    meter = next(m for m in mine["meter"] if m is not None)
    assert meter["seat"] == 0
    drawn = root.get_by_role("meter")
    expect(drawn).to_have_count(1)
    expect(drawn).to_have_attribute("aria-label", meter["label"])
    value = float(drawn.get_attribute("value"))
    assert value == pytest.approx(meter["numerator"] / meter["denominator"], abs=1e-12)
    expect(root.locator("li.ds-player").filter(has_text="Ann").first).to_contain_text(
        f"{meter['fraction']} ({meter['percent']})")
    # the odds columns of the hit row
    hit_row = root.get_by_role("row").filter(
        has=page.get_by_role("button", name="hit", exact=True))
    expect(hit_row).to_contain_text(f"{meter['fraction']} ({meter['percent']})")

    # ---- the teacher's switch: no next card on the page until it is on
    expect(root.get_by_role("status", name="next card")).to_have_count(0)
    assert mine["view_next_card"] is None
    root.get_by_role("button", name="show the next card").click()
    shown = root.get_by_role("status", name="next card")
    expect(shown).to_have_text(f"Next card of the deck: {mine['next_card']}", timeout=WAIT_MS)

    # ---- Ann hits; the next step draws the card the switch showed
    root.get_by_role("button", name="hit", exact=True).click()
    message = root.get_by_role("alert", name="message")
    expect(message).to_contain_text("Ann draws one more card, face up.", timeout=WAIT_MS)
    hit = _kernel(page)
    assert hit["to_move"] == "chance" and hit["depth"] == mine["depth"] + 1
    root.get_by_role("button", name="next step").click()
    expect(history).to_have_count(hit["depth"] + 1, timeout=WAIT_MS)
    drew = _kernel(page)
    assert drew["depth"] == hit["depth"] + 1 and drew["last_move"] == mine["next_card"]
    for event in drew["events"]:  # the card drawn, told by its events
        expect(message).to_contain_text(event)
        expect(history.last).to_contain_text(event)
    root.get_by_role("button", name="show the next card").click()
    expect(shown).to_have_count(0, timeout=WAIT_MS)

    # ---- undo goes back to Ann's decision, past the card drawn
    root.get_by_role("button", name="undo my last move").click()
    expect(message).to_contain_text("Took back your move hit", timeout=WAIT_MS)
    back = _kernel(page)
    assert back["key"] == mine["key"] and back["depth"] == mine["depth"]
    expect(history).to_have_count(mine["depth"])
    expect(root.get_by_role("button", name="hit", exact=True)).to_be_visible()
    assert dialogs == []
