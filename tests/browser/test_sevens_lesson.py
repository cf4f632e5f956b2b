"""The Sevens lesson's try-a-move table in a real browser: clicks and keys reach the kernel.

Opens notebooks/sevens-3-what-fits.ipynb in JupyterLab, runs every cell, then drives its last
SevensTryMoves widget (seed 003's worked example: Ann to play 5♦ 9♦ 8♠ 6♣ K♥) with the mouse and the
keyboard. Each step is checked twice: on the page (what the widget drew) and in the kernel
(`widget.state`, read with `kernel_eval`). What to expect is read from the engine in the kernel,
not written here, except the seed's own example (8♠ is legal for Ann).
"""

import json
import re
import time
from pathlib import Path

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

from doublesept.widgets.base import sentence

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/sevens-3-what-fits.ipynb"
HOSTILE = "<img src=x onerror=alert(1)>"
WAIT_MS = 5_000  # a redraw takes tens of ms; this only bounds a failure

# Park a promise on window that resolves with the ms from the next click or keydown to the
# widget's message showing `expected` (the message and the rest of the widget are drawn in
# the same synchronous pass, see widgets/common.js `draw`; the message is drawn where the
# reader looks, so it is looked up again at each change).
_ARM_REDRAW = """
([root, expected]) => { window.__redraw = new Promise((resolve, reject) => {
  const text = () => {
    const message = root.querySelector('[role="alert"][aria-label="message"]');
    return message ? message.textContent : "";
  };
  let startedAt = null;
  const start = () => { if (startedAt === null) startedAt = performance.now(); };
  document.addEventListener("click", start, { capture: true });
  document.addEventListener("keydown", start, { capture: true });
  const done = (settle, value) => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("click", start, { capture: true });
    document.removeEventListener("keydown", start, { capture: true });
    settle(value);
  };
  const observer = new MutationObserver(() => {
    if (startedAt !== null && text().includes(expected)) {
      done(resolve, performance.now() - startedAt);
    }
  });
  observer.observe(root, { childList: true, characterData: true, subtree: true });
  const timer = setTimeout(() => done(reject, new Error(
    `the message never showed ${JSON.stringify(expected)}; it shows ` +
    JSON.stringify(text()))), 5000);
}); }
"""


def _source(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _try_moves_cell(path: str) -> tuple[int, str]:
    """The index of the lesson's last `name = SevensTryMoves(...)` cell, and that name."""
    cells = json.loads((REPO / path).read_text(encoding="utf-8"))["cells"]
    found = [(index, match.group(1)) for index, cell in enumerate(cells)
             if cell["cell_type"] == "code"
             and (match := re.search(r"^(\w+)\s*=\s*SevensTryMoves\(", _source(cell), re.MULTILINE))]
    assert found, f"{path} has no `name = SevensTryMoves(...)` cell"
    return found[-1]


def _kernel_json(page, expr: str):
    """Evaluate `expr` in the lesson's kernel and bring the value back as JSON."""
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _timed(page, root, expected: str, action) -> tuple[float, float]:
    """Do `action` (a click or a key press) and wait for the widget to show `expected`.

    Returns (page ms from the event to the redraw, Python ms from before the action to after
    the redraw was seen; the latter includes Playwright's own round trips).
    """
    page.evaluate(_ARM_REDRAW, [root.element_handle(), expected])
    started = time.perf_counter()
    action()
    in_page = page.evaluate("() => window.__redraw")
    return in_page, (time.perf_counter() - started) * 1000


def test_try_a_move_in_the_sevens_lesson(jupyter_server, page, timings):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    index, name = _try_moves_cell(LESSON)
    open_and_run(page, jupyter_server, LESSON)

    def state(expr="None"):
        """The widget's state in the kernel, with the extra `expr` evaluated beside it."""
        return _kernel_json(page, f"""{{
            "to_move": {name}.state.to_move,
            "last_move": None if {name}.state.last_move is None else str({name}.state.last_move),
            "history": [str(m) for m in {name}.state.history],
            "moves": {name}.moves,
            "message": {name}.message,
            "extra": {expr}}}""")

    verdicts_expr = (f"[dict(move=str(v.move), legal=v.legal, rule_id=v.rule_id, "
                     f"reason_en=v.reason_en) for v in {name}.state.verdicts()]")

    # The widget of that cell (each cell is in the DOM: the harness turns windowing off).
    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    expect(cell.locator(".jp-InputArea")).to_contain_text(f"{name} = SevensTryMoves(")
    root = cell.locator(".ds-sevens")
    expect(root).to_have_count(1, timeout=WAIT_MS)

    def move_button(move, scope=root):
        label = move if move in ("pass", "deal") else f"play {move}"
        return scope.get_by_role("button", name=label, exact=True)

    to_play = root.get_by_label("to play", exact=True)
    last_move = root.get_by_label("last move", exact=True)
    message = root.get_by_role("alert", name="message")
    undo = root.get_by_role("button", name="undo", exact=True)

    # ---- before any click: seed 003's example, as the engine sees it
    start = state(verdicts_expr)
    assert start["to_move"] == 0 and start["moves"] == []
    expect(to_play).to_have_text("To play: Ann", timeout=WAIT_MS)
    expect(last_move).to_have_count(0)
    expect(undo).to_be_disabled()
    candidates = root.get_by_role("table", name="moves to try")
    # the reason each row gives: the move's own, or its rule's statement for a row of moves
    # refused for several reasons (each move's own shows when the row is unfolded)
    shown = _kernel_json(page, f"""{{m["send"]: g["reason"]["text"]
        for g in {name}.view["candidates"]["groups"] for m in g["moves"]}}""")
    for verdict in start["extra"]:  # each move in a row of its legality and rule
        row = candidates.get_by_role("row").filter(has=move_button(verdict["move"], page))
        expect(row).to_contain_text("✔ legal" if verdict["legal"] else "✘ illegal")
        expect(row).to_contain_text(shown[verdict["move"]])
        expect(row).to_contain_text(verdict["rule_id"])
    legal = {v["move"] for v in start["extra"] if v["legal"]}
    assert legal == {"5♦", "9♦", "8♠"}  # the seed's own answer

    figures = {}

    # ---- a legal card, clicked: the page redraws and the kernel holds the move
    figures["legal click"] = _timed(page, root, "Ann played 8♠", move_button("8♠").click)
    expect(to_play).to_have_text("To play: Bob", timeout=WAIT_MS)
    expect(last_move).to_have_text("Last move: 8♠ by Ann")
    spades = root.get_by_role("list", name="spades row", exact=True)
    played = spades.get_by_role("listitem", name="8♠ on the table, last move", exact=True)
    expect(played).to_be_visible()
    expect(move_button("8♠")).to_have_count(0)
    expect(root.get_by_label("moves", exact=True)).to_have_text("Moves so far: 8♠")
    expect(undo).to_be_enabled()
    after = state(verdicts_expr)
    assert after["to_move"] == 1 and after["last_move"] == "8♠"
    assert after["history"] == start["history"] + ["8♠"]
    assert after["moves"] == ["8♠"]
    # the reply's first line: its words, then the rule's badge
    assert message.inner_text().splitlines()[0].startswith(after["message"])

    # ---- an illegal card of Bob's: refused with the engine's reason, nothing changes
    bad = next(v for v in after["extra"] if not v["legal"] and v["move"] != "pass")
    good = next(v for v in after["extra"] if v["legal"] and v["move"] != "pass")
    said = f"{bad['move']} is illegal for Bob"
    figures["illegal click"] = _timed(page, root, said, move_button(bad["move"]).click)
    # on the page: the reason, or where it is when the row just above already gives it
    expect(message).to_contain_text(_kernel_json(page, f"{name}.view['message']['text']"))
    expect(message.locator("button.ds-rule-card-toggle")).to_have_text(bad["rule_id"])
    expect(message).to_have_class(re.compile(r"\bds-message-error\b"))
    # the reply shows where the reader clicked: in the row right under the row tried
    tried = root.locator("tr.ds-tried")
    expect(tried).to_have_count(1)
    expect(move_button(bad["move"], tried)).to_be_visible()
    expect(root.locator("tr.ds-tried + tr.ds-reply [role='alert']")).to_have_count(1)
    expect(to_play).to_have_text("To play: Bob")
    expect(move_button(bad["move"])).to_be_visible()  # still in Bob's hand
    refused = state()
    assert refused["history"] == after["history"] and refused["to_move"] == 1
    assert refused["last_move"] == "8♠"
    assert refused["message"] == f"{said}. {sentence(bad['reason_en'])}"

    # ---- the keyboard: focus a legal card, press Enter
    move_button(good["move"]).focus()
    figures["Enter key"] = _timed(page, root, f"Bob played {good['move']}",
                                  lambda: page.keyboard.press("Enter"))
    expect(to_play).to_have_text("To play: Cy", timeout=WAIT_MS)
    expect(last_move).to_have_text(f"Last move: {good['move']} by Bob")
    # The redraw put the focus back on a button of the widget, so the keyboard can go on.
    assert root.evaluate("(el) => el.contains(document.activeElement) "
                         "&& document.activeElement.tagName === 'BUTTON'")
    keyed = state()
    assert keyed["history"] == after["history"] + [good["move"]] and keyed["to_move"] == 2

    # ---- undo: back to Bob, in the kernel too
    figures["undo click"] = _timed(page, root, f"Took back {good['move']}", undo.click)
    expect(to_play).to_have_text("To play: Bob", timeout=WAIT_MS)
    expect(move_button(good["move"])).to_be_visible()
    undone = state()
    assert undone["history"] == after["history"] and undone["to_move"] == 1
    assert undone["last_move"] == "8♠"

    # ---- reset: back to the seed's position
    reset = root.get_by_role("button", name="reset", exact=True)
    figures["reset click"] = _timed(page, root, "Back to the starting position", reset.click)
    expect(to_play).to_have_text("To play: Ann", timeout=WAIT_MS)
    expect(move_button("8♠")).to_be_visible()
    expect(undo).to_be_disabled()
    back = state()
    assert back["history"] == start["history"] and back["to_move"] == 0 and back["moves"] == []

    # ---- a hostile player name is drawn as text, never as HTML
    kernel_eval(page, f"""from doublesept import sevens as _sevens
{name}.state = _sevens.position('''
        players: {HOSTILE}, Bob, Cy
        table: 7♦
        {HOSTILE}: 2♣ 3♣
        Bob: ...
        Cy: ...
        turn: {HOSTILE}
    ''')""")
    expect(to_play).to_have_text(f"To play: {HOSTILE}", timeout=WAIT_MS)
    figures["pass click"] = _timed(page, root, f"{HOSTILE} passed", move_button("pass").click)
    expect(last_move).to_have_text(f"Last move: pass by {HOSTILE}")
    assert root.locator("img").count() == 0
    assert state()["history"] == ["pass"]
    assert dialogs == []

    # ---- the figures
    for label, (in_page, python) in figures.items():
        print(f"{label}: {in_page:.0f} ms in the page, {python:.0f} ms seen from Python")
    timings["sevens_click_to_redraw_ms"] = ", ".join(
        f"{label} {in_page:.0f}" for label, (in_page, _) in figures.items())
    timings["sevens_click_to_redraw_seen_from_python_ms"] = ", ".join(
        f"{label} {python:.0f}" for label, (_, python) in figures.items())
