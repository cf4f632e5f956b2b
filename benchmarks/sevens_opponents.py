"""Sevens computer players over seeded 4-player rounds: win rates with confidence intervals,
and the two speed figures of issue 8.

    .venv/bin/python benchmarks/sevens_opponents.py                  # everything
    .venv/bin/python benchmarks/sevens_opponents.py --rounds 200 --fast-rounds 1000 --jobs 2
    .venv/bin/python benchmarks/sevens_opponents.py --match-rounds 3 # whole matches instead

Series (each round dealt from its own seed, ``--seed`` onwards, so a run replays):

- ``hard vs easy``: two hard seats and two easy ones, alternating round the table (H E H E,
  then E H E H on the next seed): an even contest is 50% for each pair.
- ``<level> vs 3 easy`` for medium and hard, and ``hard vs 3 medium``: one seat of the
  level, rotated round the table, against three of the other; luck alone is 25%.

Each line gives the wins, the rate, its ``--confidence`` (95%) Clopper-Pearson interval
(``scipy.stats.binomtest(...).proportion_ci()``) and the p-value of a one-sided binomial
test against the even share. With ``--match-rounds K``, each game is a K-round match and a
level wins it when every winner (lowest total, ties shared) plays that level; matches
whose winners play different levels are left out (counted as "split").

Speed, printed as ``benchmarks/run.py`` prints its figures (``name: value unit``):

- ``sevens.medium_10k_rounds_s``: the time for ``--medium-rounds`` (10,000) seeded rounds
  between four medium players, in one process (the target is under 20 s), with the CPU
  time beside it (this machine may be shared);
- ``sevens.hard_move_ms``: the median time of a hard decision (two legal moves or more;
  a forced move is played without asking), over the hard vs easy series, with the 90th
  percentile and the median of the decisions that searched (the target is under 50 ms).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

from scipy.stats import binomtest
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doublesept import sevens  # after the path is set
from doublesept.sevens.players import SEARCH_CARDS, computer_move


def play_game(job):
    """Play one seeded game (a round, or a match of ``match_rounds``) with ``levels`` (one
    per seat). Returns (levels, winners, hard decision times in seconds, searched flags)."""
    levels, seed, match_rounds = job
    state = sevens.new_game(4, seed=seed, rounds=max(1, match_rounds))
    times, searched = [], []
    step = 0
    while True:
        while not state.is_round_over:
            seat = state.to_move
            level = levels[seat]
            choice = len(state.legal_moves()) > 1
            cards = sum(state.hand_sizes())
            start = time.perf_counter()
            move = computer_move(state, level, seed * 1000 + step)
            if level == "hard" and choice:
                times.append(time.perf_counter() - start)
                searched.append(cards <= SEARCH_CARDS)
            state = state.play(move)
            step += 1
        if not match_rounds or state.is_over:
            break
        state = state.play("deal")
    winners = state.winners if match_rounds else (state.round_winner,)
    return levels, winners, times, searched


def series(name: str, line_ups, rounds: int, seed: int, match_rounds: int, jobs: int):
    """Play ``rounds`` games, the line-up of game i being ``line_ups[i % len(line_ups)]``."""
    games = [(line_ups[i % len(line_ups)], seed + i, match_rounds) for i in range(rounds)]
    results = []
    with tqdm(total=len(games), desc=name, unit="match" if match_rounds else "round",
              file=sys.stderr) as bar:
        if jobs == 1:
            for game in games:
                results.append(play_game(game))
                bar.update(1)
        else:
            with multiprocessing.Pool(jobs) as pool:
                for result in pool.imap(play_game, games, chunksize=8):
                    results.append(result)
                    bar.update(1)
    return results


def rotations(level: str, others: str):
    return [tuple(level if seat == s else others for seat in range(4)) for s in range(4)]


def report(name: str, level: str, results, even: float, confidence: float) -> None:
    wins = split = 0
    for levels, winners, _, _ in results:
        won_by = {levels[w] for w in winners}
        if len(won_by) > 1:
            split += 1
        elif level in won_by:
            wins += 1
    games = len(results) - split
    ci = binomtest(wins, games).proportion_ci(confidence_level=confidence, method="exact")
    test = binomtest(wins, games, even, alternative="greater")
    extra = f", {split} split" if split else ""
    print(f"{name}: {level} won {wins} of {games}{extra} = {100 * wins / games:.1f}% "
          f"({100 * confidence:.0f}% CI {100 * ci.low:.1f}-{100 * ci.high:.1f}%; even share "
          f"{100 * even:.0f}%, one-sided p = {test.pvalue:.2g})")


def medium_rounds_time(rounds: int, seed: int) -> tuple[float, float]:
    """Wall and CPU seconds for ``rounds`` seeded rounds between four medium players."""
    wall, cpu = time.perf_counter(), time.process_time()
    for i in tqdm(range(rounds), desc="medium x4", unit="round", file=sys.stderr,
                  mininterval=1):
        state = sevens.new_game(4, seed=seed + i, rounds=1)
        step = 0
        while not state.is_round_over:
            state = state.play(computer_move(state, "medium", step))
            step += 1
    return time.perf_counter() - wall, time.process_time() - cpu


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400,
                        help="games of each series with a hard player (default 400)")
    parser.add_argument("--fast-rounds", type=int, default=4000,
                        help="games of the medium vs 3 easy series (default 4000)")
    parser.add_argument("--medium-rounds", type=int, default=10_000,
                        help="rounds timed between four medium players (default 10000)")
    parser.add_argument("--match-rounds", type=int, default=0,
                        help="play matches of this many rounds instead of single rounds")
    parser.add_argument("--seed", type=int, default=20_000, help="first seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the win rates")
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.add_argument("--skip-speed", action="store_true", help="win rates only")
    args = parser.parse_args(argv)
    if args.match_rounds and not sevens.MIN_ROUNDS <= args.match_rounds <= sevens.MAX_ROUNDS:
        parser.error(f"--match-rounds is from {sevens.MIN_ROUNDS} to {sevens.MAX_ROUNDS}")

    seed, conf, match, jobs = args.seed, args.confidence, args.match_rounds, args.jobs
    versus = series("hard vs easy", [("hard", "easy") * 2, ("easy", "hard") * 2], args.rounds,
                    seed, match, jobs)
    medium = series("medium vs 3 easy", rotations("medium", "easy"), args.fast_rounds, seed,
                    match, jobs)
    hard = series("hard vs 3 easy", rotations("hard", "easy"), args.rounds, seed, match, jobs)
    hard_medium = series("hard vs 3 medium", rotations("hard", "medium"), args.rounds, seed,
                         match, jobs)
    print(f"Seeded 4-player {'matches of ' + str(match) + ' rounds' if match else 'rounds'}, "
          f"seeds from {seed}:")
    report("hard vs easy (2 seats each)", "hard", versus, 0.5, conf)
    report("medium vs 3 easy", "medium", medium, 0.25, conf)
    report("hard vs 3 easy", "hard", hard, 0.25, conf)
    report("hard vs 3 medium", "hard", hard_medium, 0.25, conf)

    if not args.skip_speed:
        times = [t for result in versus for t in result[2]]
        searched = [t for result in versus for t, s in zip(result[2], result[3]) if s]
        if jobs > 1:
            print("(hard decision times come from worker processes sharing the CPUs)")
        wall, cpu = medium_rounds_time(args.medium_rounds, seed)
        scale = 10_000 / args.medium_rounds
        print(f"sevens.medium_10k_rounds_s: {wall * scale:.1f} s "
              f"(CPU {cpu * scale:.1f} s; {args.medium_rounds} rounds timed)")
        print(f"sevens.hard_move_ms: {1000 * statistics.median(times):.1f} ms "
              f"(90th percentile {1000 * statistics.quantiles(times, n=10)[-1]:.1f} ms, "
              f"max {1000 * max(times):.1f} ms, over {len(times)} decisions; the "
              f"{len(searched)} that searched: median "
              f"{1000 * statistics.median(searched):.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
