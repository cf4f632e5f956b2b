"""Sevens computer players given bad input (issue 20): an observation whose fields are there
but hold values ``state.observation(seat)`` never writes, or lack one; legal moves that are
not the seat's; a malformed history; a level or a bound that does not exist; something
that is not a Sevens state given to ``computer_move`` or ``public_history``. Each is the
engine's PositionError (OptionError for a level or a bound) naming the field, at every
level, never a bare AttributeError, TypeError, IndexError or KeyError, and never a silent
choice. On valid input the players choose the same moves as before the checks."""

from __future__ import annotations

import copy
import json

import pytest
from fuzz_doors import choices_digest

from doublesept import double_seven, flip7, sevens
from doublesept.errors import OptionError, PositionError
from doublesept.sevens.players import LEVELS, ComputerPlayer, computer_move, public_history

FAST = {"rollouts": 8, "budget_ms": None}  # the hard level, bounded and deterministic


def _game():
    """Dee (seat 3) to play 6♦, 8♦ or 7♥, after Ann's 7♦ and Bob's pass... (seed 1)."""
    state = sevens.new_game(4, seed=1, rounds=1)
    while len(state.legal_moves()) < 3:
        state = state.play(state.legal_moves()[-1])
    return state


GAME = _game()
SEAT = GAME.to_move
OBSERVATION = GAME.observation(SEAT)
LEGAL = ("6♦", "8♦", "7♥")
HISTORY = public_history(GAME)


def player(level: str) -> ComputerPlayer:
    return ComputerPlayer(level, 3, **(FAST if level == "hard" else {}))


def changed(changes: dict) -> dict:
    observation = copy.deepcopy(OBSERVATION)
    observation.update(copy.deepcopy(changes))
    return observation


def without(field: str) -> dict:
    return {k: copy.deepcopy(v) for k, v in OBSERVATION.items() if k != field}


def test_the_position_is_as_the_tests_read_it():
    assert SEAT == 3 and OBSERVATION["hand_sizes"] == [13, 12, 13, 13]
    assert tuple(sevens.move_text(m) for m in GAME.legal_moves()) == LEGAL
    assert HISTORY == ((1, "7♦"), (2, "pass"))
    for level in LEVELS:
        assert player(level).choose(OBSERVATION, LEGAL, HISTORY) in LEGAL


# ---------------------------------------------------------------- the cases of issue 20


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("state", [None, 0, 3.5, 10**5000, "7♦", "", ["7♦"], [], {},
                                   {"seat": 0}, OBSERVATION, flip7.new_game(4, seed=1),
                                   double_seven.new_game(2, seed=1), sevens, sevens.PASS],
                         ids=["None", "zero", "float", "huge", "text", "empty", "list",
                              "empty-list", "dict", "seat-dict", "observation", "flip7",
                              "double-seven", "module", "move"])
def test_computer_move_needs_a_sevens_state(level, state):
    with pytest.raises(PositionError, match=r"state: must be a Sevens state \(sevens.new_game"):
        computer_move(state, level)


@pytest.mark.parametrize("state", [None, 7, "7♦", [], {}, OBSERVATION,
                                   flip7.new_game(4, seed=1)],
                         ids=["None", "number", "text", "list", "dict", "observation",
                              "flip7"])
def test_public_history_needs_a_sevens_state(state):
    with pytest.raises(PositionError, match=r"state: must be a Sevens state"):
        public_history(state)


@pytest.mark.parametrize("level", LEVELS)
def test_a_forced_move_still_checks_the_level_and_seed(level):
    state = sevens.new_game(4, seed=1)
    assert len(state.legal_moves()) == 1
    assert computer_move(state, level) == state.legal_moves()[0]
    with pytest.raises(OptionError, match="seed"):
        computer_move(state, level, -1)
    with pytest.raises(OptionError, match="level"):
        computer_move(state, level.upper())


@pytest.mark.parametrize("bound", ["rollout", "budget", "zz"])
def test_an_unknown_bound_is_an_option_error(bound):
    with pytest.raises(OptionError, match=rf"'{bound}': not a bound of the hard level's "
                                          r"search; the bounds are rollouts, budget_ms"):
        computer_move(GAME, "hard", **{bound: 1})


# ---------------------------------------------------------------- every field


# (the field the message names, a regex, the fields to set, or the name of one to remove)
BAD = [
    ("game", r"the field 'game' is missing", "game"),
    ("hand", r"the field 'hand' is missing", "hand"),
    ("dealer", r"the field 'dealer' is missing", "dealer"),
    ("game", r"game: must be 'sevens'.*, not 'flip7'", {"game": "flip7"}),
    ("seat", r"seat: must be a seat from 0 to 3, not 4", {"seat": 4, "to_move": 4}),
    ("seat", r"seat: must be a seat from 0 to 3, not True", {"seat": True}),
    ("seat to move", r"the view of the seat to move \(0\), not of 3", {"to_move": 0}),
    ("players", r"players: must be a list of 3 to 8 names, not None", {"players": None}),
    ("players", r"players: must be a list of 3 to 8 names", {"players": ["Ann", "Bob"]}),
    ("players", r"players: must be a list of 3 to 8 names",
     {"players": ["Ann", "Bob", "Cy", ["Dee"]]}),
    ("rules", r"rules: must be a dict of the rule options", {"rules": "app"}),
    ("rules", r"rules: opening: must be one of 7♦, 7♥, any, all-sevens, not '7d'",
     {"rules": {"opening": "7d"}}),
    ("rules", r"rules: rounds: must be a whole number from 1 to 10, not 0",
     {"rules": {"rounds": 0}}),
    ("rules", r"rules: 'zz' is not a rule option of sevens", {"rules": {"zz": 1}}),
    ("hand_sizes", r"hand_sizes: must be a list with one entry per player \(4\)",
     {"hand_sizes": [13, 12, 13]}),
    ("hand_sizes", r"hand_sizes\[1\]: must be a whole number from 0 to 52, not -12",
     {"hand_sizes": [13, -12, 13, 13]}),
    ("hand_sizes", r"hand_sizes\[0\]: must be a whole number from 0 to 52, not '13'",
     {"hand_sizes": ["13", 12, 13, 13]}),
    ("scores", r"scores: must be a list with one entry per player \(4\).*, not 'x'",
     {"scores": "x"}),
    ("scores", r"scores\[2\]: must be a whole number from 0 to 1000000000, not -1",
     {"scores": [0, 0, -1, 0]}),
    ("dealer", r"dealer: must be None or a seat from 0 to 3, not 'Dee'", {"dealer": "Dee"}),
    ("round", r"round: must be a whole number from 1, not 0", {"round": 0}),
    ("hand", r"hand: must be a list of different cards .*, not '10♣ Q♣'",
     {"hand": "10♣ Q♣"}),
    ("hand", r"hand: must be a list of different cards .*, not '7X'",
     {"hand": ["10♣", "7X"]}),
    ("hand", r"hand: must be a list of different cards .*, not None",
     {"hand": ["10♣", None]}),
    ("hand", r"hand: must be a list of different cards \(such as 7♦, 10♠, K♥\), not 'Q♣'",
     {"hand": ["Q♣", "Q♣"]}),
    ("hand", r"hand: must be as many cards as hand_sizes\[3\] \(13\)",
     {"hand": OBSERVATION["hand"][:5]}),
    ("table", r"table: must be a list of different cards", {"table": None}),
    ("table", r"table: 6♦ is both on the table and in the hand", {"table": ["7♦", "6♦"]}),
    ("rows", r"rows: must be a list of 4 rows, one per suit", {"rows": [None, None]}),
    ("rows", r"rows: must be a list of 4 rows", {"rows": "7♦"}),
    ("rows", r"rows\[1\]: must be None or the row's two end cards", {"rows": [
        None, ["7♦"], None, None]}),
    ("rows", r"rows\[1\]: must be cards of the row's suit on the table .*, not '7♠'",
     {"rows": [None, ["7♠", "7♠"], None, None]}),
    ("rows", r"rows\[1\]: must be cards of the row's suit on the table .*, not '8♦'",
     {"rows": [None, ["7♦", "8♦"], None, None]}),
    ("rows", r"rows\[1\]: must be a list of different cards .*, not 'seven'",
     {"rows": [None, ["7♦", "seven"], None, None]}),
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("field", "words", "changes"), BAD,
                         ids=[f"{field}-{i}" for i, (field, _, _) in enumerate(BAD)])
def test_a_bad_value_is_a_position_error_naming_the_field(level, field, words, changes):
    observation = without(changes) if isinstance(changes, str) else changed(changes)
    with pytest.raises(PositionError, match=words) as raised:
        player(level).choose(observation, LEGAL, HISTORY)
    assert field.split()[0] in str(raised.value)
    with pytest.raises(PositionError, match=words):  # one legal move: still checked
        player(level).choose(observation, LEGAL[:1])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("observation", [None, "7♦", 7, [OBSERVATION], ("seat", 3)],
                         ids=["None", "text", "number", "list", "tuple"])
def test_an_observation_that_is_not_a_dict(level, observation):
    with pytest.raises(PositionError, match=r"observation: must be a dict from "
                                            r"state.observation\(seat\)"):
        player(level).choose(observation, LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_another_games_observation_is_refused(level):
    for other in (flip7.new_game(4, seed=1), double_seven.new_game(2, seed=1)):
        with pytest.raises(PositionError, match=r"observation: the field '\w+' is missing"):
            player(level).choose(other.observation(0), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
def test_another_seats_or_the_spectators_observation_is_refused(level):
    for seat in (0, 1, 2, None):
        with pytest.raises(PositionError, match="seat to move"):
            player(level).choose(GAME.observation(seat), LEGAL)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("legal", "words"), [
    (("6♦", "deal"), r"legal: 'deal' is a chance step, not a player's move"),
    (("6♦", "K♠"), r"legal: 'K♠' plays K♠, which is not in the hand"),
    (("6♦", "5♦-4♦"), r"legal: '5♦-4♦' plays 4♦, which is not in the hand"),
    (("6♦", "hit"), r"legal: .*'hit'"),
    (("6♦", 6), r"legal: every move is text, not 6"),
    ("6♦", r"legal: must be a non-empty tuple of move texts"),
    ((), r"legal: must be a non-empty tuple of move texts"),
], ids=["deal", "not-held", "run-not-held", "other-game", "number", "text", "empty"])
def test_legal_moves_that_are_not_the_seats(level, legal, words):
    with pytest.raises(PositionError, match=words):
        player(level).choose(OBSERVATION, legal, HISTORY)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("history", ["pass", [(9, "pass")], [(0, 7)], [("0", "pass")],
                                     [(0, "pass", 1)], 5, {0: "pass"}],
                         ids=["text", "seat-9", "move-number", "seat-text", "triple",
                              "number", "dict"])
def test_a_malformed_history_is_refused(level, history):
    with pytest.raises(PositionError, match=r"history: "):
        player(level).choose(OBSERVATION, LEGAL, history)


def test_the_easy_level_seeds_with_json_only():
    """Easy seeds its choice with the whole observation as JSON (hard too, when it searches:
    not with 51 cards in the hands); medium does not read the rest."""
    observation = changed({"last_move": {1, 2}})
    with pytest.raises(PositionError, match=r"observation: 'last_move': must be JSON data"):
        player("easy").choose(observation, LEGAL, HISTORY)
    for level in ("medium", "hard"):
        assert player(level).choose(observation, LEGAL, HISTORY) in LEGAL


@pytest.mark.parametrize("level", [None, "", "Easy", "expert", 3, ["easy"], "easy "])
def test_an_unknown_level_is_an_option_error(level):
    with pytest.raises(OptionError, match=r"level: must be one of easy, medium, hard"):
        ComputerPlayer(level)
    with pytest.raises(OptionError, match=r"level: must be one of easy, medium, hard"):
        computer_move(GAME, level)


@pytest.mark.parametrize("level", LEVELS)
def test_what_observation_writes_is_still_read_through_json(level):
    through_json = json.loads(json.dumps(OBSERVATION, ensure_ascii=False))
    assert player(level).choose(through_json, LEGAL, HISTORY) == \
        player(level).choose(OBSERVATION, LEGAL, HISTORY)
    bounds = FAST if level == "hard" else {}
    assert computer_move(GAME, level, 3, **bounds) == \
        sevens.parse_move(player(level).choose(OBSERVATION, LEGAL,
                                               HISTORY if level == "hard" else ()))


# ---------------------------------------------------------------- the same moves as before


# The hash of the moves each level chose over 40 seeded games (tests/fuzz_doors.py,
# choices_digest), recorded before the checks above were written.
CHOICES = {"easy": "3bbb62dde36e16af", "medium": "6dcc116f50d3a793",
           "hard": "6d81c5f4d3470361"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_levels_choose_the_same_moves_as_before_the_checks(level):
    assert choices_digest("sevens", level) == CHOICES[level]
