"""doublesept: an exact rules engine for Sevens (and, next, Double Seven and Flip 7).

Pure Python with no Jupyter imports; the widgets live in ``doublesept.widgets``.

>>> from doublesept import sevens
>>> game = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=7)
>>> game.check("7♦").legal
True
"""

from .catalog import RULES, rule, rules_for
from .core import GameState, Verdict
from .errors import (
    DoubleseptError, IllegalMove, NotationError, PositionError, SaveFormatError,
)
from .cards import Card, parse_card, parse_cards
from .saveload import load, save
from . import sevens

__all__ = [
    "RULES", "rule", "rules_for", "GameState", "Verdict", "DoubleseptError", "IllegalMove",
    "NotationError", "PositionError", "SaveFormatError", "Card", "parse_card", "parse_cards",
    "load", "save", "sevens",
]
__version__ = "0.1.0"
