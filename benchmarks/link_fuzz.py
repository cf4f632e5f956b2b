"""Mutated links (tests/test_link_fuzz.py's mutations: bit flips, cuts, other games' links,
huge numbers, Unicode lookalikes, future versions, forged records, zip bombs) through
``core.links.read_link``, and some through a Sevens referee opened from a page's address
(``PageLink`` -> ``Referee.open_link``). Prints ``name: value`` lines: how many were refused
with the engine's own errors, how many still read, each kind's count, and the escapes (any
other exception, or a refused link that changed the referee). The test suite runs 10,000
and 600; this runs as many as asked.

    .venv/bin/python benchmarks/link_fuzz.py --count 100000 --referee 5000 --seed 0
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_link_fuzz import fuzz, fuzz_referee, seed_links  # the tests' own fuzzer


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="links through read_link")
    parser.add_argument("--referee", type=int, default=2_000,
                        help="links opened by a referee from a page's address")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the mutations")
    args = parser.parse_args(argv)
    if args.count < 1 or args.referee < 0:
        parser.error("--count must be 1 or more, --referee 0 or more")
    started = time.perf_counter()
    links = seed_links()
    result = fuzz(args.count, args.seed, links)
    print(f"link_fuzz.links: {result['count']}")
    print(f"link_fuzz.refused: {result['refused']}")
    print(f"link_fuzz.read: {result['read']}")
    for kind, count in sorted(result["kinds"].items()):
        print(f"link_fuzz.kind.{kind}: {count}")
    print(f"link_fuzz.escapes: {len(result['escapes'])}")
    bad = list(result["escapes"])
    if args.referee:
        referee = fuzz_referee(args.referee, args.seed + 1, links)
        print(f"link_fuzz.referee.links: {referee['count']}")
        print(f"link_fuzz.referee.refused: {referee['refused']}")
        print(f"link_fuzz.referee.opened: {referee['opened']}")
        print(f"link_fuzz.referee.escapes: {len(referee['escapes'])}")
        print(f"link_fuzz.referee.changed_after_refusal: {len(referee['changed'])}")
        bad += referee["escapes"] + referee["changed"]
    for line in bad[:20]:
        print(f"escape: {line}", file=sys.stderr)
    print(f"link_fuzz.seconds: {time.perf_counter() - started:.1f} s (seed {args.seed})")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
