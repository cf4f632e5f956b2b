"""Damaged links read by ``core.links.read_link``: how many were refused with the engine's
own errors, how many still read, and the escapes (any other exception), printed as
``name: value`` lines. The test suite runs ``tests/test_links.py``'s fuzz at a size CI
carries (3,000 links); this runs as many as asked.

    .venv/bin/python benchmarks/fuzz_links.py --links 20000 --seed 0
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_links import fuzz_links  # the tests' own fuzzer


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--links", type=int, default=20_000, help="damaged links read")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the damage")
    args = parser.parse_args(argv)
    if args.links < 1:
        parser.error("--links must be 1 or more")
    start = time.perf_counter()
    counts = fuzz_links(args.links, args.seed)
    for escape in counts["escapes"][:20]:
        print(f"escape: {escape}", file=sys.stderr)
    print(f"fuzz_links.links: {args.links}")
    print(f"fuzz_links.refused: {counts['refused']}")
    print(f"fuzz_links.read: {counts['read']}")
    print(f"fuzz_links.escapes: {len(counts['escapes'])}")
    print(f"fuzz_links.seconds: {time.perf_counter() - start:.1f} s (seed {args.seed})")
    return 1 if counts["escapes"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
