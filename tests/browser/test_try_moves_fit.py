"""Each game's try-a-move table at 1280×720 in JupyterLab: it fits the screen, groups the
refused moves by rule, unfolds a rule's moves one by one, and answers a click in view.

For one lesson of each game it opens the notebook, runs every cell, and drives one
try-a-move widget with the mouse:

- the widget is at most FIT_HEIGHT (650) px tall, as drawn by default;
- the refused moves of one rule share one row, which shows the rule id and its moves as
  buttons (Double Seven and Sevens: a rule that refuses several moves);
- a click on a refused move is answered (the engine's verdict, read in the kernel) and the
  reply is in the viewport (not hidden in the table's scrolling box, nor below the page);
- the row's unfold button (aria-expanded) shows each move with its own reason, and a click on
  one of them is answered in view too.

It keeps docs/screenshots/<game>-try-moves.png, the page at 1280×720 after the click. What to
expect is read from the engine in the kernel; every wait is on what the page shows.
"""

import json
import re
from pathlib import Path

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "docs" / "screenshots"
FIT_HEIGHT = 650  # doublesept.widgets.base.FIT_HEIGHT, read again in the kernel below
WAIT_MS = 10_000  # a redraw takes tens of ms; this only bounds a failure

# game -> (lesson, the widget's name, its class, its root element's class)
TABLES = {
    "doubleseven": ("doubleseven-4-families", "try_families", "DoubleSevenTryMoves",
                    "ds-doubleseven"),
    "sevens": ("sevens-3-what-fits", "w", "SevensTryMoves", "ds-sevens"),
    "flip7": ("flip7-7-freeze", "choose", "Flip7TryMoves", "ds-flip7"),
}


def _cell_of(lesson: str, name: str, cls: str) -> int:
    cells = json.loads((REPO / "notebooks" / f"{lesson}.ipynb").read_text("utf-8"))["cells"]
    found = [i for i, cell in enumerate(cells) if cell["cell_type"] == "code"
             and re.search(rf"^{name}\s*=\s*{cls}\(", "".join(cell["source"]), re.MULTILINE)]
    assert len(found) == 1, f"{lesson} has no single `{name} = {cls}(...)` cell"
    return found[0]


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _height(root) -> float:
    return root.evaluate("(el) => el.getBoundingClientRect().height")


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_try_a_move_table_fits_and_answers_in_view(jupyter_server, page, game):
    lesson, name, cls, css = TABLES[game]
    page.set_viewport_size({"width": 1280, "height": 720})
    cell = _cell_of(lesson, name, cls)
    open_and_run(page, jupyter_server, f"notebooks/{lesson}.ipynb")
    root = page.locator(".jp-Notebook .jp-Cell").nth(cell).locator(f".{css}")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    limit = _kernel_json(page, "__import__('doublesept.widgets.base').widgets.base.FIT_HEIGHT")
    assert limit == FIT_HEIGHT
    root.scroll_into_view_if_needed()
    expect(root.locator("table.ds-candidates")).to_be_visible(timeout=WAIT_MS)
    assert _height(root) <= FIT_HEIGHT + 0.5, f"{lesson}: {name} is {_height(root):.0f} px tall"

    # the rows the engine's verdicts make: (legal, rule id) -> the moves, as a click sends them
    rows = _kernel_json(page, f"""[dict(legal=g["legal"], rule=g["rule_id"],
        moves=[m["send"] for m in g["moves"]], labels=[m["label"] for m in g["moves"]],
        unfold=g["unfold"] and g["unfold"]["label"])
        for g in {name}.view["candidates"]["groups"]]""")
    verdicts = _kernel_json(page, f"""{{{name}.move_text(v.move): [v.legal, v.rule_id, v.reason_en]
        for v in {name}.state.verdicts()}}""")
    for row in rows:  # each row holds the moves of one legality and rule, as the engine says
        assert {(verdicts[m][0], verdicts[m][1]) for m in row["moves"]} == {
            (row["legal"], row["rule"])}
    refused = [row for row in rows if row["legal"] is False]
    assert refused, f"{lesson}: {name} refuses no move to try"
    grouped = [row for row in refused if len(row["moves"]) > 1]
    if game != "flip7":  # Flip 7's lesson refuses one target: a row of one move
        assert grouped, f"{lesson}: no rule refuses several moves in {name}"
        row = grouped[0]
        shown = root.locator("tr.ds-group.ds-illegal").filter(
            has=page.get_by_role("button", name=row["labels"][0], exact=True))
        expect(shown).to_have_count(1)
        # the rule's badge: a button that opens its card
        expect(shown.locator("button.ds-rule-card-toggle")).to_have_text(row["rule"])
        for label in row["labels"]:  # the rule's moves as buttons on its one row
            expect(shown.get_by_role("button", name=label, exact=True)).to_be_visible()
    row = grouped[0] if grouped else refused[0]

    # ---- a refused move clicked: answered, the reply in view
    move, label = row["moves"][0], row["labels"][0]
    message = root.get_by_role("alert", name="message")
    root.get_by_role("button", name=label, exact=True).click()
    expect(message).to_contain_text(f"{move} is illegal", timeout=WAIT_MS)
    # the reason, said once: in the reply, or in the row just above it when the row gives it
    said = _kernel_json(page, f"{name}.view['message']['text']")
    expect(message).to_contain_text(said)
    if said.endswith("just above."):
        expect(root.locator("tr.ds-tried")).to_contain_text(verdicts[move][2])
    else:
        expect(message).to_contain_text(verdicts[move][2])
    expect(message).to_be_in_viewport()
    expect(root.locator("tr.ds-tried + tr.ds-reply [role='alert']")).to_have_count(1)
    assert _kernel_json(page, f"{name}.state is {name}.start")  # nothing changed
    assert _height(root) <= FIT_HEIGHT + 0.5  # the reply shows inside the widget's limit
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{game}-try-moves.png"))

    # ---- a rule's moves unfolded, one by one, each with its reason; one clicked
    unfolding = next((r for r in refused if r["unfold"]), None)
    if unfolding is None:
        return
    toggle = root.get_by_role("button", name=unfolding["unfold"], exact=True)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true", timeout=WAIT_MS)
    details = root.locator("li.ds-detail")
    expect(details).to_have_count(len(unfolding["moves"]))
    for move in unfolding["moves"]:
        expect(details.filter(has=page.get_by_role("button", name=unfolding["labels"][
            unfolding["moves"].index(move)], exact=True))).to_contain_text(verdicts[move][2])
    last, last_label = unfolding["moves"][-1], unfolding["labels"][-1]
    details.filter(has=page.get_by_role("button", name=last_label, exact=True)).get_by_role(
        "button", name=last_label, exact=True).click()
    expect(message).to_contain_text(f"{last} is illegal", timeout=WAIT_MS)
    expect(root.locator("li.ds-detail.ds-tried + li.ds-reply [role='alert']")).to_have_count(1)
    expect(message).to_be_in_viewport()
    toggle.click()  # folded again: one row, its buttons back
    expect(toggle).to_have_attribute("aria-expanded", "false", timeout=WAIT_MS)
    expect(details).to_have_count(0)
