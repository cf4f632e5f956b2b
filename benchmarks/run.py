"""Speed figures, printed one per line as ``name: value unit``.

    python benchmarks/run.py sevens
    python benchmarks/run.py flip7

Plays seeded rounds through the public engine API only: deal with ``new_game``,
then ``legal_moves`` and ``play`` until the round is over.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from doublesept import CHANCE, flip7, sevens
from doublesept.core.registry import game_name
from doublesept.errors import DoubleseptError


def bench_sevens(seconds: float) -> list[tuple[str, float, str]]:
    """Random rounds under the base rules and each preset, then the computer players. The
    ``rounds_per_s`` and ``_s`` figures are wall-clock time; the ``cpu_`` figures count only
    this process's CPU time, so the other processes of a shared machine weigh less
    (``sevens.load_average`` is the 1-minute load when the run starts)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    pick = random.Random(2026).random  # cheaper than randrange, so the engine dominates
    rounds = moves = 0
    seed = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = sevens.new_game(4, seed=seed, rounds=1)
        seed += 1
        while not state.is_round_over:
            options = state.legal_moves()
            state = state.play(options[int(pick() * len(options))])
            moves += 1
        rounds += 1
        if rounds % 100 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return [
        ("sevens.load_average", load, "processes"),
        ("sevens.random_rounds_per_s", rounds / elapsed, "rounds/s"),
        ("sevens.cpu_random_rounds_per_s", rounds / cpu, "rounds/s"),
        ("sevens.moves_per_s", moves / elapsed, "moves/s"),
        ("sevens.moves_per_round", moves / rounds, "moves"),
        *(line for preset in sevens.PRESETS
          for line in bench_sevens_preset(preset, seconds / len(sevens.PRESETS))),
        *bench_sevens_players(),
    ]


def bench_sevens_players(rounds: int = 10_000, hard_rounds: int = 40) -> list:
    """``sevens.medium_10k_rounds_s``: the time for 10,000 seeded 4-player rounds between
    medium computer players (``computer_move``: each builds its seat's observation).
    ``sevens.hard_move_ms``: the median time of a hard decision (two legal moves or more; a
    forced move is played without asking), one hard seat rotated against three medium in
    seeded rounds; ``sevens.hard_search_ms``: the median of the decisions that searched
    (the hands hold 24 cards or fewer). benchmarks/sevens_opponents.py has the win rates."""
    from doublesept.sevens.players import SEARCH_CARDS, computer_move

    cpu = time.process_time()
    start = time.perf_counter()
    for seed in range(rounds):
        state = sevens.new_game(4, seed=seed, rounds=1)
        step = 0
        while not state.is_round_over:
            state = state.play(computer_move(state, "medium", step))
            step += 1
    medium_s = time.perf_counter() - start
    medium_cpu_s = time.process_time() - cpu
    times, searched = [], []
    for seed in range(hard_rounds):
        state = sevens.new_game(4, seed=seed, rounds=1)
        step = 0
        while not state.is_round_over:
            level = "hard" if state.to_move == seed % 4 else "medium"
            choice = len(state.legal_moves()) > 1
            cards = sum(state.hand_sizes())
            began = time.perf_counter()
            move = computer_move(state, level, step)
            if level == "hard" and choice:
                times.append(time.perf_counter() - began)
                if cards <= SEARCH_CARDS:
                    searched.append(times[-1])
            state = state.play(move)
            step += 1
    return [
        ("sevens.medium_10k_rounds_s", medium_s * 10_000 / rounds, "s"),
        ("sevens.cpu_medium_10k_rounds_s", medium_cpu_s * 10_000 / rounds, "s"),
        ("sevens.hard_move_ms", statistics.median(times) * 1000, "ms"),
        ("sevens.hard_search_ms", statistics.median(searched) * 1000, "ms"),
    ]


def bench_sevens_preset(preset: str, seconds: float) -> list[tuple[str, float, str]]:
    """4-player seeded rounds under a preset (issue 8's variants), random legal moves."""
    pick = random.Random(2026).random
    rounds = moves = seed = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = sevens.new_game(4, seed=seed, rounds=1, preset=preset)
        seed += 1
        while not state.is_round_over:
            options = state.legal_moves()
            state = state.play(options[int(pick() * len(options))])
            moves += 1
        rounds += 1
        if rounds % 100 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return [(f"sevens.preset.{preset}.random_rounds_per_s", rounds / elapsed, "rounds/s"),
            (f"sevens.preset.{preset}.cpu_random_rounds_per_s", rounds / cpu, "rounds/s"),
            (f"sevens.preset.{preset}.moves_per_round", moves / rounds, "moves")]


def bench_flip7(seconds: float) -> list[tuple[str, float, str]]:
    """4-player rounds where every player hits until their number sum is 25 or more, then
    stays; any other choice (a target, a Second Chance to give) is the first legal move.
    Rounds follow one another in a game (the deck carries over); a new game starts once
    one is over."""
    draw, hit, stay = flip7.DRAW, flip7.HIT, flip7.STAY
    rounds = moves = 0
    seed = 0
    state = flip7.new_game(4, seed=seed, dealer=0)
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        while not state.is_round_over:
            who = state.to_move
            if who is CHANCE:
                state = state.play(draw)
            else:
                options = state.legal_moves()
                if options[0] is hit:
                    state = state.play(stay if len(options) > 1
                                       and state.number_sum(who) >= 25 else hit)
                else:
                    state = state.play(options[0])
            moves += 1
        rounds += 1
        if state.is_over:
            seed += 1
            state = flip7.new_game(4, seed=seed, dealer=0)
        else:
            state = state.play(draw)  # the first card of the next round
            moves += 1
        if rounds % 100 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return [
        ("flip7.stop25_rounds_per_s", rounds / elapsed, "rounds/s"),
        ("flip7.moves_per_s", moves / elapsed, "moves/s"),
        ("flip7.moves_per_round", moves / rounds, "moves"),
        *bench_flip7_odds(),
    ]


def bench_flip7_odds(positions: int = 600) -> list[tuple[str, float, str]]:
    """``flip7.optimal_policy_s``: ``optimal_policy()`` with its cache cleared.
    ``flip7.exact_odds_ms``: the median time of ``exact_odds`` over the positions where a
    player is offered hit or stay in seeded games (3 to 6 players stopping at a number sum
    of 15 to 40, other choices random), each from that player's observation."""
    flip7.optimal_policy.cache_clear()
    start = time.perf_counter()
    flip7.optimal_policy()
    policy_s = time.perf_counter() - start
    rng = random.Random(2026)
    seen = []
    seed = 0
    while len(seen) < positions:
        state = flip7.new_game(rng.randint(3, 6), seed=seed, dealer=0)
        seed += 1
        stop = rng.choice((15, 20, 25, 30, 40))
        while not state.is_over and len(seen) < positions:
            who = state.to_move
            if who is CHANCE:
                state = state.play(flip7.DRAW)
                continue
            options = state.legal_moves()
            if options[0] is flip7.HIT:
                seen.append((state.observation(who), who))
                state = state.play(flip7.STAY if len(options) > 1
                                   and state.number_sum(who) >= stop else flip7.HIT)
            else:
                state = state.play(rng.choice(options))
    times = []
    for observation, seat in seen:
        start = time.perf_counter()
        flip7.exact_odds(observation, seat)
        times.append(time.perf_counter() - start)
    return [
        ("flip7.optimal_policy_s", policy_s, "s"),
        ("flip7.exact_odds_ms", statistics.median(times) * 1000, "ms"),
        *bench_flip7_odds_worst(),
    ]


def bench_flip7_odds_worst(passes: int = 3) -> list[tuple[str, float, str]]:
    """``flip7.exact_odds_max_ms`` and ``flip7.exact_odds_p99_ms``: the worst and the 99th
    percentile time of ``exact_odds`` (and the worst over the median,
    ``flip7.exact_odds_max_over_median``) over the fixed seeded set of
    ``benchmarks/flip7_positions.py`` (``fixed_set()``: 600 positions of seeded 2-6 player
    games, 300 built ones, most with the seat the only active player and a short deck, and
    the 200 hand-built worst cases: the seat alone with a full deck and every action card,
    or a short deck with Flip Threes to go through a reshuffle). Each position is timed
    once a pass, in order (the caches warm from the positions before it, as in a game),
    the garbage collector off as ``timeit`` does, by this process's CPU time
    (``time.process_time``: other processes on a shared machine slow it less than the wall
    clock); every pass starts with empty caches and a position keeps its best pass."""
    import gc

    from flip7_positions import fixed_set

    from doublesept.flip7 import odds

    positions = fixed_set()
    best = [float("inf")] * len(positions)
    for _ in range(passes):
        odds._clear_caches()
        gc.collect()
        gc.disable()
        try:
            for i, (observation, seat) in enumerate(positions):
                start = time.process_time()
                flip7.exact_odds(observation, seat)
                best[i] = min(best[i], time.process_time() - start)
        finally:
            gc.enable()
    ordered = sorted(best)
    return [
        ("flip7.exact_odds_p99_ms", ordered[int(0.99 * len(ordered))] * 1000, "ms"),
        ("flip7.exact_odds_max_ms", ordered[-1] * 1000, "ms"),
        # the same set's worst over its median: less sensitive to a busy machine
        ("flip7.exact_odds_max_over_median", ordered[-1] / statistics.median(ordered), "x"),
    ]


def bench_double_seven(seconds: float) -> list[tuple[str, float, str]]:
    """Random 4-player Double Seven games through the public API: ``legal_moves`` and
    ``play``, each move chosen uniformly (chance steps resolved by their request word),
    from the deal to the end. Uniform choices make long turns (exchanges, one-tile
    expansions): about 770 moves a game. As for Sevens, the ``cpu_`` figure counts only
    this process's CPU time and ``double_seven.load_average`` is the 1-minute load when the
    run starts, so a reader can tell a busy machine from a slow engine."""
    from doublesept import double_seven

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    pick = random.Random(2026).random
    games = moves = 0
    seed = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = double_seven.new_game(4, seed=seed)
        seed += 1
        while state.to_move is not None:
            options = state.legal_moves()
            state = state.play(options[int(pick() * len(options))])
            moves += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return [
        ("double_seven.load_average", load, "processes"),
        ("double_seven.random_games_per_s", games / elapsed, "games/s"),
        ("double_seven.cpu_random_games_per_s", games / cpu, "games/s"),
        ("double_seven.moves_per_s", moves / elapsed, "moves/s"),
        ("double_seven.moves_per_game", moves / games, "moves"),
        *bench_double_seven_players(),
    ]


def bench_double_seven_players(games: int = 100) -> list:
    """``double_seven.strategy_100_games_s``: the time for 100 seeded 4-player games between
    strategy computer players (``computer_move``: each builds its seat's observation).
    benchmarks/double_seven_players.py has the win rates."""
    from doublesept import double_seven
    from doublesept.double_seven.players import computer_move

    start = time.perf_counter()
    for seed in range(games):
        state = double_seven.new_game(4, seed=seed)
        while state.to_move is not None:
            state = state.play(state.legal_moves()[0] if state.to_move is CHANCE
                               else computer_move(state, "strategy", seed))
    return [("double_seven.strategy_100_games_s", (time.perf_counter() - start) * 100 / games,
             "s")]


BENCHES = {"sevens": bench_sevens, "flip7": bench_flip7, "doubleseven": bench_double_seven}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"games to measure (default: all of "
                        f"{', '.join(sorted(BENCHES))})")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    args = parser.parse_args(argv)
    try:  # any spelling the engine reads: double-seven, double7, Sevens...
        games = [game_name(game) for game in args.games]
    except DoubleseptError as error:
        parser.error(f"{error} (choose from {', '.join(sorted(BENCHES))})")
    for game in games or sorted(BENCHES):
        for name, value, unit in BENCHES[game](args.seconds):
            print(f"{name}: {value:.0f} {unit}" if value >= 100 else f"{name}: {value:.1f} {unit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
