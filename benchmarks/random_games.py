"""Play many random games through the shared random-game harness and count the breaks.

    .venv/bin/python benchmarks/random_games.py                 # 100,000 Sevens games
    .venv/bin/python benchmarks/random_games.py --games 2000 --seed 0 --jobs 2
    .venv/bin/python benchmarks/random_games.py --seed 1234 --games 1 --sample 1  # one break
    .venv/bin/python benchmarks/random_games.py --game flip7 --games 100000 --jobs 2 \
        --sample 0.02 --moves-sample 0.02          # the long run, light checks between samples
    .venv/bin/python benchmarks/random_games.py --game flip7 --games 300 --players 18 \
        --option nested_actions=shared-queue --option frozen_target_deferred=dropped

The same harness (``tests/harness.py``) and the same adapters (``ADAPTERS`` in
``tests/test_random_games.py``: ``sevens``, ``doubleseven``, ``flip7``) as CI, on as many
games as asked: game ``i`` plays from seed ``--seed + i``, with the players and every rule
option drawn from that seed, unless ``--players`` fixes the number of players and
``--option name=value`` (Double Seven and Flip 7; repeat it) fixes options, the others then
taking their defaults. Prints
``random_games.<game>.games: N``, ``random_games.<game>.breaks: K`` (the checks that
failed, counting each check at most once per game) and the time taken, one
``name: value`` line each. Each break is described on stderr with the seed that
reproduces it (the first ``--show`` of them, then a count by check). The exit status is
1 if anything broke.

The expensive checks (save/load, position text, observation and hidden-information
resampling for every seat) run on a sample of the steps, ``--sample`` (default 0.02),
and always at the first and the last step of each game; every other check runs at
every step, unless ``--moves-sample`` (default 1) is below 1: then only that fraction of
the other steps checks every candidate move (check() against legal_moves(), play() of
each legal and refused move, the move texts and save records, garbage input), and the
rest get the harness's ``light_step_checks`` (the legal moves' shape, the decision,
conservation, the events; the move chosen must play). The moves played depend on
neither sample, so ``--sample 1 --moves-sample 1`` on a break's seed replays the same
game with every check at every step, as CI does. With both samples at 0.01, CPU seconds
per 1,000 games were about Sevens 27, Double Seven 53, Flip 7 38 (200 games each, load
under 1), against 100 to 300 with every move checked.
Measured on the 2-core development machine while other jobs shared it, one process
(CPU time; the wall time there was 4 to 5 times longer): about 63 s per 1,000 Sevens
games with ``--sample 0.02`` (10,000 games: 626 s, 0 breaks), so the default 100,000
games take about 1 h 45 min of CPU, about 55 min with ``--jobs 2`` on an idle machine;
about 260 s per 1,000 games with ``--sample 1`` (2,000 games: 517 s, 0 breaks).
Later, with the machine busier (load 4 to 7 on its 2 cores), CPU seconds per 1,000 games
at the default sample: Sevens 111 (500 games), Double Seven 306 (200 games), Flip 7 172
(300 games, 2 to 8 players) and 843 with ``--players 18 --option
nested_actions=shared-queue --option frozen_target_deferred=dropped`` (300 games); 0
breaks each.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS.parent))
sys.path.insert(0, str(TESTS))

from harness import random_game_checks
from test_random_games import ADAPTERS

from doublesept.core.registry import game_name

CHUNK = 50  # games handed to a worker at a time


def _play(job: tuple) -> tuple:
    """Play the games of one chunk: the CPU time it took, and (seed, moves, checked
    steps, breaks) for each game."""
    game, seeds, sample, moves_sample, settings = job
    adapter = ADAPTERS[game](**settings)
    out = []
    cpu = time.process_time()
    for seed in seeds:
        report = random_game_checks(adapter, seed, sample=sample, moves_sample=moves_sample)
        out.append((seed, report.moves, report.checked_steps, report.breaks))
    return time.process_time() - cpu, out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sevens", type=game_name, choices=sorted(ADAPTERS),
                        help="the game (any spelling game_name reads: doubleseven, double-seven)")
    parser.add_argument("--games", type=int, default=100_000, help="how many games")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game")
    parser.add_argument("--sample", type=float, default=0.02,
                        help="fraction of the steps that get the expensive checks (1: all)")
    parser.add_argument("--moves-sample", type=float, default=1.0,
                        help="fraction of the other steps that get every candidate move "
                             "checked (1: all)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--show", type=int, default=50, help="breaks described on stderr")
    parser.add_argument("--players", type=int, help="the number of players of every game")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option of every game (Double Seven, Flip 7); repeat it")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or not 0 <= args.sample <= 1 \
            or not 0 <= args.moves_sample <= 1:
        parser.error("--games and --jobs must be 1 or more, and --sample and --moves-sample from 0 to 1")
    settings = _settings(parser, args)

    seeds = range(args.seed, args.seed + args.games)
    jobs = [(args.game, seeds[i:i + CHUNK], args.sample, args.moves_sample, settings)
            for i in range(0, len(seeds), CHUNK)]
    start = time.perf_counter()
    games = moves = checked = 0
    cpu = 0.0
    breaks = []
    by_check: Counter = Counter()
    next_progress = max(args.games // 10, 1000)
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for chunk_cpu, chunk in pool.imap(_play, jobs):
            cpu += chunk_cpu
            for _seed, n, c, found in chunk:
                games, moves, checked = games + 1, moves + n, checked + c
                for bad in found:
                    by_check[bad.check] += 1
                    if len(breaks) < args.show:
                        print(f"break: {bad}", file=sys.stderr, flush=True)
                    breaks.append(bad)
            if games >= next_progress and games < args.games:
                print(f"... {games} games, {len(breaks)} breaks, "
                      f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
                next_progress += max(args.games // 10, 1000)
    elapsed = time.perf_counter() - start
    if len(breaks) > args.show:
        print(f"... and {len(breaks) - args.show} more breaks", file=sys.stderr)
    if breaks:
        print("breaks by check: " + ", ".join(f"{k} {v}" for k, v in by_check.most_common()),
              file=sys.stderr)
    name = f"random_games.{args.game}"
    print(f"{name}.games: {games}")
    print(f"{name}.breaks: {len(breaks)}")
    print(f"{name}.moves: {moves}")
    print(f"{name}.fully_checked_steps: {checked}")
    print(f"{name}.seconds: {elapsed:.1f} s (sample {args.sample:g}, moves sample "
          f"{args.moves_sample:g}, {args.jobs} "
          f"job{'s' if args.jobs > 1 else ''})")
    print(f"{name}.cpu_seconds: {cpu:.1f} s")
    print(f"{name}.cpu_seconds_per_1000_games: {cpu * 1000 / games:.1f} s")
    return 1 if breaks else 0


def _settings(parser, args) -> dict:
    """The adapter's keyword arguments from --players and --option (the options read
    through the game's declaration, so a bad one is refused with its message)."""
    from doublesept.core.registry import game_spec
    from doublesept.errors import OptionError

    settings = {}
    if args.players is not None:
        settings["players"] = args.players
    if args.option:
        if args.game == "sevens":
            parser.error("--option: the Sevens adapter draws its options itself")
        declaration = game_spec(args.game).options
        given = {}
        for item in args.option:
            name, _, value = item.partition("=")
            option = declaration.options.get(name.strip())
            if option is None or not value:
                parser.error(f"--option {item}: write NAME=VALUE with one of "
                             f"{', '.join(declaration.names)}")
            given[option.name] = int(value) if option.is_number and value.isdigit() \
                else value.strip()
        try:
            settings["options"] = declaration.resolve(given)
        except OptionError as err:
            parser.error(f"--option: {err}")
    return settings


class _Serial:
    """The Pool interface, in this process (--jobs 1)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def imap(function, items):
        return map(function, items)


if __name__ == "__main__":
    sys.exit(main())
