"""Flip 7 computer players given bad input (issue 20): an observation whose fields are there
but hold values ``state.observation(seat)`` never writes, or lack one; legal moves that are
not the decision's; a level that does not exist; something that is not a Flip 7 state.
Each is the engine's PositionError (OptionError for a level) naming the field, at every
level, never a bare AttributeError, TypeError, IndexError or KeyError, and never a silent
choice. On valid input the players choose the same moves as before the checks."""

from __future__ import annotations

import copy
import json

import pytest
from fuzz_doors import choices_digest

from doublesept import double_seven, flip7, sevens
from doublesept.errors import OptionError, PositionError
from doublesept.flip7.players import LEVELS, ComputerPlayer, check_observation, computer_move

# Ann (seat 0) to hit or stay: 11, 12 and +4 in front of her; Bob stayed on 5; Cy has 3, ×2.
GAME = flip7.position("""
players: Ann, Bob, Cy
Ann: 12, 11, +4
Bob: 5 (stayed)
Cy: 3, x2
turn: Ann
""")
OBSERVATION = GAME.observation(0)
LEGAL = ("hit", "stay")
# Bob (seat 1) to choose whom to freeze: Ann, Bob or Cy.
FREEZING = flip7.new_game(["Ann", "Bob", "Cy"], seed=7, dealer=0).play("3").play("Freeze")
TARGETS = tuple(FREEZING.move_text(move) for move in FREEZING.legal_moves())


def changed(changes: dict | None = None, line: int | None = None, remove: str = "",
            **line_changes) -> dict:
    """A copy of OBSERVATION with ``changes`` made, ``remove`` removed (at the top, or in
    lines[line]), and ``line_changes`` made to lines[line]."""
    observation = copy.deepcopy(OBSERVATION)
    observation.update(copy.deepcopy(changes or {}))
    where = observation if line is None else observation["lines"][line]
    where.update(line_changes)
    if remove:
        del where[remove]
    return observation


def test_the_checked_observations_are_real():
    assert FREEZING.decision.phase == "choose-freeze-target" and FREEZING.to_move == 1
    assert check_observation(OBSERVATION) == 0
    assert check_observation(FREEZING.observation(1)) == 1
    for level in LEVELS:
        assert ComputerPlayer(level).choose(OBSERVATION, LEGAL) in LEGAL
        assert ComputerPlayer(level).choose(FREEZING.observation(1), TARGETS) in TARGETS


# ---------------------------------------------------------------- the cases of issue 20


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("state", [None, 0, 3.5, 10**5000, "hit", "", ["hit"], [], {},
                                   {"seat": 0}, OBSERVATION, sevens.new_game(4, seed=1),
                                   double_seven.new_game(2, seed=1), flip7, flip7.HIT],
                         ids=["None", "zero", "float", "huge", "text", "empty", "list",
                              "empty-list", "dict", "seat-dict", "observation", "sevens",
                              "double-seven", "module", "move"])
def test_computer_move_needs_a_flip7_state(level, state):
    with pytest.raises(PositionError, match=r"state: must be a Flip 7 state \(flip7.new_game"):
        computer_move(state, level)


@pytest.mark.parametrize("level", LEVELS)
def test_lines_empty_is_refused(level):
    with pytest.raises(PositionError, match=r"observation: lines: must be a list with one "
                                            r"entry per player \(3\)"):
        ComputerPlayer(level).choose(changed({"lines": []}), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("line", [0, 2])
def test_numbers_missing_is_refused(level, line):
    with pytest.raises(PositionError, match=rf"observation: lines\[{line}\]: the field "
                                            r"'numbers' is missing"):
        ComputerPlayer(level).choose(changed(line=line, remove="numbers"), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_players_none_is_refused(level):
    with pytest.raises(PositionError, match=r"observation: players: must be a list of 2 to "
                                            r"18 names, not None"):
        ComputerPlayer(level).choose(changed({"players": None}), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_scores_text_is_refused(level):
    with pytest.raises(PositionError, match=r"observation: scores: must be a list with one "
                                            r"entry per player \(3\).*, not 'x'"):
        ComputerPlayer(level).choose(changed({"scores": "x"}), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_deck_none_is_refused(level):
    with pytest.raises(PositionError, match=r"observation: deck: must be a dict of card -> "
                                            r"copies.*, not None"):
        ComputerPlayer(level).choose(changed({"deck": None}), LEGAL)


# ---------------------------------------------------------------- every field


# (the field the message names, a regex, changes at the top, the line changed, changes to
# it, a key removed)
BAD = [
    ("seat", r"seat: must be a seat from 0 to 2, not 5", {"seat": 5, "to_move": 5}, None, {},
     ""),
    ("seat", r"seat: must be a seat from 0 to 2, not True", {"seat": True}, None, {}, ""),
    ("seat to move", r"the view of the seat to move \(2\), not of 0", {"to_move": 2}, None,
     {}, ""),
    ("seat", r"the field 'seat' is missing", {}, None, {}, "seat"),
    ("phase", r"no player decision is awaited \(phase 'deal'\)", {"phase": "deal"}, None,
     {}, ""),
    ("phase", r"no player decision is awaited \(phase None\)", {"phase": None}, None, {}, ""),
    ("game", r"game: must be 'flip7'.*, not 'sevens'", {"game": "sevens"}, None, {}, ""),
    ("players", r"players: must be a list of 2 to 18 names", {"players": ["Ann"]}, None, {},
     ""),
    ("players", r"players: must be a list of 2 to 18 names", {"players": ["Ann", 2, "Cy"]},
     None, {}, ""),
    ("rules", r"rules: must be a dict of the rule options", {"rules": "seed-004"}, None, {},
     ""),
    ("rules", r"rules: flip7_bonus: must be a whole number from 0 to 100, not '15'",
     {"rules": {"flip7_bonus": "15"}}, None, {}, ""),
    ("rules", r"rules: flip7_bonus: must be a whole number from 0 to 100, not None",
     {"rules": {}}, None, {}, ""),
    ("rules", r"rules: nested_actions: must be one of depth-first, shared-queue",
     {"rules": {"flip7_bonus": 15, "nested_actions": "random"}}, None, {}, ""),
    ("rules", r"rules: 'zz' is not a rule option of flip7",
     {"rules": {"flip7_bonus": 15, "zz": 1}}, None, {}, ""),
    ("scores", r"scores\[1\]: must be a whole number from 0, not -5", {"scores": [0, -5, 0]},
     None, {}, ""),
    ("scores", r"scores\[0\]: must be a whole number from 0, not 1.5",
     {"scores": [1.5, 0, 0]}, None, {}, ""),
    ("turn", r"turn: must be None or a seat from 0 to 2, not 'Ann'", {"turn": "Ann"}, None,
     {}, ""),
    ("lines", r"lines: must be a list with one entry per player \(3\)",
     {"lines": OBSERVATION["lines"][:2]}, None, {}, ""),
    ("lines", r"lines\[1\]: must be a dict with the keys numbers, modifiers", {}, None, {},
     "LINE1"),
    ("lines", r"lines\[2\]: the field 'score' is missing", {}, 2, {}, "score"),
    ("lines", r"lines\[0\]: status: must be one of active, stayed, frozen, busted, not 'out'",
     {}, 0, {"status": "out"}, ""),
    ("lines", r"lines\[0\]: numbers: must be a list of number cards.*, not '11, 12'", {}, 0,
     {"numbers": "11, 12"}, ""),
    ("lines", (r"lines\[0\]: numbers: must be a list of number cards \(0 to 12\), not "
     r"'Freeze'"), {}, 0, {"numbers": ["11", "Freeze"]}, ""),
    ("lines", r"lines\[0\]: numbers: must be a list of Flip 7 cards.*, not '13'", {}, 0,
     {"numbers": ["11", "13"]}, ""),
    ("lines", r"lines\[0\]: numbers: must be a list of Flip 7 cards.*, not None", {}, 0,
     {"numbers": ["11", None]}, ""),
    ("lines", r"lines\[0\]: numbers: must be different numbers", {}, 0,
     {"numbers": ["11", "11"]}, ""),
    ("lines", r"lines\[0\]: modifiers: must be a list of different modifiers", {}, 0,
     {"modifiers": ["+4", "+4"]}, ""),
    ("lines", r"lines\[0\]: modifiers: must be a list of different modifiers", {}, 0,
     {"modifiers": ["7"]}, ""),
    ("lines", r"lines\[0\]: second_chance: must be True or False, not 0", {}, 0,
     {"second_chance": 0}, ""),
    ("lines", r"lines\[0\]: score: must be what the line's cards score \(27\), not 30", {},
     0, {"score": 30}, ""),
    ("lines", r"lines\[1\]: score: must be what the line's cards score \(5\), not '5'", {},
     1, {"score": "5"}, ""),
    ("deck", r"deck: must be a dict of card -> copies", {"deck": ["12"]}, None, {}, ""),
    ("deck", r"deck\['12'\]: must be a whole number from 0 to 12, not 13",
     {"deck": {**OBSERVATION["deck"], "12": 13}}, None, {}, ""),
    ("deck", r"deck keys: must be a list of Flip 7 cards.*, not 'joker'",
     {"deck": {**OBSERVATION["deck"], "joker": 1}}, None, {}, ""),
    ("deck", r"show 6 × 5, more than the 5 of the deck \[flip7.deck\]",
     {"deck": {**OBSERVATION["deck"], "5": 5}, "deck_size": 89}, None, {}, ""),
    ("deck", r"show 93 cards, but all 94.*missing 1 × 10", {"deck": {
        **OBSERVATION["deck"], "10": 9}, "deck_size": 87}, None, {}, ""),
    ("deck_size", r"deck_size: must be the number of cards in deck \(88\), not 87",
     {"deck_size": 87}, None, {}, ""),
    ("deck_size", r"deck_size: must be a whole number from 0 to 94, not -1",
     {"deck_size": -1}, None, {}, ""),
    ("discards", r"discards: must be a dict of card -> copies.*, not None",
     {"discards": None}, None, {}, ""),
    ("discards", r"discards\['Freeze'\]: must be a whole number from 0 to 3, not -1",
     {"discards": {"Freeze": -1}}, None, {}, ""),
    ("set_aside", r"set_aside: must be a list of cards", {"set_aside": "Freeze"}, None, {},
     ""),
    ("set_aside", r"set_aside: must be a list of Flip 7 cards.*, not 'joker'",
     {"set_aside": ["joker"]}, None, {}, ""),
]


def bad_observation(changes, line, line_changes, remove) -> dict:
    if remove == "LINE1":
        return changed({"lines": [OBSERVATION["lines"][0], "5 (stayed)",
                                  OBSERVATION["lines"][2]]})
    if line is None and remove:
        return changed(changes, remove=remove)
    return changed(changes, line, remove, **line_changes)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("field", "words", "changes", "line", "line_changes", "remove"), BAD,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(BAD)])
def test_a_bad_value_is_a_position_error_naming_the_field(level, field, words, changes, line,
                                                          line_changes, remove):
    observation = bad_observation(changes, line, line_changes, remove)
    with pytest.raises(PositionError, match=words) as raised:
        ComputerPlayer(level, 3).choose(observation, LEGAL)
    assert field.split()[0] in str(raised.value)
    with pytest.raises(PositionError, match=words):  # one legal move: still checked
        ComputerPlayer(level, 3).choose(observation, LEGAL[:1])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("observation", [None, "hit", 7, [OBSERVATION], ("seat", 0)],
                         ids=["None", "text", "number", "list", "tuple"])
def test_an_observation_that_is_not_a_dict(level, observation):
    with pytest.raises(PositionError, match=r"observation: must be a dict from "
                                            r"state.observation\(seat\)"):
        ComputerPlayer(level).choose(observation, LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_another_games_observation_is_refused(level):
    for other in (sevens.new_game(4, seed=1), double_seven.new_game(2, seed=1)):
        with pytest.raises(PositionError, match=r"observation: the field '\w+' is missing"):
            ComputerPlayer(level).choose(other.observation(0), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_another_seats_or_the_spectators_observation_is_refused(level):
    for seat in (1, 2, None):
        with pytest.raises(PositionError, match="seat to move"):
            ComputerPlayer(level).choose(GAME.observation(seat), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("state", "legal", "words"), [
    (GAME, ("hit", "draw"), r"legal: 'draw' is not hit or stay"),
    (GAME, ("hit", "12"), r"legal: '12' is not hit or stay"),
    (GAME, ("hit", "freeze Bob"), r"legal: 'freeze Bob' is not hit or stay"),
    (GAME, ("hit", "jump"), r"legal: 'jump' is not a Flip 7 move"),
    (GAME, ("hit", 7), r"legal: every move is text, not 7"),
    (GAME, "hit", r"legal: must be a non-empty tuple of move texts"),
    (GAME, (), r"legal: must be a non-empty tuple of move texts"),
    (FREEZING, ("freeze Ann", "hit"), r"legal: 'hit' is not a target or a card given"),
    (FREEZING, ("freeze Ann", "freeze 9"), (r"legal: 'freeze 9' names a player who is not "
                                           r"at the table \(3 players\)")),
    (FREEZING, ("freeze Ann", "freeze Zed"), r"legal: .*'freeze Zed' is not a Flip 7 move"),
], ids=["draw", "card", "target-at-hit-or-stay", "unknown", "number", "text", "empty",
        "hit-at-target", "seat-9", "unknown-name"])
def test_legal_moves_that_are_not_the_decisions(level, state, legal, words):
    observation = state.observation(state.to_move)
    with pytest.raises(PositionError, match=words):
        ComputerPlayer(level, 3).choose(observation, legal)


@pytest.mark.parametrize("level", LEVELS)
def test_the_easy_level_seeds_with_json_only(level):
    observation = changed({"last_move": {1, 2}})
    if level == "easy":  # it seeds its choice with the whole observation as JSON
        with pytest.raises(PositionError, match=r"observation: 'last_move': must be JSON data"):
            ComputerPlayer(level).choose(observation, LEGAL)
    else:  # the others do not read it
        assert ComputerPlayer(level).choose(observation, LEGAL) in LEGAL


@pytest.mark.parametrize("level", [None, "", "Easy", "expert", 3, ["easy"], "easy "])
def test_an_unknown_level_is_an_option_error(level):
    with pytest.raises(OptionError, match=r"level: must be one of easy, medium, hard"):
        ComputerPlayer(level)
    with pytest.raises(OptionError, match=r"level: must be one of easy, medium, hard"):
        computer_move(GAME, level)


@pytest.mark.parametrize("level", LEVELS)
def test_what_observation_writes_is_still_read_through_json(level):
    through_json = json.loads(json.dumps(OBSERVATION, ensure_ascii=False))
    player = ComputerPlayer(level, 3)
    assert player.choose(through_json, LEGAL) == player.choose(OBSERVATION, LEGAL)
    assert computer_move(GAME, level, 3) == GAME.parse_move(player.choose(OBSERVATION, LEGAL))


# ---------------------------------------------------------------- the same moves as before


# The hash of the moves each level chose over 40 seeded games (tests/fuzz_doors.py,
# choices_digest), recorded before the checks above were written.
CHOICES = {"easy": "ab82014ae72d8ba5", "medium": "33e60090bc3d509c",
           "hard": "9ee2f831d6ba99d4"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_levels_choose_the_same_moves_as_before_the_checks(level):
    assert choices_digest("flip7", level) == CHOICES[level]
