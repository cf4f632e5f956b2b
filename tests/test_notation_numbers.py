"""The notation's numbers and cards (issue 5, section 5): every number is read by
``doublesept.core.numbers.read_whole``, in the ASCII digits 0-9 only; a card may be written
with a space ("7 ♦"); a card written in words gets a message giving the notation."""

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesept import NotationError, OptionError, parse_card, parse_cards, sevens
from doublesept.core import read_whole

PACKAGE = Path(__file__).resolve().parents[1] / "doublesept"

BASE = """players: Ann, Bob, Cy, Dee
dealer: Dee
round: 2 of 3
rules: seven_penalty=5
scores: 4, 0, 7, 1
table: 6♦-8♦ 7♠
Ann: 5♦ 9♦ 8♠ ...
Bob: ...
Cy: ...
Dee: ...
turn: Ann
seed: 12
"""

# digits of other scripts, and other ways of writing a number that int() or isdigit() take
NOT_ASCII_DIGITS = ["²", "①", "١٢", "１２", "٣", "߃", "𝟙", "໓", "៣", "1²", "½", "Ⅻ", "1_0",
                    "+3", "-3", "3.0", "1e3", "0x1", "3 4", "", "three", "٣\u200f"]
FIELDS = {  # each numeric field of a position, as (the text in BASE, a template)
    "round": ("round: 2 of 3", "round: {} of 3"),
    "rounds": ("round: 2 of 3", "round: 2 of {}"),
    "scores": ("scores: 4, 0, 7, 1", "scores: 4, {}, 7, 1"),
    "seed": ("seed: 12", "seed: {}"),
    "seven_penalty": ("rules: seven_penalty=5", "rules: seven_penalty={}"),
}


def test_the_base_position_reads():
    state = sevens.position(BASE)
    assert (state.round, state.rules.rounds, state.scores, state.seed) == (2, 3, (4, 0, 7, 1), 12)
    assert state.rules.seven_penalty == 5
    for field, (text, template) in FIELDS.items():  # each template reads a number in place
        other = "3" if field == "round" else "4"
        assert sevens.position(BASE.replace(text, template.format(other))) != state, field


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("number", NOT_ASCII_DIGITS)
def test_a_number_in_other_digits_is_refused_in_every_numeric_field(field, number):
    text, template = FIELDS[field]
    with pytest.raises(NotationError) as err:
        sevens.position(BASE.replace(text, template.format(number)))
    assert "0-9" in str(err.value) or "rules" in str(err.value)


@pytest.mark.parametrize("option", ["rounds", "seven_penalty"])
@pytest.mark.parametrize("number", ["²", "①", "١٢", "１２", "3"])
def test_a_number_given_as_text_to_new_game_is_refused(option, number):
    """Arguments are values: 3, not "3" (and never "３")."""
    with pytest.raises(OptionError, match=option.replace("_", " ").rstrip("s")[:5]):
        sevens.new_game(4, seed=1, **{option: number})


@pytest.mark.parametrize("number", ["²", "①", "١٢", "１２"])
def test_a_number_in_other_digits_is_refused_in_a_save(number):
    import json

    from doublesept import SaveFormatError, load, save

    record = json.loads(save(sevens.new_game(4, seed=1)))
    for path in (("start", "seed"), ("start", "round"), ("start", "rules", "seven_penalty")):
        changed = json.loads(json.dumps(record))
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = number
        with pytest.raises(SaveFormatError, match="must be a whole number"):
            load(json.dumps(changed))


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=25) | st.from_regex(r"\s*[0-9]{1,25}\s*", fullmatch=True))
def test_read_whole_reads_ascii_digits_and_refuses_everything_else(text):
    token = text.strip()
    try:
        value = read_whole(text, "n")
    except NotationError as err:
        assert "n:" in str(err) and len(str(err)) < 300
        assert not (token.isascii() and token.isdigit()) or int(token) > 10**18 - 1
    else:
        assert token.isascii() and token.isdigit() and value == int(token)


@pytest.mark.parametrize("digits", [19, 20, 100, 5000, 100_000])
def test_read_whole_refuses_a_long_number_without_converting_it(digits):
    with pytest.raises(NotationError, match=f"a number of {digits} digits is out of range"):
        read_whole("9" * digits, "scores")
    assert read_whole("0" * digits + "7", "scores") == 7


def test_numbers_are_read_in_one_place():
    """Only doublesept/core/numbers.py turns text into a number: int() and float() read
    other scripts' digits ('١٢'), and int() refuses '²', which str.isdigit() takes."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() in ("core/numbers.py",):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("int", "float", "complex"):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {func.id}()")
    assert not found, "read numbers with doublesept.core.numbers.read_whole: " + ", ".join(found)


# ---------------------------------------------------------------- cards


@pytest.mark.parametrize("text", ["7 ♦", " 7  ♦ ", "7\t♦", "7 ♦\ufe0f", "7♦", "7d", "7 D"])
def test_a_card_written_with_a_space_reads_as_a_move(text):
    state = sevens.new_game(4, seed=1)
    assert state.play(text) == state.play("7♦")
    assert state.check(text).legal


def test_cards_written_with_a_space_read_in_every_line_of_a_position():
    spaced = """players: Ann, Bob, Cy, Dee, Eve
table: 6 ♦-8 ♦ 7 ♠
Ann: 5 ♦ 9 ♦ 8 ♠ 6 ♣ R ♥
Bob: 10 ♣, J ♣ ...
Cy: ...
Dee: ...
Eve: ...
turn: Ann
"""
    closed = spaced.replace(" ♦", "♦").replace(" ♠", "♠").replace(" ♣", "♣").replace(" ♥", "♥")
    assert sevens.position(spaced) == sevens.position(closed)
    assert parse_cards("7 ♦, 10 ♠ 6 ♥") == parse_cards("7♦ 10♠ 6♥")


@pytest.mark.parametrize("words,card", [
    ("seven of diamonds", "7♦"), ("Seven of Diamonds", "7♦"), ("the queen of hearts", "Q♥"),
    ("ace of spade", "A♠"), ("10 of clubs", "10♣"), ("sept de carreau", "7♦"),
    ("dame de cœur", "Q♥"), ("roi de pique", "K♠"),
])
def test_a_card_in_words_is_refused_with_the_notation_it_should_use(words, card):
    state = sevens.new_game(4, seed=1)
    with pytest.raises(NotationError) as err:
        state.play(words)
    assert f"is written {card} in this notation" in err.value.reason_en
    assert "rank then a suit" in err.value.reason_en and "7♦" in err.value.reason_en
    assert parse_card(card).text("fr") in err.value.reason_fr
    verdict = state.check(words)
    assert not verdict.legal and verdict.rule_id == "cards.notation"
    assert card in verdict.reason_en


@pytest.mark.parametrize("words", ["seven diamonds", "the best card", "foo of bar"])
def test_other_words_are_refused_with_the_notation_explained(words):
    with pytest.raises(NotationError, match="rank then a suit"):
        parse_card(words)
