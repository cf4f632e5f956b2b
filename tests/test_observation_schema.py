"""One observation schema per game, declared beside ``observation()`` (issue 22): every field an
observation holds is in the game's OBSERVATION_FIELDS (or added by the rule named in its
OBSERVATION_RULE_FIELDS), every field of the schema is in every observation, and the computer
players refuse an observation without one of them."""

import random

import pytest

from doublesept import double_seven, flip7, sevens
from doublesept.core.state import CHANCE, OBSERVED_FIELDS
from doublesept.double_seven import players as double_seven_players
from doublesept.double_seven import state as double_seven_state
from doublesept.errors import PositionError
from doublesept.flip7 import players as flip7_players
from doublesept.flip7 import state as flip7_state
from doublesept.sevens import players as sevens_players
from doublesept.sevens import state as sevens_state

GAMES = {
    "sevens": (sevens_state, lambda seed: sevens.new_game(seed=seed)),
    "fan-tan": (sevens_state, lambda seed: sevens.new_game(preset="fan-tan", seed=seed)),
    "shichi-narabe": (sevens_state, lambda seed: sevens.new_game(preset="shichi-narabe",
                                                                 seed=seed)),
    "doubleseven": (double_seven_state, lambda seed: double_seven.new_game(3, seed=seed)),
    "flip7": (flip7_state, lambda seed: flip7.new_game(4, seed=seed)),
    "flip7-publisher-faq": (flip7_state, lambda seed: flip7.new_game(4, seed=seed,
                                                                     preset="publisher-faq")),
}


def _states(start, steps, seed):
    """Up to ``steps`` states of one random game from ``start``, chance steps included."""
    rng = random.Random(seed)
    state = start
    for _ in range(steps):
        yield state
        if state.to_move is None:
            return
        moves = state.legal_moves()
        state = state.play(moves[0] if state.to_move is CHANCE else rng.choice(moves))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_observation_holds_the_schema_and_nothing_else(game):
    module, start = GAMES[game]
    schema = set(module.OBSERVATION_FIELDS)
    assert set(OBSERVED_FIELDS) <= schema
    seen_extra = set()
    for seed in range(3):
        for state in _states(start(seed), 400, seed):
            for seat in (None, *range(len(state.names))):
                fields = set(state.observation(seat))
                assert schema <= fields, schema - fields
                extra = fields - schema
                assert extra <= set(module.OBSERVATION_RULE_FIELDS), extra
                seen_extra |= extra
    if game == "fan-tan":
        assert {"chips", "pot"} <= seen_extra
    if game == "shichi-narabe":
        assert {"passes", "out"} <= seen_extra
    if game == "flip7-publisher-faq":
        assert seen_extra == {"set_aside_targets"}
    if game == "flip7":
        for line in state.observation(None)["lines"]:
            assert set(line) == set(flip7_state.OBSERVATION_LINE_FIELDS)


@pytest.mark.parametrize(("game", "players"), [("sevens", sevens_players),
                                               ("doubleseven", double_seven_players),
                                               ("flip7", flip7_players)])
def test_the_players_refuse_an_observation_missing_a_field_of_the_schema(game, players):
    module, start = GAMES[game]
    state = next(s for s in _states(start(1), 50, 1) if s.to_move not in (None, CHANCE))
    seat = state.to_move
    player = players.ComputerPlayer("easy", seed=1)
    for field in module.OBSERVATION_FIELDS:
        observation = state.observation(seat)
        del observation[field]
        with pytest.raises(PositionError, match=f"the field '{field}' is missing"):
            player.choose(observation, state.legal_moves())
