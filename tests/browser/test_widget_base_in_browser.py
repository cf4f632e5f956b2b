"""The widget base in a real browser: replies beside the row clicked, hidden hands, French.

Opens tests/browser/fixtures/widget_base.ipynb in JupyterLab: a tall spacer, then two
try-a-move tables (`long_page`, drawn in English with French beneath, and `french`, drawn
with lang="fr") of the same position: Cy to play, 13 cards in hand, none of which fits.
What to expect is read from the engine in the kernel, not written here.
"""

import json

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIXTURE = "tests/browser/fixtures/widget_base.ipynb"
WAIT_MS = 5_000

# Kernel code: the widget is given a position where Ann has just gone out.
ROUND_ENDS = '''from doublesept import sevens as _sevens
long_page.state = _sevens.position("""
    players: Ann, Bob, Cy
    table: 7♦ 7♠
    Ann: 8♠
    Bob: ...
    Cy: ...
    turn: Ann
""").play("8♠")'''


def _widget(page, name):
    """The widget drawn by the fixture's `name = SevensTryMoves(...)` cell."""
    cell = page.locator(".jp-Notebook .jp-Cell").filter(
        has=page.locator(".jp-InputArea", has_text=f"{name} = SevensTryMoves("))
    root = cell.locator(".ds-sevens")
    expect(root).to_have_count(1, timeout=WAIT_MS)
    return root


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


_PLACE = """(button) => {
  const row = button.closest("tr");
  const rect = row.getBoundingClientRect();
  let scroller = row.parentElement;
  while (scroller && !(/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)
                       && scroller.scrollHeight > scroller.clientHeight)) {
    scroller = scroller.parentElement;
  }
  // the page's own scroller, outside the widget (the table's box may scroll inside it)
  let page = button.closest(".ds-widget").parentElement;
  while (page && !(/(auto|scroll)/.test(getComputedStyle(page).overflowY)
                   && page.scrollHeight > page.clientHeight)) {
    page = page.parentElement;
  }
  return { rowTop: rect.top, rowBottom: rect.bottom, innerHeight: window.innerHeight,
           scrollTop: scroller ? scroller.scrollTop : window.scrollY,
           pageTop: page ? page.scrollTop : window.scrollY };
}"""

_REPLY = """(root) => {
  const message = root.querySelector('[role="alert"][aria-label="message"]');
  const rect = message.getBoundingClientRect();
  const row = message.closest("tr");
  return { top: rect.top, bottom: rect.bottom, text: message.textContent,
           underRow: !!row && row.classList.contains("ds-reply")
             && !!row.previousElementSibling
             && row.previousElementSibling.classList.contains("ds-tried") };
}"""


# Every text drawn, node by node (textContent would join a row's last rank to the next
# row's suit, "K" + "♦", into a card that is not drawn anywhere).
_TEXTS = """(el) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode.data);
  return texts.join(" | ");
}"""


def _click_and_wait(page, root, button, expected: str) -> None:
    button.click()
    expect(root.get_by_role("alert", name="message")).to_contain_text(expected, timeout=WAIT_MS)


def test_the_reply_to_a_click_shows_beside_the_row_clicked(jupyter_server, page):
    open_and_run(page, jupyter_server, FIXTURE)
    root = _widget(page, "long_page")
    verdicts = _kernel_json(page, "[dict(move=str(v.move), legal=v.legal) "
                                  "for v in long_page.state.verdicts()]")
    illegal = [v["move"] for v in verdicts if not v["legal"]]
    assert len(illegal) >= 3  # a long table: the page is taller than the screen

    def button(move):
        return root.get_by_role("button", name=f"play {move}", exact=True)

    # The row in the middle of the screen: the reply shows right under it, and the page does
    # not move. The widget fits 650 px (a 1280×720 screen), so its table scrolls in a box:
    # the box rises by no more than the reply needs to be seen.
    first = button(illegal[0])
    first.evaluate("(b) => b.closest('tr').scrollIntoView({block: 'center'})")
    before = first.evaluate(_PLACE)
    _click_and_wait(page, root, first, f"{illegal[0]} is illegal for Cy")
    after = first.evaluate(_PLACE)
    reply = root.evaluate(_REPLY)
    assert reply["underRow"], "the reply is not the row under the row clicked"
    assert 0 <= reply["top"] and reply["bottom"] <= after["innerHeight"], (reply, after)
    assert abs(after["pageTop"] - before["pageTop"]) <= 2, ("the page scrolled", before, after)
    risen = before["rowTop"] - after["rowTop"]
    assert -2 <= risen <= reply["bottom"] - reply["top"] + 40, ("the table jumped", risen)
    assert root.evaluate("(el) => el.getBoundingClientRect().height") <= 650.5

    # The row at the very bottom of the screen: the page scrolls just enough to show the
    # reply under it, and the row clicked stays on screen.
    last = button(illegal[-1])
    last.evaluate("(b) => b.closest('tr').scrollIntoView({block: 'end'})")
    before = last.evaluate(_PLACE)
    _click_and_wait(page, root, last, f"{illegal[-1]} is illegal for Cy")
    after = last.evaluate(_PLACE)
    reply = root.evaluate(_REPLY)
    assert reply["underRow"]
    assert 0 <= reply["top"] and reply["bottom"] <= after["innerHeight"], (reply, after)
    assert 0 <= after["rowTop"] and after["rowBottom"] <= after["innerHeight"], after
    # the row rose by no more than the reply's height (the reply above went away too)
    risen = before["rowTop"] - after["rowTop"]
    assert -2 <= risen <= reply["bottom"] - reply["top"] + 40, ("the page jumped", risen)

    # A legal move (pass): the reply, with the engine's words, takes the place of the row.
    passing = root.get_by_role("button", name="pass", exact=True)
    passing.evaluate("(b) => b.closest('tr').scrollIntoView({block: 'center'})")
    before = passing.evaluate(_PLACE)
    _click_and_wait(page, root, passing, "Cy passed")
    reply = root.evaluate(_REPLY)
    assert abs(reply["top"] - before["rowTop"]) <= 10, (reply, before)
    expect(root.get_by_label("to play", exact=True)).to_have_text("To play: Dee")

    # A redraw from the kernel, not a click, leaves the page where the reader put it, even
    # when the new state has events to say.
    spacer = page.locator(".spacer").first
    spacer.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    before = spacer.evaluate("(el) => el.getBoundingClientRect().top")
    kernel_eval(page, ROUND_ENDS)
    expect(root.get_by_role("alert", name="message")).to_contain_text(
        "Ann went out: the round is over.", timeout=WAIT_MS)
    after = spacer.evaluate("(el) => el.getBoundingClientRect().top")
    assert abs(after - before) <= 2, ("a redraw from the kernel moved the page", before, after)


def test_hide_hands_hides_every_card_of_every_hand(jupyter_server, page):
    open_and_run(page, jupyter_server, FIXTURE)
    root = _widget(page, "long_page")
    hands = _kernel_json(page, "[[str(c) for c in hand] for hand in long_page.state.hands]")
    held = [c for hand in hands for c in hand]
    mover = _kernel_json(page, "long_page.state.turn")

    # shown: the mover's cards are buttons in the try-a-move table, every hand is listed
    for c in hands[mover]:
        expect(root.get_by_role("button", name=f"play {c}", exact=True)).to_be_visible()
    assert any(c in root.inner_text() for c in held)

    root.get_by_role("button", name="hide hands", exact=True).click()
    expect(root.get_by_role("button", name="show hands", exact=True)).to_be_visible(
        timeout=WAIT_MS)
    text = root.evaluate(_TEXTS)
    shown = [c for c in held if c in text]
    assert not shown, f"cards of a hand still drawn with the hands hidden: {shown}"
    # nor in a label or a tooltip, outside the grid of the 52 places (which is public)
    attributes = root.evaluate("""(el) => [...el.querySelectorAll("*")]
      .filter((node) => !node.closest(".ds-rows"))
      .flatMap((node) => [node.getAttribute("aria-label"), node.getAttribute("title")])
      .filter(Boolean).join(" | ")""")
    shown = [c for c in held if c in attributes]
    assert not shown, f"cards of a hand in labels with the hands hidden: {shown}"
    # the try-a-move table says how many cards the mover holds, and still offers pass
    table = root.get_by_role("table", name="moves to try")
    expect(table).to_contain_text(f"{len(hands[mover])} cards in Cy's hand, hidden")
    expect(table.get_by_role("button", name="pass", exact=True)).to_be_visible()
    assert root.locator("button.ds-move").count() == 1  # pass only
    assert _kernel_json(page, "long_page.show_hands") is False


def test_a_table_drawn_in_french_shows_french_labels(jupyter_server, page):
    open_and_run(page, jupyter_server, FIXTURE)
    root = _widget(page, "french")
    expect(root.get_by_role("button", name="annuler", exact=True)).to_have_text("↶ Annuler")
    expect(root.get_by_role("button", name="recommencer", exact=True)).to_be_visible()
    expect(root.get_by_role("button", name="cacher les mains", exact=True)).to_have_text(
        "Cacher les mains")
    expect(root.get_by_label("à jouer", exact=True)).to_have_text("À jouer : Cy")
    table = root.get_by_role("table", name="coups à essayer")
    expect(table.locator("thead")).to_have_text("CoupVerdictPourquoiRègle et source")
    expect(table.locator("caption")).to_contain_text("Essayez un coup : Cy pose une carte")
    expect(table).to_contain_text("✘ interdit")
    expect(table).to_contain_text("✔ permis")
    expect(root.get_by_label("légende", exact=True)).to_contain_text("sur la table")
    expect(root.get_by_role("button", name="passe", exact=True)).to_be_visible()
    text = root.evaluate(_TEXTS)
    for english in ("Undo", "Reset", "Hide hands", "To play", "Try a move", "illegal",
                    "legal", "Why", "on the table", "penalty points", "Does not fit"):
        assert english not in text, f"{english!r} is drawn in the French table"
    # a click answers in French, under the row clicked
    verdicts = _kernel_json(page, "[str(v.move) for v in french.state.verdicts() if not v.legal]")
    card = _kernel_json(page, "french.move_text(french.state.verdicts()[0].move, 'fr')")
    assert verdicts
    root.get_by_role("button", name=f"jouer {card}", exact=True).click()
    expect(root.get_by_role("alert", name="message")).to_contain_text(
        f"{card} est interdit pour Cy", timeout=WAIT_MS)
    # the language switch draws the English labels back
    root.get_by_role("button", name="English", exact=True).click()
    expect(root.get_by_role("button", name="undo", exact=True)).to_have_text("↶ Undo",
                                                                             timeout=WAIT_MS)
    assert _kernel_json(page, "french.lang") == "en"
