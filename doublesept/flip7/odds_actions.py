"""The Freezes and Flip Threes of a seat that is the only active player, for Flip 7's exact
odds (the model: ``odds``' docstring): forced on the seat itself, a Freeze ends its run
(ruling F5) and a Flip Three makes it flip three cards, a Freeze or Flip Three among them
played on it after the three (nested ones in the order of the ``nested_actions`` rule
option, F15).

Cards are Y (any card that is neither Freeze nor Flip Three), F and T, every order of the
card types equally likely. ``_flow`` counts the orders by the Y cards drawn before the stop:
a Flip Three's flips by their card-type paths (``_tail``, once per state whatever the number
of Y cards, when the deck cannot run out among them: ``_phased``), the hits after them on
arrays over the Y cards drawn, each packed into one int (a run of Y cards is a prefix sum by
shifts and adds), with moves worked out once per (Freezes, Flip Threes, state) (``_flow_op``,
``_flow_program``, the programs of ``_note_program``). ``_reach`` gives the chance that the
L-th number card or Second Chance comes before a Freeze is played on the seat. ``_queued``
and ``_first_freeze`` keep the queues of the cards set aside.
"""

from __future__ import annotations

import sys
from array import array
from functools import cache, lru_cache
from itertools import accumulate, repeat
from math import comb
from operator import add, mul

from .rules import COPIES, DECK_SIZE, FLIP_THREE, FREEZE


@lru_cache(maxsize=4096)
def _flow(y: int, f: int, t: int, start_flips: int, nested: str, start_aside: tuple = (),
          start_queues: tuple = (), hitting: bool | None = None):
    """The seat is the only active player: its Freeze and Flip Three cards are forced on
    itself. Cards are Y (any other card), F (Freeze), T (Flip Three), in a random order.

    Starting with ``start_flips`` cards of a Flip Three to flip (0: the seat is hitting),
    with ``start_aside`` (the cards it set aside so far, "F" or "T") and ``start_queues``
    (the cards set aside waiting to be played, the top last), the flow stops when a Freeze
    is played (on a hit at once; one revealed by a Flip Three
    after its three cards and the Flip Threes queued before it), or, unless ``hitting``
    (default: when ``start_flips`` is 0), when the Flip Three and all it set off are done
    (the seat then stays). Returns ``(stops, never, total)``: ``stops[m]`` counts the orders of the card
    types in which exactly m Y cards are drawn before the stop, ``never`` those with no
    stop, out of ``total`` orders (all equally likely). The orders are counted by prefix:
    an array over the Y cards drawn so far, one per (F drawn, T drawn, Flip Three state),
    so a hit's run of Y cards is a prefix sum. Cached (it depends on these few counts
    only): a card-by-card ``_walk`` asks for the same ones again and again."""
    if hitting is None:
        hitting = start_flips == 0
    if _phased(y, f, t, nested, start_flips, start_aside, start_queues):
        return _flow_phased(y, f, t, nested, {(start_flips, start_aside, start_queues): 1},
                            hitting)
    a_all = f + t
    # Each array over yd (the Y cards drawn so far) is packed in one int, ``bits`` bits a
    # slot: slot yd is the count of card-type prefixes with yd Y cards. A slot never holds
    # more than the orders of one composition of the cards (at most C(y + f + t, f + t)
    # · C(f + t, f)), so no slot carries into the next (nor in a prefix sum, made by
    # shifts and adds); 16 bits more leave room for the C(a, F left) ≤ 20 of
    # ``_by_actions``. Slots are whole bytes, 64 bits for any deck of Flip 7 (at most
    # C(100, 6)·20 < 2**35 orders), so they unpack as machine words.
    bits = max(64, ((comb(y + a_all, a_all) * comb(a_all, f)).bit_length() + 23) // 8 * 8)
    top_shift = bits * y
    low = (1 << top_shift) - 1  # the slots 0 … y − 1
    full = (1 << (top_shift + bits)) - 1  # the slots 0 … y
    stop_by: dict = {}  # {(F left, T left): packed counts}, each to weigh by ways(F, T)
    never_by: dict = {}
    if hitting:
        # dense arrays, many starts: the shared moves, state by state
        _flow_hitting(y, f, t, nested, {(0, 0, start_flips, start_aside, start_queues): 1},
                      bits, stop_by, never_by)
    else:
        values = [1]
        for ops, size in _flow_program(f, t, start_flips, nested, start_aside, start_queues,
                                       hitting):
            nxt = [0] * size
            for op in ops:
                arr = values[op[1]]
                if not arr:
                    continue
                kind = op[0]
                if kind == _FLIP:
                    _, _, ranout, moved, puts = op
                    if ranout >= 0:
                        end = arr >> top_shift
                        if end:  # the deck ran out: the flips end there
                            nxt[ranout] += end << top_shift
                            arr &= low
                    nxt[moved] += (arr << bits) & full
                    for j in puts:
                        nxt[j] += arr
                elif kind == _RUN:  # any run of Y cards, then an action card
                    run = arr  # prefix sums: 1, 2, 4, … slots shifted and added
                    shift = bits
                    while shift <= top_shift:
                        run += run << shift
                        shift *= 2
                    run &= full
                    stop_by[op[2]] = stop_by.get(op[2], 0) + run
                    if op[3] >= 0:
                        nxt[op[3]] += run
                elif kind == _STOP:
                    stop_by[op[2]] = stop_by.get(op[2], 0) + arr
                elif kind == _NEVER:
                    never_by[op[2]] = never_by.get(op[2], 0) + arr
                else:  # _PASS
                    nxt[op[2]] += arr
            values = nxt
    return _flow_finish(y, f, t, bits, stop_by, never_by)


def _phased(y: int, f: int, t: int, nested: str, flips: int, aside: tuple,
            queues: tuple) -> bool:
    """Whether ``_flow_phased`` applies to this start: the deck cannot run out during the
    flips (it has at least ``flips`` cards, and three for each Flip Three set aside, queued
    or still in it), and the queues are one play order (at most one queue with the
    shared-queue option, as ``_queued`` keeps them)."""
    most = flips + 3 * (aside.count("T") + sum(q.count("T") for q in queues) + t)
    return y + f + t >= most and (nested == "depth-first" or len(queues) <= 1)


def _head(cards) -> tuple:
    """(the Flip Threes before the first Freeze, whether there is a Freeze) of a sequence
    of "F" and "T"."""
    if "F" in cards:
        return list(cards).index("F"), True
    return len(cards), False


@lru_cache(maxsize=8192)
def _tail(fl: int, tl: int, nested: str, flips: int, b: int, bf: bool, a: int,
          af: bool) -> dict:
    """The card-type paths of ``_flow`` (Y: neither Freeze nor Flip Three, F, T) from a
    state of a forced Flip Three until the flow stops (a Freeze played) or the seat hits
    again (or stays), whatever the number of Y cards (the caller keeps the paths with no
    more Y cards than the deck has, and checks with ``_phased`` that the deck cannot run
    out). Only the play order matters of what is set aside and queued, up to its first
    Freeze: some Flip Threes, then a Freeze or not. The state: ``fl`` Freezes and ``tl``
    Flip Threes left to draw, ``flips`` cards to flip, ``b`` Flip Threes set aside (then a
    Freeze if ``bf``), and the queues' play order (top queue first, each from its start),
    ``a`` Flip Threes (then a Freeze if ``af``). Returns {key: paths}, the key Y drawn +
    64·F drawn + 512·T drawn, + 4096 when the seat is back to hitting (else it stopped).
    Worked out backwards, each state once (shared by every start that reaches it);
    cached: do not change the dicts."""
    if not flips:
        if a:  # a Flip Three played on the seat: three more cards
            return _tail(fl, tl, nested, 3, 0, False, a - 1, af)
        return {0: 1} if af else {4096: 1}  # a Freeze played, or nothing left to play
    out: dict = {}
    for shift, nfl, ntl, nb, nbf in ((1, fl, tl, b, bf),
                                     (64, fl - 1, tl, b, True),
                                     (512, fl, tl - 1, b + (not bf), bf)):
        if nfl < 0 or ntl < 0:
            continue
        if flips > 1:
            after = _tail(nfl, ntl, nested, flips - 1, nb, nbf, a, af)
        elif nested == "depth-first":  # what was set aside goes on top of the queues
            after = _tail(nfl, ntl, nested, 0, 0, False, *((nb, True) if nbf else
                                                              (a + nb, af)))
        else:  # shared-queue: at the end of the queue
            after = _tail(nfl, ntl, nested, 0, 0, False, *((a, True) if af else
                                                              (a + nb, nbf)))
        if not out:  # the Y card (always there) first: a plain copy, shifted
            out = {key + shift: count for key, count in after.items()}
            continue
        get = out.get
        for key, count in after.items():
            key += shift
            out[key] = get(key, 0) + count
    return out


@lru_cache(maxsize=4096)
def _tail_terms(f: int, t: int, nested: str, state: tuple, hitting: bool) -> tuple:
    """``_tail(f, t, nested, *state)`` summed for ``_flow_phased``, whatever ``y``:
    ``(stop_terms, hits)``, stop_terms ((m, a, count), …) the paths that stop after m Y
    cards with a action cards left, each weighing C(a, F left) (the orders of the action
    cards left; C(y − m + a, a) for the Y cards is the caller's); hits (((F drawn, T
    drawn), ((m, count), …)), …) the paths back to hitting (``hitting``; else they stop
    too). A rule table."""
    stop_terms: dict = {}
    hits: dict = {}
    for key, count in _tail(f, t, nested, *state).items():
        m = key & 63
        fd, td = key >> 6 & 7, key >> 9 & 7
        if hitting and key >> 12:
            by_m = hits.setdefault((fd, td), {})
            by_m[m] = by_m.get(m, 0) + count
        else:
            fl, tl = f - fd, t - td
            term = (m, fl + tl)
            stop_terms[term] = stop_terms.get(term, 0) + count * comb(fl + tl, fl)
    return (tuple((m, a, count) for (m, a), count in stop_terms.items()),
            tuple((fd_td, tuple(by_m.items())) for fd_td, by_m in hits.items()))


def _flow_phased(y: int, f: int, t: int, nested: str, starts: dict, hitting: bool,
                 slots: int = 0) -> tuple:
    """``_flow`` (or ``_flow_mixed``: weighted starts {(flips, set aside, queues):
    weight}) by ``_tail``: the paths of the flips from each start counted once,
    whatever ``y``; only the hits that follow (``hitting``) go through the packed arrays
    of ``_flow_hitting``. For starts where the deck cannot run out during the flips
    (``_phased``); the same ``(stops, never, total)``. With ``slots`` (1 to y): only
    the first ``slots`` entries of ``stops``, and all the other orders as ``never`` (as
    ``_reach_of`` counts them: at least ``slots`` Y cards drawn before any stop)."""
    a_all = f + t
    orders = comb(y + a_all, a_all) * comb(a_all, f)
    cut = 0 < slots <= y
    size = slots if cut else y + 1
    stops = [0] * size
    frontier: dict = {}
    # the starts by play order, then their paths (``_tail``) weighted, then the orders
    by_order: dict = {}
    for (flips, aside, queues), weight in starts.items():
        state = (flips, *_head(aside), *_head([card for queue in reversed(queues)
                                                for card in queue]))
        by_order[state] = by_order.get(state, 0) + weight
    orders_left: dict = {}  # C(y − m + a, a) by (m, a)
    for state, weight in by_order.items():
        stop_terms, hits = _tail_terms(f, t, nested, state, hitting)
        for m, a, count in stop_terms:
            if m < size:
                left = orders_left.get((m, a))
                if left is None:
                    left = orders_left[m, a] = comb(y - m + a, a)
                stops[m] += weight * count * left
        for fd_td, packed in hits:
            into = frontier.setdefault(fd_td, {})
            for m, count in packed:
                if m < size:
                    into[m] = into.get(m, 0) + weight * count
    never = 0
    if frontier:
        bound = orders * sum(starts.values())
        bits = (bound.bit_length() + 16 + 63) // 64 * 64  # whole machine words
        if cut and all(_hit_response(f, t, nested, fd, td) is not None
                       for fd, td in frontier):
            # cut, the hits are a convolution: each first hit's packed counts times its
            # response (``_hit_response``), the slots past ``size`` dropped
            by_a: dict = {}
            for (fd, td), packed in frontier.items():
                if packed:
                    arr = sum(w << (m * bits) for m, w in packed.items())
                    for a, row in _hit_response(f, t, nested, fd, td):
                        by_a[a] = by_a.get(a, 0) + arr * _pack(row, bits, size)
            mask = (1 << (bits * size)) - 1
            for a, packed in by_a.items():
                stops = list(map(add, stops, map(mul, _slots(packed & mask, bits, size),
                                                 _binomials(y, a))))
            return tuple(stops), orders * sum(starts.values()) - sum(stops), orders
        stop_by: dict = {}
        never_by: dict = {}
        _flow_hitting(y, f, t, nested,
                      {(fd, td, 0, (), ()): sum(w << (m * bits) for m, w in packed.items())
                       for (fd, td), packed in frontier.items() if packed},
                      bits, stop_by, never_by, size)
        more, never, _ = _flow_finish(y, f, t, bits, stop_by, never_by, size)
        stops = list(map(add, stops, more))
    if cut:
        never = orders * sum(starts.values()) - sum(stops)
    return tuple(stops), never, orders


@cache
def _hit_response(f: int, t: int, nested: str, fd: int, td: int):
    """The hitting flow from a first hit with ``fd`` Freezes and ``td`` Flip Threes drawn,
    one order at 0 Y cards drawn: ((a, counts), …), ``counts`` (an ``array('Q')``) the
    orders that stop after j = 0 … DECK_SIZE − 1 Y cards with a Freezes and Flip Threes
    left, each weighted by C(a, Freezes left). A rule table: it depends only on the
    moves of ``_flow_op`` (whatever the number of Y cards) and on the game's 94 cards; cut
    to its first slots, a flow is linear in its start and moves its counts only to more
    Y cards drawn, so a flow from first hits at m Y cards is this, shifted by m. None if
    a count does not fit a machine word (never with the game's cards)."""
    bits = 128
    stop_by: dict = {}
    _flow_hitting(DECK_SIZE, f, t, nested, {(fd, td, 0, (), ()): 1}, bits, stop_by, {},
                  DECK_SIZE)
    out = []
    for a, packed in sorted(_by_actions(stop_by).items()):
        counts = _slots(packed, bits, DECK_SIZE)
        if max(counts) >> 64:
            return None
        out.append((a, array("Q", counts)))
    return tuple(out)


def _pack(row, bits: int, size: int) -> int:
    """The first ``size`` counts of ``row`` (an ``array('Q')``) as slots of ``bits`` bits
    (a multiple of 64)."""
    per = bits // 64
    if sys.byteorder != "little":
        return sum(v << (j * bits) for j, v in enumerate(row[:size]))
    if per == 1:
        return int.from_bytes(row[:size].tobytes(), "little")
    words = array("Q", bytes(8 * per * size))
    words[::per] = row[:size]
    return int.from_bytes(words.tobytes(), "little")


def _flow_mixed(y: int, f: int, t: int, nested: str, starts: dict, slots: int = 0) -> tuple:
    """``_flow``, hitting, from several starts at once, {(flips, set aside, queues): weight}
    (whole numbers): the weighted sums of their ``stops`` and ``never`` (a flow is linear
    in where it starts), and ``total``; ``slots``: as in ``_flow_phased`` (when it
    applies), for ``_reach_of``."""
    if all(_phased(y, f, t, nested, *start) for start in starts):
        return _flow_phased(y, f, t, nested, starts, True, slots)
    a_all = f + t
    bound = comb(y + a_all, a_all) * comb(a_all, f) * sum(starts.values())
    bits = (bound.bit_length() + 16 + 63) // 64 * 64  # whole machine words
    stop_by: dict = {}
    never_by: dict = {}
    _flow_hitting(y, f, t, nested,
                  {(0, 0, *start): weight for start, weight in starts.items()},
                  bits, stop_by, never_by)
    return _flow_finish(y, f, t, bits, stop_by, never_by)


def _flow_finish(y: int, f: int, t: int, bits: int, stop_by: dict, never_by: dict,
                 slots: int = 0) -> tuple:
    """``_flow``'s ``(stops, never, total)`` from its packed counts by (F left, T left);
    with ``slots`` (1 to y), ``stops`` has only its first ``slots`` entries and ``never``
    is left out (0)."""
    # the orders of the cards left after yd Y cards and a stop: C(y − yd + a, a)·C(a, F
    # left), a the action cards left; the C(a, F left) folded in by a, then one pass
    a_all = f + t
    cut = 0 < slots <= y
    stops = [0] * (slots if cut else y + 1)
    for a, packed in _by_actions(stop_by).items():
        count = (packed.bit_length() + bits - 1) // bits
        weighted = list(map(mul, _slots(packed, bits, count), _binomials(y, a)))
        stops[:count] = map(add, stops[:count], weighted)
    never = 0
    for a, packed in () if cut else _by_actions(never_by).items():
        never += sum(map(mul, _slots(packed, bits, y + 1), _binomials(y, a)))
    return tuple(stops), never, comb(y + a_all, a_all) * comb(a_all, f)


def _by_actions(packed_by: dict) -> dict:
    """{(F left, T left): packed} as {a: Σ C(a, F left)·packed}, a = F left + T left."""
    out: dict = {}
    for (fl, tl), packed in packed_by.items():
        out[fl + tl] = out.get(fl + tl, 0) + comb(fl + tl, fl) * packed
    return out


def _slots(packed: int, bits: int, count: int) -> list:
    """The first ``count`` slots of ``bits`` bits (a multiple of 8) of ``packed``."""
    size = bits // 8
    data = packed.to_bytes(size * count, "little")
    if sys.byteorder == "little" and bits % 64 == 0:  # machine words, unpacked in C
        words = memoryview(data).cast("Q").tolist()
        if bits == 64:
            return words
        per = bits // 64
        return [sum(words[i + j] << (64 * j) for j in range(per))
                for i in range(0, per * count, per)]
    return [int.from_bytes(data[i:i + size], "little") for i in range(0, size * count, size)]


def _binomials(y: int, a: int) -> tuple:
    """[yd]: C(y − yd + a, a) for yd = 0 … y (a slice of ``_BINOMIAL_ROWS``)."""
    if a < len(_BINOMIAL_ROWS) and y <= DECK_SIZE:
        return _BINOMIAL_ROWS[a][DECK_SIZE - y:]
    return tuple(comb(y - yd + a, a) for yd in range(y + 1))  # never with the game's cards


# [a]: C(n + a, a) for n = DECK_SIZE … 0: a row for each number a of Freezes and Flip
# Threes left (at most 3 + 3), n the Y cards left (at most the whole deck); a rule table
_BINOMIAL_ROWS = tuple(tuple(comb(n + a, a) for n in range(DECK_SIZE, -1, -1))
                       for a in range(COPIES[FREEZE] + COPIES[FLIP_THREE] + 1))


_STOP, _NEVER, _RUN, _FLIP, _PASS = range(5)


def _flow_hitting(y: int, f: int, t: int, nested: str, frontier: dict, bits: int,
                  stop_by: dict, never_by: dict, slots: int = 0) -> None:
    """``_flow``'s arrays, hitting, from ``frontier`` {state: packed array}, state by state
    with the moves of ``_flow_op``, adding to ``stop_by`` and ``never_by``. With ``slots``
    (1 to y): the arrays keep only their first ``slots`` slots (a move only takes counts
    to more Y cards drawn, so those are exact; ``never_by`` is then incomplete)."""
    top_shift = bits * y
    low = (1 << top_shift) - 1
    span = bits * (slots - 1) if 0 < slots <= y else top_shift  # the last slot kept
    full = (1 << (span + bits)) - 1
    program = _HIT_PROGRAMS.get((f, t, nested))
    if program is not None and all(state in program[0] for state in frontier):
        _run_program(program, frontier, bits, top_shift, low, span, full, stop_by, never_by)
        return
    graph = _FLOW_GRAPHS.get((f, t, nested, True))
    if graph is None:
        if len(_FLOW_GRAPHS) >= 256:
            _FLOW_GRAPHS.clear()
        graph = _FLOW_GRAPHS[f, t, nested, True] = {}
    # from a first hit, note the states in the order they come (a program, if each state
    # comes once: then every move goes from one wave to the next)
    order = [] if program is None and len(frontier) == 1 and \
        (0, 0, 0, (), ()) in frontier else None
    while frontier:
        nxt: dict = {}
        for state, arr in frontier.items():
            if not arr:
                continue
            if order is not None:
                order.append(state)
            op = graph.get(state)
            if op is None:
                op = graph[state] = _flow_op(f, t, nested, True, state)
            kind = op[0]
            if kind == _FLIP:
                _, ranout, moved, puts = op
                if ranout is not None:
                    end = arr >> top_shift
                    if end:  # the deck ran out: the flips end there
                        nxt[ranout] = nxt.get(ranout, 0) + (end << top_shift)
                        arr &= low
                nxt[moved] = nxt.get(moved, 0) + ((arr << bits) & full)
                for j in puts:
                    nxt[j] = nxt.get(j, 0) + arr
            elif kind == _RUN:  # any run of Y cards, then an action card
                run = arr  # prefix sums: 1, 2, 4, … slots shifted and added
                shift = bits
                while shift <= span:
                    run += run << shift
                    shift *= 2
                run &= full
                stop_by[op[1]] = stop_by.get(op[1], 0) + run
                if op[2] is not None:
                    nxt[op[2]] = nxt.get(op[2], 0) + run
            elif kind == _STOP:
                stop_by[op[1]] = stop_by.get(op[1], 0) + arr
            elif kind == _NEVER:
                never_by[op[1]] = never_by.get(op[1], 0) + arr
            else:  # _PASS
                nxt[op[1]] = nxt.get(op[1], 0) + arr
        frontier = nxt
    if order:
        _note_program(f, t, nested, graph, order)


_HIT_PROGRAMS: dict = {}  # {(f, t, nested): (index, ops)}, see _note_program


def _note_program(f: int, t: int, nested: str, graph: dict, order: list) -> None:
    """Keep the hitting flow's states met from a first hit, in their order, as a program
    of ``_flow_op`` moves on indices (−1 for None), when each state came once and every
    state a move leads to is among them (so the order goes with the moves)."""
    index = {state: i for i, state in enumerate(order)}
    if len(index) != len(order):
        return
    ops = []
    try:
        for state in order:
            op = graph[state]
            kind = op[0]
            if kind == _FLIP:
                ops.append((_FLIP, -1 if op[1] is None else index[op[1]], index[op[2]],
                            tuple(index[s] for s in op[3])))
            elif kind == _RUN:
                ops.append((_RUN, op[1], -1 if op[2] is None else index[op[2]]))
            elif kind == _PASS:
                ops.append((_PASS, index[op[1]]))
            else:
                ops.append(op)
    except KeyError:  # a state never met (its counts were all cut off): no program
        return
    for i, op in enumerate(ops):  # every move forward in the order
        if op[0] == _FLIP and (op[1] >= 0 and op[1] <= i or op[2] <= i or
                               any(j <= i for j in op[3])) or \
                op[0] == _RUN and 0 <= op[2] <= i or op[0] == _PASS and op[1] <= i:
            return
    _HIT_PROGRAMS[f, t, nested] = (index, tuple(ops))


def _run_program(program: tuple, frontier: dict, bits: int, top_shift: int, low: int,
                 span: int, full: int, stop_by: dict, never_by: dict) -> None:
    """``_flow_hitting`` by a program of ``_note_program``: each state once, in order, on
    a list by index (no state tuples hashed)."""
    index, ops = program
    values = [0] * len(ops)
    for state, arr in frontier.items():
        values[index[state]] += arr
    for i, op in enumerate(ops):
        arr = values[i]
        if not arr:
            continue
        kind = op[0]
        if kind == _FLIP:
            _, ranout, moved, puts = op
            if ranout >= 0:
                end = arr >> top_shift
                if end:  # the deck ran out: the flips end there
                    values[ranout] += end << top_shift
                    arr &= low
            values[moved] += (arr << bits) & full
            for j in puts:
                values[j] += arr
        elif kind == _RUN:  # any run of Y cards, then an action card
            run = arr  # prefix sums: 1, 2, 4, … slots shifted and added
            shift = bits
            while shift <= span:
                run += run << shift
                shift *= 2
            run &= full
            stop_by[op[1]] = stop_by.get(op[1], 0) + run
            if op[2] >= 0:
                values[op[2]] += run
        elif kind == _STOP:
            stop_by[op[1]] = stop_by.get(op[1], 0) + arr
        elif kind == _NEVER:
            never_by[op[1]] = never_by.get(op[1], 0) + arr
        else:  # _PASS
            values[op[1]] += arr


@lru_cache(maxsize=2048)
def _flow_program(f: int, t: int, start_flips: int, nested: str, start_aside: tuple,
                  start_queues: tuple, hitting: bool) -> tuple:
    """What ``_flow`` does from a start, wave by wave, whatever the number of Y cards:
    ``((ops, size), …)``, ``size`` the states of the next wave, each op the ``_flow_op`` of
    one state of this wave with its states as indices (−1 for None) and the state's index
    second: (_STOP, i, key), (_NEVER, i, key), (_RUN, i, key, j), (_FLIP, i, ranout,
    moved, puts), (_PASS, i, j)."""
    graph = _FLOW_GRAPHS.get((f, t, nested, hitting))
    if graph is None:
        if len(_FLOW_GRAPHS) >= 256:
            _FLOW_GRAPHS.clear()
        graph = _FLOW_GRAPHS[f, t, nested, hitting] = {}
    waves = []
    frontier = [(0, 0, start_flips, start_aside, start_queues)]
    while frontier:
        index: dict = {}
        ops = []
        for i, state in enumerate(frontier):
            op = graph.get(state)
            if op is None:
                op = graph[state] = _flow_op(f, t, nested, hitting, state)
            kind = op[0]
            if kind == _STOP or kind == _NEVER:
                ops.append((kind, i, op[1]))
                continue
            targets = []
            for key in ((op[2],) if kind == _RUN else (op[1], op[2], *op[3]) if kind == _FLIP
                        else (op[1],)):
                if key is None:
                    targets.append(-1)
                else:
                    j = index.get(key)
                    if j is None:
                        j = index[key] = len(index)
                    targets.append(j)
            if kind == _RUN:
                ops.append((_RUN, i, op[1], targets[0]))
            elif kind == _FLIP:
                ops.append((_FLIP, i, targets[0], targets[1], tuple(targets[2:])))
            else:
                ops.append((_PASS, i, targets[0]))
        waves.append((tuple(ops), len(index)))
        frontier = list(index)
    return tuple(waves)


_FLOW_GRAPHS: dict = {}  # {(f, t, nested, hitting): {state: its _flow_op}}


def _flow_op(f: int, t: int, nested: str, hitting: bool, state: tuple) -> tuple:
    """What ``_flow`` does from ``state`` = (F drawn, T drawn, cards of a Flip Three to
    flip, set aside, queues), whatever the number of Y cards: (_STOP, (F left, T left))
    the flow stops; (_NEVER, key) no Freeze can come any more; (_RUN, key, next) any run
    of Y cards, then a Freeze (a stop) or a Flip Three (to state ``next``, None if none is
    left); (_FLIP, ranout, moved, puts) one card of a Flip Three: a Y card to ``moved``, a
    Freeze or Flip Three set aside to the states ``puts``, and when no F or T is left, a
    deck run out of Y cards to ``ranout`` (else None); (_PASS, next) a queued Flip Three
    played."""
    fd, td, flips, aside, queues = state
    fl, tl = f - fd, t - td
    if flips == 0 and not queues:
        if not hitting:
            return (_STOP, (fl, tl))
        if not fl:  # no Freeze can come any more
            return (_NEVER, (fl, tl))
        return (_RUN, (fl - 1, tl), (fd, td + 1, 3, (), ()) if tl else None)
    if flips:
        last = flips == 1
        done = (fd, td, 0, (), _queued(queues, aside, nested))
        puts = []
        for what, left, dfd, dtd in (("F", fl, 1, 0), ("T", tl, 0, 1)):
            if left:
                put = (*aside, what)
                puts.append((fd + dfd, td + dtd, 0, (), _queued(queues, put, nested))
                            if last else (fd + dfd, td + dtd, flips - 1, put, queues))
        return (_FLIP, done if not fl and not tl else None,
                done if last else (fd, td, flips - 1, aside, queues), tuple(puts))
    # play the first card of the top queue on the seat itself
    top = queues[-1]
    rest = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
    if top[0] == "F":
        return (_STOP, (fl, tl))
    return (_PASS, (fd, td, 3, (), rest))


def _queued(queues: tuple, aside: tuple, nested: str) -> tuple:
    """The queues once a Flip Three's cards set aside are queued (F15: on top, depth
    first; or at the end of the queue below, with the shared-queue option)."""
    if not aside:
        return queues
    if nested == "shared-queue" and queues:
        return (*queues[:-1], queues[-1] + aside)
    return (*queues, aside)


def _first_freeze(queues: tuple) -> tuple:
    """The queues (of kinds) up to the first Freeze they will play, the top queue (last)
    first, each from its start: for the Flip 7, what comes after it never matters."""
    for i in range(len(queues) - 1, -1, -1):
        queue = queues[i]
        if FREEZE in queue:
            return (queue[:queue.index(FREEZE) + 1], *queues[i + 1:])
    return queues


def _reach(x: int, o: int, f: int, t: int, nested: str, lengths, start=(0, (), ())) -> tuple:
    """``({L: numerator}, base)``: P(the L-th card among the x number cards and Second
    Chances is drawn before a Freeze is played on the seat, alone) = numerator/base, o the
    other cards (modifiers). Cached: do not change it."""
    return _reach_cached(x, o, f, t, nested, tuple(lengths), start)


@lru_cache(maxsize=4096)
def _reach_cached(x: int, o: int, f: int, t: int, nested: str, lengths: tuple,
                  start: tuple) -> tuple:
    flips, aside, queues = start
    y = x + o
    if _phased(y, f, t, nested, flips, aside, queues):
        # only the first Y cards matter (``_reach_of``: up to the last length's, o more)
        flow = _flow_phased(y, f, t, nested, {start: 1}, True, o + max(lengths, default=0) + 1)
    else:
        flow = _flow(y, f, t, flips, nested, aside, queues, True)
    return _reach_of(x, o, lengths, flow)


def _reach_of(x: int, o: int, lengths, flow: tuple) -> tuple:
    """``_reach`` from the ``(stops, never, total)`` of a hitting ``_flow`` (or a weighted
    sum of several with one total: then the weighted sum of their ``_reach`` numerators)."""
    y = x + o
    stops, never, total = flow
    # later[p]: the orders in which the p-th Y card comes before the stop
    later = list(accumulate(reversed(stops), initial=never))[::-1]
    out = {}
    base = comb(y, x) * total
    for length in lengths:
        # the length-th X card is the p-th Y card: C(p-1, L-1)·C(y-p, x-L) orders
        first = map(comb, range(length - 1, y - x + length), repeat(length - 1))
        second = map(comb, range(y - length, x - length - 1, -1), repeat(x - length))
        out[length] = sum(map(mul, map(mul, first, second), later[length:y - x + length + 1]))
    return out, base
