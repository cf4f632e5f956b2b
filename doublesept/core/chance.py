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

# ---------------------------------------------------------------- the games' generator

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's step
# the rejection limit for each size up to 128 (a multiple of the size, below 2**64)
_LIMITS = [0] + [M64 + 1 - (M64 + 1) % size for size in range(1, 129)]


def mix64(z: int) -> int:
    """SplitMix64's finaliser of a 64-bit value: a game's stream starts at mix64 of its
    seed and salt (``stream_index``)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def stream_index(base: int, counter: int, size: int) -> int:
    """The position (0 to size - 1) that the ``counter``-th chance step of a game takes
    among ``size`` cards or tiles: the SplitMix64 stream started at ``base`` (mix64 of the
    game's seed), read at the counter, uniform by rejection (a value among the top
    2**64 % size is rejected, and the stream read further along, 1 chance in 2**57 at
    most). A draw depends only on the seed and how many chance steps came before it,
    never on a random-number library. Double Seven's and Flip 7's ``draw_index`` read it."""
    limit = _LIMITS[size] if size < 129 else M64 + 1 - (M64 + 1) % size
    while True:
        z = (base + (counter + 1) * GOLDEN) & M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        z ^= z >> 31
        if z < limit:
            return z % size
        counter += 1 << 48  # a rejected value: read further along


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
