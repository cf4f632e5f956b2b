"""Double Seven computer players given bad input: an observation whose fields are there
but hold values ``state.observation(seat)`` never writes, legal moves the observation
cannot have, or something that is not a state. Each is the engine's PositionError naming
the field, never a bare KeyError, TypeError, IndexError or AttributeError, at every level."""

from __future__ import annotations

import copy

import pytest

from doublesept import double_seven
from doublesept.double_seven.players import LEVELS, ComputerPlayer, computer_move
from doublesept.errors import PositionError

# Ann (seat 0) acts: her rack holds a fox and a clover, her family of 5 foxes may grow.
GAME = double_seven.position("""
players: Ann, Bob
turn: Ann
Ann: rack fox, clover; families fox 5
Bob: families bird 3
""")
OBSERVATION = GAME.observation(0)
LEGAL = tuple(GAME.move_text(move) for move in GAME.legal_moves())


def family(animal="fox", animals=5, clovers=0) -> dict:
    return {"animal": animal, "tiles": 5, "animals": animals, "clovers": clovers}


def without(key: str) -> dict:
    found = family()
    del found[key]
    return found


# (the field the message names, a regex, the fields to set: {name: value}, or a function
# that changes the observation in place)
BAD = [
    ("rack", r"observation: rack: must be a list of tile names", {"rack": "fox"}),
    ("rack", r"rack: must be a tile .*'owl'", {"rack": ["fox", "owl"]}),
    ("rack", r"rack: must be a tile .*None", {"rack": ["fox", None]}),
    ("rack", r"rack: must be a tile .*\['fox'\]", {"rack": [["fox"], "clover"]}),
    ("rack", r"rack: must be as long as rack_sizes\[0\] \(2\)", {"rack": ["fox"]}),
    ("rack", r"rack: must be a list", {"rack": {"fox": 1, "clover": 1}}),
    ("families", r"families\[0\]\[0\]: must be a dict with the keys animal, animals",
     {"families": [[{"animal": "owl", "tiles": 2}], []]}),
    ("families", r"families\[0\]\[0\]: must be a dict", {"families": [[without("animals")],
                                                                      []]}),
    ("families", r"families\[1\]\[0\]: must be a dict", {"families": [[family()],
                                                                      [without("clovers")]]}),
    ("families", r"families\[0\]\[0\]: animal: must be an animal .*'owl'",
     {"families": [[family("owl")], []]}),
    ("families", r"families\[0\]\[0\]: animal: must be an animal .*'clover'",
     {"families": [[family("clover")], []]}),
    ("families", r"families\[0\]\[0\]: animal: must be an animal", {"families": [[family(
        ["fox"])], []]}),
    ("families", r"families\[0\]\[0\]: animals: must be a whole number from 0",
     {"families": [[family(animals=-1)], []]}),
    ("families", r"families\[0\]\[0\]: clovers: must be a whole number from 0",
     {"families": [[family(clovers="2")], []]}),
    ("families", r"families\[0\]\[0\]: animals: must be a whole number",
     {"families": [[family(animals=2.0)], []]}),
    ("families", r"families\[1\]\[0\]: must be a dict", {"families": [[family()], ["bird"]]}),
    ("families", r"families\[1\]: must be a list of families", {"families": [[family()],
                                                                              "bird 3"]}),
    ("families", r"families: must be a list with one entry per player \(2\)",
     {"families": [[family()]]}),
    ("families", r"families: must be a list", {"families": "fox 5"}),
    ("face_up", r"face_up\['fox'\]: must be a whole number from 0 to 11, not -3",
     {"face_up": {"fox": -3}}),
    ("face_up", r"face_up keys: must be a tile .*'owl'", {"face_up": {"owl": 1}}),
    ("face_up", r"face_up: must be a dict of tile -> count", {"face_up": ["fox"]}),
    ("face_up", r"face_up\['clover'\]: must be a whole number", {"face_up": {"clover": True}}),
    ("out", r"out\['bird'\]: must be a whole number", {"out": {"bird": 2.5}}),
    ("out", r"out\['bird'\]: must be a whole number from 0 to 11", {"out": {"bird": 10**50}}),
    ("out", r"out: must be a dict", {"out": None}),
    ("out", r"show 12 foxes, more than the 11", {"out": {"fox": 6}}),  # 1 + 5 + 6
    ("seat", r"observation: seat: must be a seat from 0 to 1, not 7", {"seat": 7,
                                                                        "to_move": 7}),
    ("seat", r"seat: must be a seat from 0 to 1, not True", {"seat": True}),
    ("seat", r"seat: must be a seat", {"seat": "0", "to_move": "0"}),
    ("seat to move", r"the view of the seat to move \('0'\)", {"to_move": "0"}),
    ("players", r"players: must be a list of 2 to 4 names", {"players": "AnnBob"}),
    ("players", r"players: must be a list of 2 to 4 names", {"players": ["Ann", 3]}),
    ("players", r"players: must be a list of 2 to 4 names", {"players": ["Ann"]}),
    ("players", r"players: must be a list of 2 to 4 names", {"players": None}),
    ("phase", r"no player decision is awaited \(phase \['act'\]\)", {"phase": ["act"]}),
    ("rules", r"rules: must be a dict", {"rules": "rulebook"}),
    ("rules", r"rules: token_award: must be one of crossing, per-animal",
     {"rules": {"token_award": "sometimes", "token_supply": "eight"}}),
    ("rules", r"rules: token_supply: must be one of eight, unlimited",
     {"rules": {"token_award": "crossing"}}),
    ("scores", r"scores: must be a list with one entry per player \(2\)", {"scores": [5]}),
    ("scores", r"scores\[1\]: must be a whole number from 0, not -1", {"scores": [5, -1]}),
    ("scores", r"scores\[0\]: must be a whole number", {"scores": ["5", 3]}),
    ("tokens", r"tokens: must be a list", {"tokens": None}),
    ("septs", r"septs\[1\]: must be a whole number", {"septs": [0, "x"]}),
    ("rack_sizes", r"rack_sizes\[1\]: must be a whole number", {"rack_sizes": [2, -4]}),
    ("reserve_size", r"reserve_size: must be a whole number from 0 to 91, not -5",
     {"reserve_size": -5}),
    ("reserve_size", r"reserve_size: must be a whole number", {"reserve_size": "81"}),
    ("supply", r"supply: must be a whole number from 0, not None", {"supply": None}),
    ("double_seven", r"double_seven: must be None or a seat from 0 to 1, not 5",
     {"double_seven": 5}),
    ("trigger", r"trigger: must be None or a seat from 0 to 1, not 'Ann'", {"trigger": "Ann"}),
    ("earned", r"earned\[0\]: must be an animal .*'owl'", {"earned": [["owl"], []]}),
    ("earned", r"earned\[1\]: must be an animal .*'clover'", {"earned": [[], ["clover"]]}),
    ("earned", r"earned\[0\]: must be a list of animals", {"earned": ["fox", []]}),
    ("earned", r"earned: must be a list with one entry per player", {"earned": None}),
    # a rack size of 5,000 digits: refused by its range, before any message writes it
    ("rack_sizes", (r"rack_sizes\[0\]: must be a whole number from 0 to 91, not a number of "
                    r"5001 digits"), {"rack_sizes": [10**5000, 2]}),
]


def bad_observation(changes: dict) -> dict:
    observation = copy.deepcopy(OBSERVATION)
    observation.update(copy.deepcopy(changes))
    return observation


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("field", "words", "changes"), BAD,
                         ids=[f"{field}-{i}" for i, (field, _, _) in enumerate(BAD)])
def test_a_bad_value_is_a_position_error_naming_the_field(level, field, words, changes):
    observation = bad_observation(changes)
    with pytest.raises(PositionError, match=words) as raised:
        ComputerPlayer(level, 3).choose(observation, LEGAL)
    assert field in str(raised.value)
    with pytest.raises(PositionError, match=words):  # one legal move: still checked
        ComputerPlayer(level, 3).choose(observation, LEGAL[:1])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("legal", "words"), [
    (("pass", "expand 3 with fox"), r"legal: 'expand 3 with fox' names a family"),
    (("pass", "exchange my 1 for Bob's 2"), r"legal: \"exchange my 1 for Bob's 2\" names"),
    (("pass", "exchange my 1 for player 3's 1"), r"legal: .*player 3's 1.* names a family"),
    (("pass", "retrieve clover from my 4 with fox"), r"legal: .* names a family"),
    (("pass", "retrieve clover from Bob's 1 with fox", "exchange my 2 for Bob's 1"),
     r"legal: \"exchange my 2 for Bob's 1\" names a family"),
    (("pass", "fox"), r"legal: 'fox' is a chance step, not a player's move"),
    (("pass", "deal"), r"legal: 'deal' is a chance step"),
    (("pass", "reveal"), r"legal: 'reveal' is a chance step"),
])
def test_legal_moves_the_observation_cannot_have(level, legal, words):
    with pytest.raises(PositionError, match=words):
        ComputerPlayer(level, 3).choose(copy.deepcopy(OBSERVATION), legal)


@pytest.mark.parametrize("level", ["greedy", "strategy"])
def test_moves_without_the_pass_a_player_falls_back_on(level):
    legal = ("two-for-one fox clover", "exchange my 1 for Bob's 1")
    with pytest.raises(PositionError, match=r"legal: the moves are not those of the phase "
                       r"'act'.*no pass"):
        ComputerPlayer(level).choose(copy.deepcopy(OBSERVATION), legal)


@pytest.mark.parametrize("bad", [{1, 2}, object(), 10**5000], ids=["set", "object", "huge"])
def test_random_names_a_field_that_is_not_json(bad):
    """The random level seeds its choice with the whole observation as JSON."""
    observation = bad_observation({"last_move": bad})
    with pytest.raises(PositionError, match=r"observation: 'last_move': must be JSON data"):
        ComputerPlayer("random").choose(observation, LEGAL)
    for level in ("greedy", "strategy"):  # they do not read it
        assert ComputerPlayer(level).choose(observation, LEGAL) in LEGAL


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("state", [None, "pass", OBSERVATION, 3, double_seven])
def test_computer_move_needs_a_state(level, state):
    with pytest.raises(PositionError, match=r"state: must be a Double Seven state"):
        computer_move(state, level)


@pytest.mark.parametrize("level", LEVELS)
def test_what_observation_writes_and_its_other_words_are_still_read(level):
    """The checks take what ``state.observation`` writes, and the other words the players
    always read (French names, plurals): the same choice."""
    player = ComputerPlayer(level, 3)
    assert player.choose(copy.deepcopy(OBSERVATION), LEGAL) == player.choose(OBSERVATION, LEGAL)
    assert computer_move(GAME, level, 3) == GAME.parse_move(player.choose(OBSERVATION, LEGAL))
    french = bad_observation({"rack": ["renard", "trèfle"],
                              "families": [[family("renard")], [family("oiseaux", 3)]],
                              "face_up": {"foxes": 0}})
    if level != "random":  # random seeds with the observation's text, words included
        assert player.choose(french, LEGAL) == player.choose(OBSERVATION, LEGAL)
    else:
        assert player.choose(french, LEGAL) in LEGAL
