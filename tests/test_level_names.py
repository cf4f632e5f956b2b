"""One set of level names in every game (issue 22): easy, medium and hard name a computer
player's level in Sevens, Flip 7 and Double Seven (whose own names, random, greedy and
strategy, keep working), in ``ComputerPlayer``, ``computer_move`` and the play widgets."""

import pytest

from doublesept import double_seven
from doublesept.double_seven import players as double_seven_players
from doublesept.errors import OptionError
from doublesept.flip7 import players as flip7_players
from doublesept.sevens import players as sevens_players

SHARED = ("easy", "medium", "hard")


@pytest.mark.parametrize("module", [sevens_players, flip7_players, double_seven_players],
                         ids=["sevens", "flip7", "double_seven"])
def test_every_game_reads_easy_medium_and_hard(module):
    levels = [module.ComputerPlayer(name).level for name in SHARED]
    assert levels == list(module.LEVELS)  # in order: the weakest first
    with pytest.raises(OptionError, match="level: must be one of"):
        module.ComputerPlayer("expert")


def test_double_seven_names_its_levels_and_reads_the_shared_names_as_them():
    assert double_seven_players.LEVELS == ("random", "greedy", "strategy")
    game = double_seven.new_game(3, seed=8)
    while game.to_move is double_seven.state.CHANCE:
        game = game.play(game.legal_moves()[0])
    for shared, own in zip(SHARED, double_seven_players.LEVELS):
        assert double_seven_players.computer_move(game, shared, 3) == \
            double_seven_players.computer_move(game, own, 3)


def test_sevens_and_flip7_need_no_aliases():
    assert sevens_players.LEVEL_ALIASES == flip7_players.LEVEL_ALIASES == {}
    assert sevens_players.LEVELS == flip7_players.LEVELS == SHARED
