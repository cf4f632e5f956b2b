"""Positions for timing ``flip7.exact_odds``: seeded, so a set is the same on every run.

- ``game_positions``: observations of the seat offered hit or stay in seeded games (2 to 6
  players, each stopping at its own number sum, other choices random), over whole games,
  so the deck runs low and is reshuffled.
- ``built_positions``: observations written directly (only ``exact_odds`` reads them):
  the seat the only active player, a short deck, Freeze and Flip Three heavy, a reshuffle
  pending, and full decks with every action card still in them.
- ``fixed_set()``: the set ``benchmarks/run.py`` times for ``flip7.exact_odds_max_ms``.

    python benchmarks/flip7_positions.py [--games N] [--built N] [--top K]

prints the median, p99 and max time of ``exact_odds`` over a search and the worst
positions found.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from doublesept import CHANCE, flip7
from doublesept.flip7.rules import COPIES, FLIP_THREE, FREEZE, KINDS, NAMES_EN

NESTED = ("depth-first", "shared-queue")


def game_positions(count: int, seed: int = 2026) -> list:
    """[(observation, seat)] at the hit-or-stay decisions of seeded games."""
    rng = random.Random(seed)
    out = []
    game = 0
    warnings.simplefilter("ignore")  # two players: ruling F12's warning
    while len(out) < count:
        state = flip7.new_game(rng.randint(2, 6), seed=seed * 1000 + game, dealer=0,
                               nested_actions=rng.choice(NESTED))
        game += 1
        stops = [rng.choice((10, 15, 20, 25, 30, 40, 60, 200)) for _ in range(6)]
        while not state.is_over and len(out) < count:
            who = state.to_move
            if who is CHANCE:
                state = state.play(flip7.DRAW)
                continue
            options = state.legal_moves()
            if options[0] is flip7.HIT:
                out.append((state.observation(who), who))
                state = state.play(flip7.STAY if len(options) > 1
                                   and state.number_sum(who) >= stops[who] else flip7.HIT)
            else:
                state = state.play(rng.choice(options))
    return out


def observation(mine: dict, others: list, deck: list, discards: list, *,
                nested: str = "depth-first", bonus: int = 15) -> dict:
    """An observation with the seat 0's line ``mine`` (numbers: list of ints, modifiers:
    list of kinds, second_chance: bool), other lines (same, with a status), and the deck and
    discards as counts per kind (22 ints)."""
    def line(spec, status):
        return {"numbers": [NAMES_EN[v] for v in spec.get("numbers", ())],
                "modifiers": [NAMES_EN[k] for k in spec.get("modifiers", ())],
                "second_chance": bool(spec.get("second_chance")),
                "status": spec.get("status", status)}

    def pile(counts):
        return {NAMES_EN[k]: c for k, c in enumerate(counts) if c}

    return {"lines": [line(mine, "active")] + [line(o, "stayed") for o in others],
            "deck": pile(deck), "deck_size": sum(deck), "discards": pile(discards),
            "set_aside": [], "turn": 0,
            "rules": {"flip7_bonus": bonus, "nested_actions": nested}}


def _split(rng, deck_size: int, hold: int, action_bias: float, alone: bool, nested: str):
    """One built position: the seat holds ``hold`` numbers (maybe a Second Chance and
    modifiers), a deck of ``deck_size`` cards drawn from what is left (action cards
    favoured by ``action_bias``), the rest in the discards or in front of a stayed
    player."""
    left = list(COPIES)
    nums = rng.sample(range(13), hold)
    for v in nums:
        left[v] -= 1
    mods = [k for k in range(13, 19) if rng.random() < 0.25]
    for k in mods:
        left[k] -= 1
    chance = rng.random() < 0.3
    left[21] -= chance
    cards = [k for k in range(KINDS) for _ in range(left[k])]
    rng.shuffle(cards)
    weights = [action_bias if k in (FREEZE, FLIP_THREE) else 1.0 for k in cards]
    deck = [0] * KINDS
    chosen = set()
    while len(chosen) < min(deck_size, len(cards)):
        chosen.add(rng.choices(range(len(cards)), weights)[0])
    for i in chosen:
        deck[cards[i]] += 1
    rest = [cards[i] for i in range(len(cards)) if i not in chosen]
    other = {"numbers": [], "status": "stayed" if alone else "active"}
    discards = [0] * KINDS
    for k in rest:
        if k <= 12 and k not in other["numbers"] and rng.random() < 0.3:
            other["numbers"].append(k)
        else:
            discards[k] += 1
    mine = {"numbers": nums, "modifiers": mods, "second_chance": chance}
    return observation(mine, [other], deck, discards, nested=nested)


def built_positions(count: int, seed: int = 7) -> list:
    """[(observation, 0)]: random built positions, most of them with the seat alone."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        size = rng.choice((rng.randint(1, 8), rng.randint(1, 20), rng.randint(1, 94)))
        hold = rng.randint(0, 6)
        out.append((_split(rng, size, hold, rng.choice((1.0, 5.0, 50.0)),
                           rng.random() < 0.85, rng.choice(NESTED)), 0))
    return out


def hard_positions() -> list:
    """[(observation, 0)]: hand-built worst cases."""
    out = []
    full = list(COPIES)
    for nested in NESTED:
        for hold in range(7):
            for chance in (False, True):
                nums = list(range(12, 12 - hold, -1))
                deck = list(full)
                for v in nums:
                    deck[v] -= 1
                deck[21] -= chance
                # a full deck, every action card in it, alone
                out.append((observation({"numbers": nums, "second_chance": chance},
                                        [{"numbers": []}], deck, [0] * KINDS,
                                        nested=nested), 0))
                # small numbers held (the deck has few of them: more duplicates saved)
                small = list(range(hold))
                deck = list(full)
                for v in small:
                    deck[v] -= 1
                deck[21] -= chance
                out.append((observation({"numbers": small, "second_chance": chance},
                                        [{"numbers": []}], deck, [0] * KINDS,
                                        nested=nested), 0))
    # short decks with a Flip Three through a reshuffle
    rng = random.Random(11)
    for nested in NESTED:
        for size in range(1, 13):
            for _ in range(6):
                out.append((_split(rng, size, rng.randint(0, 6), 50.0, True, nested), 0))
    return out


def fixed_set() -> list:
    """The seeded set for ``flip7.exact_odds_max_ms``: game positions, built ones and the
    hand-built worst cases."""
    return game_positions(600) + built_positions(300) + hard_positions()


def time_each(positions, repeat: int = 1, clock=time.process_time) -> list:
    """[seconds]: the best of ``repeat`` calls of ``exact_odds`` on each position, by
    ``clock`` (default: this process's CPU time, which other processes on a shared
    machine slow down less than the wall clock)."""
    times = []
    for obs, seat in positions:
        best = None
        for _ in range(repeat):
            start = clock()
            flip7.exact_odds(obs, seat)
            took = clock() - start
            best = took if best is None else min(best, took)
        times.append(best)
    return times


def summary(times) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    med = statistics.median(ordered)
    return (f"n={len(ordered)} median {med * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms, "
            f"max {ordered[-1] * 1000:.3f} ms (max/median {ordered[-1] / med:.1f})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--built", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    groups = {"games": game_positions(args.games, args.seed),
              "built": built_positions(args.built, args.seed + 100),
              "hard": hard_positions()}
    time_each(game_positions(200, 99))  # warm the shared caches on other positions
    worst = []
    for name, positions in groups.items():
        times = time_each(positions, args.repeat)
        print(f"{name}: {summary(times)}")
        worst += [(t, name, i) for i, t in enumerate(times)]
    print(f"all: {summary([w[0] for w in worst])}")
    for t, name, i in sorted(worst, reverse=True)[:args.top]:
        obs, seat = groups[name][i]
        mine = obs["lines"][seat]
        alone = sum(line["status"] == "active" for line in obs["lines"]) == 1
        print(f"{t * 1000:8.3f} ms {name}[{i}] alone={alone} deck={obs['deck_size']} "
              f"numbers={mine['numbers']} sc={mine['second_chance']} "
              f"F={obs['deck'].get('Freeze', 0)} T={obs['deck'].get('Flip Three', 0)} "
              f"disc={sum(obs['discards'].values())} {obs['rules'].get('nested_actions')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
