"""The Sevens position editor (issue 24, point 1): a position set up by intents only.

Seed 003's worked example (lesson sevens-3-what-fits) is built from scratch by the messages
the page sends; every impossible edit is refused with the very message the notation gives
for the same position written as text, and the last possible position stays; tampered
messages change nothing. The browser side is tests/browser/test_sevens_editor_in_browser.py.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import sevens
from doublesept.errors import DoubleseptError
from doublesept.widgets import MAX_MESSAGE, SevensEditor
from doublesept.widgets.sevens_editor import TABLE, draft_text

# The lesson's text of seed 003's worked example (notebooks/sevens-3-what-fits.md):
# « La rangée de carreau va du 6♦ au 8♦ et le 7♠ est seul. Votre main contient le 5♦, le 9♦,
# le 8♠, le 6♣ et le R♥. »
WORKED_EXAMPLE = """
players: Ann, Bob, Cy
table: 6♦-8♦ 7♠
Ann: 5♦ 9♦ 8♠ 6♣ R♥
Bob: ...
Cy: ...
turn: Ann
"""


def send(editor, intent, **fields) -> bool:
    return editor.handle_message({"intent": intent, **fields})


def refused_by_notation(text: str) -> str:
    """The engine's message for a position written as text."""
    with pytest.raises(DoubleseptError) as caught:
        sevens.position(text)
    return getattr(caught.value, "reason_en", str(caught.value))


def build_worked_example(editor) -> None:
    """Seed 003's worked example, by the page's messages only, from scratch."""
    assert send(editor, "remove_player", seat=3)  # Dee leaves: Ann, Bob, Cy
    for card in ("7♦", "6♦", "8♦", "7♠"):  # the 7♦ opens the round
        assert send(editor, "select", card=card)
        assert send(editor, "place", card=card, to="table"), editor.message
    for card in ("5♦", "9♦", "8♠", "6♣", "K♥"):
        assert send(editor, "select", card=card)
        assert send(editor, "give", card=card, seat=0), editor.message
    assert send(editor, "rest", seat=0, on=False)  # Ann holds those five only
    assert send(editor, "turn", seat=0), editor.message


def assert_unchanged(editor, state, draft, text) -> None:
    assert editor.state is state
    assert editor.draft == draft
    assert editor.text == text


# ---- the worked example, by intents only


def test_seed_003_worked_example_set_up_by_intents_only():
    editor = SevensEditor(seed=1)
    seen = []
    editor.on_change(seen.append)
    build_worked_example(editor)
    example = sevens.position(WORKED_EXAMPLE)
    assert editor.state == example
    assert editor.state.to_text() == example.to_text()
    # the seed: « Trois cartes conviennent » ; « vous ne pouvez pas passer »
    assert [str(m) for m in editor.state.legal_moves()] == ["5♦", "9♦", "8♠"]
    assert editor.state.check("pass").rule_id == "sevens.must-play"
    # the text shown is the lesson's, in the engine's own spelling, and reads back
    assert "table: 6♦-8♦ 7♠" in editor.text and "Ann: 6♣ 5♦ 9♦ K♥ 8♠" in editor.text
    assert "Bob: ..." in editor.text and "Cy: ..." in editor.text
    assert sevens.position(editor.text) == example
    assert editor.view["editor"]["text"] == editor.text
    # on_change told each new position, the last one the example
    assert seen and seen[-1] == example
    assert editor.refusal == ""


def test_the_page_shows_each_card_where_it_is():
    editor = SevensEditor(position=WORKED_EXAMPLE)
    view = editor.view["editor"]
    cards = {c["card"]: c for suit in view["picker"] for c in suit["cards"]}
    assert len(cards) == 52
    assert cards["7♦"]["where"] == "table" and cards["5♦"]["where"] == "hand"
    assert cards["5♦"]["tag"] == "Ann" and cards["5♦"]["label"] == "5♦, in Ann's hand"
    assert cards["A♣"]["where"] == "rest"  # Bob's, from the rest, in deck order
    assert cards["A♣"]["label"] == "A♣, unplaced: Bob receives it with the rest"
    rows = {row["suit"]: [s["text"] for s in row["slots"] if s["table"]] for row in view["rows"]}
    assert rows == {"♣": [], "♦": ["6", "7", "8"], "♥": [], "♠": ["7"]}
    ann = view["players"][0]
    assert [c["text"] for c in ann["cards"]] == ["6♣", "5♦", "9♦", "K♥", "8♠"]
    assert ann["turn"] and not ann["rest"] and ann["rest_count"] is None
    assert view["players"][1]["rest"] and view["players"][1]["rest_count"] == "+ 22 from the rest"
    # the position's text keeps the lesson's 'Name: ...' marks
    assert editor.text.splitlines()[-5:-2] == ["Ann: 6♣ 5♦ 9♦ K♥ 8♠", "Bob: ...", "Cy: ..."]


def test_start_from_a_state_a_text_or_scratch():
    game = sevens.new_game(4, seed=7).play("7♦")
    editor = SevensEditor(state=game)
    assert editor.state == sevens.position(game.to_text()) and editor.state.parent is None
    assert "..." not in editor.text  # every card where the game has it
    assert SevensEditor(position=WORKED_EXAMPLE).state == sevens.position(WORKED_EXAMPLE)
    scratch = SevensEditor()
    assert scratch.state.names == ("Ann", "Bob", "Cy", "Dee") and not scratch.state.table
    assert scratch.state.hand_sizes() == [13, 13, 13, 13]
    # from scratch the turn is the engine's: the holder of the opening 7♦
    assert scratch.state.legal_moves() == (sevens.parse_card("7♦"),)
    with pytest.raises(DoubleseptError):
        SevensEditor(position="players: Ann, Bob\nAnn: ...\nBob: ...\nturn: Ann")
    # setting the state from Python: a new start, told to on_change
    seen = []
    scratch.on_change(seen.append)
    scratch.state = game
    assert scratch.state == sevens.position(game.to_text()) and seen == [scratch.state]


def test_deal_the_rest_at_random():
    editor = SevensEditor(position=WORKED_EXAMPLE, seed=3)
    assert send(editor, "deal_rest")
    assert "..." not in editor.text
    assert editor.state.hand_sizes() == [5, 22, 21]  # even: the fewest cards first
    assert editor.state.hand(0) == sevens.position(WORKED_EXAMPLE).hand(0)
    assert editor.message == "43 cards dealt at random among Bob, Cy."
    twin = SevensEditor(position=WORKED_EXAMPLE, seed=3)
    twin.deal_rest()
    assert twin.state == editor.state  # the editor's seed decides
    assert not send(editor, "deal_rest")  # nothing left to deal
    assert editor.message == "Every card is placed: nothing to deal."


def test_the_turn_follows_the_opening_card_and_an_empty_hand():
    editor = SevensEditor()
    holder = editor.state.turn
    other = (holder + 1) % 4
    # the table is empty: 7♦ to another player, and the turn goes with it, the reply says why
    assert send(editor, "give", card="7♦", seat=other)
    assert editor.state.turn == other
    assert editor.view["message"]["events"][0]["text"].startswith(
        f"The turn goes to {editor.state.names[other]}, because with "
        f"{editor.state.names[holder]} to play: [sevens.opening]")
    # the turn asked for, alone, is refused with the engine's message
    assert not send(editor, "turn", seat=holder)
    assert editor.refusal.startswith("[sevens.opening] the table is empty, so the turn belongs")


def test_players_added_removed_renamed_and_the_presets():
    editor = SevensEditor(position=WORKED_EXAMPLE)
    assert send(editor, "add_player")
    assert editor.state.names == ("Ann", "Bob", "Cy", "Dee")
    assert send(editor, "rename", seat=3, name="Zoé")
    assert editor.state.names[3] == "Zoé" and "Zoé: ..." in editor.text
    assert send(editor, "remove_player", seat=1)  # Bob's cards go with the rest
    assert editor.state.names == ("Ann", "Cy", "Zoé")
    assert send(editor, "preset", preset="international")
    assert editor.state.rules == sevens.SevensRules(preset="international")
    pressed = [p["preset"] for p in editor.view["editor"]["presets"] if p["pressed"]]
    assert pressed == ["international"]
    assert send(editor, "undo_edit") and editor.state.rules == sevens.SevensRules()


# ---- every impossible edit: the notation's own message, and nothing changes


def impossible_edits():
    """(name, position to start from, message, text the notation refuses the same way)."""
    return [
        ("a row with a hole", WORKED_EXAMPLE, {"intent": "place", "card": "10♦", "to": "table"},
         WORKED_EXAMPLE.replace("6♦-8♦ 7♠", "6♦-8♦ 10♦ 7♠")),
        ("a row without its 7", WORKED_EXAMPLE, {"intent": "place", "card": "6♣", "to": "table"},
         WORKED_EXAMPLE.replace("6♦-8♦ 7♠", "6♦-8♦ 7♠ 6♣").replace("6♣ R♥", "R♥")),
        ("a card before the opening 7♦", ("players: Ann, Bob, Cy\nAnn: ...\nBob: ...\nCy: ...\n"
         "turn: Bob"), {"intent": "place", "card": "7♠", "to": "table"},
         "players: Ann, Bob, Cy\ntable: 7♠\nAnn: ...\nBob: ...\nCy: ...\nturn: Bob"),
        ("two players", WORKED_EXAMPLE, {"intent": "remove_player", "seat": 2},
         "players: Ann, Bob\nAnn: ...\nBob: ...\nturn: Ann"),
        ("nine players", "players: A1, A2, A3, A4, A5, A6, A7, A8\ntable: 7♦\n"
         + "".join(f"A{i}: ...\n" for i in range(1, 9)) + "turn: A1",
         {"intent": "add_player"},
         "players: A1, A2, A3, A4, A5, A6, A7, A8, Player 9\ntable: 7♦\n"
         + "".join(f"A{i}: ...\n" for i in range(1, 9)) + "Player 9: ...\nturn: A1"),
        ("two names the same", WORKED_EXAMPLE, {"intent": "rename", "seat": 1, "name": "Ann"},
         "players: Ann, Ann, Cy\nAnn: ...\nCy: ...\nturn: Ann"),
        ("a name with a comma", WORKED_EXAMPLE, {"intent": "rename", "seat": 1, "name": "B,b"},
         None),
        ("a name too long", WORKED_EXAMPLE, {"intent": "rename", "seat": 1, "name": "B" * 41},
         "players: Ann, " + "B" * 41 + ", Cy\nAnn: ...\n" + "B" * 41 + ": ...\nCy: ...\nturn: Ann"),
        ("a turn that is not the opener's", ("players: Ann, Bob, Cy\nAnn: 7♦ ...\nBob: ...\n"
         "Cy: ...\nturn: Ann"), {"intent": "turn", "seat": 1},
         "players: Ann, Bob, Cy\nAnn: 7♦ ...\nBob: ...\nCy: ...\nturn: Bob"),
        ("nobody to play in a round going on", WORKED_EXAMPLE, {"intent": "turn", "seat": -1},
         WORKED_EXAMPLE.replace("turn: Ann", "turn: -")),
        ("the unplaced cards to nobody", WORKED_EXAMPLE, None,
         WORKED_EXAMPLE.replace("Bob: ...", "Bob: -").replace("Cy: ...", "Cy: -")),
        ("Shichi Narabe without the four 7s", WORKED_EXAMPLE,
         {"intent": "preset", "preset": "shichi-narabe"},
         WORKED_EXAMPLE.replace("table:", "rules: opening=all-sevens, passing=shichi-narabe\n"
                                "table:")),
        ("a card in two places, pasted", WORKED_EXAMPLE,
         {"intent": "text", "text": WORKED_EXAMPLE.replace("Bob: ...", "Bob: 5♦ ...")},
         WORKED_EXAMPLE.replace("Bob: ...", "Bob: 5♦ ...")),
        ("a text with no players", WORKED_EXAMPLE, {"intent": "text", "text": "hello: you"},
         "hello: you"),
    ]


@pytest.mark.parametrize(("name", "start", "message", "text"), impossible_edits(),
                         ids=[e[0] for e in impossible_edits()])
def test_every_impossible_edit_is_refused_with_the_notation_s_message(name, start, message, text):
    editor = SevensEditor(position=start)
    if message is None:  # two edits: Bob then Cy stop receiving the rest
        assert send(editor, "rest", seat=1, on=False)
        message = {"intent": "rest", "seat": 2, "on": False}
    state, draft, shown = editor.state, editor.draft, editor.text
    seen = []
    editor.on_change(seen.append)
    assert editor.handle_message(message) is False
    assert_unchanged(editor, state, draft, shown)
    assert seen == []
    expected = refused_by_notation(text) if text is not None else None
    if name == "a name with a comma":  # written as text it would not even read as one name
        expected = "the name 'B,b' may not contain ',', ':' or a line break, nor start with " \
                   "'#', nor start or end with a space"
    assert editor.refusal == expected
    shown_message = editor.view["message"]
    assert shown_message["kind"] == "error"
    assert shown_message["text"] == expected[:MAX_MESSAGE - 1] + "…" \
        if len(expected) > MAX_MESSAGE else shown_message["text"] == expected
    assert shown_message["events"][0]["text"] == "Refused: the last possible position stays."


def test_a_refused_text_stays_in_the_box_to_be_fixed():
    editor = SevensEditor(position=WORKED_EXAMPLE)
    typed = WORKED_EXAMPLE.replace("Bob: ...", "Bob: 5♦ ...")
    assert not send(editor, "text", text=typed)
    assert editor.view["editor"]["text"] == typed  # what was typed, with the engine's message
    assert editor.text == sevens.position(WORKED_EXAMPLE).to_text() or "Bob: ..." in editor.text
    assert send(editor, "select", card="5♦")  # any edit: the box shows the position again
    assert send(editor, "place", card="5♦", to="unplaced")
    assert editor.view["editor"]["text"] == editor.text


# ---- tampered messages: refused, said, and nothing changes

TAMPERED = [
    None, 5, "place", [], {}, {"intent": "fly"}, {"intent": 10**5000},
    {"intent": "select", "card": "Z♦"}, {"intent": "select", "card": "7\u2666\ufe0f\u200b"},
    {"intent": "select", "card": 7}, {"intent": "select"},
    {"intent": "place", "card": "7♦", "to": "floor"}, {"intent": "place", "card": "7♦", "to": 1},
    {"intent": "place", "card": "7♦", "to": "table", "extra": 1},
    {"intent": "place", "card": "x" * 13, "to": "table"},
    {"intent": "give", "card": "7♦", "seat": 3}, {"intent": "give", "card": "7♦", "seat": -1},
    {"intent": "give", "card": "7♦", "seat": True}, {"intent": "give", "card": "7♦", "seat": 1.0},
    {"intent": "give", "card": "7♦", "seat": 10**5000},
    {"intent": "turn", "seat": 7}, {"intent": "turn", "seat": "Ann"},
    {"intent": "rest", "seat": 0, "on": 1}, {"intent": "rest", "seat": 9, "on": True},
    {"intent": "remove_player", "seat": -2}, {"intent": "rename", "seat": 0, "name": 5},
    {"intent": "rename", "seat": 0, "name": "x" * 101},
    {"intent": "rename", "seat": 0, "name": "<img src=x onerror=alert(1)>" * 4},
    {"intent": "preset", "preset": "poker"}, {"intent": "preset", "preset": None},
    {"intent": "text", "text": "x" * 4001}, {"intent": "text", "text": None},
    {"intent": "text", "text": "players: Ann, Bob, Cy\n\x00"},
    {"intent": "lang", "lang": "de"}, {"intent": "show_hands", "show": True},
    {"intent": "play", "move": "5♦"}, {"intent": "undo"}, {"intent": "reset"},
    {"intent": "add_player", "seat": 1},
]


@pytest.mark.parametrize("content", TAMPERED, ids=range(len(TAMPERED)))
def test_a_tampered_message_is_refused_and_changes_nothing(content):
    editor = SevensEditor(position=WORKED_EXAMPLE)
    state, draft, text = editor.state, editor.draft, editor.text
    assert editor.handle_message(content) is False
    assert_unchanged(editor, state, draft, text)
    message = editor.view["message"]
    assert message["kind"] == "error"
    for line in (message["text"], *(e["text"] for e in message["events"])):
        assert 0 < len(line) <= MAX_MESSAGE and line.isprintable(), line
    assert "<" not in editor._view  # the view's JSON never carries a raw '<'
    json.loads(editor._view)


def test_an_unknown_card_is_refused_with_the_engine_s_message():
    editor = SevensEditor(position=WORKED_EXAMPLE)
    with pytest.raises(DoubleseptError) as caught:
        sevens.parse_card("Z♦")
    assert not send(editor, "place", card="Z♦", to="table")
    assert editor.message == f"Message refused: {caught.value}."


messages = st.dictionaries(
    st.sampled_from(["intent", "card", "to", "seat", "on", "name", "preset", "text", "lang"])
    | st.text(max_size=4),
    st.sampled_from(["select", "place", "give", "turn", "rest", "add_player", "remove_player",
                     "rename", "preset", "deal_rest", "clear", "text", "undo_edit", "lang",
                     "table", "unplaced", "7♦", "10♦", "K♥", "Ann", "app", "german", "fr"])
    | st.integers(-3, 9) | st.booleans() | st.none() | st.text(max_size=12),
    max_size=4)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(messages, max_size=6))
def test_any_messages_leave_a_possible_position(steps):
    """Whatever the page sends, the position is always one the engine reads back, its text
    is the position's, and a refused message changes nothing."""
    editor = SevensEditor(position=WORKED_EXAMPLE, seed=0)
    for content in steps:
        state, draft, text = editor.state, editor.draft, editor.text
        if not editor.handle_message(content):
            assert_unchanged(editor, state, draft, text)
        assert sevens.position(editor.text) == editor.state
        assert sevens.position(draft_text(editor.draft)) == editor.state
        assert all(p is None or p == TABLE or 0 <= p < len(editor.state.names)
                   for p in editor.draft.places)
        editor._view.encode("utf-8")


def test_the_widget_names_its_module_and_styles():
    assert SevensEditor.module == "sevens_editor.js"
    assert SevensEditor._esm.index("export function createWidget") \
        < SevensEditor._esm.rindex("export default { render }")
    assert ".ds-sevens-editor" in SevensEditor._css and ".ds-widget" in SevensEditor._css
    assert "innerHTML" not in SevensEditor._esm
