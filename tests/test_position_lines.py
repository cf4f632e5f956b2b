"""One reader of a written position's lines behind the three games' ``position()`` (issue 22):
``core.notation.position_lines``, and the same refusals in every game."""

import pytest

from doublesept import double_seven, flip7, sevens
from doublesept.core.notation import position_lines
from doublesept.errors import NotationError

FIELDS = ("players", "turn")


def test_fields_and_player_lines_are_read_apart():
    values, lines = position_lines("# a comment\n\nPlayers: Ann, Bob\nAnn: 5♦ 9♦\n  Bob :  -  \n"
                                   "turn: Ann", FIELDS)
    assert values == {"players": "Ann, Bob", "turn": "Ann"}
    assert lines == {"Ann": "5♦ 9♦", "Bob": "-"}


def test_a_value_may_hold_a_colon():
    assert position_lines("turn: Ann: then Bob", FIELDS)[0] == {"turn": "Ann: then Bob"}


@pytest.mark.parametrize(("text", "words"), [
    ("players: Ann\nnonsense", "line 2: 'nonsense' should read 'field: value'"),
    ("players: Ann\nPLAYERS: Bob", "line 2: 'PLAYERS' is given twice"),
    ("Ann: 5♦\n\nAnn: 6♦", "line 3: Ann's line is given twice"),
])
def test_a_line_that_does_not_read_is_refused_with_its_number(text, words):
    with pytest.raises(NotationError) as refused:
        position_lines(text, FIELDS)
    assert str(refused.value) == words


@pytest.mark.parametrize("text", [None, 7, b"players: Ann", ["players: Ann"]])
def test_a_position_is_text(text):
    with pytest.raises(NotationError, match="a position is text, not"):
        position_lines(text, FIELDS)


@pytest.mark.parametrize("game", [sevens, flip7, double_seven], ids=["sevens", "flip7", "doubleseven"])
@pytest.mark.parametrize(("text", "words"), [
    ("players: Ann, Bob, Cy\nplayers: Ann", "line 2: 'players' is given twice"),
    ("players: Ann, Bob, Cy\nAnn: -\nAnn: -", "line 3: Ann's line is given twice"),
    ("players: Ann, Bob, Cy\nnonsense", "line 2: 'nonsense' should read 'field: value'"),
    (None, "a position is text, not NoneType"),
])
def test_every_game_reads_its_lines_the_same_way(game, text, words):
    with pytest.raises(NotationError) as refused:
        game.position(text)
    assert str(refused.value) == words
