"""How often Double Seven's strategy level beats the others, over seeded 4-player games.

    .venv/bin/python benchmarks/double_seven_players.py              # 200 deals, 2 processes
    .venv/bin/python benchmarks/double_seven_players.py --deals 50 --jobs 1

Each series puts one strategy player at a table of four against other levels: three
greedy, three random, then greedy, random and greedy. Every deal (a seed) is played four
times, the strategy seat rotated round the table, so each seat and each deal counts the
same for it. A game the strategy player wins alone or shares (ruling D12) is a win; an
even share is 25%. For each series it prints the games, the wins, the win rate with its
Wilson interval (``--confidence``, from ``scipy.stats.binomtest(...).proportion_ci``), the
p-value of "no better than 25%", the mean scores, and how often the strategy player took
the '77'. Then the time for ``--timed`` (100) games between four strategy players, in one
process: ``benchmarks/run.py doubleseven`` prints the same figure. The same seeds give the
same tables.

Measured with the defaults (seeds 2026-2225, 2,400 games, 41 s on the shared 2-core
development machine, 2026-11-30): strategy won 342 of 800 games against three greedy
players (42.8%, 95% interval 39.4-46.2%; mean score 21.94 against 20.80; it took the '77'
in 52%), 800 of 800 against three random players (28.24 against 12.99), and 421 of 800
against greedy, random and greedy (52.6%, 49.2-56.1%). 100 games between strategy players:
2.0 s. (The random level's choices are seeded with what it sees less the events' words,
since 2026-11-30; the figures before that were 28.25 and 429 of 800, 53.6%.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import NamedTuple

from scipy.stats import binomtest
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doublesept import CHANCE, double_seven  # after the path is set
from doublesept.double_seven.players import computer_move

SERIES = {
    "vs 3 greedy": ("greedy", "greedy", "greedy"),
    "vs 3 random": ("random", "random", "random"),
    "vs greedy, random, greedy": ("greedy", "random", "greedy"),
}
EVEN = 0.25  # one seat in four


class Result(NamedTuple):
    series: str
    seat: int  # the strategy player's seat
    won: bool
    shared: bool
    scores: tuple
    levels: tuple
    took_77: bool


def play(state, levels, rng_seed: int):
    """Play ``state`` to the end, seat p played by the computer level ``levels[p]``; chance
    steps are resolved by their request word (the generator seeded by the game's seed)."""
    while state.to_move is not None:
        if state.to_move is CHANCE:
            state = state.play(state.legal_moves()[0])
        else:
            state = state.play(computer_move(state, levels[state.to_move], rng_seed))
    return state


def play_one(task) -> Result:
    series, seed, seat = task
    others = list(SERIES[series])
    levels = tuple(others[:seat] + ["strategy"] + others[seat:])
    end = play(double_seven.new_game(4, seed=seed), levels, seed)
    winners = end.winners
    return Result(series, seat, seat in winners, seat in winners and len(winners) > 1,
                  tuple(end.scores), levels, end.observation(None)["double_seven"] == seat)


def strategy_games_seconds(games: int = 100, first_seed: int = 0) -> float:
    """Wall time of ``games`` seeded 4-player games between strategy players."""
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        play(double_seven.new_game(4, seed=seed), ("strategy",) * 4, seed)
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="seeds a series (each played "
                        "4 times, the strategy seat rotated)")
    parser.add_argument("--seed", type=int, default=2026, help="the first seed")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.add_argument("--timed", type=int, default=100, help="games between strategy "
                        "players to time (0: none)")
    args = parser.parse_args(argv)
    tasks = [(series, args.seed + deal, seat) for series in SERIES
             for deal in range(args.deals) for seat in range(4)]
    results = []
    began = time.perf_counter()
    with tqdm(total=len(tasks), desc="Double Seven games", unit="game", file=sys.stderr) as bar:
        if args.jobs == 1:
            for task in tasks:
                results.append(play_one(task))
                bar.update(1)
        else:
            with multiprocessing.Pool(args.jobs) as pool:
                for result in pool.imap_unordered(play_one, tasks, chunksize=8):
                    results.append(result)
                    bar.update(1)
    print(f"{len(results)} games of 4 players in {time.perf_counter() - began:.0f} s "
          f"({args.jobs} processes), seeds {args.seed} to {args.seed + args.deals - 1}, each "
          "deal played with the strategy seat rotated")
    level = f"{args.confidence:.0%}"
    print(f"{'series':<27}{'games':>6}{'wins':>6}{'shared':>7}{'win rate':>10}  {level} "
          f"interval   p (>25%)  mean score: strategy / others  '77'")
    for series in SERIES:
        rows = [r for r in results if r.series == series]
        wins = sum(r.won for r in rows)
        low, high = binomtest(wins, len(rows), EVEN).proportion_ci(
            confidence_level=args.confidence, method="wilson")
        test = binomtest(wins, len(rows), EVEN, alternative="greater")
        mine = sum(r.scores[r.seat] for r in rows) / len(rows)
        theirs = sum(sum(r.scores) - r.scores[r.seat] for r in rows) / (3 * len(rows))
        took = sum(r.took_77 for r in rows)
        print(f"{series:<27}{len(rows):>6}{wins:>6}{sum(r.shared for r in rows):>7}"
              f"{wins / len(rows):>10.1%}  {low:.1%}-{high:.1%}  {test.pvalue:>9.2g}  "
              f"{mine:>10.2f} / {theirs:.2f}  {took / len(rows):.0%}")
    if args.timed:
        seconds = strategy_games_seconds(args.timed)
        print(f"double_seven.strategy_{args.timed}_games_s: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
