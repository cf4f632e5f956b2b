"""The Double Seven widgets (doublesept/widgets/double_seven.py) without a browser.

Each view is checked against the engine: the players, families, racks, tokens and the
middle of the table are ``state.observation(seat)``; the rows are ``state.verdicts()``,
grouped by kind; the move being built is judged by ``state.check`` at every click; the
replies are the verdicts' reasons and the new state's events. Every bad message is refused
with a short visible answer and leaves ``.state`` the very same object; no view names a
hidden tile; every tile shows its symbol and name besides its colour; names go to the
page as text. The browser side is checked in tests/browser/test_double_seven_browser.py.
"""

import json
import re
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, catalog, double_seven
from doublesept.double_seven import ANIMALS, PASS, RAINBOW, players
from doublesept.double_seven.players import LEVELS
from doublesept.errors import OptionError, PositionError
from doublesept.widgets import MAX_MESSAGE, DoubleSevenPlay, DoubleSevenTable, DoubleSevenTryMoves
from doublesept.widgets.double_seven import BUILD_KINDS, FOLD_OVER, MOVE_KINDS, move_kind

# Ann acts: two foxes, a clover, a bird and a squirrel on her rack; a family of squirrels
# with a clover; Bob a family of 5 butterflies and a '7'.
ACT = """
players: Ann, Bob
turn: Ann
face-up: fox, bird
Ann: rack fox, fox, clover, bird, squirrel; families squirrel 4 + clover
Bob: rack bear, frog; families butterfly 5; tokens 7
"""

# Ann can bring her squirrels to 7: Sept!
SEPT = """
players: Ann, Bob, Cy
turn: Ann
Ann: rack squirrel, squirrel, clover; families squirrel 5
Bob: families butterfly 4 + clover; tokens 7
Cy: rack bird; families bird 2
"""

# Ann draws: 2 tiles, from the face-up area or the reserve.
DRAW = """
players: Ann, Bob
turn: Ann
phase: draw
face-up: fox
Ann: rack bird
Bob: rack bear
"""

# Ann has passed with 6 tiles: she discards one.
DISCARD = """
players: Ann, Bob
turn: Ann
phase: discard
Ann: rack fox, fox, bird, bear, frog, rabbit
Bob: rack bear
"""

# Ann holds the '77': tokens and the supply.
TOKENS = """
players: Ann, Bob
turn: Bob
trigger: Ann
Ann: rack -; families fox 7, bird 7 + clover; tokens 7, 7, 77
Bob: rack bear; families bear 3
out: frog, frog
"""


def pos(text):
    return double_seven.position(text)


def groups(widget):
    return widget.view["candidates"]["groups"]


def sends(widget):
    return [m["send"] for g in groups(widget) for m in g["moves"]]


def refused(widget, content):
    """Send a message that must be refused: the state is the very same object, and a short
    error shows."""
    before = widget.state
    build = widget.build if hasattr(widget, "build") else None
    assert widget.handle_message(content) is False, content
    assert widget.state is before
    if build is not None:
        assert widget.build == build
    message = widget.view["message"]
    assert message["kind"] == "error"
    assert 0 < len(message["text"]) <= MAX_MESSAGE
    return widget.message


# ---------------------------------------------------------------- the table


def test_table_shows_the_observation():
    state = pos(ACT)
    widget = DoubleSevenTable(state, show_hands=True, seat=0, lang="en")
    view = widget.view
    obs = state.observation(0)
    ann, bob = view["players"]
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob"]
    assert ann["turn"] and ann["to_move"] and not bob["turn"]
    # families: animal, size, clovers, number
    family = ann["families"][0]
    assert (family["number"], family["tile"]["tile"], family["animals"], family["clovers"],
            family["size"]) == (1, "squirrel", 4, 1, 5)
    assert family["text"] == "4 squirrels + 1 🍀"
    assert bob["families"][0]["size"] == 5 and bob["families"][0]["clovers"] == 0
    # racks: Ann's own shown, Bob's hidden as its size
    assert [t["tile"] for t in ann["rack"]] == obs["rack"]
    assert bob["rack"] is None and bob["rack_text"] == "2 tiles, hidden"
    # tokens and scores
    assert (ann["tokens"], bob["tokens"]) == (0, 1)
    assert bob["tokens_text"] == "'7' tokens: 1"
    assert [p["score"] for p in view["players"]] == obs["scores"]
    # the middle of the table
    area = view["area"]
    assert {t["tile"]: t["count"] for t in area["face_up"]} == obs["face_up"]
    assert area["reserve_size"] == obs["reserve_size"]
    assert area["reserve"] == f"Hidden reserve: {obs['reserve_size']} tiles"
    assert area["supply_size"] == obs["supply"] == 7
    assert area["double_seven_holder"] is None
    assert area["double_seven"] == "'77' token: still to win"
    # the phase
    assert view["phase"]["phase"] == "act"
    assert view["phase"]["decision"]["text"] == state.decision.en
    assert view["phase"]["rule_id"] == state.decision.rule_id
    assert view["mover"] == "Ann"


def test_table_tokens_77_supply_trigger_and_out():
    state = pos(TOKENS)
    view = DoubleSevenTable(state, lang="en").view
    ann, bob = view["players"]
    assert ann["tokens"] == 2 and ann["double_seven"] and not bob["double_seven"]
    assert ann["trigger"] and not bob["trigger"]
    assert [f["sept"] for f in ann["families"]] == [True, True]
    assert view["area"]["supply_size"] == 6
    assert view["area"]["double_seven"] == "'77' token: Ann"
    assert {t["tile"]: t["count"] for t in view["area"]["out"]} == {"frog": 2}
    assert ann["rack_text"] == "empty rack"
    assert ann["score"] == state.score(0) == 7 + 8 + 2 + 2


def test_table_racks_hidden_and_the_teachers_view():
    state = pos(ACT)
    hidden = DoubleSevenTable(state).view["players"]
    assert [p["rack"] for p in hidden] == [None, None]
    assert [p["rack_text"] for p in hidden] == ["5 tiles, hidden", "2 tiles, hidden"]
    teacher = DoubleSevenTable(state, show_hands=True).view["players"]
    assert [[t["tile"] for t in p["rack"]] for p in teacher] == [
        [t.text() for t in state.rack(0)], [t.text() for t in state.rack(1)]]
    bob = DoubleSevenTable(state, show_hands=True, seat=1).view["players"]
    assert bob[0]["rack"] is None and [t["tile"] for t in bob[1]["rack"]] == ["bear", "frog"]
    # the switch from Python, as the Show hands button
    widget = DoubleSevenTable(state)
    assert widget.handle_message({"intent": "show_hands", "show": True})
    assert widget.view["players"][1]["rack"] is not None


def test_every_animal_has_symbol_name_and_colour():
    widget = DoubleSevenTable(pos(ACT), lang="en")
    for kind, animal in enumerate(ANIMALS):
        tile = widget.tile_view(animal.en)
        assert tile["symbol"] == animal.symbol and tile["name"] == animal.en
        assert tile["text"] == f"{animal.symbol} {animal.en}"
        assert re.fullmatch(r"#[0-9A-Fa-f]{6}", tile["colour"]) and tile["colour"] == animal.hex
        assert tile["label"] == animal.en  # what a screen reader says: the name
        assert tile["clover"] == (kind == 8)
    assert widget.tile_view("fox", 3)["text"] == "🦊 3 foxes"
    widget.lang = "fr"
    assert widget.tile_view("fox")["text"] == "🦊 renard"
    assert widget.tile_view("bird", 2)["text"] == "🐦 2 oiseaux"
    # every tile and family drawn carries its symbol and name
    view = DoubleSevenTable(pos(ACT), show_hands=True).view
    drawn = [*view["area"]["face_up"], *[t for p in view["players"] for t in p["rack"]],
             *[f["tile"] for p in view["players"] for f in p["families"]]]
    assert drawn and all(t["symbol"] and t["name"] and t["colour"] for t in drawn)


def test_table_in_french():
    widget = DoubleSevenTable(pos(ACT), show_hands=True, lang="fr")
    view = widget.view
    assert view["area"]["reserve"].startswith("Réserve cachée : ")
    assert view["phase"]["name"] == "Actions"
    assert view["phase"]["decision"]["text"] == widget.state.decision.fr
    assert view["players"][0]["families"][0]["text"] == "4 écureuils + 1 🍀"
    assert view["d7_words"]["face_up"] == "Visibles : "


def test_names_are_text_never_html():
    state = pos(SEPT.replace("Bob", "<img src=x onerror=alert(1)>"))
    widget = DoubleSevenTryMoves(state)
    assert widget.view["players"][1]["name"] == "<img src=x onerror=alert(1)>"
    assert "<" not in widget._view and ">" not in widget._view  # escaped in the JSON text
    assert json.loads(widget._view)["players"][1]["name"] == "<img src=x onerror=alert(1)>"
    picture = widget._repr_mimebundle_()[0]["text/html"]
    assert "<img" not in picture and "&lt;img src=x" in picture


def test_static_html_shows_the_racks_the_view_shows():
    state = pos(ACT)
    seat = DoubleSevenTable(state, show_hands=True, seat=1).static_html()
    assert "Bob's rack: 🐻 bear, 🐸 frog" in seat and "Ann's rack" not in seat
    assert "Ann's rack" not in DoubleSevenTable(state).static_html()


def test_a_hidden_tile_is_named_only_to_its_receiver():
    state = double_seven.new_game(["Ann", "Bob"], seed=3)
    ann = DoubleSevenTryMoves(state, seat=0)
    bob = DoubleSevenTryMoves(state, seat=1)
    teacher = DoubleSevenTryMoves(state)
    for _ in range(2):  # a tile to Ann, then to Bob
        for widget in (ann, bob, teacher):
            assert widget.play("deal")
    first, second = (s.last_move.text() for s in (ann.state.parent, ann.state))
    assert ann.view["moves_shown"] == [first, "a hidden tile"]
    assert bob.view["moves_shown"] == ["a hidden tile", second]
    assert teacher.view["moves_shown"] == [first, second]
    teacher.show_hands = False
    assert teacher.view["moves_shown"] == ["a hidden tile", "a hidden tile"]
    assert bob.view["last_move"]["move"] == second
    assert ann.view["last_move"]["move"] == "a hidden tile"
    for widget in (ann, bob):  # the reply is the deal's event, which names no tile
        assert widget.message == "Bob is dealt a tile."
        assert widget.view["message"]["rule"]["id"] == "doubleseven.setup"


# ---------------------------------------------------------------- the try-a-move rows


@pytest.mark.parametrize("text", [ACT, SEPT, DRAW, DISCARD])
def test_rows_are_the_legal_moves_then_the_refused_one_row_a_rule_by_kind(text):
    state = pos(text)
    widget = DoubleSevenTryMoves(state, lang="en")
    verdicts = {widget.move_text(v.move): v for v in state.verdicts()}
    assert sorted(sends(widget)) == sorted(verdicts)
    rows = groups(widget)
    flags = [g["legal"] for g in rows]
    assert flags == sorted(flags, reverse=True)  # the legal rows first
    keys = [(g["legal"], g["rule_id"]) for g in rows]
    assert len(keys) == len(set(keys))  # one row per legality and rule
    for legal in (True, False):
        kinds = []
        for group in (g for g in rows if g["legal"] is legal):
            reasons = {verdicts[m["send"]].reason_en for m in group["moves"]}
            for move in group["moves"]:
                verdict = verdicts[move["send"]]
                assert (group["legal"], group["rule_id"]) == (verdict.legal, verdict.rule_id)
                assert group["kind"] == move_kind(verdict.move)
            if len(reasons) == 1:
                assert group["reason"]["text"] == reasons.pop() and not group["general"]
            else:  # the rule's statement, and each move's own reason when unfolded
                assert group["reason"]["text"] == catalog.rule(group["rule_id"]).en
                assert [d["reason"]["text"] for d in group["details"]] == [
                    verdicts[m["send"]].reason_en for m in group["moves"]]
            if not kinds or kinds[-1] != group["kind"]:
                assert group["count_text"].startswith(widget.word(f"kind_{group['kind']}"))
                kinds.append(group["kind"])
        assert kinds == sorted(kinds, key=MOVE_KINDS.index)  # in the order of the kinds
    # each rule quotes its source once
    cited = [g for g in rows if g["source"]]
    assert len({g["rule_id"] for g in cited}) == len(cited)
    # no caption: the phase above the table says what is awaited
    assert widget.view["candidates"]["caption"] is None


def test_many_legal_multi_tile_moves_fold_to_their_count_the_builder_composes_them():
    widget = DoubleSevenTryMoves(pos(ACT), lang="en")
    for group in groups(widget):
        folds = group["legal"] and group["kind"] in BUILD_KINDS and group["count"] > FOLD_OVER
        assert group["folded"] is bool(folds)
        if folds:  # the count, where to build one, and each move on unfolding
            assert group["count_text"].endswith(f"{group['count']} moves")
            assert group["note"] == widget.word("fold_note")
            assert [d["move"] for d in group["details"]] == group["moves"]
            assert group["unfold"]["label"] == (f"the {group['count']} legal moves of "
                                                f"{group['rule_id']}, one by one")
    assert any(g["folded"] for g in groups(widget))
    assert not any(g["folded"] for g in groups(widget) if not g["legal"])


def test_act_rows_name_every_kind():
    widget = DoubleSevenTryMoves(pos(ACT))
    assert {g["kind"] for g in groups(widget)} == {
        "rainbow", "start", "expand", "exchange", "retrieve", "two-for-one", "pass", "discard"}
    assert {g["kind"] for g in groups(DoubleSevenTryMoves(pos(DRAW)))} == {"draw", "pass"}


def test_clicking_a_legal_row_plays_it_and_undo_reset():
    state = pos(SEPT)
    widget = DoubleSevenTryMoves(state, lang="en")
    assert widget.play("expand 1 with squirrel squirrel")
    assert widget.state == state.play("expand 1 with squirrel squirrel")
    # the reply is the engine's reason, a sentence about Ann; its rule is the badge's
    assert widget.message == "Ann's family 1 of squirrels grows to 7 tiles."
    assert widget.view["message"]["rule"]["id"] == "doubleseven.expand-family"
    events = [e["text"] for e in widget.view["message"]["events"]]
    assert any(e.startswith("Sept!") for e in events)
    assert widget.view["players"][0]["tokens"] == 1
    assert widget.view["moves_shown"] == ["expand 1 with squirrel squirrel"]
    assert widget.undo() and widget.state is state
    assert widget.message == "Took back expand 1 with squirrel squirrel."
    assert not widget.undo() and widget.state is state
    widget.play("pass")
    assert widget.reset() and widget.state is state


def test_an_illegal_row_is_refused_with_its_rule():
    state = pos(SEPT)
    widget = DoubleSevenTryMoves(state)
    message = refused(widget, {"intent": "play", "move": "start squirrel squirrel"})
    assert message == ("start squirrel squirrel is illegal for Ann. "
                       "Ann already has a family of squirrels: a second one cannot be started "
                       "(D10).")
    assert widget.view["message"]["rule"]["id"] == "doubleseven.one-family-per-animal"
    # the ruling cited is a button on the page, which opens the ruling's words
    assert widget.view["rulings"]["D10"]["text"].startswith("Ruling D10 (docs/rulings.md): ")
    tried = [g for g in groups(widget) if g["tried"]]
    assert [m["send"] for g in tried for m in g["moves"]] == ["start squirrel squirrel"]
    assert widget.view["message"]["at"] == "row"


def test_a_long_move_is_sent_whole():
    # longer than the 32 characters of a card game's message
    state = pos(SEPT.replace("Ann: rack squirrel", "Ann: rack butterfly, squirrel"))
    text = "retrieve clover from Bob's 1 with butterfly"
    widget = DoubleSevenTryMoves(state)
    assert text in sends(widget) and len(text) > 32
    assert widget.handle_message({"intent": "play", "move": text})
    assert widget.state == state.play(text)
    too_long = "retrieve clover from Bob's 1 with butterfly " + "x" * 100
    assert "too long" in refused(widget, {"intent": "play", "move": too_long})


def test_a_seat_view_hides_the_rows_of_a_hidden_rack():
    state = pos(ACT)
    widget = DoubleSevenTryMoves(state, show_hands=False)
    rows = groups(widget)
    assert [m["send"] for g in rows for m in g["moves"]] == ["exchange my 1 for Bob's 1", "pass"]
    assert rows[-1]["legal"] is None and "5 tiles on Ann's rack, hidden" in \
        rows[-1]["reason"]["text"]
    # the rows name no tile found only on the hidden rack (fox, bird)
    shown = json.dumps(rows, ensure_ascii=False)
    assert "fox" not in shown and "bird" not in shown and "renard" not in shown
    other = DoubleSevenTryMoves(state, seat=1)
    assert groups(other) == [] and not widget.view["build"]
    assert "Bob only" in refused(other, {"intent": "play", "move": "pass"})


# ---------------------------------------------------------------- the builder


def judged(widget):
    """The builder's view agrees with the engine's verdict of the move being built."""
    build = widget.view["build"]
    verdict = widget.build_verdict
    if verdict is None:
        assert build["legal"] is None
        return None
    # the builder checks the move with seats as numbers; the text it shows names the players:
    # both read the same, though an unreadable move keeps its own words in the verdict
    assert verdict == widget.state.check(widget._built()["text"])
    named = widget.state.check(widget.build)
    assert (named.legal, named.rule_id) == (verdict.legal, verdict.rule_id)
    assert build["legal"] == verdict.legal and build["rule_id"] == verdict.rule_id
    assert build["reason"]["text"] == (verdict.reason_en if widget.lang != "fr"
                                       else verdict.reason_fr)
    assert build["confirm"]["disabled"] == (not verdict.legal)
    return verdict


def test_builder_start_a_family_judged_at_every_click():
    state = pos(ACT)
    widget = DoubleSevenTryMoves(state, lang="en")
    assert widget.build == "" and widget.view["build"]["kind"] is None
    assert widget.pick("fox")
    assert widget.build == "start fox" and widget.build_kind == "start"
    verdict = judged(widget)
    assert not verdict.legal and verdict.rule_id == "doubleseven.start-family"
    assert widget.message == ("Picked fox. start fox: not legal yet. "
                              "A family starts with at least 2 tiles (two foxes, or one and a "
                              "clover).")
    assert widget.view["message"]["rule"]["id"] == "doubleseven.start-family"
    assert widget.pick("fox") and judged(widget).legal
    assert widget.build == "start fox fox"
    # the rack shows the tiles not picked, each a button that picks it
    rack = widget.view["players"][0]["rack"]
    assert [t["tile"] for t in rack] == ["bird", "squirrel", "clover"]
    assert rack[0]["action"] == "pick bird" and rack[0]["send"] == "bird"
    assert [t["send"] for t in widget.view["build"]["picked"]] == ["fox", "fox"]
    # no third fox on the rack
    assert "No fox left to pick" in refused(widget, {"intent": "pick", "tile": "fox"})
    assert widget.pick("trèfle") and widget.build == "start fox fox clover"
    assert judged(widget).legal
    assert widget.unpick("clover") and widget.build == "start fox fox"
    assert widget.state is state  # building changes nothing
    assert widget.confirm()
    assert widget.state == state.play("start fox fox")
    assert widget.message == "Ann starts a family of 2 foxes."
    assert widget.build == "" and widget.view["build"]["kind"] is None  # a new position
    assert len(widget.view["players"][0]["families"]) == 2
    assert widget.undo() and widget.state is state and widget.build == ""


def test_builder_expand_exchange_retrieve_two_for_one():
    state = pos(ACT)
    widget = DoubleSevenTryMoves(state, lang="en")
    # your family, then tiles: an expansion
    assert widget.pick_family(0, 1) and widget.build_kind == "expand"
    assert widget.build == "expand 1 with …" and judged(widget) is None
    assert ("Pick the tiles of your rack to add to family 1, or another player's family to "
            "exchange it for." in widget.message)
    assert widget.pick("fox") and widget.build == "expand 1 with fox"
    assert judged(widget).rule_id == "doubleseven.expand-family"
    assert widget.unpick("fox") and widget.pick("squirrel")
    assert judged(widget).legal
    # another player's family while tiles are picked: refused, nothing changes
    assert "put the tiles back" in refused(widget, {"intent": "pick_family", "seat": 1,
                                                    "number": 1})
    assert widget.clear() and widget.build == ""
    # your family, then another player's: an exchange
    assert widget.pick_family(0, 1) and widget.pick_family("Bob", 1)
    assert widget.build_kind == "exchange" and widget.build == "exchange my 1 for Bob's 1"
    assert judged(widget).legal
    assert "takes no tile" in refused(widget, {"intent": "pick", "tile": "fox"})
    # picking a family again puts it back
    assert widget.pick_family(1, 1) and widget.build == "exchange my 1 for …'s …"
    assert widget.clear()
    # retrieve: the family with a clover, then the animal tile
    assert widget.pick_kind("retrieve") and widget.pick_family(0, 1)
    assert widget.pick("bird") and widget.build == "retrieve clover from my 1 with bird"
    assert not judged(widget).legal
    assert widget.pick("squirrel") and widget.build == "retrieve clover from my 1 with squirrel"
    assert judged(widget).legal
    # Two for One: exactly two tiles
    assert widget.pick_kind("two-for-one")
    assert widget.build == "two-for-one squirrel"  # the family is put back, the tile kept
    assert judged(widget) is None  # one tile: the builder asks for the second
    assert "Pick one more tile of your rack: Two for One discards 2." in widget.message
    assert widget.pick("bird") and judged(widget).legal
    assert "exactly 2 tiles" in refused(widget, {"intent": "pick", "tile": "fox"})
    assert "no family" in refused(widget, {"intent": "pick_family", "seat": 0, "number": 1})
    assert widget.state is state
    assert widget.confirm() and widget.state == state.play("two-for-one bird squirrel")


def test_builder_start_then_your_family_becomes_an_expansion():
    state = pos(SEPT)
    widget = DoubleSevenTryMoves(state, lang="en")
    assert widget.pick("squirrel") and widget.pick("squirrel")
    assert widget.build == "start squirrel squirrel"
    assert judged(widget).rule_id == "doubleseven.one-family-per-animal"  # D10
    assert widget.view["build"]["confirm"]["disabled"]
    assert "not legal yet" in widget.message and "(D10)" in widget.message
    assert not widget.confirm() and widget.state is state
    assert "Ann already has a family of squirrels" in widget.message
    assert widget.pick_family(0, 1) and widget.build == "expand 1 with squirrel squirrel"
    assert judged(widget).legal
    assert widget.confirm()
    assert any(e.en.startswith("Sept!") for e in widget.state.events)


def test_builder_another_players_family_first():
    state = pos(SEPT.replace("Ann: rack squirrel", "Ann: rack butterfly, squirrel"))
    widget = DoubleSevenTryMoves(state, lang="en")
    assert widget.pick_family("Bob", 1) and widget.build_kind == "retrieve"  # it has a clover
    assert widget.pick("butterfly")
    assert widget.build == "retrieve clover from Bob's 1 with butterfly" and judged(widget).legal
    assert widget.clear()
    assert widget.pick_family("Cy", 1) and widget.build_kind == "exchange"  # no clover
    assert widget.build == "exchange my … for Cy's 1"
    assert "Pick the family of yours to give." in widget.message
    assert widget.pick_family("Ann", 1) and widget.build == "exchange my 1 for Cy's 1"
    assert not judged(widget).legal


def test_builder_confirm_and_clear_with_nothing_built():
    widget = DoubleSevenTryMoves(pos(ACT))
    assert "Nothing to confirm" in refused(widget, {"intent": "confirm"})
    assert widget.pick_kind("expand")
    assert "Not a whole move yet: Pick the family of yours to expand." in \
        refused(widget, {"intent": "confirm"})
    assert widget.clear() and widget.build_kind is None


def test_builder_only_while_acting_for_the_mover_with_the_rack_shown():
    for text in (DRAW, DISCARD):
        widget = DoubleSevenTryMoves(pos(text))
        assert widget.view["build"] is None
        assert "Nothing to build now" in refused(widget, {"intent": "pick", "tile": "bird"})
    hidden = DoubleSevenTryMoves(pos(ACT), show_hands=False)
    assert "rack is hidden" in refused(hidden, {"intent": "pick", "tile": "fox"})
    widget = DoubleSevenTryMoves(pos(ACT))
    widget.pick("fox")
    widget.show_hands = False  # hiding the racks empties the move being built
    assert widget.build == "" and widget.view["build"] is None
    seat = DoubleSevenTryMoves(pos(ACT), seat=0)
    assert seat.view["build"] is not None and seat.pick("fox")
    assert "Bob only" in refused(DoubleSevenTryMoves(pos(ACT), seat=1),
                                 {"intent": "pick_family", "seat": 1, "number": 1})


def test_builder_in_french():
    widget = DoubleSevenTryMoves(pos(ACT), lang="fr")
    assert widget.pick("renard") and widget.pick("🦊")
    build = widget.view["build"]
    assert build["text"] == "commencer renard renard"
    assert build["verdict"] == "✔ permis"
    assert build["confirm"]["text"] == "✔ Valider"
    assert widget.view["message"]["text"].startswith("Tuile renard choisie. commencer renard renard : "
                                                     "permis")


BAD_MESSAGES = [
    {"intent": "pick"},
    {"intent": "pick", "tile": 3},
    {"intent": "pick", "tile": "dragon"},
    {"intent": "pick", "tile": "<script>"},
    {"intent": "pick", "tile": "x" * 500},
    {"intent": "pick", "tile": "fox", "extra": 1},
    {"intent": "unpick", "tile": "bird"},
    {"intent": "unpick", "tile": None},
    {"intent": "pick_family", "seat": 1},
    {"intent": "pick_family", "seat": "1", "number": 1},
    {"intent": "pick_family", "seat": True, "number": 1},
    {"intent": "pick_family", "seat": 0, "number": 1.0},
    {"intent": "pick_family", "seat": -1, "number": 1},
    {"intent": "pick_family", "seat": 2, "number": 1},
    {"intent": "pick_family", "seat": 0, "number": 0},
    {"intent": "pick_family", "seat": 1, "number": 2},
    {"intent": "pick_family", "seat": 0, "number": 10**100},
    {"intent": "pick_kind", "kind": "rainbow"},
    {"intent": "pick_kind", "kind": ["start"]},
    {"intent": "confirm", "move": "pass"},
    {"intent": "clear", "now": True},
    {"intent": "play", "move": "start dragon dragon"},
    {"intent": "play", "move": 7},
    {"intent": "play", "move": "expand 9 with fox"},
    {"intent": "play", "move": "exchange my 1 for player 3's 1"},
    {"intent": "build", "move": "pass"},
    {"intent": None},
    "pick fox",
    None,
    [],
]


@pytest.mark.parametrize("content", BAD_MESSAGES, ids=[str(i) for i in range(len(BAD_MESSAGES))])
def test_malformed_messages_are_refused_and_change_nothing(content):
    widget = DoubleSevenTryMoves(pos(ACT))
    widget.pick("fox")  # a move being built survives a bad message too
    refused(widget, content)
    assert widget.build == "start fox"


def test_the_page_cannot_write_the_view():
    widget = DoubleSevenTryMoves(pos(ACT))
    before = widget.state
    widget.set_state({"_view": "{}"})
    assert widget.state is before and "only takes clicks" in widget.message


def test_a_table_without_try_moves_refuses_the_builder():
    widget = DoubleSevenTable(pos(ACT), show_hands=True)
    assert "unknown intent" in refused(widget, {"intent": "pick", "tile": "fox"})
    assert "unknown intent" in refused(widget, {"intent": "play", "move": "pass"})


ACTIONS = st.one_of(
    st.builds(lambda t: {"intent": "pick", "tile": t},
              st.sampled_from([a.en for a in ANIMALS] + ["dragon", ""])),
    st.builds(lambda t: {"intent": "unpick", "tile": t}, st.sampled_from([a.en for a in ANIMALS])),
    st.builds(lambda s, n: {"intent": "pick_family", "seat": s, "number": n},
              st.integers(-1, 3), st.integers(0, 3)),
    st.builds(lambda k: {"intent": "pick_kind", "kind": k},
              st.sampled_from([*BUILD_KINDS, "pass"])),
    st.just({"intent": "clear"}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTIONS, max_size=12), st.sampled_from([ACT, SEPT]))
def test_any_clicks_of_the_builder_are_judged_by_the_engine(clicks, text):
    state = pos(text)
    widget = DoubleSevenTryMoves(state)
    for click in clicks:
        widget.handle_message(click)
        assert widget.state is state  # building never plays
        assert 0 < len(widget.message) <= MAX_MESSAGE
        judged(widget)
        picked = [t["send"] for t in widget.view["build"]["picked"]]
        rack = [t.text() for t in state.rack(state.to_move)]
        for tile in set(picked):
            assert picked.count(tile) <= rack.count(tile)
    if widget.build_verdict is not None and widget.build_verdict.legal:
        assert widget.confirm() and widget.state == state.play(widget.state.last_move)


def test_builder_state_machine_over_a_whole_game():
    """Legal several-tile moves of a seeded game, of every kind by turns, built by clicks:
    the builder's verdict is the engine's, and confirm plays exactly that move."""
    state = double_seven.new_game(3, seed=11)
    widget = DoubleSevenTryMoves(state)
    built = dict.fromkeys(BUILD_KINDS, 0)
    acted = None  # the turn in which a move was built (then pass, so the game goes on)
    for _ in range(600):
        state = widget.state
        if state.to_move is None:
            break
        if state.to_move is CHANCE:
            widget.play(state.legal_moves()[0].text())
            continue
        legal = state.legal_moves()
        several = [m for m in legal if move_kind(m) in BUILD_KINDS]
        if not several or (acted == state.turn and PASS in legal):
            move = PASS if PASS in legal else legal[0]
            assert widget.play(widget.move_text(move)), widget.message
            acted = None if move is PASS else acted
            continue
        # the kind built least so far, then its first move
        move = min(several, key=lambda m: built[move_kind(m)])
        kind = move_kind(move)
        widget.clear()
        widget.pick_kind(kind)
        if kind == "expand":
            widget.pick_family(state.to_move, move.family)
        elif kind == "exchange":
            widget.pick_family(state.to_move, move.mine)
            widget.pick_family(move.seat, move.theirs)
        elif kind == "retrieve":
            widget.pick_family(state.to_move if move.owner == -1 else move.owner, move.family)
        tiles = (move.kind,) if kind == "retrieve" else () if kind == "exchange" else move.kinds
        for tile in tiles:
            assert widget.pick(ANIMALS[tile].en), widget.message
        assert widget.build_verdict.move is move and widget.build_verdict.legal
        assert widget.confirm(), widget.message
        assert widget.state.last_move is move and widget.state.parent is state
        built[kind] += 1
        acted = state.turn
    assert widget.state.is_over
    assert all(count >= 3 for count in built.values()), built


# ---------------------------------------------------------------- the game against the computer


def play_widget(**kwargs):
    return DoubleSevenPlay(**{"players": 3, "seat": 0, "levels": ("strategy",), "seed": 21,
                              "lang": "en", **kwargs})


def readers_choice(widget):
    """The reader's move: pass when it may, else the first legal move."""
    legal = widget.state.legal_moves()
    return widget.move_text(PASS if PASS in legal else legal[0])


def test_play_runs_to_my_turn_and_reveals_my_hidden_draw():
    widget = play_widget()
    assert widget.view["play"]["status"]["text"] == "Deal a tile to Ann: press Next step."
    assert "Not your move" in refused(widget, {"intent": "play", "move": "draw hidden"})
    assert widget.run()
    state = widget.state
    assert state.to_move == 0 and state.decision.phase == "draw"
    assert widget.view["play"]["status"]["text"] == "Your move, Ann: choose below."
    assert widget.view["play"]["step"]["disabled"] and widget.view["play"]["run"]["disabled"]
    assert "Your move, Ann" in refused(widget, {"intent": "step"})
    # my rack only
    racks = [p["rack"] for p in widget.view["players"]]
    assert racks[0] is not None and racks[1] is None and racks[2] is None
    assert [p["role"] for p in widget.view["players"]] == ["you", "computer, strategy",
                                                           "computer, strategy"]
    # a hidden tile I draw is revealed at once, and named to me
    assert widget.play("draw hidden")
    drawn = widget.state.last_move
    assert widget.state.parent.last_move.text() == "draw hidden"
    assert widget.view["message"]["events"][-1]["text"] == f"Ann drew a {drawn.text()}."
    assert widget.state.to_move == 0


def test_play_a_whole_game_with_undo_and_history():
    widget = play_widget(players=4, levels=("random", "greedy", "strategy"), seed=9)
    for _ in range(400):
        if widget.state.to_move is None:
            break
        if widget.state.to_move == 0:
            assert widget.play(readers_choice(widget)), widget.message
        else:
            assert widget.run(), widget.message
    state = widget.state
    assert state.is_over and widget.view["play"]["status"]["text"] == "The game is over."
    assert "Game over" == widget.view["phase"]["name"]
    assert "The game is over" in refused(widget, {"intent": "step"})
    assert any(e["text"].startswith("The game is over") for h in widget.view["play"]["history"]
               for e in h["events"])
    # undo goes back to my last decision
    assert widget.undo()
    assert widget.state.to_move == 0 and widget.message.startswith("Took back your move")
    assert widget.reset() and widget.state is widget.start


def test_play_builder_on_my_turn_only():
    text = """
players: Ann, Bob
turn: Ann
Ann: rack fox, fox, bird; families squirrel 2
Bob: rack bear, bear; families bear 2
"""
    widget = play_widget(players=2)
    widget.state = pos(text)
    assert widget.pick("fox") and widget.pick("fox") and widget.build_verdict.legal
    assert widget.confirm() and widget.state.last_move.text() == "start fox fox"
    assert widget.play("pass")
    # the tile flipped at the start of Bob's turn follows my choice: it played itself
    assert widget.state.parent.to_move is CHANCE and widget.state.parent.turn == 1
    assert widget.state.turn == 1 and widget.state.to_move == 1  # Bob, a computer, draws
    assert widget.view["build"] is None
    assert "Not your move" in refused(widget, {"intent": "pick", "tile": "bear"})
    assert widget.view["candidates"]["groups"] == []


def test_play_teacher_switch_shows_every_rack():
    widget = play_widget()
    widget.run()
    assert [p["rack"] is None for p in widget.view["players"]] == [False, True, True]
    assert widget.handle_message({"intent": "show_all_racks", "show": True})
    assert widget.show_all_racks
    racks = [[t["tile"] for t in p["rack"]] for p in widget.view["players"]]
    assert racks == [[t.text() for t in widget.state.rack(p)] for p in range(3)]
    assert widget.view["play"]["switch"] == {"text": "Hide the other racks",
                                             "label": "show every rack", "pressed": True,
                                             "intent": "show_all_racks"}
    assert "Bob's rack" in widget.static_html()
    widget.show_all_racks = False
    assert widget.view["players"][1]["rack"] is None and "Bob's rack" not in widget.static_html()
    hidden = play_widget(teacher_switch=False)
    assert hidden.view["play"]["switch"] is None
    assert "unknown intent" in refused(hidden, {"intent": "show_all_racks", "show": True})
    assert "unknown intent" in refused(hidden, {"intent": "show_hands", "show": True})


def test_play_watch_runs_one_turn_at_a_time():
    widget = play_widget(seat=None, levels=("random", "greedy", "strategy"))
    assert [p["role"] for p in widget.view["players"]] == [
        "computer, random", "computer, greedy", "computer, strategy"]
    turns = []
    for _ in range(4):
        assert widget.run()
        turns.append(widget.state.turn)
    assert turns == [1, 2, 0, 1]
    assert all(p["rack"] is None for p in widget.view["players"])
    assert "Nothing to undo" in refused(widget, {"intent": "undo"})


def test_play_levels_new_game_and_bad_arguments():
    widget = play_widget(seed=4)
    assert widget.levels == {1: "strategy", 2: "strategy"}
    assert widget.handle_message({"intent": "level", "level": "random"})
    assert widget.levels == {1: "random", 2: "random"}
    assert [lv["level"] for lv in widget.view["play"]["levels"]] == list(LEVELS)
    assert "the level is one of" in refused(widget, {"intent": "level", "level": "expert"})
    # the level names every game shares name Double Seven's levels too (issue 22)
    assert widget.handle_message({"intent": "level", "level": "hard"})
    assert widget.levels == {1: "strategy", 2: "strategy"}
    assert play_widget(seed=4, levels=("easy", "medium")).levels == {1: "random", 2: "greedy"}
    first = widget.start
    assert widget.new_game() and widget.start is not first and widget.state.seed == 5
    with pytest.raises(OptionError, match="level"):
        DoubleSevenPlay(3, levels=("expert",))
    with pytest.raises(OptionError, match="levels"):
        DoubleSevenPlay(3, levels=("random", "greedy", "strategy"))
    with pytest.raises(PositionError):
        DoubleSevenPlay(3, seat=3)
    with pytest.raises(PositionError):
        DoubleSevenPlay(5)
    with pytest.raises(OptionError, match="computer_seed"):
        DoubleSevenPlay(3, computer_seed=-1)
    with pytest.raises(PositionError):
        widget.state = double_seven.new_game(2)
    game_park = DoubleSevenPlay(2, preset="game-park", seed=1)
    assert game_park.state.rules == double_seven.new_game(2, preset="game-park").rules


def resampled(state, seat, rng):
    """``state`` with everything ``seat`` cannot see dealt again: the other racks (each
    keeping its size), the reserve and its order, and the seed."""
    keep = {seat}
    if state.last_move is RAINBOW:  # a rack shown by Rainbow is public
        keep.add(state.turn)
    places = [p for p in range(state.players) if p not in keep]
    pool = [k for k in range(len(ANIMALS)) for _ in range(state.reserve[k])]
    for p in places:
        pool += [k for k in range(len(ANIMALS)) for _ in range(state.racks[p][k])]
    rng.shuffle(pool)
    racks = list(state.racks)
    for p in places:
        size = sum(racks[p])
        taken, pool = pool[:size], pool[size:]
        racks[p] = tuple(taken.count(k) for k in range(len(ANIMALS)))
    reserve = tuple(pool.count(k) for k in range(len(ANIMALS)))
    return state._replace(racks=tuple(racks), reserve=reserve, stack=(),
                          seed=rng.getrandbits(63))


@pytest.mark.parametrize("level", LEVELS)
def test_play_computers_see_only_their_seats_observation(level, monkeypatch):
    """Twin positions that differ only in what a computer cannot see (the other racks, the
    reserve and its order, the seed) give the same computer move, step after step; and
    every computer move goes through players.computer_move."""
    import random

    calls = []
    real = players.computer_move

    def spy(state, level_, rng_seed):
        calls.append(state.to_move)
        return real(state, level_, rng_seed)

    monkeypatch.setattr(DoubleSevenPlay, "computers",
                        SimpleNamespace(LEVELS=LEVELS, LEVEL_ALIASES={}, computer_move=spy))
    rng = random.Random(level)
    widget = play_widget(players=4, seat=0, levels=(level,), seed=33)
    twin = play_widget(players=4, seat=0, levels=(level,), seed=33)
    compared = 0
    for _ in range(300):
        state = widget.state
        if state.to_move is None:
            break
        if state.to_move is CHANCE or state.to_move == 0:
            if state.to_move == 0:
                assert widget.play(readers_choice(widget)), widget.message
            else:
                assert widget.step()
            continue
        other = resampled(state, state.to_move, rng)
        assert other != state and other.observation(state.to_move) == \
            state.observation(state.to_move)
        twin.state = other
        before = len(calls)
        assert widget.step() and twin.step()
        assert calls[before:] == [state.to_move, state.to_move]
        assert twin.state.last_move is widget.state.last_move
        compared += 1
    assert compared > 30


# ---------------------------------------------------------------- the browser files


def test_the_module_and_styles_are_joined_and_write_no_html():
    """(The browser test, tests/browser/test_double_seven_browser.py, runs the module.)"""
    for cls in (DoubleSevenTable, DoubleSevenTryMoves, DoubleSevenPlay):
        assert cls.module == "double_seven.js" and cls.styles == "double_seven.css"
    code = DoubleSevenTable._esm
    assert code.index("export function h(") < code.index("function d7Tile(")
    assert ".ds-doubleseven" in DoubleSevenTable._css and ".ds-widget" in DoubleSevenTable._css
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in code


@pytest.mark.parametrize("widget_class", [DoubleSevenTable, DoubleSevenTryMoves])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_view_holds_nothing_of_the_other_racks(widget_class, seat):
    import random

    state = pos(SEPT.replace("Cy: rack bird", "Cy: rack bird, frog, frog"))
    other = resampled(state, seat, random.Random(seat))
    assert other != state and other.observation(seat) == state.observation(seat)
    first, second = widget_class(state, seat=seat), widget_class(other, seat=seat)
    # two positions that differ only in tiles the seat cannot see: the very same payload
    assert first._view == second._view
    assert first._repr_mimebundle_()[0]["text/html"] == \
        second._repr_mimebundle_()[0]["text/html"]
    racks = [p["rack"] for p in first.view["players"]]
    assert [t["tile"] for t in racks[seat]] == [t.text() for t in state.rack(seat)]
    assert all(rack is None for p, rack in enumerate(racks) if p != seat)
    assert first.show_hands  # a seat's view shows its own rack unless told not to
    assert not DoubleSevenTable(state).show_hands


MESSAGES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
    | st.sampled_from(["pick", "unpick", "pick_family", "pick_kind", "confirm", "clear", "play",
                       "fox", "clover", "start", "pass", "draw hidden", "step", "run",
                       "show_all_racks"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["intent", "tile", "seat", "number", "kind", "move",
                                       "show"]) | st.text(max_size=5), inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MESSAGES)
def test_any_message_is_answered_and_a_refusal_changes_nothing(content):
    for widget in (DoubleSevenTryMoves(pos(ACT)), play_widget(players=2, seed=3)):
        before, build = widget.state, widget.build
        accepted = widget.handle_message(content)
        assert accepted in (True, False)
        if not accepted:
            assert widget.state is before and widget.build == build
        assert 0 < len(widget.message) <= MAX_MESSAGE


def test_play_history_names_only_the_tiles_this_view_sees():
    widget = play_widget()
    widget.run()
    widget.play("draw hidden")
    history = [entry["what"]["text"] for entry in widget.view["play"]["history"]]
    ann = widget.state.rack(0)
    mine = [h for h in history if h.startswith(("Ann is dealt ", "Ann drew "))]
    assert len(mine) == 4 and all(h.endswith(".") for h in mine)
    assert sorted(h.split()[-1][:-1] for h in mine) == sorted(t.text() for t in ann)
    assert history.count("Bob is dealt a tile.") == 3 and history.count("Cy is dealt a tile.") == 3
    widget.show_all_racks = True
    history = [entry["what"]["text"] for entry in widget.view["play"]["history"]]
    assert not any(h.endswith("dealt a tile.") for h in history)


# ---------------------------------------------------------------- the builder: two families

# Ann's bears have no clover; Bob's foxes have one; Cy's birds none: a family of 3 tiles each.
TWO_FAMILIES = """
players: Ann, Bob, Cy
turn: Ann
Ann: rack fox, bird, squirrel; families squirrel 2 + clover, bear 3
Bob: families butterfly 4, fox 2 + clover
Cy: families bird 3
"""


def test_builder_another_players_family_then_yours_is_an_exchange():
    state = pos(TWO_FAMILIES)
    widget = DoubleSevenTryMoves(state, lang="en")
    assert widget.pick_family(1, 2) and widget.build_kind == "retrieve"  # it has a clover
    assert widget.pick_family(0, 2)  # then your bears: the exchange, not a retrieve from them
    assert widget.build_kind == "exchange" and widget.build == "exchange my 2 for Bob's 2"
    assert "Pick the animal tile" not in widget.message
    assert judged(widget).legal and widget.build_verdict == state.check("exchange my 2 for "
                                                                        "Bob's 2")
    # the same move in the other order
    other_order = DoubleSevenTryMoves(state, lang="en")
    assert other_order.pick_family(0, 2) and other_order.pick_family(1, 2)
    assert other_order.build == widget.build
    # your family with a clover too: two families and no tile are an exchange
    assert widget.clear() and widget.pick_family("Bob", 2) and widget.pick_family("Ann", 1)
    assert widget.build == "exchange my 1 for Bob's 2" and judged(widget).legal
    assert widget.confirm() and widget.state == state.play("exchange my 1 for Bob's 2")


def test_builder_a_retrieve_moves_only_to_a_family_with_a_clover():
    state = pos(TWO_FAMILIES)
    widget = DoubleSevenTryMoves(state, lang="both")
    # Bob's foxes (a clover), then Cy's birds (none): read as a first click, an exchange
    assert widget.pick_family("Bob", 2) and widget.pick_family("Cy", 1)
    assert widget.build_kind == "exchange" and widget.build == "exchange my … for Cy's 1"
    assert "Pick the family of yours to give." in widget.message
    assert widget.pick_family("Ann", 2) and judged(widget).legal
    # with the tile picked: the retrieve moves to your family with a clover ...
    assert widget.clear() and widget.pick_family("Bob", 2) and widget.pick("fox")
    assert widget.pick_family("Ann", 1)
    assert widget.build == "retrieve clover from my 1 with fox" and judged(widget) is not None
    # ... and a family with no clover is refused: nothing to build with the tile
    message = refused(widget, {"intent": "pick_family", "seat": 0, "number": 2})
    assert message == ("Your family 2 (bears) holds no clover to retrieve: to exchange a "
                       "family, put the tile back first (or clear).")
    assert widget.view["message"]["sub"] == ("Votre famille 2 (ours) ne tient aucun trèfle à "
                                             "récupérer : pour échanger une famille, reposez "
                                             "d'abord la tuile (ou effacez).")
    assert "holds no clover" in refused(widget, {"intent": "pick_family", "seat": 2,
                                                 "number": 1})
    # the tile put back, your bears and your family with a clover: an expansion of the bears
    assert widget.unpick("fox") and widget.pick_family("Ann", 2)
    assert widget.build_kind == "expand" and widget.build == "expand 2 with …"


def test_builder_picking_the_same_family_twice_puts_it_back():
    state = pos(TWO_FAMILIES)
    widget = DoubleSevenTryMoves(state, lang="en")
    assert widget.pick_family(1, 2) and widget.pick_family(0, 2)
    assert widget.build == "exchange my 2 for Bob's 2"
    assert widget.pick_family(0, 2) and widget.build == "exchange my … for Bob's 2"
    assert widget.message == "Put back your family 2 (bears). Pick the family of yours to give."
    assert widget.pick_family(0, 2) and widget.build == "exchange my 2 for Bob's 2"
    assert widget.pick_family(1, 2) and widget.pick_family(0, 2)
    assert widget.build == "" and widget.build_kind is None
    assert widget.state is state


def test_play_step_chance_leaves_my_hidden_draw_to_next_step():
    widget = play_widget(step_chance=True)
    assert widget.step_chance
    widget.run()
    assert widget.play("draw hidden")
    state = widget.state
    assert state.to_move is CHANCE and state.last_move.text() == "draw hidden"
    assert widget.view["play"]["step"]["disabled"] is False
    assert widget.step() and widget.state.parent is state
    drawn = widget.state.last_move
    assert widget.message == f"Ann drew a {drawn.text()}."  # my own tile, named to me


def test_play_the_header_says_whose_view_it_is():
    widget = play_widget()
    assert widget.view["seat_text"] == "Ann's view"
    widget.show_all_racks = True
    assert widget.view["seat_text"] == "Teacher's view: every rack shown"
    widget.show_all_racks = False
    assert widget.view["seat_text"] == "Ann's view"


def test_the_builders_reply_goes_in_the_builder_said_once():
    widget = DoubleSevenTryMoves(pos(ACT), lang="en")
    assert widget.pick(widget.state.rack(widget.state.to_move)[0].text())
    assert widget.view["message"]["at"] == "build" and widget.view["build"] is not None
    assert widget.clear() and widget.view["message"]["at"] == "build"
    assert not widget.play("rainbow") and widget.view["message"]["at"] == "row"  # a row tried
