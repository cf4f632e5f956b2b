"""doublesept: an exact rules engine for Sevens and Flip 7 (and, next, Double Seven).

Pure Python with no Jupyter imports; the widgets live in ``doublesept.widgets``.

>>> from doublesept import sevens
>>> game = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=7)
>>> game.check("7♦").legal
True
"""

from . import double_seven, flip7, sevens  # each game registers itself, so load() reads its saves
from .cards import Card, parse_card, parse_cards
from .catalog import RULES, rule, rules_for
from .core import CHANCE, Decision, Event, GameState, Verdict, game_spec, games
from .core.saveload import load, save
from .errors import (
    DoubleseptError,
    IllegalMove,
    NotationError,
    OptionError,
    PositionError,
    SaveFormatError,
    UndoError,
    UnknownGame,
    UnknownRule,
)

__all__ = [
    "CHANCE",
    "RULES",
    "Card",
    "Decision",
    "DoubleseptError",
    "Event",
    "GameState",
    "IllegalMove",
    "NotationError",
    "OptionError",
    "PositionError",
    "SaveFormatError",
    "UndoError",
    "UnknownGame",
    "UnknownRule",
    "Verdict",
    "double_seven",
    "flip7",
    "game_spec",
    "games",
    "load",
    "parse_card",
    "parse_cards",
    "rule",
    "rules_for",
    "save",
    "sevens",
]
__version__ = "0.1.0"
