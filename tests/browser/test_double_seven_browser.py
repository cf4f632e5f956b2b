"""The Double Seven families lesson in a real browser: a family built by clicking tiles.

Opens notebooks/doubleseven-4-families.ipynb in JupyterLab, runs every cell, then drives
its ``try_families`` widget (a DoubleSevenTryMoves) with the mouse: two clicks on a tile of
Ann's rack build ``start <tile> <tile>``, judged by the engine at each click (not legal
yet with one tile, legal with two); confirm plays it; undo takes it back. Each step is
checked on the page (what the widget drew) and in the kernel (``try_families.state``, read
with ``kernel_eval``). What to expect is read from the engine in the kernel.
"""

import json
import re
from pathlib import Path

import pytest
from browser_harness import (
    LESSON_CONTENT,
    accessibility_findings,
    keep_screenshot,
    kernel_eval,
    open_and_run,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/doubleseven-4-families.ipynb"
NAME = "try_families"
WAIT_MS = 5_000  # a redraw takes tens of ms; this only bounds a failure


def _source(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _cell_of(name: str) -> int:
    """The index of the lesson's cell that makes the widget `name = DoubleSevenTryMoves(...)`."""
    cells = json.loads((REPO / LESSON).read_text(encoding="utf-8"))["cells"]
    found = [index for index, cell in enumerate(cells) if cell["cell_type"] == "code"
             and re.search(rf"^{name}\s*=\s*DoubleSevenTryMoves\(", _source(cell), re.MULTILINE)]
    assert len(found) == 1, f"{LESSON} has no single `{name} = DoubleSevenTryMoves(...)` cell"
    return found[0]


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _state(page) -> dict:
    w = NAME
    return _kernel_json(page, f"""{{
        "mover": {w}.state.to_move,
        "name": {w}.state.names[{w}.state.to_move],
        "rack": [t.text() for t in {w}.state.rack({w}.state.to_move)],
        "families": [[a, n, c] for a, n, c in {w}.state.families[{w}.state.to_move]],
        "moves": {w}.moves,
        "build": {w}.build,
        "message": {w}.message,
        "same": {w}.state is {w}.start,
        "events": [e["text"] for e in ({w}.view["message"] or {{}}).get("events", [])],
        "verdict": None if {w}.build_verdict is None else dict(
            legal={w}.build_verdict.legal, rule_id={w}.build_verdict.rule_id,
            reason_en={w}.build_verdict.reason_en)}}""")


def test_build_a_family_by_clicking_tiles(jupyter_server, page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    cell = _cell_of(NAME)
    open_and_run(page, jupyter_server, LESSON)

    root = page.locator(".jp-Notebook .jp-Cell").nth(cell).locator(".ds-doubleseven")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    start = _state(page)
    assert start["same"] and start["build"] == "" and start["verdict"] is None
    name = start["name"]
    # a tile the mover holds twice or more: two of them start a family of a new animal
    owned = {family[0] for family in start["families"]}
    tile = next(t for t in start["rack"] if start["rack"].count(t) >= 2 and t != "clover"
                and _kernel_json(page, f"{NAME}.state.check('start {t} {t}').legal"))
    assert owned  # the lesson's table has a family already

    build = root.get_by_role("region", name="move being built")
    expect(build).to_be_visible(timeout=WAIT_MS)
    rack = root.get_by_role("group", name=f"{name}'s rack")
    picks = rack.get_by_role("button", name=f"pick {tile}", exact=True)
    expect(picks).to_have_count(start["rack"].count(tile))
    message = root.get_by_role("alert", name="message")

    # one tile: a whole move, but not legal yet, and the engine says why
    picks.first.click()
    # the kernel is read once the page shows the click's answer (the judged move), never before
    expect(build).to_contain_text("✘ not legal yet", timeout=WAIT_MS)
    one = _state(page)
    assert one["build"] == f"start {tile}" and one["same"]
    assert one["verdict"]["legal"] is False
    expect(build).to_contain_text(f"start {tile}", timeout=WAIT_MS)
    expect(build).to_contain_text("✘ not legal yet")
    expect(build).to_contain_text(one["verdict"]["reason_en"])
    expect(build).to_contain_text(one["verdict"]["rule_id"])
    expect(build.get_by_role("button", name="confirm the move being built")).to_be_disabled()
    expect(message).to_contain_text(f"Picked {tile}.")
    expect(picks).to_have_count(start["rack"].count(tile) - 1)  # the picked tile left the rack
    expect(build.get_by_role("button", name=f"put back {tile}", exact=True)).to_have_count(1)

    # accessibility: axe on the lesson's outputs, with a move being built
    assert accessibility_findings(page, LESSON_CONTENT) == []

    # two tiles: legal
    picks.first.click()
    expect(build).to_contain_text("✔ legal", timeout=WAIT_MS)
    two = _state(page)
    assert two["build"] == f"start {tile} {tile}" and two["verdict"]["legal"] is True
    assert two["same"]
    expect(build).to_contain_text("✔ legal", timeout=WAIT_MS)
    expect(build).to_contain_text(two["verdict"]["reason_en"])
    confirm = build.get_by_role("button", name="confirm the move being built")
    expect(confirm).to_be_enabled()

    # confirm plays it: the page and the kernel agree
    confirm.click()
    expect(message).to_contain_text(f"{name} starts a family of 2", timeout=WAIT_MS)
    done = _state(page)
    expect(message).to_contain_text(done["message"])  # the engine's reason: what Ann did
    assert done["moves"] == [f"start {tile} {tile}"] and not done["same"]
    assert done["build"] == ""
    assert len(done["families"]) == len(start["families"]) + 1
    assert done["rack"].count(tile) == start["rack"].count(tile) - 2
    for event in done["events"]:
        expect(message).to_contain_text(event)
    families = root.get_by_role("group", name=f"{name}'s families")
    new = len(done["families"])
    plural = _kernel_json(page, f"__import__('doublesept').double_seven.tile({tile!r})"
                                ".animal.plural_en")
    expect(families).to_contain_text(f"2 {plural}")
    expect(families.get_by_role("button", name=re.compile(
        rf"^pick {re.escape(name)}'s family {new}: 2 "))).to_have_count(1)
    expect(root.get_by_label("moves", exact=True)).to_contain_text(f"start {tile} {tile}")

    # undo takes it back
    root.get_by_role("button", name="undo", exact=True).click()
    expect(message).to_contain_text(f"Took back start {tile} {tile}", timeout=WAIT_MS)
    back = _state(page)
    assert back["same"] and back["moves"] == [] and back["families"] == start["families"]
    expect(picks).to_have_count(start["rack"].count(tile))
    assert dialogs == []
    root.scroll_into_view_if_needed()
    keep_screenshot(page, "path-jupyterlab-doubleseven-widget")


# ---------------------------------------------------------------- DoubleSevenPlay

PLAY_FIXTURE = "tests/fixtures/double_seven_play.ipynb"


def _game(page) -> dict:
    return _kernel_json(page, """{
        "to_move": None if game.state.to_move is None else str(game.state.to_move),
        "turn": game.state.turn,
        "phase": game.state.decision.phase if game.state.decision else None,
        "racks": [[t.text() for t in game.state.rack(p)] for p in range(game.state.players)],
        "history": [e["what"]["text"] for e in game.view["play"]["history"]],
        "message": game.message,
        "events": [e["text"] for e in game.view["message"]["events"]],
        "legal": [game.move_text(m) for m in game.state.legal_moves()],
        "teacher": game.show_all_racks,
        "key": repr(game.state.key())}""")


def test_play_double_seven_against_the_computer(jupyter_server, page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_and_run(page, jupyter_server, PLAY_FIXTURE)
    root = page.locator(".ds-doubleseven")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    message = root.get_by_role("alert", name="message")
    history = root.get_by_role("region", name="history")

    # to my turn: the deal, the flip and the computers, one step each in the history
    root.get_by_role("button", name="play to my turn", exact=True).click()
    expect(root.locator(".ds-play-status")).to_contain_text("Your move, Ann", timeout=WAIT_MS)
    mine = _game(page)
    assert mine["to_move"] == "0" and mine["phase"] == "draw"
    expect(history.locator("li.ds-step-entry")).to_have_count(len(mine["history"]))
    expect(history.locator("li.ds-step-entry").last).to_contain_text(mine["history"][-1])
    ann = root.locator("li.ds-player").filter(has_text="Ann").first
    expect(ann.get_by_label("Ann's rack")).to_contain_text(mine["racks"][0][0])
    for seat, name in ((1, "Bob"), (2, "Cy")):
        other = root.get_by_label(f"{name}'s rack", exact=True)
        expect(other).to_have_text(f"{len(mine['racks'][seat])} tiles, hidden")
    for move in mine["legal"]:
        expect(root.get_by_role("table", name="moves to try").get_by_role(
            "button", name=move, exact=True)).to_be_visible()

    # draw hidden: the tile I draw is revealed at once, and named to me
    root.get_by_role("button", name="draw hidden", exact=True).click()
    expect(message).to_contain_text("Ann draws a hidden tile.", timeout=WAIT_MS)
    drew = _game(page)
    assert drew["events"][-1].startswith("Ann drew ") and drew["to_move"] == "0"
    expect(message).to_contain_text(drew["events"][-1])
    assert len(drew["racks"][0]) == len(mine["racks"][0]) + 1

    # the teacher's switch shows every rack, as the kernel holds them
    root.get_by_role("button", name="show every rack", exact=True).click()
    expect(root.get_by_role("button", name="show every rack", exact=True)).to_have_attribute(
        "aria-pressed", "true", timeout=WAIT_MS)
    assert _game(page)["teacher"]
    for seat, name in ((1, "Bob"), (2, "Cy")):
        rack = root.get_by_label(f"{name}'s rack", exact=True)
        for tile in drew["racks"][seat]:
            expect(rack).to_contain_text(tile)
    assert accessibility_findings(page, LESSON_CONTENT) == []
    root.get_by_role("button", name="show every rack", exact=True).click()
    expect(root.get_by_label("Bob's rack", exact=True)).to_have_text(
        f"{len(drew['racks'][1])} tiles, hidden", timeout=WAIT_MS)

    # undo my last move: back to the draw
    root.get_by_role("button", name="undo my last move", exact=True).click()
    expect(message).to_contain_text("Took back your move draw hidden", timeout=WAIT_MS)
    assert _game(page)["key"] == mine["key"]
    assert dialogs == []
