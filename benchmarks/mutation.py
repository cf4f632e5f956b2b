"""Mutation score of the rules modules, printed as ``name: value unit`` lines.

    .venv/bin/python benchmarks/mutation.py                 # every mutant (Sevens: ~15 min on 2 cores)
    .venv/bin/python benchmarks/mutation.py --game sevens   # one game (repeatable)
    .venv/bin/python benchmarks/mutation.py --sample 150    # a random sample (--seed picks it)
    .venv/bin/python benchmarks/mutation.py --only 'doublesept.sevens.state.*check*'
    .venv/bin/python benchmarks/mutation.py --survivors     # also print each surviving mutant
    .venv/bin/python benchmarks/mutation.py --rev HEAD      # the last commit, not the work tree
    .venv/bin/python benchmarks/mutation.py --keep DIR --retest  # after new tests: survivors only

It runs mutmut 3 (``.venv/bin/pip install -e '.[mutation]'``) over the ``rules.py`` and ``state.py`` of
every game in GAMES; a game whose folder does not exist yet is skipped. mutmut changes one small
thing in a function (``<`` to ``<=``, a string, a number...) and reruns the tests that call that
function: a mutant is *killed* when a test fails, and *survives* when every test still passes.

Only the fast unit tests run (``tests/`` less the browser, notebook, lint, packaging and
random-game tests in EXCLUDED_TESTS), and the Hypothesis tests are capped at HYPOTHESIS_EXAMPLES derandomised
examples, so a full run fits on 2 cores.

Nothing is written to the checkout: the files (git's tracked and untracked, not ignored ones,
as they are in the working tree) are copied to a temporary folder, mutmut's ``[tool.mutmut]``
config is appended to the copy's pyproject.toml, and the folder is removed at the end unless
``--keep DIR`` names it (then ``cd DIR && .venv/bin/mutmut show NAME`` shows a mutant's diff,
and a rerun with the same ``--keep`` reuses mutmut's cache).

Printed: mutation.mutants, .killed (timeouts count as killed), .survived (with the mutants no
test reaches), .killed_percent and .run_s; the exit code is 0 even when mutants survive.
"""

from __future__ import annotations

import argparse
import fnmatch
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The games whose rules modules are mutated: add a game here when its folder lands.
GAMES = ("sevens", "double_seven", "flip7")
MODULES = ("rules.py", "state.py")
RULES_MODULES = tuple(f"doublesept/{game}/{module}" for game in GAMES for module in MODULES)

# Tests that do not run in the mutants' copy, or are too slow to run for every mutant.
EXCLUDED_TESTS = (
    "tests/browser",  # JupyterLab and Chromium
    "tests/test_lint.py",  # ruff over mutmut's generated code
    "tests/test_packaging.py",  # builds a wheel
    "tests/test_notebook_tooling.py",  # nbval on notebooks
    "tests/test_notebooks_sync.py",
    "tests/test_notebooks_cover_rules.py",
    "tests/test_tutorial_script.py",  # runs scripts/tutorial.sh
    "tests/test_random_games.py",  # whole random games: minutes for each surviving mutant
    "tests/test_flip7_random_games.py",
)
HYPOTHESIS_EXAMPLES = 25
# A mutant that makes a test loop is stopped after this many times its tests' CPU time
# (mutmut's default, 15, spends minutes on each such mutant).
TIMEOUT_MULTIPLIER = 3.0
# Not copied into the temporary folder when the root is not a git checkout.
NOT_COPIED = {".git", ".venv", "mutants", "__pycache__", ".hypothesis", ".pytest_cache",
              ".ruff_cache", "build", "dist", ".ipynb_checkpoints"}

# A pytest plugin, written into the copy: caps the Hypothesis tests, without their database.
PLUGIN = '''
import hypothesis


def pytest_collection_modifyitems(items):
    for item in items:
        test = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None:
            test._hypothesis_internal_use_settings = hypothesis.settings(
                chosen, max_examples=min(chosen.max_examples, {cap}), derandomize=True,
                database=None, deadline=None)
'''
PLUGIN_NAME = "_mutation_plugin"


def toml_list(items) -> str:
    return "[" + ", ".join('"' + str(i).replace("\\", "\\\\").replace('"', '\\"') + '"'
                           for i in items) + "]"


def copy_tree(root: Path, work: Path, rev: str | None = None) -> None:
    """Copy the working tree: git's tracked and untracked, not ignored, files that exist;
    or, with ``rev``, the files of that commit."""
    if rev is not None:
        archive = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", rev],
                                 check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(work, filter="data")
        return
    try:
        listing = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            check=True, capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a checkout: copy all but the junk
        shutil.copytree(root, work, dirs_exist_ok=True,
                        ignore=lambda _, names: [n for n in names if n in NOT_COPIED])
        return
    for name in filter(None, listing):
        source = root / name
        if source.is_file():
            target = work / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def configure(work: Path, modules: list[str]) -> None:
    """Append mutmut's config to the copy's pyproject.toml (mutmut reads it from there)."""
    (work / f"{PLUGIN_NAME}.py").write_text(PLUGIN.format(cap=HYPOTHESIS_EXAMPLES), "utf-8")
    pyproject = work / "pyproject.toml"
    text = pyproject.read_text("utf-8")
    # mutmut reads the first [tool.mutmut]: drop one the project may have, ours is the one
    text = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", text)
    selection = ["tests", *(f"--ignore={path}" for path in EXCLUDED_TESTS)]
    also_copy = sorted(p.name for p in work.iterdir()
                       if p.name not in {"doublesept", "tests", "mutants", *NOT_COPIED})
    text += f"""
[tool.mutmut]
source_paths = ["doublesept"]
only_mutate = {toml_list(modules)}
also_copy = {toml_list(also_copy)}
pytest_add_cli_args_test_selection = {toml_list(selection)}
pytest_add_cli_args = {toml_list(["-p", PLUGIN_NAME, "-p", "no:cacheprovider"])}
use_git_change_detection = false
timeout_multiplier = {TIMEOUT_MULTIPLIER}
"""
    pyproject.write_text(text, "utf-8")


def mutant_names(work: Path, modules: list[str]) -> list[str]:
    """Every mutant's name, as mutmut will call it (to draw a sample before the run)."""
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from mutmut.mutation.file_mutation import mutate_file_contents\n"
        "from mutmut.utils.format_utils import get_mutant_name\n"
        "names = []\n"
        "for path in sys.argv[1:]:\n"
        "    found = mutate_file_contents(path, Path(path).read_text('utf-8'))\n"
        "    names += [get_mutant_name(Path(path), n) for n in found.mutant_names]\n"
        "print(json.dumps(names))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, *modules], cwd=work, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def results(work: Path, mutmut: str) -> dict[str, str]:
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=work, check=True,
                         capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep:
            found[name] = status
    return found


def run_mutmut(mutmut: str, work: Path, args, names: list[str]) -> bool:
    """``mutmut run`` on ``names`` (every mutant if empty); False, with its output, if it fails."""
    command = [mutmut, "run", "--max-children", str(args.jobs), *names]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    if args.verbose:
        run = subprocess.run(command, check=False, cwd=work, env=env)
    else:
        run = subprocess.run(command, check=False, cwd=work, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if run.returncode != 0:
        print((run.stdout or "")[-6000:], file=sys.stderr)
        print(f"error: mutmut run failed with exit code {run.returncode}", file=sys.stderr)
    return run.returncode == 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game's modules (repeatable; default: every game)")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="test a random sample of N mutants (default: all)")
    parser.add_argument("--seed", type=int, default=2026, help="the sample's seed (2026)")
    parser.add_argument("--only", action="append", metavar="GLOB",
                        help="only the mutants whose name matches, e.g. "
                             "'doublesept.sevens.state.x_new_game*' (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                        help="mutants tested at once (default: the number of cores)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="work in DIR and keep it (reused by the next run with it)")
    parser.add_argument("--retest", action="store_true",
                        help="with --keep: test again only the mutants that survived (or were "
                             "not tested) in the last run there, e.g. after adding tests; the "
                             "score still counts every mutant")
    parser.add_argument("--survivors", action="store_true", help="print each surviving mutant")
    parser.add_argument("--verbose", "-v", action="store_true", help="show mutmut's own output")
    parser.add_argument("--rev", metavar="COMMIT",
                        help="test the files of COMMIT (e.g. HEAD) instead of the working tree, "
                             "so edits in progress do not count")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout to copy (default: the one holding this script)")
    args = parser.parse_args(argv)
    if args.retest and not args.keep:
        parser.error("--retest needs --keep DIR, the folder of the last run")

    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if mutmut is None:
        parser.error("mutmut is not installed: .venv/bin/pip install 'mutmut>=3.8,<3.9'")
    start = time.perf_counter()
    work = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="ds-mutation-"))
    try:
        for stale in ("doublesept", "tests"):  # a kept folder gets the current files
            shutil.rmtree(work / stale, ignore_errors=True)
        work.mkdir(parents=True, exist_ok=True)
        copy_tree(args.root.resolve(), work, args.rev)
        modules = [m for m in RULES_MODULES if (work / m).is_file()
                   and (not args.game or m.split("/")[1] in args.game)]
        if not modules:
            parser.error(f"none of {', '.join(RULES_MODULES)} exists")
        configure(work, modules)

        chosen: list[str] = []
        names = mutant_names(work, modules)
        if args.only:
            names = [n for n in names if any(fnmatch.fnmatchcase(n, g) for g in args.only)]
            if not names:
                parser.error(f"no mutant matches {args.only}")
            chosen = names
        if args.sample is not None and args.sample < len(names):
            chosen = sorted(random.Random(args.seed).sample(names, args.sample))
        scope = set(chosen or names)
        if args.retest:  # the mutants left alive last time, and the ones never tested
            before = results(work, mutmut) if (work / "mutants").is_dir() else {}
            chosen = [n for n in (chosen or names) if before.get(n) not in ("killed", "timeout")]
            if not chosen:
                print("== nothing to retest: every mutant was killed last time")
        to_test = len(chosen) if chosen or args.retest else len(names)
        print(f"== mutmut over {', '.join(modules)}: {to_test} of {len(names)} mutants to test",
              flush=True)

        if not (args.retest and not chosen) and not run_mutmut(mutmut, work, args, chosen):
            return 1
        status = {n: s for n, s in results(work, mutmut).items() if n in scope}
        if args.retest:  # functions changed since the last run have new, untested mutants
            untested = sorted(n for n, s in status.items() if s == "not checked")
            if untested and not run_mutmut(mutmut, work, args, untested):
                return 1
            status = {n: s for n, s in results(work, mutmut).items() if n in scope}
        killed = sum(s in ("killed", "timeout") for s in status.values())
        survived = sum(s in ("survived", "no tests") for s in status.values())
        other = len(status) - killed - survived
        elapsed = time.perf_counter() - start
        if args.survivors:
            for name, s in sorted(status.items()):
                if s in ("survived", "no tests"):
                    print(f"  {s}: {name}")
        print(f"mutation.mutants: {len(status)} mutants")
        print(f"mutation.killed: {killed} mutants")
        print(f"mutation.survived: {survived} mutants")
        if other:
            counts = {}
            for s in status.values():
                if s not in ("killed", "timeout", "survived", "no tests"):
                    counts[s] = counts.get(s, 0) + 1
            print(f"mutation.other: {other} mutants ({', '.join(f'{v} {k}' for k, v in counts.items())})")
        tested = killed + survived
        print(f"mutation.killed_percent: {100 * killed / tested if tested else 0:.1f} %")
        print(f"mutation.run_s: {elapsed:.0f} s")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
