"""Double Seven's state record: its fields, the phases, and the tile generator.

What every other module of the game builds on, deciding no rule: the phase names of a turn
(see ``state.py``), the bits of ``used`` (the Rainbow window, Rainbow and Two for One used
this turn, D2, D4), the record's fields (``_Record``) and their indices (``R_*``: a
transition reads its record list by index), the fields derived from the families and from
the phase (``_derive``, ``_to_move``), small helpers on per-kind counts, and the generator
a hidden tile comes from (``draw_index``, a SplitMix64 stream: D3's draws can be replayed).

Imports only the core's ``CHANCE`` and ``rules.py``.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.chance import GOLDEN, M64, mix64, stream_index
from ..core.state import CHANCE
from .rules import KINDS, DoubleSevenRules

DEAL_PHASE, FLIP_PHASE, DRAW_PHASE, HIDDEN_PHASE = "deal", "flip", "draw", "hidden"
ACT_PHASE, DISCARD_PHASE, OVER_PHASE = "act", "discard", "over"
PHASES = (DEAL_PHASE, FLIP_PHASE, DRAW_PHASE, HIDDEN_PHASE, ACT_PHASE, DISCARD_PHASE,
          OVER_PHASE)
CHANCE_PHASES = (DEAL_PHASE, FLIP_PHASE, HIDDEN_PHASE)
DRAW_FOR = ("turn", "rainbow", "two-for-one")  # what the tiles being drawn are for
WINDOW, RAINBOW_USED, TWO_FOR_ONE_USED = 1, 2, 4  # bits of ``used``
MAX_SEED = 2**64 - 1
NO_ONE = -1
FIELDS = ("players", "rules", "first", "turn", "phase", "draw", "just-discarded", "used",
          "face-up", "reserve", "out", "trigger", "seed", "draws")


# ---------------------------------------------------------------- the generator

_BASES: dict = {}


def draw_index(seed: int, counter: int, size: int) -> int:
    """The position (0 to size - 1) of the tile the ``counter``-th chance step of a game
    takes among ``size`` hidden tiles: a SplitMix64 stream started from the seed, read at
    the counter, uniform by rejection. A draw depends only on the seed and how many chance
    steps came before it, never on a random-number library.

    >>> [draw_index(7, n, 91) for n in range(5)]
    [76, 43, 86, 5, 58]
    """
    base = _BASES.get(seed)
    if base is None:
        base = mix64((seed ^ 0xD5E7_5EED + GOLDEN) & M64)
        if len(_BASES) > 4096:
            _BASES.clear()
        _BASES[seed] = base
    return stream_index(base, counter, size)


# ---------------------------------------------------------------- the state


class _Record(NamedTuple):
    """The fields of a Double Seven state."""

    rules: DoubleSevenRules
    names: tuple  # the players' names, clockwise
    first: int  # the first player
    seed: int
    draws: int  # chance steps so far: the generator's counter
    reserve: tuple  # hidden tiles, per kind (the stacked ones included)
    stack: tuple  # the known order of the top of the reserve (kinds), when stacked
    face_up: tuple  # per kind
    out: tuple  # discarded out of the game (D9), per kind
    racks: tuple  # per player, a tuple of counts per kind
    families: tuple  # per player, a tuple of (animal, animals, clovers)
    tokens: tuple  # per player, the '7' tokens held
    septs: tuple  # per player, the Sept! calls made (more than tokens once the supply ran out)
    earned: tuple  # per player, the animals that earned a '7' (bit mask; per-animal option)
    holder: int  # who holds the '77', or NO_ONE
    trigger: int  # who triggered the end of the game (D8), or NO_ONE
    turn: int | None  # whose turn; None once the game is over
    phase: str
    to_draw: int  # tiles still to draw in this draw (deal: tiles still to deal)
    draw_for: str  # "turn", "rainbow" or "two-for-one"
    used: int  # WINDOW, RAINBOW_USED, TWO_FOR_ONE_USED
    blocked: tuple  # the kinds Two for One just discarded, which may not be taken back (D4)
    raw_log: tuple  # the automatic consequences of the last move, as raw records (None:
    # built when asked, from the parent and the move; see DoubleSevenState.log)
    parent: object
    last_move: object
    # derived from ``families``, kept for speed (the legal moves of the act phase):
    sizes: tuple  # per player, the size of each family
    clovered: tuple  # (player, family number from 1, animal) of each family with a clover
    # derived from ``phase`` and ``turn``: the seat to move, CHANCE, or None once over
    to_move: object
    # the act phase's legal moves with their parts: {} until asked, {"parts": parts} after
    # (see _act_legal), {} again once a move is played from the state; each state has its
    # own dict, and only what the state's other fields decide goes in it (not compared, not
    # saved). A dict, as CPython's garbage collector does not track an empty one
    memo: dict


R_LOG = 22
R_PARENT, R_LAST_MOVE, R_SIZES, R_CLOVERED, R_TO_MOVE, R_MEMO = range(R_LOG + 1, R_LOG + 7)
(R_RULES, R_NAMES, R_FIRST, R_SEED, R_DRAWS, R_RESERVE, R_STACK, R_FACE_UP, R_OUT, R_RACKS,
 R_FAMILIES, R_TOKENS, R_SEPTS, R_EARNED, R_HOLDER, R_TRIGGER, R_TURN, R_PHASE, R_TO_DRAW,
 R_DRAW_FOR, R_USED, R_BLOCKED) = range(R_LOG)
_new = tuple.__new__


def _derive(families) -> tuple:
    """The fields derived from ``families``: (sizes, clovered)."""
    sizes, clovered = [], []
    for p, fams in enumerate(families):
        row = []
        for j, (animal, a, c) in enumerate(fams, 1):
            if c:
                clovered.append((p, j, animal))
            row.append(a + c)
        sizes.append(tuple(row))
    return tuple(sizes), tuple(clovered)


def _clovered(families) -> tuple:
    """The ``clovered`` field of ``families``."""
    found = []
    for p, fams in enumerate(families):
        for j, family in enumerate(fams, 1):
            if family[2]:
                found.append((p, j, family[0]))
    return tuple(found)


# the ``to_move`` field by phase, where the phase decides it: CHANCE in a chance phase, None
# once over (any other phase: the player whose turn it is); ``_TO_MOVE.get(phase, turn)``
_TO_MOVE = {**dict.fromkeys(CHANCE_PHASES, CHANCE), OVER_PHASE: None}


def _to_move(phase: str, turn):
    """The ``to_move`` field: CHANCE in a chance phase, None once over, else ``turn``."""
    return _TO_MOVE.get(phase, turn)


def _sub(counts: tuple, kind: int, n: int = 1) -> tuple:
    return counts[:kind] + (counts[kind] - n,) + counts[kind + 1:]


def _add(counts: tuple, kind: int, n: int = 1) -> tuple:
    return counts[:kind] + (counts[kind] + n,) + counts[kind + 1:]


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _count(kinds) -> tuple:
    counts = [0] * KINDS
    for k in kinds:
        counts[k] += 1
    return tuple(counts)

