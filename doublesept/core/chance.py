"""Chance steps: a deal or a draw, with its outcomes and their exact probabilities.

When chance acts, ``state.to_move`` is CHANCE and ``state.chance()`` gives the
step. Its outcomes are move values: playing one stacks the deck (a lesson
shows the case it is about); playing the step's ``request`` move (Sevens'
``deal``) lets the generator seeded from the state's seed choose. Either way
the state records the outcome that happened, so a save replays it without
depending on a random-number algorithm.
"""

from __future__ import annotations

import random
from fractions import Fraction


class ChanceStep:
    """One chance step. Subclasses give the outcomes (or just their count, when there
    are too many to list, as for a deal), ``probability(outcome)`` as a Fraction, and
    ``sample(rng)``.

    ``rule_id`` names the rule the step follows; ``en`` and ``fr`` say it in words.
    """

    rule_id = ""
    en = ""
    fr = ""

    def outcomes(self) -> tuple:
        """Every outcome with its probability: a tuple of (outcome, Fraction), summing to 1.

        Raises OverflowError when there are too many outcomes to list (see ``count``).
        """
        raise NotImplementedError

    @property
    def count(self) -> int:
        """How many different outcomes the step has."""
        return len(self.outcomes())

    def probability(self, outcome) -> Fraction:
        for candidate, p in self.outcomes():
            if candidate == outcome:
                return p
        return Fraction(0)

    def sample(self, rng: random.Random):
        raise NotImplementedError


class WeightedDraw(ChanceStep):
    """Draw one item from a pile given as ``{item: copies}``: the chance of an item is its
    copies over the size of the pile. Items must be sortable move values."""

    def __init__(self, copies: dict, rule_id: str = "", en: str = "", fr: str = ""):
        self.copies = {item: n for item, n in copies.items() if n > 0}
        self.size = sum(self.copies.values())
        if not self.size:
            raise ValueError("a draw needs at least one item in the pile")
        self.rule_id, self.en, self.fr = rule_id, en, fr

    def outcomes(self) -> tuple:
        return tuple((item, Fraction(n, self.size)) for item, n in sorted(self.copies.items()))

    def probability(self, outcome) -> Fraction:
        try:
            copies = self.copies.get(outcome, 0)
        except TypeError:  # an unhashable value (a list, a dict) is no outcome of the draw
            copies = 0
        return Fraction(copies, self.size)

    def sample(self, rng: random.Random):
        pick = rng.randrange(self.size)
        for item, n in sorted(self.copies.items()):
            if pick < n:
                return item
            pick -= n
        raise AssertionError("unreachable: pick < size")
