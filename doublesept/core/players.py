"""What every game's computer player shares (``<game>.players.ComputerPlayer``): its level
and its seed, checked the same way, and how it prints. A game's player adds ``choose``
(and any bounds of its own) on top.
"""

from __future__ import annotations

from typing import ClassVar

from ..errors import OptionError
from .fields import check_level
from .numbers import check_whole

MAX_SEED = 2**64 - 1  # a computer player's seed: a whole number from 0 to this


class ComputerPlayerBase:
    """A computer player of one level: ``level`` is one of the class's ``LEVELS``, or a
    name every game shares (easy, medium, hard) that ``LEVEL_ALIASES`` maps to one;
    ``seed`` (0 to 2**64 - 1) seeds its random choices. OptionError for an unknown level
    (listing the levels) or a bad seed."""

    __slots__ = ("level", "seed")
    LEVELS: ClassVar[tuple] = ()
    LEVEL_ALIASES: ClassVar[dict] = {}

    def __init__(self, level: str, seed: int = 0):
        self.level = check_level(level, self.LEVELS, self.LEVEL_ALIASES)
        self.seed = check_whole(seed, "seed", 0, MAX_SEED, OptionError)

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, seed={self.seed})"
