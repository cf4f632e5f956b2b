"""The chance of a Flip 7 and the expected score of a forced Flip Three, for Flip 7's exact
odds (the model: ``odds``' docstring), with the deck running out and the discards
reshuffled into a new deck (ruling F9).

``_flip7``: P(Flip 7) for a run, from the formulas of ``odds_runs`` and, alone, of
``odds_actions``. Alone with a deck small enough to run out while a Freeze or Flip Three can
still come (``_flip7_run_out``), the orders of its numbers and Second Chances (``_exhaust``)
and those of its action cards (``_action_ends``) are counted apart. ``_forced_flip_three``:
the expected round score when the seat, alone, draws a Flip Three and must flip three cards
itself (``_after_flips``; from a deck too short for its flips, ``_flips_short``, with
``_short_canon`` and ``_short_flips``). Where no formula applies, ``_walk`` follows the seat
card by card with integer weights and hands over to the formulas as soon as they do
(``_formula_total``). Every run stops after ``_SHUFFLES`` reshuffles, counted across
``_flip7``, ``_walk`` and ``_flip7_run_out``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from math import comb, factorial, lcm
from operator import add, mul

from .odds_actions import (
    _first_freeze,
    _flow,
    _flow_mixed,
    _flow_phased,
    _queued,
    _reach,
    _reach_of,
)
from .odds_observation import _Seen
from .odds_runs import (
    _NUMBER_VALUES,
    _exhaust,
    _exhaust_orders,
    _flips,
    _mean_over,
    _run,
    _score,
)
from .rules import FLIP_THREE, FREEZE, KINDS, SECOND_CHANCE

_ORDERS = [factorial(n) for n in range(95)]


def _flip7(nums: int, h: int, pile: tuple, after: tuple, alone: bool, nested: str,
           depth: int = 0, kept: bool = False) -> Fraction:
    """P(Flip 7) for a run from ``nums`` (h: a Second Chance held), drawing from ``pile``;
    ``after`` is the discard pile that a reshuffle would turn into the next deck. ``kept``:
    a Freeze played stays in front of its target (``freeze_placement="in-front"``), so the
    Freezes the run plays on other players do not join the next deck."""
    run = _run(nums, h, pile)
    if run.k <= 0:
        return Fraction(1)
    f, t = pile[FREEZE], pile[FLIP_THREE]
    if alone and (f or t) and run.can_run_out() and depth < 8:
        # the seat, alone, may run out of cards with a Freeze or Flip Three still to come
        return _flip7_run_out(nums, h, _blank_modifiers(pile), _blank_modifiers(after),
                              nested, depth)
    if alone and (f or t):
        x = run.total
        o = sum(pile) - x - f - t
        if not t:  # a Freeze on a hit ends the run: the L-th card must come before them all
            p = run.chance({length: comb(x + f - length, f) for length in run.ends()},
                           comb(x + f, f))
        else:
            p = run.chance(*_reach(x, o, f, t, nested, run.ends()))
    else:
        p = run.chance()
    if run.can_run_out() and depth < 8:
        # every number card and Second Chance of the deck drawn, no bust, no Flip 7 yet:
        # the discards (with what the run discarded) become the next deck (F9)
        seen = nums
        for v in _NUMBER_VALUES:
            if pile[v]:
                seen |= 1 << v
        dups = run.numbers - len(run.free)
        reach = Fraction(1)
        if alone and pile[FREEZE]:
            reach = Fraction(0)  # the seat draws every card, a Freeze among them
        if reach:
            for bank, q in _exhaust(nums, h, pile).items():
                nxt = list(after)
                for v in _NUMBER_VALUES:  # the duplicates used, with their Second Chances
                    nxt[v] += max(0, pile[v] - (0 if nums >> v & 1 else 1))
                nxt[SECOND_CHANCE] += dups
                if alone:  # a surplus Second Chance has nobody to go to
                    nxt[SECOND_CHANCE] += h + pile[SECOND_CHANCE] - dups - bank
                if not kept:  # a Freeze played on another player (flip7.freeze-placement)
                    nxt[FREEZE] += pile[FREEZE]
                nxt[FLIP_THREE] += pile[FLIP_THREE]
                if sum(nxt):
                    p += q * _flip7(seen, bank, tuple(nxt), (0,) * KINDS, alone, nested,
                                    depth + 1, kept)
    return p


def _flip7_run_out(nums: int, h: int, pile: tuple, after: tuple, nested: str,
                   depth: int = 0) -> Fraction:
    """P(Flip 7) for the seat alone when its deck can run out with a Freeze or Flip Three
    still to come (``can_run_out``): the deck lacks numbers for a Flip 7, so the run either
    ends in it (a bust, a Freeze) or draws all of it, then goes on from the discards (F9).

    All of the deck drawn, without a bust, with a Second Chance held or not: ``_exhaust``,
    over the orders of its numbers and Second Chances. No Freeze played, and the Flip Three
    state then: ``_action_ends``, over the orders of its Freezes, Flip Threes and other
    cards. The two orders are independent (each order of the deck is one of each), so the
    run from the discards (``_walk``) starts from each pair with the product of their
    weights. ``pile`` and ``after`` have their modifiers as one kind (``_blank_modifiers``).
    ``depth``: the reshuffles so far; the walk and the ``_flip7`` it hands over to go on
    counting them, so a run stops after ``_SHUFFLES`` of them whichever way it goes."""
    f, t = pile[FREEZE], pile[FLIP_THREE]
    seen = nums
    base = list(after)
    for v in _NUMBER_VALUES:
        if pile[v]:
            seen |= 1 << v
            base[v] += pile[v] - (0 if nums >> v & 1 else 1)  # the duplicates, discarded
    run = _run(nums, h, pile)
    dups = run.numbers - len(run.free)
    base[SECOND_CHANCE] += dups  # the Second Chances used
    banks = []
    for bank, q in _exhaust(nums, h, pile).items():
        discards = list(base)
        # a surplus Second Chance has nobody to go to
        discards[SECOND_CHANCE] += h + pile[SECOND_CHANCE] - dups - bank
        banks.append((bank, q, discards))
    if sum(base) >= 3 * (f + 2 * t + base[FLIP_THREE] + 4) and not any(
            _run(seen, bank, tuple(discards)).can_run_out() for bank, _, discards in banks):
        # the deck made from the discards is large enough for the formulas however the
        # flips stand (at most f + t queues, three cards set aside): they depend on the
        # play order only
        ends = _action_ends(sum(pile) - f - t, f, t, nested, True)
    else:
        ends = _action_ends(sum(pile) - f - t, f, t, nested)
    starts: dict = {}
    t_one = 1 << 4 * FLIP_THREE
    orders = _ORDERS[sum(pile)]
    for bank, q, discards in banks:
        code, size = _encode(discards), sum(discards)  # then + the Flip Threes played
        den, num = q.denominator * orders, q.numerator
        for (flips, aside, queues, played), weight in ends.items():
            key = ((0, 0, code + played * t_one, size + played, seen, 0, bank, flips, aside,
                    queues), depth, den)
            starts[key] = starts.get(key, 0) + weight * num
    if not starts:
        return Fraction(0)
    return _walk(seen, 0, 0, None, None, 0, nested, True, 0, starts)


@lru_cache(maxsize=1024)
def _action_ends(y: int, f: int, t: int, nested: str, by_order: bool = False) -> dict:
    """The seat alone, hitting, draws every card of a deck of ``y`` cards that are neither
    Freeze nor Flip Three, ``f`` Freezes and ``t`` Flip Threes, without a Freeze played
    (on a hit, or queued after a Flip Three): {(cards of a Flip Three still to flip, set
    aside, queues, Flip Threes played): the orders of the deck's cards that end so}, the
    state right after its last card (queues not yet played), as ``_walk`` follows it for
    the Flip 7 (nothing kept after a Freeze set aside or queued: ``_first_freeze``).

    From ``_action_paths``: a path with ``m`` other cards among the flips and ``g`` runs
    of other cards drawn on a hit stands for C(y − m + g − 1, g − 1) orders of the card
    types (the y − m other cards shared among the runs), each for y!·f!·t! orders of the
    cards. With ``by_order``: the ends by play order (``_action_orders``), each as one
    representative state (Flip Threes then a Freeze, set aside and in one queue)."""
    ends: dict = {}
    scale = _ORDERS[y] * _ORDERS[f] * _ORDERS[t]
    for (key, m, g), count in (_action_orders if by_order else _action_paths)(f, t, nested):
        if m > y:
            continue
        ways = comb(y - m + g - 1, g - 1) if g else 1 if m == y else 0
        if ways:
            ends[key] = ends.get(key, 0) + count * ways * scale
    return ends


@lru_cache(maxsize=64)
def _action_paths(f: int, t: int, nested: str) -> tuple:
    """``_action_ends`` whatever the number of other cards: ((end, m, g), paths) over the
    orders of the card types, ``m`` the other cards flipped by a Flip Three, ``g`` the runs
    of other cards (zero or more each) drawn on a hit, before a Flip Three or the end."""
    ends: dict = {}
    # (F left, T left, flips, aside, queues, played, m, g, just drawn): paths; "just
    # drawn" False for the start (the seat hits first)
    frontier = {(f, t, 0, (), (), 0, 0, 0, False): 1}
    while frontier:
        nxt: dict = {}
        for (fl, tl, flips, aside, queues, played, m, g, drawn), count in frontier.items():
            if drawn and not (fl or tl) and (flips or queues):
                # the deck may end here, in the middle of the flips or before the queues
                key = ((flips, aside, queues, played), m, g)
                ends[key] = ends.get(key, 0) + count
            stopped = False
            while not flips and queues:  # the queued cards, played on the seat
                top = queues[-1]
                if top[0] == FREEZE:
                    stopped = True
                    break
                played += 1
                flips, aside = 3, ()
                queues = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
            if stopped:
                continue
            if not flips:  # hitting: a run of other cards, then a Flip Three or the end
                if not (fl or tl):
                    key = ((0, (), (), played), m, g + 1)
                    ends[key] = ends.get(key, 0) + count
                elif tl:  # (a Freeze on a hit: the seat must freeze itself, no Flip 7)
                    child = (fl, tl - 1, 3, (), (), played + 1, m, g + 1, True)
                    nxt[child] = nxt.get(child, 0) + count
                continue
            for kind, left in ((0, 1), (FREEZE, fl), (FLIP_THREE, tl)):
                if not left:
                    continue
                put = aside if not kind or FREEZE in aside else (*aside, kind)
                nfl, ntl = fl - (kind == FREEZE), tl - (kind == FLIP_THREE)
                nm = m + (not kind)
                if flips == 1:
                    child = (nfl, ntl, 0, (), _first_freeze(_queued(queues, put, nested)),
                             played, nm, g, True)
                else:
                    child = (nfl, ntl, flips - 1, put, queues, played, nm, g, True)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(ends.items())


@lru_cache(maxsize=64)
def _action_orders(f: int, t: int, nested: str) -> tuple:
    """``_action_paths`` with what is set aside and queued as its play order (as
    ``_tail``: Flip Threes, then a Freeze or not), the ends as representative states: set
    aside (T…, F), queues ((T…, F),)."""
    ends: dict = {}
    # (F left, T left, flips, T aside, F aside, T queued, then F, played, m, g, drawn)
    frontier = {(f, t, 0, 0, False, 0, False, 0, 0, 0, False): 1}
    depth_first = nested == "depth-first"
    while frontier:
        nxt: dict = {}
        for (fl, tl, flips, b, bf, a, af, played, m, g, drawn), count in frontier.items():
            if drawn and not (fl or tl) and (flips or a or af):
                # the deck may end here, in the middle of the flips or before the queues
                state = (flips, (FLIP_THREE,) * b + (FREEZE,) * bf,
                         ((FLIP_THREE,) * a + (FREEZE,) * af,) if a or af else (), played)
                ends[state, m, g] = ends.get((state, m, g), 0) + count
            if not flips and (a or af):  # the queued cards, played on the seat
                if not a:
                    continue  # a Freeze: no Flip 7
                flips, b, bf, a, played = 3, 0, False, a - 1, played + 1  # a Flip Three
            if not flips:  # hitting: a run of other cards, then a Flip Three or the end
                if not (fl or tl):
                    state = ((0, (), (), played), m, g + 1)
                    ends[state] = ends.get(state, 0) + count
                elif tl:  # (a Freeze on a hit: the seat must freeze itself, no Flip 7)
                    child = (fl, tl - 1, 3, 0, False, 0, False, played + 1, m, g + 1, True)
                    nxt[child] = nxt.get(child, 0) + count
                continue
            for nfl, ntl, nb, nbf, nm in ((fl, tl, b, bf, m + 1), (fl - 1, tl, b, True, m),
                                          (fl, tl - 1, b + (not bf), bf, m)):
                if nfl < 0 or ntl < 0:
                    continue
                if flips > 1:
                    child = (nfl, ntl, flips - 1, nb, nbf, a, af, played, nm, g, True)
                elif depth_first:  # what was set aside goes on top of the queues
                    child = (nfl, ntl, 0, 0, False, *((nb, True) if nbf else (a + nb, af)),
                             played, nm, g, True)
                else:  # shared-queue: at the end of the queue
                    child = (nfl, ntl, 0, 0, False, *((a, True) if af else (a + nb, nbf)),
                             played, nm, g, True)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(ends.items())


def _blank_modifiers(pile: tuple) -> tuple:
    """The pile with its modifiers all counted as ×2 (kind 13): the same for the Flip 7."""
    return pile[:13] + (sum(pile[13:19]), 0, 0, 0, 0, 0) + pile[19:]


def _forced_flip_three(seen: _Seen, pile: tuple, after: tuple) -> Fraction:
    """The expected round score when the seat, alone, draws a Flip Three and must flip
    three cards itself (and whatever they set off), then stays."""
    deck = list(pile)
    deck[FLIP_THREE] -= 1
    if sum(deck) < 3 * (1 + deck[FLIP_THREE]):  # the deck may run out among the flips
        discards = list(after)
        discards[FLIP_THREE] += 1  # the Flip Three played
        return _flips_short(seen, tuple(deck), tuple(discards))
    return _after_flips(seen.nums, seen.mods, seen.chance, tuple(deck), seen.bonus,
                        seen.nested)


def _flips_short(seen: _Seen, deck: tuple, discards: tuple) -> Fraction:
    """The forced Flip Three of ``_forced_flip_three`` for a deck too small for its flips:
    the orders of the deck's card types (Y: neither Freeze nor Flip Three) and those of its
    Y cards are independent. ``_short_flips`` counts the type orders that stop after m Y
    cards (scored by ``_Flips``, as ``_after_flips`` does) and those that draw the whole
    deck and need one more card; those draw every Y card: a bust or a Flip 7 among them
    ends the round (``_Flips`` with all of them), else (``_exhaust_orders``, a Second
    Chance held or not) the discards, with what the flips discarded, become the deck (F9)
    and ``_walk`` goes on from there, one weighted start per way the flips stand."""
    nums, mods, h, bonus, nested = seen.nums, seen.mods, seen.chance, seen.bonus, seen.nested
    f, t = deck[FREEZE], deck[FLIP_THREE]
    y = sum(deck) - f - t
    stops, needs, orders = _short_canon(y, f, t, nested)
    if not needs:
        return _mean_over(stops, orders, _flips(nums, mods, h, deck, bonus))
    run = _run(nums, h, deck)
    ways = sum(paths for _, paths in needs)
    stops = list(stops)
    stops[y] += ways  # the whole deck drawn: a bust or a Flip 7 ends it, as after y cards
    value = _mean_over(stops, orders, _flips(nums, mods, h, deck, bonus))
    if len(run.free) >= run.k:  # every Y card drawn without a bust makes a Flip 7
        return value
    # no bust: every card held; the flips go on from the discards instead
    all_nums = nums
    nxt = list(discards)
    for v in _NUMBER_VALUES:
        if deck[v]:
            all_nums |= 1 << v
            nxt[v] += deck[v] - (0 if nums >> v & 1 else 1)  # the duplicates, discarded
    all_mods = mods
    for b in range(6):
        if deck[13 + b]:
            all_mods |= 1 << b
    dups = run.numbers - len(run.free)
    nxt[SECOND_CHANCE] += dups  # the Second Chances used
    counts = tuple(deck[v] for v in _NUMBER_VALUES)
    banks = _exhaust_orders(counts, nums, h, run.s)
    shuffled = _ORDERS[run.numbers + run.s]
    kept = sum(banks)
    if not kept:
        return value
    value -= Fraction(ways * kept * _score(all_nums, all_mods, bonus), orders * shuffled)
    piles = []
    for bank, n in enumerate(banks):
        if n:
            pile = list(nxt)
            pile[SECOND_CHANCE] += h + run.s - dups - bank  # a surplus one: nobody to take it
            piles.append((bank, n, pile))
    most = max(played for (*_, played), _ in needs)
    if all(sum(pile) >= 3 * (f + t + 3 + pile[FLIP_THREE] + most + 1) for *_, pile in piles):
        # a deck that large after the reshuffle: ``_walk`` would go straight to the formula
        # (however the flips stand: at most f + t queues, three cards set aside), which
        # depends on the play order only: one mean per Second Chance held and Flip Threes
        # played
        by_deck: dict = {}
        for bank, n, pile in piles:
            for (flips, b, bf, a, af, played), paths in needs:
                new = list(pile)
                new[FLIP_THREE] += played
                start = (flips, (*"T" * b, *"F" * bf), ((*"T" * a, *"F" * af),) if a or af
                         else ())
                group = by_deck.setdefault((bank, tuple(new)), {})
                group[start] = group.get(start, 0) + paths * n
        for (bank, new), starts in by_deck.items():
            fn, tn = new[FREEZE], new[FLIP_THREE]
            flow = _flow_phased(sum(new) - fn - tn, fn, tn, nested, starts, False)
            value += _mean_over(flow[0], flow[2] * orders * shuffled,
                                _flips(all_nums, all_mods, bank, new, bonus))
        return value
    stops, needs, orders = _short_flips(y, f, t, nested)  # the walk needs every detail
    starts: dict = {}
    t_one = 1 << 4 * FLIP_THREE
    for bank, n in enumerate(banks):
        if not n:
            continue
        pile = list(nxt)
        pile[SECOND_CHANCE] += h + run.s - dups - bank  # a surplus one: nobody to take it
        code, size = _encode(pile), sum(pile)
        for (flips, aside, queues, played), paths in needs:
            key = ((0, 0, code + played * t_one, size + played, all_nums, all_mods, bank,
                    flips, aside, queues), 0, orders * shuffled)
            starts[key] = starts.get(key, 0) + paths * n
    return value + _walk(all_nums, all_mods, 0, None, None, bonus, nested, False, 0, starts)


@lru_cache(maxsize=1024)
def _short_canon(y: int, f: int, t: int, nested: str) -> tuple:
    """``_short_flips`` with the flips' state as its play order (as ``_tail``): ``needs``
    ((cards to flip, Flip Threes set aside, a Freeze set aside, Flip Threes queued, then a
    Freeze, Flip Threes played), orders): what the formulas after a reshuffle depend on."""
    stops = [0] * (y + 1)
    needs: dict = {}
    frontier = {(0, 0, 0, 3, 0, False, 0, False, 0): 1}
    depth_first = nested == "depth-first"
    while frontier:
        nxt: dict = {}
        for (m, fd, td, flips, b, bf, a, af, played), count in frontier.items():
            if not flips:
                if not a:  # the seat stays, or freezes
                    fl, tl = f - fd, t - td
                    stops[m] += count * comb(fl + tl, fl) * comb(y - m + fl + tl, fl + tl)
                    continue
                a, played, flips = a - 1, played + 1, 3  # a queued Flip Three played
            if m == y and fd == f and td == t:
                key = (flips, b, bf, a, af, played)
                needs[key] = needs.get(key, 0) + count
                continue
            for nm, nfd, ntd, nb, nbf in ((m + 1, fd, td, b, bf), (m, fd + 1, td, b, True),
                                          (m, fd, td + 1, b + (not bf), bf)):
                if nm > y or nfd > f or ntd > t:
                    continue
                if flips > 1:
                    child = (nm, nfd, ntd, flips - 1, nb, nbf, a, af, played)
                elif depth_first:  # what was set aside goes on top of the queues
                    child = (nm, nfd, ntd, 0, 0, False,
                             *((nb, True) if nbf else (a + nb, af)), played)
                else:  # shared-queue: at the end of the queue
                    child = (nm, nfd, ntd, 0, 0, False,
                             *((a, True) if af else (a + nb, nbf)), played)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(stops), tuple(needs.items()), comb(y + f + t, f + t) * comb(f + t, f)


@lru_cache(maxsize=1024)
def _short_flips(y: int, f: int, t: int, nested: str) -> tuple:
    """A forced Flip Three (three cards to flip, then the seat stays) from a deck of ``y``
    cards that are neither Freeze nor Flip Three (Y), ``f`` Freezes and ``t`` Flip Threes,
    which may run out: ``(stops, needs, orders)`` over the ``orders`` of the card types,
    ``stops[m]`` those that stop after m Y cards with the deck big enough, ``needs``
    {(cards to flip, set aside, queues, Flip Threes played from the queues): orders} those
    that draw the whole deck and need one more card (the queued cards played up to then,
    as ``_walk`` does: a queued Freeze stops)."""
    stops = [0] * (y + 1)
    needs: dict = {}
    frontier = {(0, 0, 0, 3, (), (), 0): 1}
    while frontier:
        nxt: dict = {}
        for (m, fd, td, flips, aside, queues, played), count in frontier.items():
            stopped = False
            while not flips:
                if not queues or queues[-1][0] == FREEZE:  # the seat stays, or freezes
                    stopped = True
                    break
                top = queues[-1]
                played += 1
                flips, aside = 3, ()
                queues = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
            if stopped:
                fl, tl = f - fd, t - td
                stops[m] += count * comb(fl + tl, fl) * comb(y - m + fl + tl, fl + tl)
                continue
            if m == y and fd == f and td == t:
                key = (flips, aside, queues, played)
                needs[key] = needs.get(key, 0) + count
                continue
            for kind, left in ((0, y - m), (FREEZE, f - fd), (FLIP_THREE, t - td)):
                if not left:
                    continue
                put = aside if not kind else (*aside, kind)
                nm, nfd, ntd = m + (not kind), fd + (kind == FREEZE), td + (kind == FLIP_THREE)
                if flips == 1:
                    child = (nm, nfd, ntd, 0, (), _queued(queues, put, nested), played)
                else:
                    child = (nm, nfd, ntd, flips - 1, put, queues, played)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(stops), tuple(needs.items()), comb(y + f + t, f + t) * comb(f + t, f)


@lru_cache(maxsize=4096)
def _after_flips(nums, mods, h, deck, bonus, nested) -> Fraction:
    f, t = deck[FREEZE], deck[FLIP_THREE]
    y = sum(deck) - f - t
    stops, _, total = _flow(y, f, t, 3, nested)
    return _mean_over(stops, total, _flips(nums, mods, h, deck, bonus))


_SHUFFLES = 8  # reshuffles followed in one run: a deck of only duplicates and Second
# Chances could go round for ever (the model counts no Flip 7 after that many)


def _walk(nums, mods, h, deck, discards, bonus, nested, flip7: bool, flips: int,
          starts: dict | None = None) -> Fraction:
    """The seat alone, card by card, as the engine plays it, for a deck small enough to
    run out: when it does, the discards (with the cards discarded meanwhile) become the
    deck (F9). Starting with ``flips`` cards of a forced Flip Three to flip (0: hitting).
    With ``flip7`` False: the expected score once the Flip Three and all it set off are
    done (the seat then stays); with ``flip7`` True: P(Flip 7) hitting on until a bust, a
    Flip 7 or a Freeze, handing over to ``_flip7`` whenever the seat is hitting and its
    formula is exact (no Freeze or Flip Three left, or a deck that cannot run out).
    ``starts``: the first states instead, as in the loop, {(state, reshuffles, den):
    weight}.

    Forward, one card drawn at a time: each state holds the integer weight of the ways to
    reach it (the product of the copies drawn), over the product of the deck sizes drawn
    from (its denominator, part of the state's key); a state that ends (a bust, a Flip 7,
    a Freeze, the formulas) adds its weight times its value. So the only Fractions are
    one per distinct denominator and one per formula state."""

    def end(nums, mods):
        if flip7:
            return 1 if nums.bit_count() == 7 else 0
        return _score(nums, mods, bonus)

    whole: dict = {}  # {denominator: Σ weight · value} of the states with a whole value
    formula: dict = {}  # {(nums, mods, bank, deck, flips, aside, queues): {den: weight}}
    handed: dict = {}  # {(nums, bank, pile, after, shuffles): {den: weight}}: _flip7 goes on
    runs_out: dict = {}  # {(nums, bank, pile code): _Run(…).can_run_out()}

    def at(into, key, den, weight):
        by_den = into.get(key)
        if by_den is None:
            into[key] = {den: weight}
        else:
            by_den[den] = by_den.get(den, 0) + weight

    def can_run_out(nums, bank, code):
        key = (nums, bank, code)
        out = runs_out.get(key)
        if out is None:
            out = runs_out[key] = _run(nums, bank, _decode(code)).can_run_out()
        return out

    # A pile is coded as an int, 4 bits a kind (no pile has 16 cards of a kind).
    t_one, f_shift, t_shift = 1 << 4 * FLIP_THREE, 4 * FREEZE, 4 * FLIP_THREE
    sc_one = 1 << 4 * SECOND_CHANCE
    frontier = starts or {((_encode(deck), sum(deck), _encode(discards), sum(discards), nums,
                            mods, h, flips, (), ()), 0, 1): 1}
    while frontier:
        nxt: dict = {}
        for (state, shuffles, den), weight in frontier.items():
            deck, size, discards, dsize, nums, mods, bank, flips, aside, queues = state
            # the steps without a card: queued actions played, the ends, the formulas
            value = None
            while True:
                if not flips:
                    if queues:
                        top = queues[-1]
                        rest = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
                        if top[0] == FREEZE:  # the seat freezes itself: it banks its score
                            value = 0 if flip7 else end(nums, mods)
                            break
                        discards += t_one
                        dsize += 1
                        flips, aside, queues = 3, (), rest
                        continue
                    if not flip7:
                        value = end(nums, mods)
                        break
                    pile, after = (deck, discards) if size else (discards, 0)
                    if not (size or dsize):
                        value = 0  # no card anywhere: the round ends
                        break
                    if not (pile >> f_shift & 15 or pile >> t_shift & 15) or \
                            not can_run_out(nums, bank, pile):
                        at(handed, (nums, bank, pile, after, shuffles), den, weight)
                        break
                if size >= 3 * (len(queues) + len(aside) + (deck >> t_shift & 15) + 1) and (
                        not flip7 or not can_run_out(nums, bank, deck)):
                    # the deck cannot run out before the flips are done: the formulas
                    at(formula, (nums, mods, bank, deck, flips, aside, queues), den, weight)
                    break
                if not size:
                    if not dsize or shuffles >= _SHUFFLES:  # no card anywhere: it ends
                        value = end(nums, mods) if not flip7 else 0
                        break
                    deck, discards, size, dsize = discards, 0, dsize, 0
                    shuffles += 1
                    continue  # the new deck may be large enough for the formulas
                value = False  # a card is drawn
                break
            if value is None:
                continue
            if value is not False:
                if value:
                    whole[den] = whole.get(den, 0) + weight * value
                continue
            below = den * size
            code, kind = deck, -1
            while code:
                kind += 1
                c = code & 15
                code >>= 4
                if not c:
                    continue
                left = deck - (1 << 4 * kind)
                nxt_nums, nxt_mods, nxt_bank, nxt_disc, nxt_dsize, put = \
                    nums, mods, bank, discards, dsize, aside
                if kind <= 12:
                    if nums >> kind & 1:
                        if not bank:
                            continue  # a bust scores 0
                        nxt_bank = 0
                        nxt_disc = discards + (1 << 4 * kind) + sc_one
                        nxt_dsize = dsize + 2
                    else:
                        nxt_nums = nums | 1 << kind
                        if nxt_nums.bit_count() == 7:  # a Flip 7 ends the round at once
                            won = end(nxt_nums, mods)
                            whole[below] = whole.get(below, 0) + weight * c * won
                            continue
                elif kind <= 18:
                    if not flip7:  # a modifier changes the score, never the Flip 7
                        nxt_mods = mods | 1 << (kind - 13)
                elif kind == SECOND_CHANCE:
                    if bank:  # a surplus one: nobody else is active to take it
                        nxt_disc = discards + sc_one
                        nxt_dsize = dsize + 1
                    nxt_bank = 1
                elif flips:
                    # for the Flip 7, what is set aside after a Freeze never matters: the
                    # Freeze ends the run first
                    put = aside if flip7 and FREEZE in aside else (*aside, kind)
                elif kind == FREEZE:  # on a hit: the seat must freeze itself
                    continue  # no Flip 7 (and flip7 is True here: hitting)
                else:  # a Flip Three on a hit: forced on the seat
                    key = ((left, size - 1, discards + t_one, dsize + 1, nums, mods, bank, 3,
                            (), ()), shuffles, below)
                    nxt[key] = nxt.get(key, 0) + weight * c
                    continue
                if flips == 1:
                    queued = _queued(queues, put, nested)
                    child = (left, size - 1, nxt_disc, nxt_dsize, nxt_nums, nxt_mods, nxt_bank,
                             0, (), _first_freeze(queued) if flip7 else queued)
                elif flips:
                    child = (left, size - 1, nxt_disc, nxt_dsize, nxt_nums, nxt_mods, nxt_bank,
                             flips - 1, put, queues)
                else:
                    child = (left, size - 1, nxt_disc, nxt_dsize, nxt_nums, nxt_mods, nxt_bank,
                             0, put, queues)
                key = (child, shuffles, below)
                nxt[key] = nxt.get(key, 0) + weight * c
        frontier = nxt

    total = sum((Fraction(num, den) for den, num in whole.items()), Fraction(0))
    for (nums, bank, pile, after, shuffles), by_den in handed.items():
        # the reshuffles so far go on counting (else a run could go round for ever)
        total += _share(by_den) * _flip7(nums, bank, _decode(pile), _decode(after), True,
                                         nested, shuffles)
    return _formula_total(total, formula, flip7, nested, bonus)


def _formula_total(total: Fraction, formula: dict, flip7: bool, nested: str,
                   bonus: int) -> Fraction:
    """``total`` plus the states ``_walk`` handed to the formulas, {(nums, mods, bank, deck,
    flips, aside, queues): {denominator: weight}} (the deck cannot run out before their
    flips are done): P(Flip 7) with ``flip7``, else the expected score once the flips are
    done."""
    letters = {FREEZE: "F", FLIP_THREE: "T"}
    # the formula states by deck and holding: for the Flip 7, one weighted flow from all
    # their starts (a flow is linear in where it starts), then one ``_reach_of``
    groups: dict = {}
    for (nums, mods, bank, deck, flips, aside, queues), by_den in formula.items():
        start = (flips, tuple(letters[k] for k in aside),
                 tuple(tuple(letters[k] for k in q) for q in queues))
        groups.setdefault((nums, mods, bank, deck), []).append((start, _share(by_den)))
    for (nums, mods, bank, code), shares in groups.items():
        deck = _decode(code)
        f, t = deck[FREEZE], deck[FLIP_THREE]
        if flip7:
            run = _run(nums, bank, deck)
            if run.k <= 0:
                total += sum((share for _, share in shares), Fraction(0))
                continue
            x = run.total
            o = sum(deck) - x - f - t
            if len(shares) == 1:
                (start, share), = shares
                total += share * run.chance(*_reach(x, o, f, t, nested, run.ends(), start))
                continue
            scale = 1
            for _, share in shares:
                scale = lcm(scale, share.denominator)
            weights: dict = {}
            for start, share in shares:
                weights[start] = weights.get(start, 0) + share.numerator * (scale //
                                                                           share.denominator)
            if max(weights.values()).bit_length() <= 64:  # one flow from all the starts
                flow = _flow_mixed(x + o, f, t, nested, weights,
                                   o + max(run.ends(), default=0) + 1)
            else:  # their flows, cached, summed
                stops, never = [0] * (x + o + 1), 0
                for (flips, aside, queues), weight in weights.items():
                    one, one_never, orders = _flow(x + o, f, t, flips, nested, aside, queues,
                                                   True)
                    stops = list(map(add, stops, map(mul, one, repeat(weight))))
                    never += weight * one_never
                flow = (stops, never, orders)
            nums_by_length, base = _reach_of(x, o, run.ends(), flow)
            total += run.chance(nums_by_length, base * scale)
            continue
        # the starts' stops weighted by their shares over one denominator, then one mean
        # (the score after m cards is the same whatever the start)
        scale = 1
        for _, share in shares:
            scale = lcm(scale, share.denominator)
        weighted: list = []
        for (flips, aside, queues), share in shares:
            stops, _, orders = _flow(sum(deck) - f - t, f, t, flips, nested, aside, queues,
                                     False)
            part = map(mul, stops, repeat(share.numerator * (scale // share.denominator)))
            weighted = list(map(add, weighted, part)) if weighted else list(part)
        total += _mean_over(weighted, orders * scale, _flips(nums, mods, bank, deck, bonus))
    return total


def _encode(pile: tuple) -> int:
    """A pile of counts by kind as an int, 4 bits a kind (kind 0 lowest)."""
    code = 0
    for kind in range(KINDS - 1, -1, -1):
        code = code << 4 | pile[kind]
    return code


@lru_cache(maxsize=4096)
def _decode(code: int) -> tuple:
    """The pile of ``_encode``."""
    return tuple(code >> 4 * kind & 15 for kind in range(KINDS))


def _share(by_den: dict) -> Fraction:
    """Σ weight/denominator over {denominator: weight}."""
    num, den = 0, 1
    for d, w in by_den.items():
        num, den = num * d + w * den, den * d
    return Fraction(num, den)
