"""Flip 7 positions as text (a stacked deck, pending steps), impossible positions refused,
moves as text, saves with the cards drawn recorded, observations, and the registry."""

import json
import textwrap

import pytest

from doublesept import (
    CHANCE,
    DoubleseptError,
    NotationError,
    PositionError,
    SaveFormatError,
    game_spec,
    games,
    load,
    save,
)
from doublesept.flip7 import (
    DRAW,
    HIT,
    STAY,
    Flip7State,
    Give,
    Target,
    card,
    new_game,
    parse_move,
    position,
    render_html,
)


def P(text: str):
    return position(textwrap.dedent(text))


STACKED = """
players: Ann, Bob, Cy
deck: 7, Flip Three, 7, Second Chance, ...
Ann: 3
Bob: 4
Cy: 6
turn: Ann
"""


def test_a_position_stacks_the_deck_in_order():
    state = P(STACKED)
    assert state.stack == (7, 20, 7, 21) and state.deck_size == 94 - 3
    drawn = []
    state = state.play(HIT)
    for _ in range(2):
        state = state.play(DRAW)
        drawn.append(state.last_move)
        if state.to_move is not CHANCE:
            break
    assert drawn == [card("7")]
    state = state.play(HIT).play(DRAW)
    assert state.last_move is card("Flip Three")
    state = state.play("flip-three Cy").play(DRAW).play(DRAW)
    assert [c.value for c in state.line(2).numbers] == [6, 7]
    assert state.line(2).second_chance


def test_the_text_of_a_position_reads_back_exactly():
    state = P(STACKED)
    text = state.to_text()
    assert text == textwrap.dedent("""\
        players: Ann, Bob, Cy
        dealer: Ann
        round: 1
        scores: 0, 0, 0
        deck: 7, Flip Three, 7, Second Chance, ...
        discards: -
        Ann: 3
        Bob: 4
        Cy: 6
        turn: Ann
        seed: 0""")
    assert position(text) == state
    later = state.play(HIT).play(DRAW).play(HIT).play(DRAW)
    assert position(later.to_text()) == later and "draws: 2" in later.to_text()


@pytest.mark.filterwarnings("ignore::doublesept.flip7.Flip7Warning")
def test_pending_steps_are_written_and_read_back():
    state = P("""
        players: Ann, Bob, Cy
        deck: Flip Three, Freeze, Second Chance, 6, Flip Three, ...
        Ann: 3, Second Chance
        Bob: 4
        Cy: 6
        turn: Ann
        """)
    state = state.play(HIT).play(DRAW).play("flip-three Ann").play(DRAW).play(DRAW)
    text = state.to_text()
    assert "pending: flip-three Ann 1 aside Freeze; second-chance Ann" in text
    assert position(text) == state
    state = state.play("give second-chance Bob").play(DRAW)  # Ann's 6: new
    assert "pending: play Freeze aside by Ann" in state.to_text()
    assert position(state.to_text()) == state
    dealt = new_game(["Ann", "Bob"], seed=4, dealer=1)
    assert dealt.to_text().splitlines()[-3:] == ["turn: Bob (deal)", "pending: deal Bob",
                                                 "seed: 4"]
    assert position(dealt.to_text()) == dealt


def test_a_pending_flip_three_at_the_top_is_run_at_once():
    state = P(STACKED + "pending: flip-three Bob 3\n")
    assert state.decision.en == "Flip card 1 of 3 for Bob"
    assert state.play(DRAW).last_move is card("7")


def test_cards_read_in_french_and_players_statuses():
    state = P("""
        players: Ann, Bob, Cy
        Ann: 3, 7, 12, x2, +4
        Bob: 5, Seconde Chance (stop)
        Cy: 4, 9, 9 (sauté)
        turn: Ann
        """)
    assert [str(c) for c in state.line(0).cards] == ["3", "7", "12", "×2", "+4"]
    assert state.line(1).status == "stayed" and state.line(1).second_chance
    assert state.line(2).status == "busted" and state.score_now(0) == 48
    assert "Cy: 4, 9, 9 (busted)" in state.to_text()


@pytest.mark.parametrize("text, message", [
    ("deck: 7, 7, 7, 7, 7, 7, 7, ...\nAnn: 7\nBob: -\nturn: Ann", "8 cards 7"),
    ("deck: 0, ...\nAnn: 0\nBob: -\nturn: Ann", "2 cards 0 are placed"),
    ("deck: 5\ndiscards: 6\nAnn: -\nBob: -\nturn: Ann", "all 94 must be"),
    ("Ann: 3, Second Chance, Second Chance\nBob: -\nturn: Ann", "two Second Chances"),
    ("Ann: 3, 3\nBob: -\nturn: Ann", "has the number 3 twice"),
    ("Ann: 3 (busted)\nBob: 4\nturn: Bob", "no duplicate"),
    ("Ann: 3, 3, 4, 4 (busted)\nBob: 4\nturn: Bob", "two duplicate numbers"),
    ("Ann: 3, Freeze\nBob: -\nturn: Ann", "never kept"),
    ("Ann: 0, 1, 2, 3, 4, 5, 6\nBob: -\nturn: Bob", "the round is over"),
    ("Ann: 0, 1, 2, 3, 4, 5, 6\nBob: 2, 3, 4, 5, 6, 7, 8\nturn: -", "two players"),
    ("Ann: - (stayed)\nBob: 4\nturn: Bob", "stayed with no card"),
    ("Ann: 3 (frozen)\nBob: 4\nturn: Ann", "out of the round"),
    ("Ann: 3\nBob: 4\nturn: -", "still in play"),
    ("Ann: 3\nBob: 4\nturn: Ann\nscores: 5, 0", "round 1"),
    ("Ann: 3\nBob: 4\nturn: Ann\nround: 4\nscores: 210, 0", "game is over"),
    ("Ann: 3\nBob: 4\nturn: Ann\npending: second-chance Ann", "only when already holding"),
    ("Ann: 3\nBob: 4\nturn: Ann\npending: draw Bob", "player whose turn it is"),
    ("Ann: 3\nBob: 4\nturn: Ann\npending: draw Ann; flip-three Ann 3", "last step"),
    ("Ann: 3\nBob: 4\nturn: Ann\npending: flip-three Bob 2 aside Freeze, Freeze",
     "a Flip Three flips 3 cards"),
    ("Ann: 3\nBob: 4\nturn: Ann\npending: play 7 by Bob", "only a Freeze or a Flip Three"),
    ("Ann: 3\nBob: 4 (stayed)\nturn: -\npending: play Freeze by Bob", "nothing can be pending"),
    ("deck: 5, ...\ndiscards: ...\nAnn: 3\nBob: 4\nturn: Ann", "only one of them"),
    ("Ann: 3, Gell\nBob: 4\nturn: Ann", "not a Flip 7 card"),
    ("Ann: 3\nturn: Ann", "Bob's line is missing"),
    ("Ann: 3\nBob: 4\nCy: 5\nturn: Ann", "not in 'players"),
    ("Ann: 3\nBob: 4", "needs a 'turn:' line"),
    ("Ann: 3\nBob: 4\nturn: Dan", "not one of the players"),
    ("Ann: 3\nBob: 4\nturn: Ann\nrules: flip7_bonus=²", "digits 0-9"),
    ("Ann: 3\nBob: 4\nturn: Ann\nrules: deal_start=left", "needs first_player"),
])
def test_impossible_positions_are_refused_naming_the_problem(text, message):
    with pytest.raises(DoubleseptError, match=message):
        position("players: Ann, Bob\n" + text)


def test_ninety_five_cards_are_refused():
    with pytest.raises(PositionError, match=r"\[flip7.deck\] 13 cards 12 are placed"):
        P("""
            players: Ann, Bob
            deck: 12, ...
            discards: 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12
            Ann: 12
            Bob: -
            turn: Ann
            """)


def test_positions_refuse_what_is_not_text():
    for bad in (None, 7, b"players: Ann"):
        with pytest.raises(NotationError):
            position(bad)


def test_moves_read_in_every_spelling():
    names = ["Ann", "Bob", "Cy"]
    assert parse_move("hit") is HIT and parse_move("Encore") is HIT
    assert parse_move("stay") is STAY and parse_move("STOP") is STAY
    assert parse_move("draw") is DRAW and parse_move("flip") is DRAW
    assert parse_move("pioche") is DRAW
    assert parse_move("freeze 2") is Target(19, 2) is parse_move("gel Cy", names)
    assert parse_move("flip-three Bob", names) is Target(20, 1)
    assert parse_move("flip three 1") is Target(20, 1)
    assert parse_move("trois-à-la-suite 0") is Target(20, 0)
    assert parse_move("give second-chance Cy", names) is Give(21, 2)
    assert parse_move("donner seconde-chance 2") is Give(21, 2)
    assert parse_move("give freeze 0") is Give(19, 0)
    assert parse_move("Flip Three") is card("Flip Three")
    assert parse_move("12") is card("12") and parse_move("x2") is card("×2")
    for move in (HIT, STAY, DRAW, Target(19, 2), Give(21, 1), Give(20, 0), card("+10")):
        assert parse_move(move.text()) is move and parse_move(move.text("fr")) is move
    for bad in ("give 7 1", "freeze 40", "jump", "", 3, None):
        with pytest.raises(NotationError):
            parse_move(bad, names)
    assert sorted([Give(21, 0), Target(19, 1), STAY, card("3"), HIT]) == \
        [card("3"), HIT, STAY, Target(19, 1), Give(21, 0)]


def test_saves_record_the_cards_drawn_and_load_through_the_registry():
    assert "flip7" in games() and game_spec("flip7").state_class is Flip7State
    state = P(STACKED)
    state = state.play(HIT).play(DRAW).play(HIT).play(DRAW).play("flip-three Cy")
    record = json.loads(save(state))
    assert record["game"] == "flip7" and record["game_version"] == 1
    assert record["start"] == {"position": state.root.to_text()}
    assert record["moves"] == ["hit", {"draw": "7"}, "hit", {"draw": "Flip Three"},
                               "flip-three 2"]
    again = load(save(state))
    assert again == state and again.history == state.history
    game = new_game(5, seed=123)
    for _ in range(30):
        game = game.play(DRAW if game.to_move is CHANCE else game.legal_moves()[0])
    assert load(save(game)) == game


def test_tampered_saves_are_refused_naming_the_move():
    state = P(STACKED).play(HIT).play(DRAW)
    record = json.loads(save(state))
    record["moves"][1] = {"draw": "8"}  # the deck is stacked: 7 comes next
    with pytest.raises(SaveFormatError, match=r"moves\[1\].*the next card is 7"):
        load(json.dumps(record))
    record["moves"][1] = "7"  # a card drawn is a record, not text
    with pytest.raises(SaveFormatError, match=r"moves\[1\]"):
        load(json.dumps(record))
    record["moves"][1] = {"draw": "7"}
    record["start"]["position"] = record["start"]["position"].replace("Bob: 4", "Bob: 3, 3")
    with pytest.raises(SaveFormatError, match="start"):
        load(json.dumps(record))


def test_the_observation_shows_every_line_but_not_the_deck_order():
    one = P(STACKED)
    two = P(STACKED.replace("deck: 7, Flip Three, 7, Second Chance, ...",
                            "deck: Second Chance, 7, 7, Flip Three, ..."))
    assert one != two and one.observation(1) == two.observation(1)
    seen = one.observation(0)
    json.dumps(seen)
    assert "seed" not in seen and seen["deck_size"] == 91
    assert seen["deck"]["7"] == 7 and seen["lines"][0]["numbers"] == ["3"]
    assert seen["legal_moves"] == ["hit", "stay"] and one.observation(1)["legal_moves"] == []
    assert one.observation(None)["to_move"] == 0
    after = one.play(HIT)
    assert after.observation(None)["to_move"] == "chance"
    with pytest.raises(PositionError):
        one.observation(3)


@pytest.mark.filterwarnings("ignore::doublesept.flip7.Flip7Warning")
def test_the_html_picture_escapes_names():
    state = new_game(["<b>Ann</b>", "Bob"], seed=1, dealer=0).play("3").play("Freeze")
    html = render_html(state)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html
    assert state._repr_html_() == html and "to choose" in html


def test_decisions_name_the_phase_and_the_chooser():
    state = P(STACKED)
    assert state.decision.phase == "hit-or-stay" and state.decision.seat == 0
    drawn = state.play(HIT)
    assert drawn.decision.phase == "draw" and drawn.decision.seat is CHANCE
    assert drawn.decision.fr == "Piochez une carte pour Ann"
    assert repr(state) == "<Flip 7 round 1, Ann to hit or stay, 91 cards in the deck>"
