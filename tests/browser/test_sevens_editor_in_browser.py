"""The Sevens position editor in a real browser (issue 24, point 1).

Opens tests/browser/fixtures/sevens_editor.ipynb in JupyterLab at 1280×720: one
``SevensEditor`` started from scratch (four players, every card unplaced). Seed 003's worked
example (lesson sevens-3-what-fits) is set up by clicks only, then by the keyboard only; the
page and the kernel's state are checked after each, and what is in view at 1280×720. Each
click is followed by a wait on what the page shows (the message), never by a sleep; the
control clicked must be where it was after the redraw. Screenshots go to
/tmp/sevens-editor-*.png.
"""

import json

import pytest
from browser_harness import accessibility_findings, kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIXTURE = "tests/browser/fixtures/sevens_editor.ipynb"
WAIT_MS = 15_000
SCREEN = {"width": 1280, "height": 720}

# The lesson's text of seed 003's worked example (notebooks/sevens-3-what-fits.md)
WORKED_EXAMPLE = """
players: Ann, Bob, Cy
table: 6♦-8♦ 7♠
Ann: 5♦ 9♦ 8♠ 6♣ R♥
Bob: ...
Cy: ...
turn: Ann
"""
TABLE = ["7♦", "6♦", "8♦", "7♠"]  # the 7♦ first: it opens the round (sevens.opening)
ANN = ["5♦", "9♦", "8♠", "6♣", "K♥"]


def _editor(page):
    root = page.locator(".jp-Notebook .ds-sevens-editor")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    return root


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _open(page, server):
    page.set_viewport_size(SCREEN)
    open_and_run(page, server, FIXTURE)
    root = _editor(page)
    # the widget at the top of the notebook's view, as a teacher scrolls it
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    return root


def _card(root, card):
    """The picker's button of ``card`` (its label: the card, then where it is)."""
    return root.locator(f'button.ds-ed-card[data-key="card:{card}"]')


_BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"


def _click(root, button, expected: str, stays: bool = True) -> None:
    """Click ``button``, wait for the message to say ``expected``; the button (found again by
    its data-key: the page is redrawn) is where it was, so nothing moved under the pointer
    (unless the click takes it away: ``stays`` False)."""
    key = button.get_attribute("data-key")
    before = button.evaluate(_BOX)
    centre = (before[0] + before[2] / 2, before[1] + before[3] / 2)
    root.page.mouse.click(*centre)
    expect(root.get_by_role("alert", name="message")).to_contain_text(expected, timeout=WAIT_MS)
    if not stays:
        expect(root.locator(f'[data-key="{key}"]')).to_have_count(0)
        return
    again = root.locator(f'[data-key="{key}"]')
    after = again.evaluate(_BOX)
    assert all(abs(a - b) <= 1 for a, b in zip(before, after)), (key, before, after)
    under = root.page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); "
                               "const b = e && e.closest('[data-key]'); "
                               "return b ? b.getAttribute('data-key') : null; }", list(centre))
    assert under == key, (key, under)


def _in_view(root) -> dict:
    """Which parts of the editor are wholly inside the 1280×720 window."""
    return root.evaluate("""(el) => {
      const inside = (sel) => [...el.querySelectorAll(sel)].every((n) => {
        const r = n.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
          && r.right <= window.innerWidth && r.height > 0;
      });
      return { picker: inside('.ds-ed-picker'), places: inside('.ds-ed-places'),
               rows: inside('.ds-ed-rows'), hands: inside('.ds-ed-hand'),
               message: inside('.ds-ed-message'), players: inside('.ds-ed-player') };
    }""")


def _page_state(root) -> dict:
    return root.evaluate("""(el) => ({
      table: [...el.querySelectorAll('.ds-ed-slot.ds-ed-on')].map((s) => s.getAttribute('aria-label')),
      ann: [...el.querySelectorAll('.ds-ed-player')][0].querySelector('.ds-ed-hand').innerText,
      players: [...el.querySelectorAll('.ds-ed-name')].map((n) => n.value),
      turn: [...el.querySelectorAll('.ds-ed-to-play[aria-pressed="true"]')].map((b) => b.getAttribute('aria-label')),
      text: el.querySelector('textarea.ds-ed-text').value,
    })""")


def _check_worked_example(page, root) -> None:
    shown = _page_state(root)
    assert shown["players"] == ["Ann", "Bob", "Cy"]
    assert shown["turn"] == ["Ann to play"]
    assert sorted(s.split(",")[0] for s in shown["table"]) == sorted(TABLE)
    for card in ANN:
        assert card in shown["ann"], (card, shown["ann"])
    kernel = _kernel_json(page, "dict(same=editor.state == __import__('doublesept').sevens"
                                f".position({WORKED_EXAMPLE!r}), text=editor.text, "
                                "legal=[str(m) for m in editor.state.legal_moves()])")
    assert kernel["same"], "the kernel's position is not seed 003's worked example"
    assert kernel["legal"] == ["5♦", "9♦", "8♠"]  # the seed: three cards fit
    assert shown["text"] == kernel["text"]
    assert "table: 6♦-8♦ 7♠" in shown["text"] and "Bob: ..." in shown["text"]


def test_seed_003_worked_example_set_up_by_clicks_only(jupyter_server, page):
    root = _open(page, jupyter_server)
    view = _in_view(root)
    assert all(view.values()), view
    page.screenshot(path="/tmp/sevens-editor-scratch.png")

    _click(root, root.get_by_role("button", name="remove Dee"), "Dee leaves the table",
           stays=False)
    for card in TABLE:
        _click(root, _card(root, card), f"{card} chosen")
        _click(root, root.get_by_role("button", name=f"Put {card} on the table"),
               f"{card} is now on the table.")
    for card in ANN:
        _click(root, _card(root, card), f"{card} chosen")
        _click(root, root.get_by_role("button", name=f"Put {card} in Ann's hand"),
               f"{card} is now in Ann's hand.")
    _click(root, root.get_by_role("button", name="Ann receives the unplaced cards"),
           "Ann no longer receives the unplaced cards.")
    _click(root, root.get_by_role("button", name="Ann to play"), "Ann is to play.")
    _check_worked_example(page, root)
    view = _in_view(root)
    assert all(view.values()), view
    page.screenshot(path="/tmp/sevens-editor-worked-example.png")

    # An impossible edit: 10♦ on the table leaves a hole at 9♦. The engine's message, and the
    # last possible position stays, on the page and in the kernel.
    text_before = _page_state(root)["text"]
    _click(root, _card(root, "10♦"), "10♦ chosen")
    _click(root, root.get_by_role("button", name="Put 10♦ on the table"),
           "[sevens.build] the ♦ row has a hole: 9♦ is missing between 6♦ and 10♦")
    expect(root.get_by_role("alert", name="message")).to_contain_text(
        "the last possible position stays")
    assert kernel_eval(page, "print(editor.refusal)").strip() == (
        "[sevens.build] the ♦ row has a hole: 9♦ is missing between 6♦ and 10♦")
    assert _page_state(root)["text"] == text_before
    _check_worked_example(page, root)
    page.screenshot(path="/tmp/sevens-editor-refused.png")

    # The text: a pasted position updates the board; an impossible one is refused.
    area = root.locator("textarea.ds-ed-text")
    area.fill(WORKED_EXAMPLE.replace("table: 6♦-8♦ 7♠", "table: 6♦-9♦ 7♠")
              .replace("5♦ 9♦", "5♦"))
    _click(root, root.get_by_role("button", name="read the position's text"), "Position read.")
    assert "9♦, on the table" in _page_state(root)["table"]
    assert kernel_eval(page, "print(editor.state.row('♦'))").strip() == "(Card('6♦'), Card('9♦'))"
    area.fill(WORKED_EXAMPLE.replace("Bob: ...", "Bob: 5♦ ..."))
    _click(root, root.get_by_role("button", name="read the position's text"),
           "5♦ is in two places")
    assert kernel_eval(page, "print(editor.state.row('♦'))").strip() == "(Card('6♦'), Card('9♦'))"


def test_the_keyboard_alone_sets_up_a_position(jupyter_server, page):
    root = _open(page, jupyter_server)
    # Tab reaches the picker (one stop: the card that takes Tab, A♣ at first)
    first = root.locator("button.ds-ed-card[tabindex='0']")
    expect(first).to_have_count(1)
    first.focus()

    def focused() -> str:
        return page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")

    def visible_focus() -> bool:
        return page.evaluate("""() => { const el = document.activeElement;
          const style = getComputedStyle(el);
          return el.matches(':focus-visible') && style.outlineStyle !== 'none'
            && parseFloat(style.outlineWidth) >= 2; }""")

    def key(name: str, expected: str | None = None) -> None:
        page.keyboard.press(name)
        if expected is not None:
            expect(root.get_by_role("alert", name="message")).to_contain_text(
                expected, timeout=WAIT_MS)

    assert focused().startswith("A♣,")
    # the arrows: down to the diamonds, right to the 7
    key("ArrowDown")
    for _ in range(6):
        key("ArrowRight")
    assert focused().startswith("7♦,")
    assert visible_focus()
    key("Enter", "7♦ chosen")
    assert focused().startswith("7♦,"), focused()  # the focus stays on the card chosen
    # Tab to the places: the table first, then unplaced, then each player's hand
    key("Tab")
    assert focused() == "Put 7♦ on the table", focused()
    assert visible_focus()
    key("Enter", "7♦ is now on the table.")
    assert focused() == "Put 7♦ on the table"
    # back to the picker: Shift+Tab lands on the card last chosen
    key("Shift+Tab")
    assert focused().startswith("7♦,"), focused()
    key("ArrowRight")  # 8♦
    key("Space", "8♦ chosen")
    key("Tab")
    key("Enter", "8♦ is now on the table.")
    # the 8♦ in Ann's hand instead: Tab past unplaced to Ann's place
    key("Tab")
    key("Tab")
    assert focused() == "Put 8♦ in Ann's hand", focused()
    assert visible_focus()
    key("Enter", "8♦ is now in Ann's hand.")
    # a player's name, typed: Tab on to the players' controls, through the edits and presets
    for _ in range(40):
        if focused() == "Ann's name":
            break
        key("Tab")
    assert focused() == "Ann's name", focused()
    page.keyboard.press("Control+a")
    page.keyboard.type("Zoé")
    key("Enter", "Ann is now called Zoé.")
    state = _kernel_json(page, "dict(table=[str(c) for c in editor.state.table], "
                               "ann='8♦' in [str(c) for c in editor.state.hand(0)], "
                               "selected=editor.selected, names=list(editor.state.names))")
    assert state == {"table": ["7♦"], "ann": True, "selected": "8♦",
                     "names": ["Zoé", "Bob", "Cy", "Dee"]}, state
    page.screenshot(path="/tmp/sevens-editor-keyboard.png")


def test_eight_players_in_french_fit_one_screen_and_axe_finds_nothing_serious(
        jupyter_server, page):
    root = _open(page, jupyter_server)
    root.get_by_role("button", name="français", exact=True).click()
    expect(root.locator(".ds-ed-title")).to_have_text("Sept : préparez une position")
    for name in ("Eve", "Finn", "Gus", "Hal"):
        _click(root, root.get_by_role("button", name="ajouter un joueur"),
               f"{name} rejoint la table.")
    # a ninth is refused with the engine's message, and the eight stay
    _click(root, root.get_by_role("button", name="ajouter un joueur"),
           "[sevens.players] Sevens is for 3 to 8 players, not more than 8")
    assert _kernel_json(page, "len(editor.state.names)") == 8
    _click(root, root.get_by_role("button", name="distribuer au hasard les cartes non placées"),
           "52 cartes distribuées au hasard")
    assert _kernel_json(page, "editor.state.hand_sizes()") == [7, 7, 7, 7, 6, 6, 6, 6]
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    view = _in_view(root)
    assert view["picker"] and view["places"] and view["message"] and view["rows"] \
        and view["hands"], view
    page.screenshot(path="/tmp/sevens-editor-fr-8-players.png")
    findings = accessibility_findings(page, ".ds-sevens-editor")
    assert not findings, "\n".join(findings)
