"""The Flip 7 lesson's try-a-move tables in a real browser: clicks reach the kernel.

Opens notebooks/flip7-1-rules.ipynb, then its part two, flip7-1b-actions.ipynb, in JupyterLab,
runs every cell, and drives a Flip7TryMoves widget of each with the mouse:

- ``try_bust`` (a deck stacked to bust): hit, then the draw step, both legal; Ann busts;
- ``pick`` (Ann chooses whom to freeze): Bob, who busted, is refused with the engine's
  reason beside his row; then Cy is frozen.

Each step is checked on the page (what the widget drew) and in the kernel (`widget.state`,
read with `kernel_eval`). What to expect is read from the engine in the kernel.
"""

import json
import re
from pathlib import Path

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

from doublesept.widgets.base import sentence

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/flip7-1-rules.ipynb"
PART_TWO = "notebooks/flip7-1b-actions.ipynb"  # the action cards: the Freeze of `pick`
WAIT_MS = 5_000  # a redraw takes tens of ms; this only bounds a failure


def _source(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _cell_of(name: str, lesson: str = LESSON) -> int:
    """The index of the lesson's cell that makes the widget `name = Flip7TryMoves(...)`."""
    cells = json.loads((REPO / lesson).read_text(encoding="utf-8"))["cells"]
    found = [index for index, cell in enumerate(cells) if cell["cell_type"] == "code"
             and re.search(rf"^{name}\s*=\s*Flip7TryMoves\(", _source(cell), re.MULTILINE)]
    assert len(found) == 1, f"{lesson} has no single `{name} = Flip7TryMoves(...)` cell"
    return found[0]


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _state(page, name: str) -> dict:
    return _kernel_json(page, f"""{{
        "to_move": None if {name}.state.to_move is None else str({name}.state.to_move),
        "statuses": [{name}.state.status(p) for p in range({name}.state.players)],
        "moves": {name}.moves,
        "message": {name}.message,
        "same": {name}.state is {name}.start,
        "events": [e.en for e in {name}.state.events],
        "verdicts": [dict(move={name}.move_text(v.move), legal=v.legal, rule_id=v.rule_id,
                          reason_en=v.reason_en) for v in {name}.state.verdicts()]}}""")


def test_try_moves_in_the_flip7_lesson(jupyter_server, page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    bust_cell, pick_cell = _cell_of("try_bust"), _cell_of("pick", PART_TWO)
    open_and_run(page, jupyter_server, LESSON)

    # ---- try_bust: hit, then draw, the two legal moves of a deck stacked to bust
    root = page.locator(".jp-Notebook .jp-Cell").nth(bust_cell).locator(".ds-flip7")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    to_play = root.get_by_label("to play", exact=True)
    message = root.get_by_role("alert", name="message")
    start = _state(page, "try_bust")
    assert start["same"] and start["to_move"] == "0"
    expect(to_play).to_have_text("To play: Ann", timeout=WAIT_MS)
    rows = root.get_by_role("table", name="moves to try")
    shown = _kernel_json(page, """{m["send"]: g["reason"]["text"]
        for g in try_bust.view["candidates"]["groups"] for m in g["moves"]}""")
    for verdict in start["verdicts"]:  # each move in a row of its legality and rule
        row = rows.get_by_role("row").filter(
            has=page.get_by_role("button", name=verdict["move"], exact=True))
        expect(row).to_contain_text("✔ legal" if verdict["legal"] else "✘ illegal")
        expect(row).to_contain_text(shown[verdict["move"]])
        expect(row).to_contain_text(verdict["rule_id"])
    assert root.get_by_role("button", name="show hands").count() == 0  # all face up

    root.get_by_role("button", name="hit", exact=True).click()
    expect(message).to_contain_text("Ann draws one more card, face up.", timeout=WAIT_MS)
    hit = _state(page, "try_bust")
    assert hit["moves"] == ["hit"] and hit["to_move"] == "CHANCE"
    draw = root.get_by_role("button", name="draw", exact=True)
    expect(draw).to_be_visible()
    assert [v["move"] for v in hit["verdicts"]] == ["draw"]

    draw.click()
    expect(root.get_by_label("moves", exact=True)).to_have_text(
        "Moves so far: hit, 8", timeout=WAIT_MS)  # the kernel is read once the page shows the draw
    busted = _state(page, "try_bust")
    assert busted["statuses"][0] == "busted" and busted["moves"] == ["hit", "8"]
    for event in busted["events"]:  # the events of the draw, narrated in the reply
        expect(message).to_contain_text(event, timeout=WAIT_MS)
    ann = root.locator("li.ds-player").filter(has_text="Ann").first
    expect(ann).to_contain_text("✘ busted")
    expect(ann).to_contain_text("this round: 0")
    expect(root.get_by_label("moves", exact=True)).to_have_text("Moves so far: hit, 8")

    # ---- pick (part two): an illegal target, refused beside its row; then a legal one.
    # In a page of its own: leaving part one, whose cells ran, would ask to leave unsaved work.
    page = page.context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_and_run(page, jupyter_server, PART_TWO)
    root = page.locator(".jp-Notebook .jp-Cell").nth(pick_cell).locator(".ds-flip7")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    message = root.get_by_role("alert", name="message")
    before = _state(page, "pick")
    bad = next(v for v in before["verdicts"] if not v["legal"])
    good = next(v for v in before["verdicts"] if v["legal"] and v["move"] != "freeze Ann")
    assert (bad["move"], good["move"]) == ("freeze Bob", "freeze Cy")
    root.get_by_role("button", name=bad["move"], exact=True).click()
    said = f"{bad['move']} is illegal for Ann"
    reason = f"{said}. {sentence(bad['reason_en'])}"  # the kernel's reply, the reason in it
    expect(message).to_contain_text(said, timeout=WAIT_MS)
    # on the page, under its row: the row just above gives the reason, the reply says where
    shown = _kernel_json(page, "pick.view['message']['text']")
    assert shown == f"{said}: the reason is on its row, just above."
    expect(message).to_contain_text(shown)
    expect(message.locator("button.ds-rule-card-toggle")).to_have_text(bad["rule_id"])
    expect(message).to_have_class(re.compile(r"\bds-message-error\b"))
    tried = root.locator("tr.ds-tried")
    expect(tried).to_have_count(1)
    expect(tried.get_by_role("button", name=bad["move"], exact=True)).to_be_visible()
    expect(root.locator("tr.ds-tried + tr.ds-reply [role='alert']")).to_contain_text(shown)
    refused = _state(page, "pick")
    assert refused["same"] and refused["moves"] == [] and refused["message"] == reason

    root.get_by_role("button", name=good["move"], exact=True).click()
    expect(message).to_contain_text(f"Ann chose {good['move']}", timeout=WAIT_MS)
    frozen = _state(page, "pick")
    assert frozen["moves"] == ["freeze Cy"] and frozen["statuses"][2] == "frozen"
    expect(root.locator("li.ds-player").filter(has_text="Cy").first).to_contain_text("❄ frozen")
    assert dialogs == []
