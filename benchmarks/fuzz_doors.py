"""Call every public door of the games with hostile values, many times, and count the escapes.

    .venv/bin/python benchmarks/fuzz_doors.py                     # 10,000 calls a game
    .venv/bin/python benchmarks/fuzz_doors.py --calls 50000 --seed 7
    .venv/bin/python benchmarks/fuzz_doors.py --game flip7 --calls 2000

The same fuzzer as CI (``tests/fuzz_doors.py``, which ``tests/test_door_fuzz.py`` runs at
2,000 calls a game), on as many calls as asked: each door (``new_game``, ``position``,
``parse_move``, ``check``, ``play``, ``observation``, ``move_text``, save and load, the
computer players, the catalog, each game's own analysis, odds and tournament functions)
is called with None, numbers, text, lists, dicts, nested junk, other games' values and
real values changed a little. An escape is a call that raises anything but the engine's
own errors (``DoubleseptError``), a ``check(move)`` that raises at all, a call slower than
``SLOW`` seconds, or a valid call refused. Prints ``fuzz_doors.<game>.calls: N`` and
``fuzz_doors.<game>.escapes: K`` for each game, then the time taken; each escape kept
(the first few of each door and exception) is described on stderr with its arguments,
and the same ``--seed`` replays it. The exit status is 1 if anything escaped.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS.parent))
sys.path.insert(0, str(TESTS))

from fuzz_doors import GAMES, fuzz, pool


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append",
                        help="a game to fuzz (may be given more than once; default: all)")
    parser.add_argument("--calls", type=int, default=10_000, help="calls per game")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the hostile values")
    args = parser.parse_args(argv)
    if args.calls < 1:
        parser.error("--calls must be 1 or more")
    escaped = 0
    for game in args.game or GAMES:
        start = time.perf_counter()
        pool(game)
        report = fuzz(game, args.calls, args.seed)
        elapsed = time.perf_counter() - start
        for escape in report.escapes:
            print(f"escape: {game}: {escape}", file=sys.stderr, flush=True)
        if report.count:
            print(f"escapes by door: {game}: " + ", ".join(
                f"{kind} {n}" for kind, n in sorted(report.kinds.items(), key=lambda kv: -kv[1])),
                file=sys.stderr)
        name = f"fuzz_doors.{game}"
        print(f"{name}.calls: {report.calls}")
        print(f"{name}.escapes: {report.count}")
        print(f"{name}.doors: {len(report.doors)}")
        print(f"{name}.seconds: {elapsed:.1f} s (seed {args.seed})", flush=True)
        escaped += report.count
    return 1 if escaped else 0


if __name__ == "__main__":
    sys.exit(main())
