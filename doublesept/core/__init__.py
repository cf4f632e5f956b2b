"""The engine core: the contract every game implements (docs/developing.md).

The core never imports a game; games register themselves in ``registry``.
"""

from .chance import ChanceStep, WeightedDraw
from .events import Event
from .moves import Word
from .numbers import check_whole, read_whole
from .options import Option, Options, RuleSet
from .registry import GameSpec, game_name, game_spec, games, register_game
from .saveload import load, save
from .state import CHANCE, Decision, GameState, Verdict

__all__ = [
    "CHANCE", "ChanceStep", "Decision", "Event", "GameSpec", "GameState", "Option", "Options",
    "RuleSet", "Verdict", "WeightedDraw", "Word", "check_whole", "game_name",
    "game_spec", "games", "load",
    "read_whole", "register_game", "save",
]
