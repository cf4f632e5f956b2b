"""Words a learner reads, in the browser (issue 21, item 5): a reply is a sentence, its rule a
badge that opens the rule's card, and a ruling cited, "(D1)", a button that opens its words.

It opens doubleseven-3-rainbow at 1280×720, runs it, and in the first try-a-move table (Ann's
rack holds a clover, so the default refuses Rainbow with ruling D1):

- clicks the refused "rainbow": the reply sits under its row and only says where the reason
  is (the row just above gives it: said once), with no "[rule.id]" in its words;
- clicks the reply's badge: the rule's card opens just under it, its top in view, with the
  catalog's statement and source as the kernel reads them; nothing scrolls: the badge stays
  under the pointer;
- clicks the row's "D1": the ruling's words open under the reason, as the kernel's view has
  them; a second click closes them.

Every wait is on what the page shows.
"""

import json

import pytest
from browser_harness import kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WAIT_MS = 10_000  # a redraw takes tens of ms; this only bounds a failure
LESSON = "doubleseven-3-rainbow"
NAME = "try_default"


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720


def _top_in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] <= 720 - 20  # its first line at least


def test_a_reply_its_rule_card_and_a_ruling_open_where_the_reader_looks(jupyter_server, page):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run(page, jupyter_server, f"notebooks/{LESSON}.ipynb")
    root = page.locator(".ds-doubleseven").first
    root.scroll_into_view_if_needed()
    rainbow = root.locator('tr.ds-illegal button[aria-label="rainbow"]')
    expect(rainbow).to_have_count(1, timeout=WAIT_MS)
    message = root.locator(".ds-message")
    before = message.get_attribute("data-n") if message.count() else None
    rainbow.click()
    expect(message).not_to_have_attribute("data-n", before or "none", timeout=WAIT_MS)

    # the reply: under the row tried, which gives the reason; the reply says where it is
    reply = root.locator("tr.ds-reply .ds-message")
    expect(reply).to_have_count(1, timeout=WAIT_MS)
    expect(reply.locator(".ds-message-main").first).to_have_text(
        "rainbow is illegal for Ann: the reason is on its row, just above. doubleseven.rainbow",
        timeout=WAIT_MS)
    assert "[" not in reply.inner_text()
    rule = _kernel_json(page, f"{NAME}.view['message']['rule']")
    assert rule["id"] == "doubleseven.rainbow"
    badge = reply.locator("button.ds-rule-card-toggle")
    expect(badge).to_have_attribute("aria-expanded", "false")
    assert _in_view(page, badge)

    # its badge opens the rule's card: the catalog's statement and source, in view
    top = badge.bounding_box()["y"]
    badge.click()
    card = reply.locator(".ds-rule-card")
    expect(card).to_be_visible(timeout=WAIT_MS)
    expect(card.locator(".ds-card-statement").first).to_have_text(rule["statement"]["text"])
    expect(card.locator(".ds-cite")).to_have_text(rule["citation"])
    badge = reply.locator("button.ds-rule-card-toggle")
    expect(badge).to_have_attribute("aria-expanded", "true")
    assert abs(badge.bounding_box()["y"] - top) <= 1, "the badge moved under the pointer"
    assert _top_in_view(page, card)

    # the row's ruling: D1, a button that opens what the ruling settles
    ruling = _kernel_json(page, f"{NAME}.view['rulings']['D1']")
    cite = root.locator("tr.ds-tried td.ds-reason button.ds-ruling").first
    expect(cite).to_have_text("D1")
    expect(cite).to_have_attribute("aria-label", ruling["label"])
    cite.click()
    words = root.locator("tr.ds-tried td.ds-reason .ds-ruling-card")
    expect(words).to_have_text(ruling["text"], timeout=WAIT_MS)
    assert ruling["text"].startswith("Ruling D1 (docs/rulings.md): ")
    assert _top_in_view(page, words)
    root.locator("tr.ds-tried td.ds-reason button.ds-ruling").first.click()
    expect(words).to_have_count(0, timeout=WAIT_MS)
    # the kernel's state is untouched by all this reading
    assert _kernel_json(page, f"{NAME}.state is {NAME}.start") is True
