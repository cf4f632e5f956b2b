"""The faster ``flip7.exact_odds`` gives exactly the Fractions of the code before it
(tests/fixtures/flip7_odds_before.py, a frozen copy), on seeded positions: the seat offered
hit or stay in seeded games, built positions (the seat alone, short decks, Freeze and Flip
Three heavy, a reshuffle pending) and the hand-built worst cases of
benchmarks/flip7_positions.py. Speed is measured by benchmarks/run.py, never here.
"""

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from doublesept.flip7 import exact_odds

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


before = _load("flip7_odds_before", ROOT / "tests" / "fixtures" / "flip7_odds_before.py")
positions = _load("flip7_positions", ROOT / "benchmarks" / "flip7_positions.py")


def _same(obs, seat, **bonus):
    new = exact_odds(obs, seat, **bonus)
    old = before.exact_odds(obs, seat, **bonus)
    assert (new.bust, new.stay, new.hit, new.flip7, new.cards_left) == \
        (old.bust, old.stay, old.hit, old.flip7, old.cards_left)


@pytest.mark.parametrize("seed", [3, 4])
def test_flip7_odds_speedup_same_fractions_in_seeded_games(seed):
    for obs, seat in positions.game_positions(400, seed):
        _same(obs, seat)


@pytest.mark.parametrize("seed", [5, 6])
def test_flip7_odds_speedup_same_fractions_on_built_positions(seed):
    for obs, seat in positions.built_positions(150, seed):
        _same(obs, seat)


def test_flip7_odds_speedup_same_fractions_on_the_worst_cases():
    # the 56 full decks with every action card, and one in 6 of the 144 short decks (the
    # old code takes up to a few tenths of a second on each of those)
    hard = positions.hard_positions()
    for obs, seat in hard[:56] + hard[56::6]:
        _same(obs, seat)


def test_flip7_odds_speedup_same_fractions_with_another_bonus():
    for obs, seat in positions.built_positions(40, 8):
        _same(obs, seat, bonus=40)


def test_flip7_odds_speedup_same_fractions_on_short_decks_alone_with_a_reshuffle():
    # the slow class of issue 7: the seat alone, a deck of 1 to 12 cards holding a Flip
    # Three, about 70 discards to reshuffle (the forced Flip Three by card types,
    # _short_flips, and the Flip 7 run out, _action_paths); other positions than above
    hard = positions.hard_positions()
    for obs, seat in hard[59::6]:
        _same(obs, seat)


def _starts(rng):
    flips = rng.choice((0, 1, 2, 3))
    aside = tuple(rng.choice("FT") for _ in range(rng.randint(0, 2))) if flips else ()
    queues = tuple(tuple(rng.choice("FT") for _ in range(rng.randint(1, 2)))
                   for _ in range(rng.randint(0, 2)))
    return flips, aside, queues


def test_flip7_odds_speedup_phased_flows_equal_the_frozen_flows():
    # _flow_phased (a Flip Three's flips by card-type paths, _tail) and the Flip 7's reach
    # on the first slots only give the frozen _flow and _reach, whenever they apply
    import random

    from doublesept.flip7 import odds

    rng = random.Random(7)
    checked = 0
    while checked < 400:
        y, f, t = rng.randint(0, 60), rng.randint(0, 3), rng.randint(0, 3)
        nested = rng.choice(("depth-first", "shared-queue"))
        start = _starts(rng)
        if not odds._phased(y, f, t, nested, *start):
            continue
        checked += 1
        hitting = start == (0, (), ()) or rng.random() < 0.5
        old = before._flow(y, f, t, *start[:1], nested, *start[1:], hitting)
        new = odds._flow_phased(y, f, t, nested, {start: 1}, hitting)
        assert (tuple(new[0]), *new[1:]) == (tuple(old[0]), *old[1:])
        x = rng.randint(0, y)
        lengths = tuple(sorted(rng.sample(range(1, x + 1), min(x, 3))))
        want = before._reach(x, y - x, f, t, nested, lengths, start)
        nums, base = odds._reach_cached(x, y - x, f, t, nested, lengths, start)
        assert {length: Fraction(n, base) for length, n in nums.items()} == want


def _action_ends_card_by_card(y, f, t, nested):
    """The orders of _action_ends, one card at a time (the code before _action_paths)."""
    from doublesept.flip7.odds import _first_freeze, _queued
    from doublesept.flip7.rules import FLIP_THREE, FREEZE

    ends: dict = {}
    frontier = {(y, f, t, 0, (), (), 0): 1}
    while frontier:
        nxt: dict = {}
        for (yl, fl, tl, flips, aside, queues, played), weight in frontier.items():
            if not (yl or fl or tl):
                key = (flips, aside, queues, played)
                ends[key] = ends.get(key, 0) + weight
                continue
            while not flips and queues and queues[-1][0] != FREEZE:
                top = queues[-1]
                played += 1
                flips, aside = 3, ()
                queues = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
            if not flips and queues:
                continue  # a queued Freeze: no Flip 7
            for kind, c in ((0, yl), (FREEZE, fl), (FLIP_THREE, tl)):
                if not c:
                    continue
                left = (yl - (kind == 0), fl - (kind == FREEZE), tl - (kind == FLIP_THREE))
                if not flips:
                    if kind == FREEZE:
                        continue
                    child = (*left, 0, (), (), played) if not kind else \
                        (*left, 3, (), (), played + 1)
                else:
                    put = aside if not kind or FREEZE in aside else (*aside, kind)
                    if flips == 1:
                        child = (*left, 0, (), _first_freeze(_queued(queues, put, nested)),
                                 played)
                    else:
                        child = (*left, flips - 1, put, queues, played)
                nxt[child] = nxt.get(child, 0) + weight * c
        frontier = nxt
    return ends


@pytest.mark.parametrize("nested", ["depth-first", "shared-queue"])
def test_flip7_odds_speedup_action_ends_equal_the_card_by_card_count(nested):
    from doublesept.flip7 import odds

    for y in range(13):
        for f in range(4):
            for t in range(4):
                assert odds._action_ends(y, f, t, nested) == \
                    _action_ends_card_by_card(y, f, t, nested), (y, f, t)


def _few_discards(rng, nested):
    """The seat alone, a deck of a Flip Three and up to 7 cards, at most 25 discards (so
    the deck made from them may be too small for the formulas: the walk goes on)."""
    from doublesept.flip7.rules import COPIES, FLIP_THREE, FREEZE, KINDS, NAMES_EN

    left = list(COPIES)
    nums = rng.sample(range(13), rng.randint(0, 5))
    for v in nums:
        left[v] -= 1
    chance = rng.random() < 0.3
    left[21] -= chance
    cards = [k for k in range(KINDS) for _ in range(left[k])]
    rng.shuffle(cards)
    cards.remove(FLIP_THREE)
    deck = [0] * KINDS
    deck[FLIP_THREE] = 1
    for k in cards[:rng.randint(0, 7)]:
        deck[k] += 1
    discards = [0] * KINDS
    for k in cards[8:8 + rng.randint(0, 25)]:
        discards[k] += 1
    for k in range(KINDS):
        left[k] -= deck[k] + discards[k]
    obs = positions.observation({"numbers": nums, "second_chance": chance},
                                _stayed_with(left), deck, discards, nested=nested)
    obs["set_aside"] = [NAMES_EN[k] for k in (FREEZE, FLIP_THREE) for _ in range(left[k])]
    return obs


def _stayed_with(left: list) -> list:
    """Lines of players who stayed holding the cards ``left`` (counts per kind) but the
    Freezes and Flip Threes (set aside): every card of the 94 is somewhere (flip7.deck),
    and none of them can come to the seat."""
    from doublesept.flip7.rules import SECOND_CHANCE

    lines: list = [{"numbers": []} for _ in range(max(14, left[SECOND_CHANCE], 6))]
    for value in sorted(range(13), key=lambda v: -left[v]):
        for line in sorted(lines, key=lambda line: len(line["numbers"]))[:left[value]]:
            line["numbers"].append(value)
    for k in range(13, 19):
        if left[k]:
            lines[k - 13]["modifiers"] = [k]
    for line in lines[:left[SECOND_CHANCE]]:
        line["second_chance"] = True
    return lines


def test_flip7_odds_speedup_same_fractions_on_short_decks_alone_with_few_discards():
    # _flips_short: the formulas after the reshuffle by play order when the new deck is
    # large, else the walk from every detail of the flips (both are taken here)
    import random

    rng = random.Random(5)
    for _ in range(200):
        _same(_few_discards(rng, rng.choice(positions.NESTED)), 0)
