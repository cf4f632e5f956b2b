"""Double Seven's legal moves, by phase (``_LEGAL``), and the memos they are put together from.

The act phase's legal moves (``_act_parts``) are the moves ``verdicts._verdict`` finds
legal, listed without asking it move by move (tests/test_one_decision.py holds the two to
one answer): pass and Rainbow (doubleseven.pass, doubleseven.rainbow), then the starts
(doubleseven.start-family, doubleseven.one-family-per-animal), the expansions
(doubleseven.expand-family), the exchanges (doubleseven.exchange), the retrievals
(doubleseven.retrieve-clover) and Two for One (doubleseven.two-for-one, D16). They come
from memos: what a rack allows (``_RACKS``), a family's expansions (``_EXPANDS``), each row
of sizes by size (``_BY_SIZE``), a rack's starts (``_STARTS_OF``) and the draws the
face-up area allows (``_DRAWS``), each of at most ``_MEMO_SIZE`` entries, keyed only by the
values that decide them; an act state keeps its own legal moves with their parts in its
``memo`` field (``_act_legal``), and an exchange derives the next state's from them
(``_exchanged_parts``).

The memos of the moves all live here (benchmarks/memory.py reads them; the generator's
``_BASES`` stays beside it in ``record.py``). Imports ``record.py``, ``moves.py``,
``rules.py`` and ``verdicts.py``: what decides a move kind is read from there and from
``rules.py``, never written here (``rules.starts_family``, ``rules.rainbow_rack``,
``verdicts._rainbow_time``, ``verdicts._takeable_after_two_for_one``,
``verdicts._face_up_takeable``); what is listed here is how the legal moves are put
together fast.
"""

from __future__ import annotations

from .moves import (
    DEAL,
    DRAW_HIDDEN,
    FLIP,
    PASS,
    RAINBOW,
    REVEAL,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
)
from .record import (
    ACT_PHASE,
    DEAL_PHASE,
    DISCARD_PHASE,
    DRAW_PHASE,
    FLIP_PHASE,
    HIDDEN_PHASE,
    NO_ONE,
    OVER_PHASE,
    R_BLOCKED,
    R_CLOVERED,
    R_FACE_UP,
    R_FAMILIES,
    R_MEMO,
    R_RACKS,
    R_RESERVE,
    R_RULES,
    R_SIZES,
    R_TURN,
    R_USED,
    TWO_FOR_ONE_USED,
)
from .rules import CLOVER, KINDS, MAX_PLAYERS, rainbow_rack, starts_family
from .verdicts import _face_up_takeable, _rainbow_time, _takeable_after_two_for_one


def _sort_key(move) -> tuple:
    return move.sort_key()


class _RackMoves:
    """What a rack allows, whoever holds it: computed once per rack (there are few). A
    class with slots, whose attributes read faster than a named tuple's."""

    __slots__ = ("rack", "rainbow", "starts", "starts_without", "two_for_one")

    def __init__(self, starts, two_for_one, rainbow, rack):
        self.starts = starts  # (animal bit, the Start moves of that animal, sorted), by animal
        # (an animal whose tiles start no family, 1 tile and no clover, is left out)
        self.two_for_one = two_for_one  # the TwoForOne moves, sorted
        self.rainbow = rainbow  # Rainbow allowed by the rack: (none-on-rack, set-aside) (D1)
        self.starts_without = {}  # memo: the animals owned (mask) -> the Start moves
        self.rack = rack


_RACKS: dict = {}
_RACKS_STRICT: dict = {}  # the same, under start_with_clover="forbidden"
_EXPANDS: dict = {}
_DRAWS: dict = {}
# entries per memo, at most: a memo stops growing, never forgets. The commonest keys come
# first, so 4,096 keep the speed (benchmarks/run.py double-seven) and 10,000 games peak at
# 43 MiB (benchmarks/memory.py; 70 MiB with 200,000)
_MEMO_SIZE = 4096


def _rack_moves(rack: tuple, with_clover: str = "allowed") -> _RackMoves:
    """What ``rack`` allows, under the start_with_clover option ``with_clover``."""
    memo = _RACKS if with_clover == "allowed" else _RACKS_STRICT
    found = memo.get(rack)
    if found is not None:
        return found
    clovers = rack[CLOVER]
    starts = []
    two_for_one = []
    kinds = []
    for k in range(KINDS):
        if rack[k]:
            kinds.append(k)
    for x, a in enumerate(kinds):
        have = rack[a]
        pairs = _TWO_FOR_ONE[a]
        if have >= 2:
            two_for_one.append(pairs[a])
        for b in kinds[x + 1:]:
            two_for_one.append(pairs[b])
        if a != CLOVER and starts_family(have, clovers, with_clover):
            key = a << 8 | have << 4 | clovers | (with_clover != "allowed") << 12
            moves = _STARTS_OF.get(key)
            if moves is None:
                moves = _STARTS_OF[key] = tuple(sorted(
                    [Start.of((a,) * i + (CLOVER,) * j) for i in range(1, have + 1)
                     for j in range(clovers + 1) if starts_family(i, j, with_clover)],
                    key=_sort_key))
            starts.append((1 << a, moves))
    found = _RackMoves(tuple(starts), tuple(two_for_one),
                       (rainbow_rack(rack, "none-on-rack"), rainbow_rack(rack, "set-aside")),
                       rack)
    if len(memo) < _MEMO_SIZE:
        memo[rack] = found
    return found


# what a rack allows, by part: (start_with_clover is "forbidden") << 12 | animal << 8 | how
# many of it << 4 | clovers -> the Start moves of that animal
_STARTS_OF: dict = {}
# _TWO_FOR_ONE[a][b]: the Two for One move of the kinds a and b (a <= b)
_TWO_FOR_ONE = [[TwoForOne.of((a, b)) if a <= b else None for b in range(KINDS)]
                for a in range(KINDS)]
_DISCARDS = [Discard.of(k) for k in range(KINDS)]
_DRAW_FACE_UP = [DrawFaceUp.of(k) for k in range(KINDS)]


def _expands(key: int) -> tuple:
    """The Expand moves, sorted, for ``key``: the family's number (from 1) << 12 | its
    animal << 8 | the tiles of that animal on the rack << 4 | the clovers on the rack."""
    number, animal, have, clovers = key >> 12, key >> 8 & 15, key >> 4 & 15, key & 15
    # in order: the animals alone (1, 2, ...), then with 1, 2, ... clovers from the most
    # animals down to none (an animal sorts before the clover)
    found = []
    for i in range(1, have + 1):
        found.append(Expand.of(number, (animal,) * i))
    for i in range(have, -1, -1):
        for j in range(1, clovers + 1):
            found.append(Expand.of(number, (animal,) * i + (CLOVER,) * j))
    found = tuple(found)
    if len(_EXPANDS) < _MEMO_SIZE:
        _EXPANDS[key] = found
    return found


def _exchanges(seat: int, sizes: tuple) -> tuple:
    """The Exchange moves of ``seat`` given every family's size, sorted (by the mover's
    family, then the other player, then their family)."""
    mine = sizes[seat]
    if not mine:
        return ()
    others = []  # plain loops: cheaper than comprehensions here
    for p, row in enumerate(sizes):
        if p != seat and row:
            by_size = _BY_SIZE.get(row)
            if by_size is None:
                by_size = _by_size(row)
            others.append((by_size, _EXCHANGE_TABLE[p]))
    found = []
    try:
        for index, size in enumerate(mine, 1):
            for by_size, table in others:
                numbers = by_size.get(size)
                if numbers is not None:
                    moves = table[index]
                    for j in numbers:
                        found.append(moves[j])
    except IndexError:  # a family numbered over 8 (exchanges can give two of an animal)
        return tuple([Exchange.of(index, p, j) for index, size in enumerate(mine, 1)
                      for p, row in enumerate(sizes) if p != seat
                      for j in (_BY_SIZE.get(row) or _by_size(row)).get(size, ())])
    return tuple(found)


_BY_SIZE: dict = {}
# _EXCHANGE_TABLE[seat][mine][theirs]: the Exchange move, for family numbers 1 to 8 (more
# are rare: a player starts one family an animal, exchanges may bring a second)
_EXCHANGE_TABLE = [[None] + [[None] + [Exchange.of(mine, seat, theirs)
                                       for theirs in range(1, CLOVER + 1)]
                             for mine in range(1, CLOVER + 1)] for seat in range(MAX_PLAYERS)]


def _by_size(row: tuple) -> dict:
    """A player's family numbers (from 1) by family size: {size: (number, ...)}."""
    found: dict = {}
    for j, size in enumerate(row, 1):
        found[size] = (*found.get(size, ()), j)
    if len(_BY_SIZE) < _MEMO_SIZE:
        _BY_SIZE[row] = found
    return found


# The parts of an act state's legal moves (_act_parts), a list read by these names, as the
# record is by its R_ names: the legal moves, sorted; the expansions of each family (a list,
# by family); the exchanges, retrievals and Two for One moves; what the rack allows (a
# _RackMoves); the animals owned, a bit mask, and the animal of each family (a list), both
# kept up to date only when the rack can start a family (else None); exchanges + retrievals
# + Two for One (the tail); expansions + starts (the head); the Start moves.
(P_LEGAL, P_EXPANDS, P_EXCHANGES, P_RETRIEVES, P_TWO_FOR_ONE, P_RACK_MOVES, P_OWNED,
 P_ANIMALS, P_TAIL, P_HEAD, P_STARTS) = range(11)


def _act_parts(s) -> list:
    """The legal moves of the act phase, sorted, with the parts they are made of, in a
    list read by the P_ names above, kept in the state's memo (``R_MEMO``) until a move is
    played from it; an exchange makes the next state's from a copy (see _exchanged_parts).
    The legal moves are pass and Rainbow, then starts, expansions, exchanges, retrievals
    (your own families first) and Two for One."""
    seat = s[R_TURN]
    rack = s[R_RACKS][seat]
    rules = s[R_RULES]
    with_clover = rules.start_with_clover
    info = (_RACKS if with_clover == "allowed" else _RACKS_STRICT).get(rack)
    if info is None:
        info = _rack_moves(rack, with_clover)
    used = s[R_USED]
    fams = s[R_FAMILIES][seat]
    expands = []
    clovers = rack[CLOVER]
    for number, family in enumerate(fams, 1):
        animal = family[0]
        have = rack[animal]
        if have or clovers:  # else no expansion
            key = number << 12 | animal << 8 | have << 4 | clovers
            found = _EXPANDS.get(key)
            expands.append(_expands(key) if found is None else found)
        else:
            expands.append(())
    if info.starts:
        animals = []
        owned = 0
        for family in fams:
            animal = family[0]
            animals.append(animal)
            owned |= 1 << animal
        starts = info.starts_without.get(owned)
        if starts is None:
            starts = _starts(info, owned)
    else:
        owned = animals = None
        starts = ()
    sizes = s[R_SIZES]
    exchanges = _exchanges(seat, sizes)
    clovered = s[R_CLOVERED]
    retrieves = _retrieves(seat, rack, clovered) if clovered else ()
    if not used & TWO_FOR_ONE_USED and _takeable_after_two_for_one(s):
        two_for_one = info.two_for_one
    else:
        two_for_one = ()
    if info.rainbow[rules.rainbow_clovers != "none-on-rack"] and _rainbow_time(s):
        first = _PASS_AND_RAINBOW
    else:
        first = _PASS_ONLY
    tail = exchanges + retrieves + two_for_one
    head = sum(expands, starts)  # mostly empty tuples: joined without copies
    return [first + head + tail, expands, exchanges, retrieves, two_for_one, info, owned,
            animals, tail, head, starts]


def _starts(info: _RackMoves, owned: int) -> tuple:
    """The Start moves a rack allows to a player owning the animals ``owned`` (bit mask)."""
    found = ()
    for bit, moves_of in info.starts:
        if not owned & bit:
            found += moves_of
    info.starts_without[owned] = found
    return found


def _retrieves(seat: int, rack: tuple, clovered: tuple) -> tuple:
    """The Retrieve moves ``seat`` has with ``rack``: its own families first."""
    mine = theirs = ()  # mostly none: nothing is built then
    for p, j, animal in clovered:
        if rack[animal]:
            if p == seat:
                mine += (Retrieve.of(NO_ONE, j, animal),)
            else:
                theirs += (Retrieve.of(p, j, animal),)
    return mine + theirs


def _exchanged_parts(parts: list, index: int, given: int, taken: int, retrieves) -> list:
    """The act parts just after an exchange of the mover's family ``index`` (from 0) of
    ``given`` for one of ``taken`` (animals), changed in place from a copy of the parts
    before (its lists of expansions and animals copied too): the
    rack, every size and the tiles left stay, so only that family's expansions, the starts
    and (when clovers moved: ``retrieves`` is not None, the new retrievals) the retrievals
    change; an exchange closes the Rainbow window."""
    if retrieves is not None:
        parts[P_RETRIEVES] = retrieves
        parts[P_TAIL] = parts[P_EXCHANGES] + retrieves + parts[P_TWO_FOR_ONE]
    changed = False
    if given != taken:
        info = parts[P_RACK_MOVES]
        rack = info.rack
        clovers = rack[CLOVER]
        if clovers or rack[taken] or rack[given]:  # the expansions were or become some
            key = index + 1 << 12 | taken << 8 | rack[taken] << 4 | clovers
            found = _EXPANDS.get(key)
            parts[P_EXPANDS][index] = _expands(key) if found is None else found
            changed = True
        if info.starts:  # the animals owned matter (and are kept) only then
            animals = parts[P_ANIMALS]
            animals[index] = taken
            # the animal given away is still owned if another family has it
            owned = parts[P_OWNED] & ~(1 << given) | 1 << taken
            if given in animals:
                owned |= 1 << given
            parts[P_OWNED] = owned
            starts = info.starts_without.get(owned)
            if starts is None:
                starts = _starts(info, owned)
            if starts is not parts[P_STARTS]:
                parts[P_STARTS] = starts
                changed = True
    if changed:
        parts[P_HEAD] = sum(parts[P_EXPANDS], parts[P_STARTS])
    elif retrieves is None and parts[P_LEGAL][0] is PASS:  # the same legal moves
        return parts
    parts[P_LEGAL] = _PASS_ONLY + parts[P_HEAD] + parts[P_TAIL]
    return parts


def _act_legal(s) -> tuple:
    """The legal moves of the act phase (see _act_parts), kept with their parts in the
    state's memo until a move is played from it (asked again after that, they are worked
    out again); an exchange played from a state whose memo is filled fills the next
    state's from them (see _play_exchange)."""
    memo = s[R_MEMO]
    parts = memo.get("parts")
    if parts is None:
        parts = memo["parts"] = _act_parts(s)  # two threads asking at once store equal parts
    return parts[P_LEGAL]


def _draw_legal(s) -> tuple:
    key = (s[R_FACE_UP], s[R_BLOCKED], sum(s[R_RESERVE]) > 0)
    found = _DRAWS.get(key)
    if found is None:  # draw hidden sorts first (a word), then the face-up tiles by kind
        face_up, blocked, hidden = key
        found = [DRAW_HIDDEN] if hidden else []
        for k in range(KINDS):
            if _face_up_takeable(face_up, blocked, k):
                found.append(_DRAW_FACE_UP[k])
        found = tuple(found)
        if len(_DRAWS) < _MEMO_SIZE:
            _DRAWS[key] = found
    return found


def _discard_legal(s) -> tuple:
    rack = s[R_RACKS][s[R_TURN]]
    return tuple([_DISCARDS[k] for k in range(KINDS) if rack[k]])


_PASS_AND_RAINBOW = tuple(sorted((PASS, RAINBOW), key=_sort_key))
_PASS_ONLY = (PASS,)
_DEAL_ONLY, _FLIP_ONLY, _REVEAL_ONLY = (DEAL,), (FLIP,), (REVEAL,)
_LEGAL = {
    OVER_PHASE: lambda s: (),
    DEAL_PHASE: lambda s: _DEAL_ONLY,
    FLIP_PHASE: lambda s: _FLIP_ONLY,
    HIDDEN_PHASE: lambda s: _REVEAL_ONLY,
    DISCARD_PHASE: _discard_legal,
    DRAW_PHASE: _draw_legal,
    ACT_PHASE: _act_legal,
}
