"""The Sevens widgets without a browser: message validation, the view, undo and reset.

Tests that exercise a rule are named after its id (sevens.must-play ->
test_sevens_must_play_...). The browser side is checked in tests/browser/.
"""

import re
import subprocess
import sys
from pathlib import Path

import anywidget  # noqa: F401  (the dev extra installs it: a missing one must fail, not skip)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import catalog, sevens
from doublesept.sevens import move_text
from doublesept.widgets import SevensTable, SevensTryMoves

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "widgets"
HOSTILE = "<img src=x onerror=alert(1)>"

# Ann holds nothing that fits 7♦ alone on the table: she must pass.
NOTHING_FITS = """
players: Ann, Bob, Cy
table: 7♦
Ann: 2♣ 3♣
Bob: ...
Cy: ...
turn: Ann
"""

# Ann has just gone out: round 1 of 3 is over.
ROUND_OVER = """
players: Ann, Bob, Cy
table: 7♦
Ann: -
Bob: ...
Cy: ...
turn: -
"""


def slots(view, where):
    return {s["card"] for row in view["rows"] for s in row["slots"] if s["where"] == where}


def candidate_moves(view):
    """Every move of the try-a-move rows, in order, as the text a click sends."""
    return [m["send"] for group in view["candidates"]["groups"] for m in group["moves"]]


def group_of(view, move):
    """The row (a group of moves with the same verdict) that holds ``move``."""
    return next(g for g in view["candidates"]["groups"] if move in [m["send"] for m in g["moves"]])


def refused(widget, before):
    """The message was refused: same state object, a readable error shown."""
    assert widget.state is before
    assert widget.view["message"]["kind"] == "error"
    assert widget.message and len(widget.message) <= 200
    return True


# ---- the package stays free of Jupyter


def test_importing_doublesept_does_not_import_widget_libraries():
    code = ("import doublesept, doublesept.sevens, sys; "
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'doublesept.widgets') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# ---- the table view: built from the engine, drawn by the JS


def test_view_shows_the_four_rows_and_the_mover(seed_003_example):
    view = SevensTable(seed_003_example).view
    assert [row["suit"] for row in view["rows"]] == ["♣", "♦", "♥", "♠"]
    assert all(len(row["slots"]) == 13 for row in view["rows"])
    assert slots(view, "table") == {"6♦", "7♦", "8♦", "7♠"}
    assert view["mover"] == "Ann"
    assert [row["red"] for row in view["rows"]] == [False, True, True, False]


def test_sevens_build_fitting_cards_highlighted_from_engine(seed_003_example):
    state = seed_003_example
    view = SevensTable(state, show_hands=True).view
    assert slots(view, "fits") == {str(c) for c in state.fitting_cards()}
    ann = view["players"][0]
    assert ann["to_move"]
    assert {c["card"] for c in ann["cards"] if c["playable"]} == {
        move_text(m) for m in state.legal_moves()} == {"5♦", "9♦", "8♠"}
    playable_slots = {s["card"] for row in view["rows"] for s in row["slots"] if s["playable"]}
    assert playable_slots == {"5♦", "9♦", "8♠"}


def test_hidden_hands_show_counts_only(seed_003_example):
    view = SevensTable(seed_003_example).view
    assert all(p["cards"] is None for p in view["players"])
    assert [p["count"] for p in view["players"]] == seed_003_example.hand_sizes()
    # hidden hands do not reveal which fitting cards the mover holds
    assert not any(s["playable"] for row in view["rows"] for s in row["slots"])


def test_show_hands_toggle_by_message_and_by_trait(seed_003_example):
    table = SevensTable(seed_003_example)
    assert table.handle_message({"intent": "show_hands", "show": True})
    assert table.show_hands and table.view["players"][0]["cards"] is not None
    table.show_hands = False
    assert table.view["players"][0]["cards"] is None and not table.view["show_hands"]


def test_hostile_name_is_plain_data_in_the_view():
    state = sevens.position(f"""
        players: {HOSTILE}, Bob, Cy
        table: 7♦
        {HOSTILE}: 2♣ 3♣
        Bob: ...
        Cy: ...
        turn: {HOSTILE}
    """)
    widget = SevensTryMoves(state)
    assert [p["name"] for p in widget.view["players"]] == [HOSTILE, "Bob", "Cy"]
    assert widget.view["mover"] == HOSTILE
    widget.play("5♣")  # [sevens.from-hand]: the name comes back in the message, verbatim
    assert f"{HOSTILE} does not hold 5♣" in widget.message
    assert widget.play("pass") and widget.view["last_move"]["player"] == HOSTILE


def test_setting_state_redraws(seed_003_example):
    table = SevensTable(seed_003_example)
    after = seed_003_example.play("8♠")
    table.state = after
    assert table.state is after and "8♠" in slots(table.view, "table")
    with pytest.raises(TypeError):
        table.state = "not a state"


def test_table_widget_refuses_moves(seed_003_example):
    table = SevensTable(seed_003_example)
    assert not table.handle_message({"intent": "play", "move": "8♠"})
    assert refused(table, seed_003_example)


def test_view_names_the_variant_rules_the_table_plays_by():
    # rulings S1 and S5: the teacher sees which options differ from the app's rules
    assert SevensTable(sevens.new_game(4, seed=1)).view["rules"] == ""
    assert SevensTable(sevens.new_game(4, seed=1, rounds=5)).view["rules"] == ""  # rounds: header
    game = sevens.new_game(4, seed=1, opening="any", scoring="face", seven_penalty=5)
    table = SevensTable(game)
    assert table.view["rules"] == "Rules: opening any 7, scoring face value, seven penalty 5"
    assert "Rules: opening any 7" in table._repr_mimebundle_()[0]["text/html"]
    cases = {"opening=7♥": "Rules: opening 7♥",
             "opening=all-sevens": "Rules: all sevens laid out first",
             "scoring=face-ace-15": "Rules: scoring face value, ace 15",
             "seven_penalty=10": "Rules: seven penalty 10"}
    for line, text in cases.items():
        state = sevens.position(f"""
            players: Ann, Bob, Cy
            rules: {line}
            table: 6♣-7♣ 7♦ 7♥ 7♠
            Ann: -
            Bob: ...
            Cy: ...
            turn: -
        """)
        widget = SevensTryMoves(state)
        assert widget.view["rules"] == text, line
        assert widget.play("deal") and widget.view["rules"] == text  # kept from round to round
    assert "ds-rules" not in SevensTable(sevens.new_game(4))._repr_mimebundle_()[0]["text/html"]


# ---- the try-a-move table


def test_try_moves_lists_every_candidate_with_its_verdict(seed_003_example):
    state = seed_003_example
    view = SevensTryMoves(state).view
    assert sorted(candidate_moves(view)) == sorted([str(c) for c in state.hand(0)] + ["pass"])
    for verdict in state.verdicts():  # its row: its legality and rule; its reason, or unfolded
        row = group_of(view, move_text(verdict.move))
        assert (row["legal"], row["rule_id"]) == (verdict.legal, verdict.rule_id)
        if row["details"] is None:
            assert (row["reason_en"], row["reason_fr"]) == (verdict.reason_en, verdict.reason_fr)
        else:
            detail = next(d for d in row["details"]
                          if d["move"]["send"] == move_text(verdict.move))
            assert detail["reason"]["text"] == verdict.reason_en
        assert row["citation"] == catalog.rule(verdict.rule_id).citation()
    # the legal rows first
    flags = [g["legal"] for g in view["candidates"]["groups"]]
    assert flags == sorted(flags, reverse=True) and flags[0]
    legal = [m["send"] for g in view["candidates"]["groups"] if g["legal"] for m in g["moves"]]
    assert legal == ["5♦", "9♦", "8♠"]


def test_sevens_must_play_message_shown(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    assert not widget.handle_message({"intent": "play", "move": "pass"})
    assert refused(widget, seed_003_example)
    assert widget.view["message"]["rule_id"] == "sevens.must-play" and "Ann" in widget.message
    shown = widget.view["message"]
    assert shown["rule_id"] == "sevens.must-play"
    assert shown["citation"] == catalog.rule("sevens.must-play").citation()
    assert "vous devez jouer" in shown["fr"]
    assert [g["moves"][0]["send"] for g in widget.view["candidates"]["groups"]
            if g["tried"]] == ["pass"]
    assert widget.moves == []


def test_sevens_build_illegal_card_leaves_state(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    assert not widget.play("6♣")
    assert refused(widget, seed_003_example)
    assert widget.view["message"]["rule_id"] == "sevens.build" and "7♣" in widget.message


def test_sevens_from_hand_card_not_held_refused(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    assert not widget.play("5♣")  # Bob's, not Ann's
    assert refused(widget, seed_003_example)
    assert widget.view["message"]["rule_id"] == "sevens.from-hand"


def test_sevens_build_legal_move_by_message_updates_state_and_view(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    widget._handle_custom_msg({"intent": "play", "move": "8♠"}, [])  # as the comm delivers it
    state = widget.state
    assert state is not seed_003_example and state.parent is seed_003_example
    assert state == seed_003_example.play("8♠")
    assert widget.moves == ["8♠"]
    view = widget.view
    assert "8♠" in slots(view, "table") and view["mover"] == "Bob"
    assert view["last_move"] == {"move": "8♠", "player": "Ann"}
    assert view["message"]["kind"] == "ok" and "Ann played 8♠" in widget.message
    assert view["can_undo"] and view["moves_shown"] == ["8♠"] and "moves" not in view
    assert "pass" in candidate_moves(view)


def test_letters_and_engine_moves_are_accepted(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    assert widget.play("8s")
    assert widget.moves == ["8♠"]
    assert widget.play(sevens.PASS)  # Bob holds nothing that fits
    assert widget.moves == ["8♠", "pass"]
    before = widget.state
    assert not widget.play(8)
    assert refused(widget, before) and widget.message.startswith("Message refused")


def test_many_unexpected_fields_give_a_short_message(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    content = {"intent": "undo", **{"x" * 1000 + str(i): i for i in range(50)}}
    assert not widget.handle_message(content)
    assert refused(widget, seed_003_example)


@pytest.mark.parametrize("content", [
    "play 8♠", None, 5, ["play", "8♠"], {"move": "8♠"},
    {"intent": "fly"}, {"intent": 3}, {"intent": None}, {"intent": ["play"]},
    {"intent": "play"}, {"intent": "play", "move": 8}, {"intent": "play", "move": None},
    {"intent": "play", "move": ["8♠"]}, {"intent": "play", "move": {"card": "8♠"}},
    {"intent": "play", "move": True}, {"intent": "play", "move": "8♠" * 100},
    {"intent": "play", "move": "8♠", "player": "Bob"}, {"intent": "undo", "steps": 5},
    {"intent": "show_hands", "show": "yes"}, {"intent": "show_hands", "show": 1},
    {"intent": "show_hands"},
])
def test_malformed_message_refused_state_unchanged(seed_003_example, content):
    widget = SevensTryMoves(seed_003_example)
    assert widget.handle_message(content) is False
    assert refused(widget, seed_003_example)
    assert widget.message.startswith("Message refused")
    assert widget.moves == []


@pytest.mark.parametrize("move", ["ZZ", "", "   ", "11♠", "8♠♠", HOSTILE])
def test_not_a_move_refused_readably(seed_003_example, move):
    widget = SevensTryMoves(seed_003_example)
    assert not widget.play(move)
    assert refused(widget, seed_003_example)
    assert widget.view["message"]["rule_id"] == "cards.notation"
    assert widget.view["message"]["citation"].startswith("seed 002")
    assert widget.message.startswith("Not a move")


def test_browser_cannot_write_the_view(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    before = widget.view
    widget.set_state({"_view": "{}", "view": {"rows": []}, "show_hands": False})
    assert widget.view["rows"] == before["rows"] and widget.show_hands
    assert widget.state is seed_003_example
    assert refused(widget, seed_003_example) and "the page tried to change" in widget.message


def test_unexpected_failure_is_shown_not_lost(seed_003_example, monkeypatch):
    widget = SevensTryMoves(seed_003_example)

    def broken():
        raise RuntimeError("boom")

    monkeypatch.setattr(widget, "_intent_reset", broken)
    widget._handle_custom_msg({"intent": "reset"}, [])
    assert "boom" in widget.message and widget.state is seed_003_example


def test_undo_uses_the_parent_chain_and_stops_at_start(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    widget.play("8♠")
    first = widget.state
    widget.play(widget.state.legal_moves()[0])
    assert len(widget.moves) == 2
    assert widget.undo() and widget.state is first and widget.moves == ["8♠"]
    assert widget.handle_message({"intent": "undo"}) and widget.state is seed_003_example
    assert not widget.view["can_undo"]
    assert not widget.undo()
    assert refused(widget, seed_003_example) and "Nothing to undo" in widget.message


def test_undo_does_not_go_before_the_widget_start(seed_003_example):
    start = seed_003_example.play("8♠")
    widget = SevensTryMoves(start)
    assert not widget.undo() and widget.state is start


def test_reset_returns_to_the_start(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    for _ in range(5):
        widget.play(widget.state.legal_moves()[-1])
    assert len(widget.moves) == 5
    assert widget.handle_message({"intent": "reset"})
    assert widget.state is seed_003_example and widget.moves == []
    assert widget.view["message"]["kind"] == "ok"


def test_state_setter_keeps_or_moves_the_start(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    later = seed_003_example.play("8♠")
    widget.state = later  # a descendant: the history since the start is kept
    assert widget.start is seed_003_example and widget.moves == ["8♠"]
    other = sevens.position(NOTHING_FITS)
    widget.state = other  # unrelated: it becomes the new start
    assert widget.start is other and widget.moves == []
    widget.reset()
    assert widget.state is other


def test_sevens_pass_legal_when_nothing_fits():
    state = sevens.position(NOTHING_FITS)
    widget = SevensTryMoves(state)
    view = widget.view
    assert group_of(view, "pass")["legal"] and group_of(view, "pass")["rule_id"] == "sevens.pass"
    assert not group_of(view, "2♣")["legal"]
    assert widget.play("pass") and widget.state.parent is state
    assert widget.view["mover"] == "Bob" and "Ann passed" in widget.message


def test_sevens_deal_rotates_deal_is_the_only_candidate_when_round_over():
    state = sevens.position(ROUND_OVER)
    widget = SevensTryMoves(state)
    view = widget.view
    assert view["mover"] is None and view["status"]["text"] == "Deal round 2"
    assert [(g["moves"][0]["send"], g["legal"]) for g in view["candidates"]["groups"]] == [
        ("deal", True)]
    assert not widget.play("8♠")
    assert refused(widget, state) and widget.view["message"]["rule_id"] == "sevens.round-end"
    assert widget.play("deal")
    assert widget.state.round == 2 and widget.view["round"] == 2
    assert widget.view["mover"] == widget.state.names[widget.state.to_move]


def test_sevens_match_winner_no_move_once_the_match_is_over():
    state = sevens.position(ROUND_OVER.replace("players:", "round: 1 of 1\nplayers:"))
    widget = SevensTryMoves(state)
    assert widget.view["status"]["text"] == "The match is over."
    assert [(g["moves"][0]["send"], g["legal"]) for g in widget.view["candidates"]["groups"]] == [
        ("deal", False)]
    assert not widget.play("deal")
    assert refused(widget, state) and widget.view["message"]["rule_id"] == "sevens.match-winner"


# ---- the browser files


def js_files():
    return sorted(WIDGETS.glob("*.js"))


def test_widget_assets_are_sent_as_text():
    assert "export default" in SevensTryMoves._esm and "render" in SevensTryMoves._esm
    assert ".ds-widget" in SevensTryMoves._css and ".ds-sevens" in SevensTryMoves._css


@pytest.mark.parametrize("path", js_files(), ids=lambda p: p.name)
def test_js_never_writes_html(path):
    code = path.read_text("utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in code, f"{path.name} uses {sink}; render text with textContent"


def test_js_has_the_aria_labels_the_browser_tests_use(seed_003_example):
    code = (WIDGETS / "common.js").read_text("utf-8")
    for label in ('"aria-label": view.words.message_label', 'role: "alert"',
                  '"aria-label": w.rules_label', '"aria-label": ariaLabel'):
        assert label in code, label
    assert re.search(r'h\("button"', code), "controls must be real <button> elements"
    # the labels themselves come from Python, in the widget's language
    words = SevensTryMoves(seed_003_example).view["words"]
    assert (words["message_label"], words["undo_label"], words["reset_label"]) == (
        "message", "undo", "reset")
    assert (words["show_hands_label"], words["hide_hands_label"]) == ("show hands", "hide hands")
    row = group_of(SevensTryMoves(seed_003_example).view, "8♠")
    assert [m["label"] for m in row["moves"] if m["send"] == "8♠"] == ["play 8♠"]


messages = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
    | st.sampled_from(["play", "undo", "reset", "show_hands", "8♠", "5♦", "pass", "deal"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["intent", "move", "show", "x"]) | st.text(max_size=5),
                      inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=messages)
def test_any_message_is_validated_and_a_refusal_changes_nothing(seed_003_example, content):
    widget = SevensTryMoves(seed_003_example)
    before = widget.state
    accepted = widget.handle_message(content)
    assert accepted in (True, False)
    if not accepted:
        assert widget.state is before and widget.message
    else:
        assert widget.state is before or widget.state.parent is before or content.get("intent") in (
            "undo", "reset", "show_hands")


def test_undo_message_names_the_move_in_french_too():
    widget = SevensTryMoves(sevens.position(NOTHING_FITS))
    assert widget.play("pass") and widget.undo()
    assert widget.view["message"]["en"] == "Took back pass."
    assert widget.view["message"]["fr"] == "Coup annulé : passe."
