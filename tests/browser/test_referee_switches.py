"""The referee's rulings in a real browser, at 1280×720 in JupyterLab (issue 24, point 2).

Opens tests/browser/fixtures/referee_switches.ipynb: one ``Referee`` of each game on a
disputed position (a Sevens opening with 7♦ and 7♥ in hand, a Double Seven Rainbow with a
clover on the rack, a Flip 7 Flip Three about to bust with a Freeze set aside). For each, a
ruling's switch is flipped by picking its other reading in the page's drop-down, and the
test checks the changed verdicts the page shows (the line above the table and the table's
column "Changed by the switch") against the kernel's state and the engine's verdicts. The
switches sit in a compact block: with the referee at the top of the screen, the game's
table starts on screen. Screenshots: tests/browser/artifacts/referee-<game>.png.
"""

import json

import pytest
from browser_harness import keep_screenshot, kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIXTURE = "tests/browser/fixtures/referee_switches.ipynb"
WAIT_MS = 20_000  # a switch re-reads the position and compares every move: well under a second
SCREEN = {"width": 1280, "height": 720}


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _referee(page, name: str):
    """The output of the fixture's ``name = Referee(...)`` cell, scrolled to the top."""
    cell = page.locator(".jp-Notebook .jp-Cell").filter(
        has=page.locator(".jp-InputArea", has_text=f"{name} = Referee("))
    root = cell.locator(".ds-referee")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    return root


def _on_one_screen(page, root, table_class: str):
    """The switches are a compact block (at most 4 rows of drop-downs with JupyterLab's file
    browser open): the game's table starts on the screen."""
    switches = root.locator(".ds-referee-switches")
    height = switches.evaluate("(el) => el.getBoundingClientRect().height")
    assert height <= 125, f"the switches take {height:.0f} px"  # 4 rows at most
    top = root.locator(f".{table_class}").evaluate("(el) => el.getBoundingClientRect().top")
    assert top < SCREEN["height"] - 150, f"the table starts at {top:.0f} px"


def _changed_cell(page, root, move: str) -> str:
    """The text of the column "Changed by the switch" on the row of ``move``'s button."""
    row = root.locator("tr.ds-group").filter(
        has=page.locator("button.ds-move", has_text=move))
    head = [t.strip() for t in root.locator("table.ds-candidates thead th").all_inner_texts()]
    return row.locator("td").nth(head.index("Changed by the switch")).inner_text()


def test_switching_a_ruling_by_clicking_marks_the_verdicts_that_change(jupyter_server, page):
    page.set_viewport_size(SCREEN)
    open_and_run(page, jupyter_server, FIXTURE)

    # Double Seven, D1: a Rainbow with a clover on the rack
    root = _referee(page, "rainbow_referee")
    _on_one_screen(page, root, "ds-doubleseven")
    changes = root.locator(".ds-referee-changes")
    expect(changes).to_have_text("Switch a ruling to compare: every move whose verdict changes "
                                 "is listed here and marked in the table.")
    changed = root.locator(".ds-referee-changed")
    expect(changed).to_be_hidden()
    root.get_by_label("D1 Rainbow clovers").select_option("set-aside")
    expect(changes).to_have_text("Under rainbow_clovers=set-aside (not none-on-rack): 1 move "
                                 "changes:", timeout=WAIT_MS)
    expect(changed).to_have_text("rainbow: illegal → legal [doubleseven.rainbow].")
    assert _changed_cell(page, root, "rainbow") == "rainbow: illegal → legal [doubleseven.rainbow]"
    assert _kernel_json(page, "[rainbow_referee.state.rules.rainbow_clovers, "
                              "rainbow_referee.state.check('rainbow').legal, "
                              "rainbow_referee.changes_text]") == [
        "set-aside", True, f"{changes.inner_text()} {changed.inner_text()}"]
    keep_screenshot(page, "referee-doubleseven")

    # Sevens, the opener: 7♥ instead of 7♦
    root = _referee(page, "sevens_referee")
    _on_one_screen(page, root, "ds-sevens")
    changes = root.locator(".ds-referee-changes")
    root.get_by_label("S1 Opening").select_option("7♥")
    expect(changes).to_have_text("Under opening=7♥ (not 7♦): 2 moves change:", timeout=WAIT_MS)
    expect(root.locator(".ds-referee-changed")).to_have_text(
        "7♦: legal → illegal [sevens.opening]; 7♥: illegal → legal [sevens.opening].")
    assert _changed_cell(page, root, "7♥") == "7♥: illegal → legal [sevens.opening]"
    assert _kernel_json(page, "[str(m) for m in sevens_referee.state.legal_moves()]") == ["7♥"]
    # a reading the engine refuses here: the switch goes back, with the engine's reason
    chip = root.get_by_label("S5 Voluntary pass chip")
    chip.select_option("added")
    expect(root.locator(".ds-referee-reply")).to_contain_text(
        "This reading cannot apply to this position, the switch goes back: ", timeout=WAIT_MS)
    expect(root.locator(".ds-referee-reply")).to_contain_text("needs passing to be fan-tan")
    expect(chip).to_have_value(chip.locator("option", has_text="included").get_attribute("value"))
    assert _kernel_json(page, "sevens_referee.switches['voluntary_pass_chip'].value") == \
        "included"
    keep_screenshot(page, "referee-sevens")

    # Flip 7, F6: Cy busts on the third card of a Flip Three with a Freeze set aside
    root = _referee(page, "flip7_referee")
    _on_one_screen(page, root, "ds-flip7")
    changes = root.locator(".ds-referee-changes")
    odds = root.locator(".ds-referee-odds")
    expect(odds).to_contain_text("Exact odds for Ann (whose turn it is): bust ")
    root.get_by_label("F6 Deferred after bust").select_option("discard")
    expect(changes).to_have_text("Under deferred_after_bust=discard (not give): 1 move changes:",
                                 timeout=WAIT_MS)
    expect(root.locator(".ds-referee-changed")).to_have_text(
        "draw: what follows changes (Cy's Freeze is discarded: a bust discards the cards set "
        "aside (FAQ)).")
    keep_screenshot(page, "referee-flip7")
    root.locator("button.ds-move", has_text="draw").click()  # the 6: Cy busts
    expect(odds).to_contain_text("Exact odds for Bob (to move): bust ", timeout=WAIT_MS)
    assert _kernel_json(page, "[[e.kind for e in flip7_referee.state.events], "
                              "flip7_referee.state.rules.deferred_after_bust, "
                              "flip7_referee.odds_text]") == [
        ["flipped", "bust", "action-discarded", "action-discarded"], "discard",
        odds.inner_text()]
