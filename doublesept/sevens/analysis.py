"""What-if analysis of a Sevens position, from the teacher's view (every hand shown).

For each legal move of the player to move, the chance that each player wins the round
(empties their hand first) if, after that move, everyone plays:

- ``level="random"`` (the default): at random, every legal move of the player to move
  equally likely (the easy level). The chances are **exact** (``fractions.Fraction``),
  counted over every continuation with memoisation (a position reached by several orders
  of play is counted once), when the round's tree from the position holds at most
  ``EXACT_LIMIT`` (50,000) distinct positions. That is about 30 cards left in the hands
  of 4 players (measured: 22 cards, 2,500 positions, 0.1 s; 30 cards, 24,000 positions,
  1.6 s, on a loaded 2-core machine); a bigger tree is given up at the limit (a few
  seconds), and then the chances are
  **sampled**: ``samples`` seeded rounds played to the end after each move (default
  ``SAMPLES``, 2,000), and the result states its margin: the half-width of a
  ``confidence`` (99%) interval that holds for every chance, ``z * sqrt(1/4 / samples)``
  (2.9 percentage points for 2,000 rounds).
- ``level="medium"``: every seat played by the medium computer player, which decides
  the same way every time, so one round played to the end gives the exact answer
  (each chance is 0 or 1).
- ``level="easy"`` is ``"random"``; ``level="hard"``: every seat played by the hard
  computer player, sampled (``HARD_SAMPLES``, 40 rounds by default: a hard round takes
  up to a second, so the margin is wide, 20 points; give more ``samples`` for a closer
  answer). The hard players then search without their time budget, so the same seed
  gives the same answer on any machine.

Each computer seat sees only its own observation and the public history
(``players.computer_move``); the analysis itself is the teacher's view and reads the
whole state. What is legal and who wins come from the engine (``legal_moves``, ``play``,
``round_winner``).

>>> from doublesept import sevens
>>> game = sevens.position('''
... players: Ann, Bob, Cy
... table: 3♣-K♣ 3♦-Q♦ 2♥-K♥ 3♠-K♠
... Ann: A♣ 2♣ 2♠
... Bob: A♦ 2♦ K♦
... Cy: A♥ A♠
... turn: Ann''')
>>> print(what_if(game).text())
Exact chances of winning the round (random play, 26 positions counted)
2♣: Ann 50% · Bob 0% · Cy 50%
2♠: Ann 0% · Bob 0% · Cy 100%

Holding 2♠ keeps Cy's A♠ off the table: Ann then wins half the time.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from fractions import Fraction

from ..core.fields import check_state
from ..core.numbers import check_whole
from ..core.state import CHANCE
from ..errors import OptionError, PositionError, shown
from .players import computer_move
from .state import SevensState, move_text

EXACT_LIMIT = 50_000  # distinct positions counted at most before sampling instead
SAMPLES = 2_000  # rounds sampled after each move when the tree is too big
HARD_SAMPLES = 40  # rounds sampled after each move with the hard level on every seat
CONFIDENCE = 0.99
ANALYSIS_LEVELS = ("random", "easy", "medium", "hard")
_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class MoveChances:
    """One legal move and, for each player (in seat order), the chance of winning the round
    after it: Fractions when ``exact``, floats (shares of ``samples`` rounds) otherwise."""

    move: str
    wins: tuple
    exact: bool
    samples: int = 0  # rounds sampled (0 when exact)
    margin: float = 0.0  # half-width of the stated interval, as a probability (0 when exact)

    def text(self, names=None, lang: str = "en") -> str:
        """One line, such as ``2♣: Ann 0% · Bob 50% · Cy 50%`` (``± 2.9`` when sampled)."""
        names = names or [f"#{p}" for p in range(len(self.wins))]
        parts = " · ".join(f"{name} {_percent(p, lang)}" for name, p in zip(names, self.wins))
        if self.exact:
            return f"{self.move}: {parts}"
        points = f"{100 * self.margin:.1f}".replace(".", "," if lang == "fr" else ".")
        return f"{self.move}: {parts} (± {points})"


@dataclass(frozen=True)
class WhatIf:
    """The what-if analysis of one position: a row for each legal move, in the engine's
    order. ``method`` is "exact" or "sampled"; ``positions`` the distinct positions
    counted (exact random play); ``confidence`` the level of the sampled margins."""

    level: str
    method: str
    rows: tuple
    players: tuple
    positions: int = 0
    samples: int = 0
    margin: float = 0.0
    confidence: float = CONFIDENCE

    def best(self, seat: int) -> str:
        """The move that gives ``seat`` the best chance of winning (the first if tied)."""
        return max(self.rows, key=lambda row: row.wins[seat]).move

    def text(self, lang: str = "en") -> str:
        """The rows, one a line, after a heading that says how they were found."""
        if self.method == "exact" and self.level == "medium":
            head = ("Chances of winning the round (medium play: it decides the same way "
                    "every time, so one round played out is exact)") if lang != "fr" else \
                ("Chances de gagner la manche (jeu medium : il décide toujours de la même "
                 "façon, une manche jouée jusqu'au bout est donc exacte)")
        elif self.method == "exact":
            head = (f"Exact chances of winning the round ({self.level} play, "
                    f"{self.positions} positions counted)") if lang != "fr" else \
                (f"Chances exactes de gagner la manche (jeu {self.level}, "
                 f"{self.positions} positions comptées)")
        else:
            head = (f"Chances of winning the round, from {self.samples} rounds a move "
                    f"({self.level} play; ± {100 * self.margin:.1f} points at "
                    f"{100 * self.confidence:.0f}%)") if lang != "fr" else \
                (f"Chances de gagner la manche, sur {self.samples} manches par coup "
                 f"(jeu {self.level} ; ± {100 * self.margin:.1f} points à "
                 f"{100 * self.confidence:.0f} %)")
        return "\n".join([head, *(row.text(self.players, lang) for row in self.rows)])


def sampling_margin(samples: int, confidence: float = CONFIDENCE) -> float:
    """The half-width of a ``confidence`` interval for a chance estimated from
    ``samples`` rounds, whatever the chance: ``z * sqrt(1/4 / samples)`` (normal
    approximation at the worst case p = 1/2; ``z`` from ``statistics.NormalDist``).

    >>> round(sampling_margin(2000), 4)
    0.0288
    """
    samples = check_whole(samples, "samples", 1, 10**7, OptionError)
    z = statistics.NormalDist().inv_cdf(0.5 + _confidence(confidence) / 2)
    return z * math.sqrt(0.25 / samples)


def _confidence(confidence) -> float:
    """``confidence`` if it is a number between 0 and 1; else OptionError."""
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) \
            or not 0 < confidence < 1:
        raise OptionError(f"confidence: a number between 0 and 1, not {shown(confidence)}")
    return confidence


def what_if(state, level: str = "random", *, samples: int | None = None, seed: int = 0,
            exact_limit: int = EXACT_LIMIT, confidence: float = CONFIDENCE) -> WhatIf:
    """For each legal move of the player to move in ``state``, the chance that each player
    wins the round if everyone then plays at ``level`` (see the module).

    ``samples`` is the number of rounds played after each move when sampling (default
    SAMPLES, or HARD_SAMPLES for the hard level); ``seed`` seeds them; ``exact_limit`` is
    the most distinct positions counted exactly before sampling; ``confidence`` (between
    0 and 1) the level of the stated margin.

    Raises PositionError when ``state`` is not a Sevens state or no player is to move (a
    deal is due, or the match is over), OptionError for an unknown level or a bad number.
    """
    if not isinstance(level, str) or level not in ANALYSIS_LEVELS:
        raise OptionError(f"level: one of {', '.join(ANALYSIS_LEVELS)}, not {shown(level)}")
    if samples is None:
        samples = HARD_SAMPLES if level == "hard" else SAMPLES
    samples = check_whole(samples, "samples", 1, 10**7, OptionError)
    seed = check_whole(seed, "seed", 0, 2**64 - 1, OptionError)
    exact_limit = check_whole(exact_limit, "exact_limit", 0, 10**8, OptionError)
    _confidence(confidence)
    _check_state(state)
    seat = state.to_move
    if seat is None or seat is CHANCE or state.is_round_over:
        raise PositionError("no player is to move: a deal is due, or the match is over")
    players = tuple(state.names)
    moves = state.legal_moves()
    if level in ("random", "easy"):
        exact = _exact_random(state, moves, exact_limit)
        if exact is not None:
            rows, positions = exact
            return WhatIf(level, "exact", rows, players, positions=positions)
        rows = tuple(_sampled(state.play(m), move_text(m), samples, confidence,
                              _random_round, random.Random(f"what-if/{seed}/{i}"))
                     for i, m in enumerate(moves))
    elif level == "medium":
        rows = tuple(MoveChances(move_text(m), _one_hot(
            _computer_round(state.play(m), "medium", 0), len(players)), True)
            for m in moves)
        return WhatIf(level, "exact", rows, players)
    else:
        rows = tuple(_sampled(state.play(m), move_text(m), samples, confidence,
                              lambda s, rng: _computer_round(s, "hard", rng.getrandbits(32)),
                              random.Random(f"what-if/{seed}/{i}"))
                     for i, m in enumerate(moves))
    return WhatIf(level, "sampled", rows, players, samples=samples,
                  margin=sampling_margin(samples, confidence), confidence=confidence)


def round_chances(state, *, exact_limit: int = EXACT_LIMIT) -> tuple | None:
    """The exact chance (Fractions, one per player) that each player wins the round from
    ``state`` under random play, or None when the tree holds more than ``exact_limit``
    distinct positions. Raises PositionError when ``state`` is not a Sevens state,
    OptionError for a bad ``exact_limit``."""
    exact_limit = check_whole(exact_limit, "exact_limit", 0, 10**8, OptionError)
    _check_state(state)
    memo: dict = {}
    try:
        return _value(state, memo, exact_limit, len(state.names))
    except _TooBig:
        return None


def _check_state(state) -> None:
    check_state(state, SevensState, "Sevens", "sevens.new_game or sevens.position")


# ---------------------------------------------------------------- exact


class _TooBig(Exception):
    pass


def _exact_random(state, moves, limit):
    memo: dict = {}
    players = len(state.names)
    try:
        rows = tuple(MoveChances(move_text(m), _value(state.play(m), memo, limit, players), True)
                     for m in moves)
    except _TooBig:
        return None
    return rows, len(memo)


def _value(state, memo: dict, limit: int, players: int) -> tuple:
    """Each player's chance of winning the round from ``state``, every legal move of the
    player to move equally likely; memoised on the state (equal states share a value)."""
    if state.is_round_over:
        return _one_hot(state.round_winner, players)
    found = memo.get(state)
    if found is not None:
        return found
    if len(memo) >= limit:
        raise _TooBig
    moves = state.legal_moves()
    if len(moves) == 1:
        value = _value(state.play(moves[0]), memo, limit, players)
    else:
        sums = [_ZERO] * players
        for m in moves:
            child = _value(state.play(m), memo, limit, players)
            for p in range(players):
                if child[p]:
                    sums[p] += child[p]
        share = len(moves)
        value = tuple(s / share for s in sums)
    memo[state] = value
    return value


def _one_hot(winner, players: int) -> tuple:
    return tuple(_ONE if p == winner else _ZERO for p in range(players))


# ---------------------------------------------------------------- sampled


def _sampled(state, text, samples, confidence, play_round, rng) -> MoveChances:
    players = len(state.names)
    wins = [0] * players
    for _ in range(samples):
        winner = play_round(state, rng)
        if winner is not None:
            wins[winner] += 1
    return MoveChances(text, tuple(w / samples for w in wins), False, samples,
                       sampling_margin(samples, confidence))


def _random_round(state, rng: random.Random):
    randrange = rng.randrange
    while not state.is_round_over:
        moves = state.legal_moves()
        state = state.play(moves[randrange(len(moves))] if len(moves) > 1 else moves[0])
    return state.round_winner


def _computer_round(state, level: str, rng_seed: int):
    """The winner of the round played out from ``state`` by the computer ``level`` on every
    seat; the hard level without its time budget, so a seed gives the same rounds."""
    bounds = {"budget_ms": None} if level == "hard" else {}
    step = 0
    while not state.is_round_over:
        state = state.play(computer_move(state, level, (rng_seed + step) % 2**64, **bounds))
        step += 1
    return state.round_winner


def _percent(p, lang: str) -> str:
    share = Fraction(p)  # a Fraction, or a float read exactly
    text = f"{100 * share.numerator / share.denominator:.1f}".removesuffix(".0")
    if lang == "fr":
        return text.replace(".", ",") + " %"
    return text + "%"
