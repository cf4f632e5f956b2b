"""The widget base (doublesept/widgets/base.py) without a browser, through the Sevens tables.

Every message the page can send gets a short, printable answer; a trait the page writes is
refused and said; the labels follow ``lang``; a seat's view holds only what that seat sees;
moves with the same verdict share one row; nothing fits once a round is over; the round
label shows only in a match; the view reaches the page as JSON with no raw "<".
The browser side is checked in tests/browser/test_widget_base_in_browser.py.
"""

import json
import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import catalog, sevens
from doublesept.errors import NotationError, OptionError, PositionError
from doublesept.sevens import render_html
from doublesept.widgets import (
    MAX_MESSAGE,
    MAX_TEXT,
    GameWidget,
    SevensTable,
    SevensTryMoves,
    json_for_html,
    printable,
)
from doublesept.widgets.base import BASE_WORDS

ROUND_OVER = """
players: Ann, Bob, Cy
table: 7♦
Ann: -
Bob: ...
Cy: ...
turn: -
"""

# Ann plays her last card, 8♠: the round ends (round 1 of 3).
LAST_CARD = """
players: Ann, Bob, Cy
table: 7♦ 7♠
Ann: 8♠
Bob: ...
Cy: ...
turn: Ann
"""

UNPRINTABLE = ["\x00" * MAX_TEXT, "\u202e" * MAX_TEXT, "\ud800" * MAX_TEXT, "8\u200b♠",
               "\x1b[31m8♠", "\n" * MAX_TEXT, "\ufeff" * MAX_TEXT]


def opening():
    """Round 1 of a four-player match, before the opening card: Bob holds 7♦."""
    return sevens.new_game(4, seed=1)


def shown_message(widget) -> dict:
    message = widget.view["message"]
    assert message is not None, "no message shown"
    return message


def assert_short_and_printable(widget):
    message = shown_message(widget)
    for line in (message["en"], message["fr"], message["text"], message["sub"] or "",
                 *(e["text"] for e in message["events"])):
        assert line and len(line) <= MAX_MESSAGE, line
        assert line.isprintable(), repr(line)


def all_moves(view) -> list:
    return [m["send"] for group in view["candidates"]["groups"] for m in group["moves"]]


def grid_free(view) -> str:
    """The view as JSON without the grid of the 52 places (which names every card, and is
    the same for everyone)."""
    return json.dumps({k: v for k, v in view.items() if k not in ("rows", "legend")},
                      ensure_ascii=False)


# ---- every bad message: a visible, short, printable answer, and nothing changes


@pytest.mark.parametrize("move", UNPRINTABLE)
def test_an_unprintable_move_is_never_echoed_raw(seed_003_example, move):
    widget = SevensTryMoves(seed_003_example)
    assert widget.play(move) is False
    assert widget.state is seed_003_example
    assert shown_message(widget)["kind"] == "error"
    assert_short_and_printable(widget)
    json.dumps(widget.view, ensure_ascii=False).encode("utf-8")  # no lone surrogate left
    widget._view.encode("utf-8")


@pytest.mark.parametrize("content", [
    None, 5, "play", [], {"intent": "fly"}, {"intent": "play", "move": 8},
    {"intent": "play", "move": "8♠" * 17}, {"intent": "play", "move": "x" * 10_000},
    {"intent": "lang", "lang": "de"}, {"intent": "lang", "lang": 3}, {"intent": "lang"},
    {"intent": "show_hands", "show": "no"}, {"intent": "x" * 10_000},
    {"intent": "undo", **{"\x00" * 500 + str(i): i for i in range(20)}},
    {"intent": "play", "move": "8♠", "\u202e": 1}, {"intent": 10**5000},
])
def test_every_bad_message_gets_a_short_printable_answer(seed_003_example, content):
    widget = SevensTryMoves(seed_003_example)
    assert widget.handle_message(content) is False
    assert widget.state is seed_003_example and widget.moves == []
    assert shown_message(widget)["kind"] == "error"
    assert_short_and_printable(widget)


messages = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40)
    | st.sampled_from(["play", "undo", "reset", "show_hands", "lang", "fr", "8♠", "pass"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["intent", "move", "show", "lang"]) | st.text(max_size=5),
                      inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=messages)
def test_any_message_is_answered_and_a_refusal_changes_nothing(seed_003_example, content):
    widget = SevensTryMoves(seed_003_example)
    accepted = widget.handle_message(content)
    if not accepted:
        assert widget.state is seed_003_example
        assert shown_message(widget)["kind"] == "error"
    if widget.view["message"] is not None:
        assert_short_and_printable(widget)
    widget._view.encode("utf-8")


def test_a_message_names_a_long_reason_in_at_most_200_characters(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    assert not widget.play("a very long word!" * 1 + "x" * 15)  # 32 characters, not a card
    assert_short_and_printable(widget)
    assert widget.message.startswith("Not a move")


def test_a_trait_written_by_the_page_is_refused_with_a_message(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    before = widget._view
    widget.set_state({"_view": '{"rows": []}'})
    assert widget.state is seed_003_example
    assert "the page tried to change '_view' directly" in widget.message
    assert shown_message(widget)["kind"] == "error"
    assert json.loads(widget._view)["rows"] == json.loads(before)["rows"]
    widget.set_state({"layout": None, "x" * 500: 1, "\x00": 2, "more": 3})
    assert_short_and_printable(widget)
    widget.set_state({})  # an empty update says nothing
    assert "the page tried" in widget.message


def test_a_widget_failure_is_shown_short(seed_003_example, monkeypatch):
    widget = SevensTryMoves(seed_003_example)

    def broken():
        raise RuntimeError("boom\x00" * 100)

    monkeypatch.setattr(widget, "_intent_reset", broken)
    widget._handle_custom_msg({"intent": "reset"}, [])
    assert "boom" in widget.message and widget.state is seed_003_example
    assert_short_and_printable(widget)


# ---- languages


def test_lang_en_fr_both_draw_the_labels_in_that_language(seed_003_example):
    english = SevensTryMoves(seed_003_example, lang="en").view
    french = SevensTryMoves(seed_003_example, lang="fr").view
    both = SevensTryMoves(seed_003_example).view
    words = {**BASE_WORDS, **SevensTryMoves.WORDS}
    for key in english["words"]:
        assert english["words"][key] == words[key][0]
        assert french["words"][key] == words[key][1]
        assert both["words"][key] == words[key][0]
    assert french["words"]["undo"] == "↶ Annuler" and french["words"]["legal"] == "✔ permis"
    # the engine's words: English only, French only, or English with French beneath
    caption = {v["lang"]: v["candidates"]["caption"] for v in (english, french, both)}
    assert caption["en"] == {"text": "Ann to play a card that fits, or pass if none does",
                             "sub": None}
    assert caption["fr"]["text"].startswith("Ann pose une carte") and caption["fr"]["sub"] is None
    assert caption["both"]["text"] == caption["en"]["text"]
    assert caption["both"]["sub"] == caption["fr"]["text"]
    pass_en = next(g for g in english["candidates"]["groups"] if g["moves"][0]["send"] == "pass")
    pass_fr = next(g for g in french["candidates"]["groups"] if g["moves"][0]["send"] == "pass")
    assert pass_en["reason"]["text"].startswith("You cannot pass")
    assert pass_fr["reason"]["text"].startswith("Vous ne pouvez pas passer")
    assert pass_fr["verdict"] == "✘ interdit" and pass_fr["moves"][0]["text"] == "passe"
    assert pass_fr["moves"][0]["send"] == "pass"  # what a click sends does not change
    # the table's own words, and the cards in French ranks
    assert french["players"][0]["score_text"] == "points de pénalité : 0"
    king = next(c for c in french["players"][0]["cards"] if c["card"] == "K♥")
    assert king["text"] == "R♥"
    assert french["rows"][0]["label"] == "rangée de trèfle"
    assert {i["words"] for i in french["legend"]} >= {"sur la table", "pas encore posée"}
    assert "Undo" not in json.dumps(french["words"], ensure_ascii=False)


def test_lang_can_change_and_is_checked(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    assert widget.handle_message({"intent": "lang", "lang": "fr"}) and widget.lang == "fr"
    assert widget.view["words"]["reset"] == "⟲ Recommencer"
    assert [b["pressed"] for b in widget.view["langs"]] == [False, True, False]
    widget.lang = "en"
    assert widget.view["words"]["reset"] == "⟲ Reset"
    with pytest.raises(OptionError, match="lang is 'en', 'fr' or 'both'"):
        widget.lang = "de"
    with pytest.raises(OptionError):
        SevensTryMoves(seed_003_example, lang=None)
    assert not widget.handle_message({"intent": "lang", "lang": "de"})
    assert widget.lang == "en" and "the language is" in widget.message


def test_messages_in_french(seed_003_example):
    widget = SevensTryMoves(seed_003_example, lang="fr")
    assert not widget.play("pass")
    message = shown_message(widget)
    # under the row tried, whose reason is just above: the reason is said once, in the row
    assert message["text"] == ("passe est interdit pour Ann : la raison est sur sa ligne, "
                               "juste au-dessus.")
    assert message["sub"] is None and message["rule"]["id"] == "sevens.must-play"
    assert widget.message.startswith("pass is illegal for Ann. You cannot pass")  # English
    assert widget.play("8♠") and shown_message(widget)["text"].startswith("Ann a joué 8♠. ")


def test_the_rules_line_in_each_language():
    game = sevens.new_game(4, seed=1, opening="any")
    assert SevensTable(game, lang="en").view["rules"] == "Rules: opening any 7"
    assert SevensTable(game, lang="fr").view["rules"] == "Règles : ouverture par n'importe quel 7"
    both = SevensTable(game).view
    assert (both["rules"], both["rules_fr"]) == ("Rules: opening any 7",
                                                 "Règles : ouverture par n'importe quel 7")
    assert SevensTable(opening()).view["rules"] == ""


# ---- a seat's view and the teacher's


def swapped(state, a: int | None = None, b: int | None = None):
    """The same position, as a starting position, with one card of seat ``a`` and one of
    seat ``b`` swapped (none without ``a`` and ``b``)."""
    hands = [list(h) for h in state.hands]
    if a is not None:
        hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    return sevens.from_parts(players=state.names, hands=hands, table=state.table,
                             turn=state.turn, dealer=state.dealer)


@pytest.mark.parametrize("widget_class", [SevensTable, SevensTryMoves])
@pytest.mark.parametrize("seat", [0, 1, 3])
def test_a_seat_view_holds_nothing_of_the_other_hands(widget_class, seat):
    state = swapped(opening().play("7♦"))  # Cy to move
    others = [i for i in range(4) if i != seat]
    other = swapped(state, *others[:2])
    assert other != state and other.observation(seat) == state.observation(seat)
    first = widget_class(state, show_hands=True, seat=seat)
    second = widget_class(other, show_hands=True, seat=seat)
    # two positions that differ only in cards the seat cannot see: the very same payload
    assert first._view == second._view
    assert first._repr_mimebundle_()[0]["text/html"] == \
        second._repr_mimebundle_()[0]["text/html"]
    text = grid_free(first.view)
    for i in others:
        leaked = [str(c) for c in state.hand(i) if str(c) in text]
        assert not leaked, f"seat {seat} sees {leaked} of seat {i}"
    assert all(str(c) in text for c in state.hand(seat))  # its own hand, shown
    assert first.view["seat_text"] == f"{state.names[seat]}'s view"


def test_the_teacher_sees_every_hand(seed_003_example):
    widget = SevensTryMoves(seed_003_example)
    text = grid_free(widget.view)
    assert all(str(c) in text for hand in seed_003_example.hands for c in hand)


def test_a_seat_plays_only_its_own_turn():
    state = opening().play("7♦")  # Cy (seat 2) to move
    ann = SevensTryMoves(state, seat=0)
    assert ann.view["candidates"]["groups"] == [] and not ann.view["candidates"]["can_act"]
    assert not ann.play("pass") and ann.state is state
    assert "Cy is to move: this table plays for Ann only." in ann.message
    cy = SevensTryMoves(state, seat=2)
    assert sorted(all_moves(cy.view)) == sorted([str(c) for c in state.hand(2)] + ["pass"])
    assert cy.play("pass") and cy.state.parent is state
    with pytest.raises(PositionError):
        SevensTryMoves(state, seat=9)


# ---- hidden hands


def test_hide_hands_hides_every_hand_even_the_movers():
    state = opening().play("7♦")
    widget = SevensTryMoves(state)
    assert not widget.play("2♣")  # a refused try names Cy's card...
    widget.handle_message({"intent": "show_hands", "show": False})
    view = widget.view
    assert view["message"] is None  # ...and is gone once the hands are hidden
    text = grid_free(view)
    held = [str(c) for hand in state.hands for c in hand]
    assert not [c for c in held if c in text]
    assert all(p["cards"] is None for p in view["players"])
    assert not any(s["playable"] for row in view["rows"] for s in row["slots"])
    groups = view["candidates"]["groups"]
    assert groups[0]["moves"] == [] and groups[0]["reason"]["text"] == \
        "13 cards in Cy's hand, hidden"
    assert all_moves(view) == ["pass"]  # pass still offered, its verdict hidden
    assert groups[1]["legal"] is None and groups[1]["rule_id"] is None
    # the grid shows no card text for places not on the table
    assert {s["text"] for row in view["rows"] for s in row["slots"]
            if s["where"] != "table"} <= {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                          "J", "Q", "K"}
    picture = widget._repr_mimebundle_()[0]["text/html"]
    assert not [c for c in held if c in picture]
    # the deal between rounds is public: shown with its verdict even with the hands hidden
    over = SevensTryMoves(sevens.position(ROUND_OVER), show_hands=False)
    assert [(g["moves"][0]["send"], g["legal"]) for g in over.view["candidates"]["groups"]] == [
        ("deal", True)]


# ---- the rows: the legal moves first, then the refused ones, one row a rule


def test_moves_of_one_rule_share_one_row_the_legal_ones_first():
    state = opening()  # Bob holds 7♦ and 12 cards that do not fit yet
    view = SevensTryMoves(state).view
    groups = view["candidates"]["groups"]
    assert sorted(all_moves(view)) == sorted([str(c) for c in state.hand(1)] + ["pass"])
    keys = [(g["legal"], g["rule_id"]) for g in groups]
    assert len(keys) == len(set(keys)) == 3
    assert [g["legal"] for g in groups] == [True, False, False]  # the legal row first
    waiting = next(g for g in groups if g["count"] > 1)
    assert waiting["count"] == 12 and waiting["count_text"] == "12 cards"
    assert waiting["reason_en"] == ("Does not fit yet: 7♦ opens every round, so it must be "
                                    "played first.")
    assert not waiting["general"] and waiting["details"] is None  # one reason for all 12
    for verdict in state.verdicts():  # each move in the row of its legality and rule
        group = next(g for g in groups if verdict.move.text() in [m["send"] for m in g["moves"]])
        assert (group["legal"], group["rule_id"]) == (verdict.legal, verdict.rule_id)
    # a source is quoted once: the later rows of the same rule quote none
    assert [bool(g["source"]) for g in groups if g["rule_id"] == "sevens.opening"] == [
        True, False]
    assert groups[0]["source"] == catalog.rule("sevens.opening").citation()


def test_a_row_of_several_reasons_gives_the_rules_statement_and_each_move_its_own():
    state = opening().play("7♦")  # Cy: cards refused by sevens.build for different reasons
    widget = SevensTryMoves(state)
    groups = widget.view["candidates"]["groups"]
    build = next(g for g in groups if g["rule_id"] == "sevens.build" and not g["legal"])
    verdicts = [v for v in state.verdicts() if v.rule_id == "sevens.build" and not v.legal]
    assert len({v.reason_en for v in verdicts}) > 1
    rule = catalog.rule("sevens.build")
    assert build["general"] and (build["reason_en"], build["reason_fr"]) == (rule.en, rule.fr)
    assert build["reason"] == {"text": rule.en, "sub": rule.fr}
    # unfolded, each move says its own reason, from check(), in the engine's order
    assert [(d["move"]["send"], d["reason"]["text"], d["reason"]["sub"])
            for d in build["details"]] == [
        (v.move.text(), v.reason_en, v.reason_fr) for v in verdicts]
    assert [d["move"] for d in build["details"]] == build["moves"]
    assert build["unfold"] == {"text": "each move, its reason",
                               "label": f"the {len(verdicts)} moves refused by sevens.build, "
                                        "one by one"}
    assert build["key"] == "illegal sevens.build" and not build["folded"]
    # a refused try marks its move among the details too
    tried = verdicts[1].move.text()
    assert not widget.play(tried)
    build = next(g for g in widget.view["candidates"]["groups"]
                 if g["rule_id"] == "sevens.build" and not g["legal"])
    assert build["tried"] and [d["tried"] for d in build["details"]] == [
        v.move.text() == tried for v in verdicts]


def test_the_view_says_how_tall_the_widget_may_be():
    from doublesept.widgets.base import FIT_HEIGHT
    assert FIT_HEIGHT == 650 and SevensTryMoves(opening()).view["fit_height"] == 650


def test_a_refused_try_is_answered_under_its_row():
    widget = SevensTryMoves(opening())
    assert not widget.play("Q♦")  # Bob's, but 7♦ opens
    assert shown_message(widget)["at"] == "row"
    tried = [g for g in widget.view["candidates"]["groups"] if g["tried"]]
    assert len(tried) == 1 and "Q♦" in [m["send"] for m in tried[0]["moves"]]
    assert widget.play("7♦") and shown_message(widget)["at"] == "table"
    assert not any(g["tried"] for g in widget.view["candidates"]["groups"])
    assert widget.undo() and shown_message(widget)["at"] == "controls"


# ---- round end, match, events


def fits(view) -> set:
    return {s["card"] for row in view["rows"] for s in row["slots"] if s["where"] == "fits"}


def test_nothing_fits_once_the_round_or_the_match_is_over():
    assert fits(SevensTable(sevens.position(LAST_CARD)).view)  # the round is on
    widget = SevensTryMoves(sevens.position(LAST_CARD))
    assert widget.play("8♠") and widget.state.turn is None
    assert fits(widget.view) == set()
    assert fits(SevensTable(sevens.position(ROUND_OVER)).view) == set()
    over = sevens.position(ROUND_OVER.replace("players:", "round: 1 of 1\nplayers:"))
    assert fits(SevensTryMoves(over).view) == set()
    for state in (widget.state, over):
        assert "dashed" not in render_html(state)


def test_the_round_label_shows_only_in_a_match():
    assert SevensTable(sevens.new_game(4, seed=1, rounds=1)).view["round_text"] is None
    assert SevensTable(sevens.new_game(4, seed=1)).view["round_text"] == "Round 1 of 3"
    assert SevensTable(sevens.new_game(4, seed=1), lang="fr").view["round_text"] == \
        "Manche 1 sur 3"
    assert SevensTable(sevens.new_game(4, seed=1, rounds=5)).view["round_text"] == \
        "Round 1 of 5"


def test_events_are_said_after_each_move():
    widget = SevensTryMoves(sevens.position(LAST_CARD))
    assert widget.play("8♠")
    message = shown_message(widget)
    events = [e["text"] for e in message["events"]]
    assert events == [e.en for e in widget.state.events]
    assert events[0] == "Ann went out: the round is over."
    assert events[1].startswith("Penalty points: Bob")
    assert message["events"][0]["sub"] == "Ann a posé sa dernière carte : la manche est terminée."
    assert widget.play("deal")
    # a chance step: its first event is the reply, the others are listed under it
    assert shown_message(widget)["text"].startswith("Round 2 is dealt")
    assert widget.view["round_text"] == "Round 2 of 3"
    # a table shown on a state with events says them at once
    table = SevensTable(sevens.position(LAST_CARD).play("8♠"))
    assert table.message == "Ann went out: the round is over."
    assert shown_message(table)["kind"] == "info"


def test_the_match_over_status_and_events():
    last = sevens.position(LAST_CARD.replace("players:", "round: 1 of 1\nplayers:"))
    widget = SevensTryMoves(last)
    assert widget.play("8♠")
    assert widget.view["status"]["text"] == "The match is over."
    assert widget.view["round_text"] is None
    assert shown_message(widget)["events"][-1]["text"].startswith("The match is over: Ann wins")


# ---- the view reaches the page as escaped JSON


HOSTILE = "<!--<script>"


def test_a_hostile_name_never_reaches_the_page_as_raw_html():
    state = sevens.position(f"""
        players: {HOSTILE}, Bob, </script>&amp;
        table: 7♦
        {HOSTILE}: 2♣ 3♣
        Bob: ...
        </script>&amp;: ...
        turn: {HOSTILE}
    """)
    for widget in (SevensTable(state), SevensTryMoves(state, lang="fr"), SevensTryMoves(state, seat=0)):
        widget.play("5♣")
        synced = widget.get_state()
        for key, value in synced.items():
            text = json.dumps(value, ensure_ascii=False)
            if key in ("_esm", "_css"):  # code, not data: only what would end a <script>
                assert not any(bad in text.lower() for bad in ("<!--", "<script", "</script"))
            else:
                assert "<" not in text and ">" not in text and "&" not in text, key
        assert json.loads(widget._view)["players"][0]["name"] == HOSTILE
        assert widget.view["players"][2]["name"] == "</script>&amp;"
        picture = widget._repr_mimebundle_()[0]["text/html"]
        assert HOSTILE not in picture and "&lt;!--&lt;script&gt;" in picture


def test_json_for_html_reads_back_the_same():
    data = {"a": "<!--<script></script>&\u2028\u2029", "b": [1, None, True]}
    text = json_for_html(data)
    assert not any(ch in text for ch in "<>&\u2028\u2029")
    assert json.loads(text) == data


def test_printable_cuts_and_escapes():
    assert printable("ok") == "ok"
    assert printable("a\x00b") == "a\\x00b"
    assert printable("\ud800") == "\\ud800"
    assert printable("line\nbreak") == "line break"
    assert len(printable("x" * 1000)) == MAX_MESSAGE and printable("x" * 1000).endswith("…")


# ---- the static picture


def test_the_static_picture_never_raises_on_a_huge_score(seed_003_example):
    huge = seed_003_example._replace(scores=(10**5000, 0, 0, 0, 0))
    assert "more than 10^18" in render_html(huge)
    widget = SevensTryMoves(huge)
    assert "more than 10^18" in widget._repr_mimebundle_()[0]["text/html"]
    assert widget.view["players"][0]["score_text"] == "penalty points: more than 10^18"


def test_the_static_picture_draws_what_its_viewer_sees(seed_003_example):
    state = seed_003_example
    hands = [[str(c) for c in hand] for hand in state.hands]
    teacher = render_html(state)
    assert all(c in teacher for hand in hands for c in hand)
    hidden = render_html(state, show_hands=False)
    assert not [c for hand in hands for c in hand if c in hidden]
    bob = render_html(state, seat=1)
    assert all(c in bob for c in hands[1])
    assert not [c for i, hand in enumerate(hands) if i != 1 for c in hand if c in bob]
    assert render_html(swapped(state), seat=1) == render_html(swapped(state, 2, 3), seat=1)
    assert "à jouer" in render_html(state, lang="fr")
    with pytest.raises(NotationError):
        render_html(state, lang="de")


# ---- the base, for the next games


def test_a_game_widget_names_its_module_and_styles():
    assert SevensTable.module == "sevens.js" and SevensTryMoves.module == "sevens.js"
    common = (SevensTable._esm.index("export function createWidget"),
              SevensTable._esm.rindex("export default createWidget"))
    assert common[0] < common[1]  # common.js first, then the game's module
    assert ".ds-widget" in SevensTable._css and ".ds-sevens" in SevensTable._css
    assert issubclass(SevensTryMoves, GameWidget) and SevensTryMoves.try_moves
    assert not SevensTable.try_moves


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_joined_module_is_valid_javascript(tmp_path):
    module = tmp_path / "sevens.mjs"
    module.write_text(SevensTryMoves._esm, encoding="utf-8")
    subprocess.run(["node", "--check", str(module)], check=True, capture_output=True)
