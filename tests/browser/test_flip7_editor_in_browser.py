"""The Flip 7 position editor in a real browser (issue 24, point 1).

Opens tests/browser/fixtures/flip7_editor.ipynb in JupyterLab at 1280×720: one
``Flip7Editor`` started from seed 004's scoring example mid-round. A few edits by clicks (a
card to a line, a card to the deck, a refused Second Chance with the engine's message), then
by the keyboard (the arrow keys in the picker); each click is followed by a wait on what the
page shows (the message), never by a sleep; the editor must fit the 1280×720 window, and axe
finds nothing serious. Screenshots go to /tmp/flip7-editor-*.png.
"""

import json

import pytest
from browser_harness import accessibility_findings, kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIXTURE = "tests/browser/fixtures/flip7_editor.ipynb"
WAIT_MS = 15_000
SCREEN = {"width": 1280, "height": 720}


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _open(page, server):
    page.set_viewport_size(SCREEN)
    open_and_run(page, server, FIXTURE)
    root = page.locator(".jp-Notebook .ds-flip7-editor")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    return root


def _click(root, name: str, expected: str) -> None:
    root.get_by_role("button", name=name, exact=True).click()
    expect(root.get_by_role("alert", name="message")).to_contain_text(expected, timeout=WAIT_MS)


def _fits(root) -> dict:
    """The editor's box, and whether each part is wholly inside the 1280×720 window."""
    return root.evaluate("""(el) => {
      const inside = (sel) => [...el.querySelectorAll(sel)].every((n) => {
        const r = n.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
          && r.right <= window.innerWidth && r.height > 0;
      });
      const r = el.getBoundingClientRect();
      return { height: r.height, width: r.width, picker: inside('.ds-ed-picker'),
               places: inside('.ds-ed-places'), piles: inside('.ds-f7e-pile'),
               players: inside('.ds-ed-player'), message: inside('.ds-ed-message'),
               text: inside('.ds-ed-notation'),
               overflow: [...el.querySelectorAll('button, input')].filter((b) =>
                 b.scrollWidth > b.clientWidth + 1).map((b) => b.getAttribute('aria-label')) };
    }""")


def test_edits_by_clicks_and_keys_fit_one_screen(jupyter_server, page):
    root = _open(page, jupyter_server)
    fits = _fits(root)
    assert fits["height"] <= 650, fits  # FIT_HEIGHT: a 1280×720 screen less JupyterLab's bars
    assert all(fits[k] for k in ("picker", "places", "piles", "players", "message", "text")), fits
    page.screenshot(path="/tmp/flip7-editor-start.png")

    # a card to a line, a card to the deck
    _click(root, "0: 1 of 1 not placed", "0 chosen")
    _click(root, "put 0 in front of Ann", "0 is now in front of Ann.")
    _click(root, "8: 8 of 8 not placed", "8 chosen")
    _click(root, "put 8 in the deck, after the cards listed",
           "8 is now in the deck, card 3 from the top.")
    state = _kernel_json(page, "dict(text=editor.text, ann=[str(c) for c in "
                               "editor.state.line(0).cards])")
    assert state["ann"] == ["0", "3", "7", "12", "×2", "+4"]
    assert "deck: 7, Flip Three, 8, ..." in state["text"]
    assert root.locator("textarea.ds-ed-text").input_value() == state["text"]

    # an impossible edit: the engine's message, and the last possible position stays
    _click(root, "Second Chance: 2 of 3 not placed", "Second Chance chosen")
    _click(root, "put Second Chance in front of Bob",
           "[flip7.second-chance-limit] Bob has two Second Chances: a player holds at most one")
    expect(root.get_by_role("alert", name="message")).to_contain_text(
        "the last possible position stays")
    assert _kernel_json(page, "editor.text") == state["text"]

    # the keyboard: the arrow keys move among the cards, Enter chooses one
    chosen = root.locator("button.ds-ed-card[tabindex='0']")
    expect(chosen).to_have_count(1)
    chosen.focus()
    page.keyboard.press("ArrowUp")  # from Second Chance up to the modifiers
    page.keyboard.press("ArrowUp")  # then the numbers
    page.keyboard.press("End")
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("12:"), focused
    page.keyboard.press("Enter")
    expect(root.get_by_role("alert", name="message")).to_contain_text("12 chosen",
                                                                      timeout=WAIT_MS)
    assert _kernel_json(page, "editor.selected") == "12"
    page.screenshot(path="/tmp/flip7-editor-edits.png")
    fits = _fits(root)
    assert fits["height"] <= 650 and fits["players"] and fits["message"], fits
    findings = accessibility_findings(page, ".ds-flip7-editor")
    assert not findings, "\n".join(findings)


def test_six_players_in_french_fit_one_screen(jupyter_server, page):
    root = _open(page, jupyter_server)
    root.get_by_role("button", name="français", exact=True).click()
    expect(root.locator(".ds-ed-title")).to_have_text("Flip 7 : préparez une position")
    for name in ("Dee", "Eve", "Finn"):
        _click(root, "ajouter un joueur", f"{name} rejoint la table.")
    _click(root, "Dee : ■ stop", "[flip7.stay-needs-a-card] Dee stayed with no card")
    assert _kernel_json(page, "len(editor.state.names)") == 6
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    fits = _fits(root)
    assert fits["height"] <= 650, fits
    assert all(fits[k] for k in ("picker", "places", "piles", "message", "text")), fits
    page.screenshot(path="/tmp/flip7-editor-fr-6-players.png")
    findings = accessibility_findings(page, ".ds-flip7-editor")
    assert not findings, "\n".join(findings)
