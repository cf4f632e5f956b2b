"""Reading and writing cards and positions; impossible positions are refused."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesept import NotationError, PositionError, parse_card, parse_cards, sevens
from doublesept.cards import DECK


@pytest.mark.parametrize("text,expected", [
    ("7♦", "7♦"), ("7D", "7♦"), ("7d", "7♦"), (" 7d ", "7♦"), ("10♠", "10♠"), ("10s", "10♠"),
    ("QH", "Q♥"), ("DH", "Q♥"), ("D♥", "Q♥"), ("DD", "Q♦"), ("dd", "Q♦"), ("V♣", "J♣"),
    ("jc", "J♣"), ("R♠", "K♠"), ("KS", "K♠"), ("A♦", "A♦"), ("ad", "A♦"), ("T♥", "10♥"),
])
def test_parse_card_forms(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "7", "♦", "7X", "11♦", "0♠", "ZZ", "7♦♦"])
def test_parse_card_refuses_with_a_reason(text):
    with pytest.raises(NotationError, match="is not a card"):
        parse_card(text)


def test_parse_card_non_text():
    with pytest.raises(NotationError):
        parse_card(7)


def test_card_styles():
    queen = parse_card("Q♦")
    assert queen.text() == "Q♦" and queen.text("letter") == "QD" and queen.text("fr") == "D♦"
    assert all(parse_card(c.text(style)) is c for c in DECK for style in ("symbol", "letter", "fr"))
    with pytest.raises(ValueError):
        queen.text("roman")


def test_parse_cards_refuses_a_card_twice():
    assert [str(c) for c in parse_cards("7♦, 8d 9D")] == ["7♦", "8♦", "9♦"]
    with pytest.raises(NotationError, match="twice"):
        parse_cards("7♦ 7D")


def test_position_round_trips_through_text():
    game = sevens.new_game(["Ann", "Bob", "Cy", "Dee", "Eve"], seed=12, rounds=5)
    state = game
    for _ in range(23):
        state = state.play(state.legal_moves()[0])
    again = sevens.position(state.to_text())
    assert again == state
    assert sevens.position(state.to_text("letter")) == state
    assert sevens.position(state.to_text("fr")) == state


BASE = """
players: Ann, Bob, Cy
table: 7♦
Ann: ...
Bob: ...
Cy: ...
turn: Ann
"""


@pytest.mark.parametrize("change,message", [
    (("Ann: ...\nBob: ...", "Ann: 8♦ ...\nBob: 8♦ ..."), "8♦ is in two places"),
    (("table: 7♦", "table: 7♦ 7♦"), "7♦ is on the table twice"),
    (("Ann: ...", "Ann: 8♥ 8♥"), "8♥ is written twice"),
    (("table: 7♦", "table: 6♦ 7♦ 9♦"), "has a hole: 8♦ is missing"),
    (("table: 7♦", "table: 7♦ 5♣ 6♣"), "row 5♣ 6♣ has no 7"),
    (("turn: Ann", "turn: Zed"), "'Zed' is not one of the players"),
    (("turn: Ann", "turn: -"), "the turn must belong to one of the players"),
    (("players: Ann, Bob, Cy", "players: Ann, Bob"), "has a hand but is not in"),
    (("Ann: ...\nBob: ...\nCy: ...", "Ann: 8♦\nBob: 9♦\nCy: 10♦"), "4 cards are placed, but all 52"),
    (("turn: Ann", "turn: Ann\nround: 4 of 3"), "round: must be from 1 to 3"),
    (("turn: Ann", "turn: Ann\nscores: 1, 2"), "scores: need 3 whole numbers"),
    (("turn: Ann", "turn: Ann\nround: two"), "should read like '1 of 3'"),
    (("turn: Ann", "nonsense"), "should read 'field: value'"),
    (("turn: Ann", ""), "needs a 'turn:' line"),
    (("table: 7♦\nAnn: ...", "table: -\nAnn: -"), "no card has been played yet"),
    (("turn: Ann", "turn: Ann\nscores: 0, 2, 0"), "no round has finished yet in round 1"),
    (("turn: Ann", "turn: Ann\nrules: rounds=5"), "goes on the round line"),
    (("turn: Ann", "turn: Ann\nrules: opening"), "should read 'option=value'"),
])
def test_impossible_positions_refused_with_the_problem_named(change, message):
    text = BASE.replace(*change)
    with pytest.raises((PositionError, NotationError), match=message):
        sevens.position(text)


def test_position_with_53_cards_refused():
    hands = [list(DECK[:18]), list(DECK[18:36]), list(DECK[36:]) + [DECK[0]]]
    with pytest.raises(PositionError, match="A♣ is in two places"):
        sevens.from_parts(players=3, hands=hands, turn=0)


def test_position_with_a_missing_card_names_it():
    hands = [list(DECK[:18]), list(DECK[18:36]), list(DECK[36:51])]
    with pytest.raises(PositionError, match="51 cards are placed.*missing K♠"):
        sevens.from_parts(players=3, hands=hands, turn=1)


def test_position_round_over_needs_nobody_to_move():
    text = "players: Ann, Bob, Cy\ntable: 7♦\nAnn: -\nBob: ...\nCy: ...\nturn: Bob"
    with pytest.raises(PositionError, match="nobody is to play"):
        sevens.position(text)
    over = sevens.position(text.replace("turn: Bob", "turn: -"))
    assert over.is_round_over and over.round_winner == 0


def test_position_two_empty_hands_refused():
    with pytest.raises(PositionError, match="both have empty hands"):
        sevens.position("players: Ann, Bob, Cy\ntable: 7♦\nAnn: -\nBob: -\nCy: ...\nturn: -")


@pytest.mark.parametrize("names,message", [
    (["Ann", "Ann", "Bob"], "same name"),
    (["Ann", "", "Bob"], "non-empty"),
    (["Ann", "B,b", "Cy"], "may not contain"),
    (["Ann", "turn", "Cy"], "word of the notation"),
    (["Ann", "#Bob", "Cy"], "nor start with '#'"),
    (["Ann", "Bo\u2028b", "Cy"], "line break"),
    ("Ann", "not the text 'Ann'"),
])
def test_bad_player_names_refused(names, message):
    with pytest.raises(PositionError, match=message):
        sevens.new_game(names)


def test_html_names_are_kept_as_text_and_escaped_in_html():
    evil = "<img src=x onerror=alert(1)>"
    game = sevens.new_game([evil, "Bob", "Cy"], seed=1)
    assert game.names[0] == evil
    assert sevens.position(game.to_text()) == game
    rendered = game._repr_html_()
    assert evil not in rendered and "&lt;img src=x onerror=alert(1)&gt;" in rendered


def test_cards_notation_errors_in_both_languages():
    state = sevens.new_game(4, seed=1)
    verdict = state.check("7X")
    assert verdict.rule_id == "cards.notation" and not verdict.legal
    assert "is not a card" in verdict.reason_en and "n'est pas une carte" in verdict.reason_fr
    with pytest.raises(NotationError) as err:
        parse_card("ZZ")
    assert "n'est pas une carte" in err.value.reason_fr


FIELD_WORDS = ["players: ", "table: ", "turn: ", "round: ", "scores: ", "rules: ", "seed: ",
               "dealer: ", "Ann: ", "Bob: ", "Cy: ", "...", "-", "7♦", "6♦-8♦", "K♠", "DD", ",",
               "\n", " ", "of", "3", "opening=any", "x"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(FIELD_WORDS) | st.text(max_size=4), max_size=30))
def test_position_text_fuzz_raises_only_engine_errors(pieces):
    text = BASE + "".join(pieces) if pieces and pieces[0] == "\n" else "".join(pieces)
    try:
        state = sevens.position(text)
    except (NotationError, PositionError):
        return
    assert sevens.position(state.to_text()) == state


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_position_text_mutations_raise_only_engine_errors(data):
    state = sevens.new_game(4, seed=data.draw(st.integers(0, 50)), rounds=2)
    for _ in range(data.draw(st.integers(0, 60))):
        if state.is_over:
            break
        state = state.play(state.legal_moves()[0])
    tokens = state.to_text().replace("\n", " \n ").split(" ")
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(tokens) - 1))
        tokens[where] = data.draw(st.sampled_from(FIELD_WORDS) | st.text(max_size=3))
    try:
        again = sevens.position(" ".join(tokens))
    except (NotationError, PositionError):
        return
    assert sevens.position(again.to_text()) == again
