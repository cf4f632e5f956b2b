"""The variants lesson in a real browser: each table names the rules it plays by.

Opens notebooks/sevens-6-variants.ipynb in JupyterLab and runs every cell. Every Sevens widget
of the lesson plays by non-default rules, so each must show its "rules" line, with the text
the kernel built from the engine's options (`state.rules.changes()`). Then the flexible-opener
table is played with the mouse: Ann passes, Bob opens with a 7 of his choice.
"""

import json

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LESSON = "notebooks/sevens-6-variants.ipynb"
WAIT_MS = 5_000


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def test_variant_tables_show_their_rules(jupyter_server, page):
    open_and_run(page, jupyter_server, LESSON)
    # JupyterLab may also restore notebooks an earlier test opened: look in this one only.
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    widgets = page.locator(f"[id='{panel}'] .jp-Notebook .ds-sevens")
    expected = _kernel_json(page, "[w.view['rules'] for w in (variant_table, heart_opening, "
                                  "any_seven, seven_rows, face_and_seven)]")
    assert all(text.startswith("Rules: ") for text in expected)
    expect(widgets).to_have_count(len(expected), timeout=WAIT_MS)
    for index, text in enumerate(expected):
        label = widgets.nth(index).get_by_label("rules", exact=True)
        expect(label).to_have_text(text, timeout=WAIT_MS)

    # the flexible opener, played by clicks: the rules line stays while the game goes on
    root = widgets.nth(2)
    root.get_by_role("button", name="pass", exact=True).click()
    expect(root.get_by_label("to play", exact=True)).to_have_text("To play: Bob", timeout=WAIT_MS)
    root.get_by_role("button", name="play 7♠", exact=True).click()
    reply = root.get_by_role("alert", name="message")
    expect(reply).to_contain_text(
        "Bob played 7♠. Fits: with the flexible opener, any 7 opens the round.", timeout=WAIT_MS)
    expect(reply.get_by_role("button", name="rule sevens.flexible-opener: its statement and "
                                            "source", exact=True)).to_be_visible()
    expect(root.get_by_label("rules", exact=True)).to_have_text("Rules: opening any 7")
    assert _kernel_json(page, "any_seven.moves") == ["pass", "7♠"]
