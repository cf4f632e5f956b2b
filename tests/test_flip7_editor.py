"""The Flip 7 position editor (issue 24, point 1): a position set up by intents only.

A position is built from scratch by the messages the page sends (players, lines, statuses,
totals, dealer, the top of the deck in order, whose turn); every impossible edit is refused
with the very message ``flip7.position`` gives for the same position written as text, and
the last possible position stays; tampered messages change nothing; on_change is called
once per edit accepted.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import flip7
from doublesept.errors import DoubleseptError
from doublesept.flip7.state import names_of
from doublesept.widgets import MAX_MESSAGE, Flip7Editor
from doublesept.widgets.flip7_editor import draft_of, draft_text

# Seed 004's worked scoring example (ruling F3: 3, 7, 12, ×2 and +4 score 48), mid-round:
# Bob stayed, Cy busted on a second 9, Ann to play, the next cards 7 then Flip Three.
EXAMPLE = """
players: Ann, Bob, Cy
dealer: Ann
deck: 7, Flip Three, ...
Ann: 3, 7, 12, ×2, +4
Bob: 5, Second Chance (stayed)
Cy: 4, 9, 9 (busted)
turn: Ann
"""


def send(editor, intent, **fields) -> bool:
    return editor.handle_message({"intent": intent, **fields})


def refused_by_notation(text: str) -> str:
    """The engine's message for a position written as text."""
    with pytest.raises(DoubleseptError) as caught:
        flip7.position(text)
    return getattr(caught.value, "reason_en", str(caught.value))


def assert_unchanged(editor, state, draft, text) -> None:
    assert editor.state is state
    assert editor.draft == draft
    assert editor.text == text


def events(editor) -> list:
    return [e["text"] for e in editor.view["message"]["events"]]


# ---- the example, by intents only


def test_the_example_set_up_by_intents_only():
    editor = Flip7Editor(lang="en")
    seen = []
    editor.on_change(seen.append)
    accepted = 0
    for card, seat in (("3", 0), ("7", 0), ("12", 0), ("×2", 0), ("+4", 0), ("5", 1),
                       ("Second Chance", 1), ("4", 2), ("9", 2)):
        assert send(editor, "select", card=card)
        assert send(editor, "give", card=card, seat=seat), editor.message
        accepted += 1
    assert send(editor, "bust", card="9", seat=2), editor.message  # the second 9
    assert send(editor, "status", seat=1, status="stayed"), editor.message
    assert send(editor, "place", card="7", to="deck")
    assert send(editor, "place", card="Flip Three", to="deck")
    accepted += 4
    example = flip7.position(EXAMPLE)
    assert editor.state == example
    assert editor.state.to_text() == example.to_text()
    assert editor.state.line(0).cards and editor.state.score_now(0) == 48  # ruling F3
    assert editor.state.status(2) == "busted" and editor.state.status(1) == "stayed"
    assert editor.state.stack[:2] == (flip7.card("7").kind, flip7.card("Flip Three").kind)
    assert flip7.position(editor.text) == example
    assert "deck: 7, Flip Three, ..." in editor.text
    assert "Cy: 4, 9, 9 (busted)" in editor.text
    assert editor.view["editor"]["text"] == editor.text
    assert len(seen) == accepted and seen[-1] == example  # once per edit accepted
    assert editor.refusal == ""


def test_the_page_shows_the_lines_piles_and_counts():
    editor = Flip7Editor(position=EXAMPLE, lang="en")
    view = editor.view["editor"]
    cards = {c["card"]: c for row in view["picker"] for c in row["cards"]}
    assert len(cards) == 22
    assert cards["12"]["tag"] == "11" and cards["0"]["tag"] == "1"
    assert cards["9"]["label"] == "9: 7 of 9 not placed"  # Cy's two 9s
    assert cards["7"]["tag"] == "5"  # Ann's and the deck's
    ann, bob, cy = view["players"]
    assert [c["text"] for c in ann["line"]] == ["3", "7", "12", "×2", "+4"]
    assert ann["turn"] and ann["dealer"] and ann["status"] == "active"
    assert [c["twice"] for c in cy["line"]] == [False, True, True]
    assert [s["pressed"] for s in bob["statuses"]] == [False, True, False, False]
    deck, discards = view["piles"]
    assert [c["text"] for c in deck["cards"]] == ["7", "Flip Three"]
    assert deck["rest"] and deck["rest_text"] == "then 82 more, shuffled"
    assert deck["cards"][1]["label"] == "take Flip Three (2) off the deck"
    assert not discards["rest"] and discards["cards"] == []
    # a number someone holds: they can bust on it (not a player already busted)
    send(editor, "select", card="9")
    assert editor.view["editor"]["busts"] == []
    send(editor, "select", card="7")
    assert [b["text"] for b in editor.view["editor"]["busts"]] == ["Ann"]
    fr = Flip7Editor(position=EXAMPLE, lang="fr").view["editor"]
    assert fr["picker"][2]["cards"][0]["text"] == "Gel"


def test_start_from_a_state_a_text_or_scratch():
    game = flip7.new_game(["Ann", "Bob", "Cy"], seed=7, dealer=0).play("3").play("5")
    editor = Flip7Editor(state=game)
    assert editor.state == flip7.position(game.to_text()) and editor.state.parent is None
    assert draft_of(editor.state) == editor.draft
    scratch = Flip7Editor()
    assert scratch.state.names == ("Ann", "Bob", "Cy") and scratch.state.turn == 0
    assert scratch.state.decision.rule_id == "flip7.hit"  # no card yet: Ann must hit
    with pytest.raises(DoubleseptError):
        Flip7Editor(position="players: Ann\nAnn: -\nturn: Ann")
    with pytest.raises(DoubleseptError):
        Flip7Editor(state=game, position=EXAMPLE)
    seen = []
    scratch.on_change(seen.append)
    scratch.state = game
    assert scratch.state == flip7.position(game.to_text()) and seen == [scratch.state]


# ---- every kind of edit


def test_totals_dealer_round_and_turn():
    editor = Flip7Editor(position=EXAMPLE, lang="en")
    assert send(editor, "round", round="3")
    assert send(editor, "score", seat=1, score="120")
    assert editor.state.scores == (0, 120, 0) and editor.state.round == 3
    assert editor.message == "Bob's total is now 120."
    assert send(editor, "dealer", seat=2) and editor.state.dealer == 2
    assert send(editor, "turn", seat=2) is False  # Cy busted: the engine's message
    assert editor.refusal == refused_by_notation(editor.text.replace("turn: Ann", "turn: Cy"))
    assert send(editor, "dealing", on=True)
    assert "turn: Ann (deal)" in editor.text
    assert send(editor, "dealing", on=False)
    assert send(editor, "turn", seat=-1) is False  # Ann is still in play
    assert editor.refusal.startswith("[flip7.round-end]")


def test_a_status_that_takes_the_turn_moves_it_and_says_why():
    editor = Flip7Editor(position=EXAMPLE, lang="en")
    assert send(editor, "status", seat=0, status="stayed")
    # every player is out: the round is over, and in round 1 the totals are its points
    assert editor.state.turn is None and editor.state.is_round_over
    assert editor.state.scores == (48, 5, 0)
    said = events(editor)
    assert said[0].startswith("Nobody is to play now, because with Ann to play: "
                              "[flip7.turn-order]")
    assert said[1] == ("The totals are now this round's points, as the engine scores them: "
                       "48, 5, 0.")
    # back in play: the turn returns, every total 0 again (round 1 is being played)
    assert send(editor, "status", seat=0, status="active")
    assert editor.state.turn == 0 and editor.state.scores == (0, 0, 0)
    assert "Every total is 0 again: in round 1 no round has finished yet." in events(editor)


def test_bust_and_take_off_a_busted_line():
    editor = Flip7Editor(position=EXAMPLE, lang="en")
    assert send(editor, "take", card="9", seat=2)  # Cy's duplicate gone: Cy is in play again
    assert editor.state.status(2) == "active"
    assert events(editor) == ["Cy is in play again: no duplicate number is left."]
    assert send(editor, "bust", card="4", seat=2)
    assert editor.state.status(2) == "busted" and "Cy: 4, 4, 9 (busted)" in editor.text
    assert not send(editor, "take", card="8", seat=2)
    assert editor.message == "Message refused: 8 is not in front of Cy."


def test_the_deck_and_the_discards():
    editor = Flip7Editor(position=EXAMPLE, lang="en")
    assert send(editor, "place", card="Freeze", to="deck")
    assert "deck: 7, Flip Three, Freeze, ..." in editor.text
    assert editor.message == "Freeze is now in the deck, card 3 from the top."
    assert send(editor, "unplace", pile="deck", index=0)
    assert "deck: Flip Three, Freeze, ..." in editor.text
    assert send(editor, "place", card="12", to="discards")
    assert "discards: 12" in editor.text and editor.state.discards[12] == 1
    assert send(editor, "rest", to="discards")
    assert "deck: Flip Three, Freeze\n" in editor.text and "discards: 12, ..." in editor.text
    assert editor.state.deck_size == 2
    # the mark read back from a pasted text stays where it was written
    again = Flip7Editor(position=editor.text)
    assert again.draft == editor.draft and again.text == editor.text
    assert not send(editor, "unplace", pile="deck", index=5)
    assert not send(editor, "unplace", pile="hand", index=0)


def test_players_added_removed_renamed_and_the_presets():
    editor = Flip7Editor(position=EXAMPLE, lang="en")
    assert send(editor, "add_player") and editor.state.names[3] == "Dee"
    assert send(editor, "rename", seat=3, name="Zoé") and "Zoé: -" in editor.text
    assert send(editor, "remove_player", seat=0)  # Ann's cards go back to the rest
    assert editor.state.names == ("Bob", "Cy", "Zoé")
    assert editor.message == "Ann leaves the table; their cards go back to the rest."
    # the turn was Ann's: Bob (stayed) and Cy (busted) are out, so it goes to Zoé, said why
    assert editor.state.turn == 2
    assert events(editor)[0].startswith("The turn goes to Zoé, because with Bob to play: "
                                        "[flip7.turn-order]")
    assert send(editor, "preset", preset="faq")
    assert editor.state.rules == flip7.Flip7Rules(preset="faq")
    assert [p["preset"] for p in editor.view["editor"]["presets"] if p["pressed"]] == ["faq"]
    assert send(editor, "clear")
    assert all(not editor.state.line(p).cards for p in range(3))
    assert send(editor, "undo_edit") and editor.state.rules == flip7.Flip7Rules(preset="faq")
    assert "Bob: 5, Second Chance (stayed)" in editor.text


def test_undo_walks_back_every_edit_and_tells_on_change():
    editor = Flip7Editor(lang="en")
    states = [editor.state]
    seen = []
    editor.on_change(seen.append)
    for card in ("3", "8", "+6"):
        assert send(editor, "give", card=card, seat=1)
        states.append(editor.state)
    assert seen == states[1:]
    for back in reversed(states[:-1]):
        assert send(editor, "undo_edit")
        assert editor.state == back
    assert seen[-1] == states[0] and len(seen) == 6
    assert not send(editor, "undo_edit") and editor.message == "Nothing to undo."
    assert len(seen) == 6


def test_a_pasted_text_updates_the_board_and_a_refused_one_stays_in_the_box():
    editor = Flip7Editor(lang="en")
    assert send(editor, "text", text=EXAMPLE)
    assert editor.state == flip7.position(EXAMPLE)
    assert [c["text"] for c in editor.view["editor"]["players"][2]["line"]] == ["4", "9", "9"]
    typed = EXAMPLE.replace("Bob: 5,", "Bob: 3, 3,")
    assert not send(editor, "text", text=typed)
    assert editor.refusal == refused_by_notation(typed)
    assert editor.view["editor"]["text"] == typed  # what was typed, with the engine's message
    assert editor.state == flip7.position(EXAMPLE)
    assert send(editor, "give", card="0", seat=0)  # any edit: the box shows the position again
    assert editor.view["editor"]["text"] == editor.text


def test_a_pending_line_is_kept_as_written():
    text = EXAMPLE.replace("turn: Ann", "turn: Ann\npending: play Freeze by Ann")
    editor = Flip7Editor(position=text, lang="en")
    assert editor.draft.pending == "play Freeze by Ann"
    assert "pending: play Freeze by Ann" in editor.text
    assert editor.view["editor"]["pending"] == ("Pending (edit it in the text): play Freeze "
                                                "by Ann")
    assert editor.state.decision.phase == "choose-freeze-target"
    assert send(editor, "give", card="0", seat=1)  # Bob stayed: still a possible position
    assert "pending: play Freeze by Ann" in editor.text


# ---- every impossible edit: the notation's own message, and nothing changes

TWELVES = ", ".join(["12"] * 11)


def impossible_edits():
    """(name, position to start from, message, text the notation refuses the same way)."""
    return [
        ("a 13th copy of the 12", EXAMPLE.replace("deck: 7, Flip Three, ...",
                                                  f"deck: {TWELVES}, ..."),
         {"intent": "place", "card": "12", "to": "deck"},
         EXAMPLE.replace("deck: 7, Flip Three, ...", f"deck: {TWELVES}, 12, ...")),
        ("a second 0", EXAMPLE, {"intent": "place", "card": "0", "to": "discards"},
         None),  # two edits: the 0 to Bob, then to the discards
        ("two Second Chances in front of a player", EXAMPLE,
         {"intent": "give", "card": "Second Chance", "seat": 1},
         EXAMPLE.replace("Bob: 5, Second Chance", "Bob: 5, Second Chance, Second Chance")),
        ("a duplicate number in front of a player who has not busted", EXAMPLE,
         {"intent": "give", "card": "7", "seat": 0},
         EXAMPLE.replace("Ann: 3, 7,", "Ann: 3, 7, 7,")),
        ("a third 9 in front of a busted player", EXAMPLE,
         {"intent": "give", "card": "9", "seat": 2},
         EXAMPLE.replace("Cy: 4, 9, 9", "Cy: 4, 9, 9, 9")),
        ("a Freeze kept in front of a player", EXAMPLE,
         {"intent": "give", "card": "Freeze", "seat": 0},
         EXAMPLE.replace("+4\n", "+4, Freeze\n")),
        ("busted with no duplicate", EXAMPLE, {"intent": "status", "seat": 0, "status": "busted"},
         EXAMPLE.replace("+4\n", "+4 (busted)\n")),
        ("a player who stayed with no card", EXAMPLE.replace("Cy: 4, 9, 9 (busted)", "Cy: -"),
         {"intent": "status", "seat": 2, "status": "stayed"},
         EXAMPLE.replace("Cy: 4, 9, 9 (busted)", "Cy: - (stayed)")),
        ("a total in round 1", EXAMPLE, {"intent": "score", "seat": 0, "score": "10"},
         EXAMPLE.replace("turn: Ann", "scores: 10, 0, 0\nturn: Ann")),
        ("a total that is not a number", EXAMPLE, {"intent": "score", "seat": 0, "score": "ten"},
         EXAMPLE.replace("turn: Ann", "scores: ten, 0, 0\nturn: Ann")),
        ("a total too large", EXAMPLE, {"intent": "score", "seat": 0, "score": "1" + "0" * 10},
         EXAMPLE.replace("turn: Ann", "round: 2\nscores: 10000000000, 0, 0\nturn: Ann")),
        ("round 0", EXAMPLE, {"intent": "round", "round": "0"},
         EXAMPLE.replace("turn: Ann", "round: 0\nturn: Ann")),
        ("the turn to a busted player", EXAMPLE, {"intent": "turn", "seat": 2},
         EXAMPLE.replace("turn: Ann", "turn: Cy")),
        ("the round over with a player in play", EXAMPLE, {"intent": "turn", "seat": -1},
         EXAMPLE.replace("turn: Ann", "turn: -")),
        ("a deal with nobody to play", EXAMPLE.replace("Ann: 3, 7, 12, ×2, +4", "Ann: 8 (stayed)")
         .replace("turn: Ann", "turn: -").replace("deck:", "scores: 8, 5, 0\ndeck:"),
         {"intent": "dealing", "on": True},
         EXAMPLE.replace("Ann: 3, 7, 12, ×2, +4", "Ann: 8 (stayed)")
         .replace("turn: Ann", "turn: - (deal)").replace("deck:", "scores: 8, 5, 0\ndeck:")),
        ("one player", "players: Ann, Bob\nAnn: 3\nBob: -\nturn: Ann",
         {"intent": "remove_player", "seat": 1}, "players: Ann\nAnn: 3\nturn: Ann"),
        ("a 19th player", "players: " + ", ".join(flip7.DEFAULT_NAMES) + "\n"
         + "".join(f"{n}: -\n" for n in flip7.DEFAULT_NAMES) + "turn: Ann",
         {"intent": "add_player"},
         "players: " + ", ".join(flip7.DEFAULT_NAMES) + ", Player 19\n"
         + "".join(f"{n}: -\n" for n in flip7.DEFAULT_NAMES) + "Player 19: -\nturn: Ann"),
        ("two names the same", EXAMPLE, {"intent": "rename", "seat": 1, "name": "ann"},
         "players: Ann, ann, Cy\nAnn: -\nann: -\nCy: -\nturn: Ann"),
        ("a name with a comma", EXAMPLE, {"intent": "rename", "seat": 1, "name": "B,b"}, None),
        ("a name that is a card", EXAMPLE, {"intent": "rename", "seat": 1, "name": "Freeze"},
         "players: Ann, Freeze, Cy\nAnn: -\nFreeze: -\nCy: -\nturn: Ann"),
        ("a Freeze kept under freeze_placement=in-front without one",
         EXAMPLE.replace("Bob: 5, Second Chance (stayed)", "Bob: 5 (frozen)"),
         {"intent": "preset", "preset": "publisher-faq"},
         EXAMPLE.replace("Bob: 5, Second Chance (stayed)", "Bob: 5 (frozen)").replace(
             "deck:", "rules: " + flip7.Flip7Rules(preset="publisher-faq").to_text()
             + "\ndeck:")),
        ("a card in two places, pasted", EXAMPLE,
         {"intent": "text", "text": EXAMPLE.replace("deck: 7,", "deck: 0, 0,")},
         EXAMPLE.replace("deck: 7,", "deck: 0, 0,")),
        ("a text with no players", EXAMPLE, {"intent": "text", "text": "hello: you"},
         "hello: you"),
    ]


@pytest.mark.parametrize(("name", "start", "message", "text"), impossible_edits(),
                         ids=[e[0] for e in impossible_edits()])
def test_every_impossible_edit_is_refused_with_the_notation_s_message(name, start, message, text):
    editor = Flip7Editor(position=start, lang="en")
    if name == "a second 0":
        assert send(editor, "give", card="0", seat=1)
        text = editor.text.replace("discards: -", "discards: 0")
    state, draft, shown = editor.state, editor.draft, editor.text
    seen = []
    editor.on_change(seen.append)
    assert editor.handle_message(message) is False
    assert_unchanged(editor, state, draft, shown)
    assert seen == []
    if text is None:  # written as text it would not even read as one name: names_of's words
        with pytest.raises(DoubleseptError) as caught:
            names_of(["Ann", "B,b", "Cy"])
        expected = str(caught.value)
    else:
        expected = refused_by_notation(text)
    assert editor.refusal == expected
    shown_message = editor.view["message"]
    assert shown_message["kind"] == "error"
    assert shown_message["text"] == (expected[:MAX_MESSAGE - 1] + "…"
                                     if len(expected) > MAX_MESSAGE else expected)
    assert shown_message["events"][0]["text"] == "Refused: the last possible position stays."


# ---- tampered messages: refused, said, and nothing changes

TAMPERED = [
    None, 5, "give", [], {}, {"intent": "fly"}, {"intent": 10**5000},
    {"intent": "select", "card": "13"}, {"intent": "select", "card": "7\u200b"},
    {"intent": "select", "card": 7}, {"intent": "select"},
    {"intent": "give", "card": "7", "seat": 3}, {"intent": "give", "card": "7", "seat": -1},
    {"intent": "give", "card": "7", "seat": True}, {"intent": "give", "card": "7", "seat": 1.0},
    {"intent": "give", "card": "7", "seat": 10**5000}, {"intent": "give", "card": "x" * 17,
                                                        "seat": 0},
    {"intent": "bust", "card": "Freeze", "seat": "Ann"}, {"intent": "take", "card": "5", "seat": 0},
    {"intent": "place", "card": "7", "to": "floor"}, {"intent": "place", "card": "7", "to": 1},
    {"intent": "place", "card": "7", "to": "deck", "extra": 1},
    {"intent": "unplace", "pile": "deck", "index": 2}, {"intent": "unplace", "pile": "deck",
                                                        "index": -1},
    {"intent": "unplace", "pile": "discards", "index": 0}, {"intent": "rest", "to": "hand"},
    {"intent": "status", "seat": 0, "status": "asleep"}, {"intent": "status", "seat": 0},
    {"intent": "score", "seat": 0, "score": 5}, {"intent": "score", "seat": 9, "score": "5"},
    {"intent": "score", "seat": 0, "score": "-5"}, {"intent": "score", "seat": 0, "score": "5" * 13},
    {"intent": "dealer", "seat": 3}, {"intent": "dealing", "on": 1},
    {"intent": "round", "round": 2}, {"intent": "round", "round": "two"},
    {"intent": "turn", "seat": 7}, {"intent": "turn", "seat": "Ann"},
    {"intent": "remove_player", "seat": -2}, {"intent": "rename", "seat": 0, "name": 5},
    {"intent": "rename", "seat": 0, "name": "x" * 101},
    {"intent": "rename", "seat": 0, "name": "<img src=x onerror=alert(1)>" * 4},
    {"intent": "preset", "preset": "poker"}, {"intent": "preset", "preset": None},
    {"intent": "text", "text": "x" * 8001}, {"intent": "text", "text": None},
    {"intent": "text", "text": "players: Ann, Bob\n\x00"},
    {"intent": "lang", "lang": "de"}, {"intent": "show_hands", "show": True},
    {"intent": "play", "move": "hit"}, {"intent": "undo"}, {"intent": "reset"},
    {"intent": "add_player", "seat": 1}, {"intent": "undo_edit"},
]


@pytest.mark.parametrize("content", TAMPERED, ids=range(len(TAMPERED)))
def test_a_tampered_message_is_refused_and_changes_nothing(content):
    editor = Flip7Editor(position=EXAMPLE)
    state, draft, text = editor.state, editor.draft, editor.text
    seen = []
    editor.on_change(seen.append)
    assert editor.handle_message(content) is False
    assert_unchanged(editor, state, draft, text)
    assert seen == []
    message = editor.view["message"]
    assert message["kind"] in ("error", "info")
    for line in (message["text"], *(e["text"] for e in message["events"])):
        assert 0 < len(line) <= MAX_MESSAGE and line.isprintable(), line
    assert "<" not in editor._view  # the view's JSON never carries a raw '<'
    json.loads(editor._view)


messages = st.dictionaries(
    st.sampled_from(["intent", "card", "to", "seat", "on", "name", "preset", "text", "lang",
                     "status", "score", "round", "pile", "index"]) | st.text(max_size=4),
    st.sampled_from(["select", "give", "bust", "take", "place", "unplace", "rest", "status",
                     "score", "dealer", "turn", "dealing", "round", "add_player",
                     "remove_player", "rename", "preset", "clear", "text", "undo_edit", "lang",
                     "deck", "discards", "active", "stayed", "frozen", "busted", "7", "9",
                     "12", "×2", "Freeze", "Second Chance", "Ann", "faq", "fr", "0", "150"])
    | st.integers(-3, 5) | st.booleans() | st.none() | st.text(max_size=12),
    max_size=4)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(messages, max_size=6))
def test_any_messages_leave_a_possible_position(steps):
    """Whatever the page sends, the position is always one the engine reads back, its text
    is the position's, and a refused message changes nothing."""
    editor = Flip7Editor(position=EXAMPLE)
    for content in steps:
        state, draft, text = editor.state, editor.draft, editor.text
        if not editor.handle_message(content):
            assert_unchanged(editor, state, draft, text)
        assert flip7.position(editor.text) == editor.state
        assert flip7.position(draft_text(editor.draft)) == editor.state
        editor._view.encode("utf-8")


def test_the_widget_names_its_module_and_styles():
    assert Flip7Editor.module == "flip7_editor.js"
    esm = Flip7Editor._esm
    assert esm.index("export function createWidget") < esm.index("function editorRender") \
        < esm.rindex('editorRender("ds-flip7-editor"') < esm.rindex("export default { render }")
    assert ".ds-flip7-editor" in Flip7Editor._css and ".ds-editor" in Flip7Editor._css
    assert "innerHTML" not in esm
    assert "<pre>" in Flip7Editor(position=EXAMPLE)._repr_mimebundle_()[0]["text/html"]


def test_frozen_under_freeze_placement_in_front_puts_the_freeze_in_the_line():
    start = "players: Ann, Bob, Cy\nrules: freeze_placement=in-front\nAnn: 3\nBob: 5\nCy: -\n" \
            "turn: Ann"
    editor = Flip7Editor(position=start, lang="en")
    # the status alone: the engine's message (the Freeze stays in front of a frozen player)
    refused = refused_by_notation(start.replace("Bob: 5", "Bob: 5 (frozen)"))
    assert refused.startswith("[flip7.freeze-placement]")
    assert send(editor, "status", seat=1, status="frozen")
    assert "Bob: 5, Freeze (frozen)" in editor.text
    assert events(editor) == ["The Freeze that froze Bob lies in front of them (in-front)."]
    assert send(editor, "status", seat=1, status="active")
    assert "Bob: 5\n" in editor.text
    assert events(editor) == ["The Freeze in front of Bob goes back to the rest."]
    # under the default rules a frozen player keeps no Freeze: the status alone
    plain = Flip7Editor(position=start.replace("rules: freeze_placement=in-front\n", ""))
    assert send(plain, "status", seat=1, status="frozen") and "Bob: 5 (frozen)" in plain.text
