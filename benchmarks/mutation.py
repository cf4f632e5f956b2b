"""Mutation score of the rules modules, printed as ``name: value unit`` lines.

    .venv/bin/python benchmarks/mutation.py                 # every mutant (Sevens: ~15 min on 2 cores)
    .venv/bin/python benchmarks/mutation.py --game sevens   # one game (repeatable)
    .venv/bin/python benchmarks/mutation.py --sample 150    # 150 random mutants of each file (--seed)
    .venv/bin/python benchmarks/mutation.py --only 'doublesept.sevens.state.*check*'
    .venv/bin/python benchmarks/mutation.py --survivors     # also print each surviving mutant
    .venv/bin/python benchmarks/mutation.py --rev HEAD      # the last commit, not the work tree
    .venv/bin/python benchmarks/mutation.py --keep DIR --retest  # after new tests: survivors only

It runs mutmut 3 (``.venv/bin/pip install -e '.[mutation]'``) over the rules modules of every
game in GAMES (MODULES: ``rules.py``, ``state.py`` and the modules the state was split into);
a game whose folder does not exist yet is skipped. mutmut changes one small
thing in a function (``<`` to ``<=``, a string, a number...) and reruns the tests that call that
function: a mutant is *killed* when a test fails, and *survives* when every test still passes.

Only the fast unit tests run (``tests/`` less the browser, notebook, lint, packaging, build,
random-game and fuzzing tests in EXCLUDED_TESTS: the unit tests are what must kill a mutant),
and the Hypothesis tests are capped at HYPOTHESIS_EXAMPLES derandomised examples, without
shrinking a failing one (a killed mutant needs no minimal example), so a full run fits on 2
cores.

The sample (``--sample N``) is drawn from each file on its own (a stratified sample), seeded by
``--seed``, so each file gets N mutants whatever its size. Each file's score is the share of its
sampled mutants killed, with its 95% Wilson interval (``doublesept.stats``); a game's score
weighs its files by their numbers of mutants, and its interval is the Wilson interval at the
sample's effective size (the size of a simple sample with the same variance). For example::

    mutation.flip7.state.score: <share> (95% CI <low>-<high>, <n> of <N> mutants sampled, seed <seed>)

Fresh engine for every mutant and every test (mutmut's workers and the engine's memos):

- mutmut 3's default ``process_isolation = "fork"`` forks each mutant's worker from the process
  that has run the whole test suite (the stats and the clean run), so the worker starts with the
  engine's memos full of the unmutated functions' answers (Sevens' ``_LEGAL_CACHE``, Double
  Seven's ``_RACKS``, ``_EXPANDS``, ``_DRAWS``, ``_BY_SIZE``,
  Flip 7's ``_BASES``, the ``lru_cache`` of ``flip7/odds.py``...): a mutant in a memoised
  function was then never called, and one in a function that builds a table at import time
  (``TILES``, ``CARDS``) was never seen. This script sets ``process_isolation = "forkserver"``
  with ``forkserver_warmup = "import"``: each mutant's worker is forked from a server that has
  imported pytest and the other third-party modules the tests use (listed by a collection in a
  subprocess, PRELOAD_FILE) but no ``doublesept`` module, so the worker imports the engine with
  its mutant active.
- Within one run, the tests would still share the memos: in the stats run (which records the
  tests that call each function), a test reading a memo that an earlier test filled is not
  recorded as calling the function, so a mutant in it was not tried against that test. The
  pytest plugin written into the copy (PLUGIN) imports the engine (every ``doublesept`` module
  but the widgets) before any test module, keeps what the modules hold just after import, and
  puts it back before every test: each module-level (and class-level) dict, list and set gets
  its contents back (a memo is emptied), each module global rebound since
  gets its value back, and every ``lru_cache`` of a ``doublesept`` module is cleared. So every
  test runs as it would alone in a fresh process, and the tests of a mutant can run in any
  order. The functions called while the engine is imported (they build its tables and the
  rule catalog) are recorded for the first test of each test file and for every test of
  ``tests/test_catalog.py``.
- A mutant that breaks the import of the engine, or of a test module (or what it builds at
  import), is killed: the plugin ends the run with exit code 1 (pytest's 2 or 4 would be
  "interrupted by user" or, through an exception, "timeout" for mutmut).
- The workers' import of the mutated modules (one file holding all its mutants: 18 MB for
  Double Seven's ``state.py``) is cached as bytecode in the copy (PYTHONDONTWRITEBYTECODE is
  dropped for mutmut), or every worker would compile it again (a minute on a loaded
  machine).

Nothing is written to the checkout: the files (git's tracked and untracked, not ignored ones,
as they are in the working tree) are copied to a temporary folder, mutmut's ``[tool.mutmut]``
config is appended to the copy's pyproject.toml, and the folder is removed at the end unless
``--keep DIR`` names it (then ``cd DIR && .venv/bin/mutmut show NAME`` shows a mutant's diff,
and a rerun with the same ``--keep`` reuses mutmut's cache).

Printed: mutation.mutants, .killed (timeouts count as killed, and are also counted apart in
.timeouts), .survived (with the mutants no test reaches), .killed_percent, the score lines of
each game and file, and .run_s; the exit code is 0 even when mutants survive.
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

from doublesept.core.registry import game_name

ROOT = Path(__file__).resolve().parents[1]

# The games whose rules modules are mutated: add a game here when its folder lands.
GAMES = ("sevens", "double_seven", "flip7")
# A game's rules modules: rules.py and state.py, and the modules the state was split into along
# the rules (issue 22): each move kind's decision, the transitions, the events... A module a
# game does not have is skipped.
MODULES = ("rules.py", "state.py", "record.py", "moves.py", "chance.py", "words.py",
           "verdicts.py", "legal.py", "transitions.py", "events.py")
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
    "tests/test_double_seven_random_games.py",
    "tests/test_sevens_variants_random_games.py",
    "tests/test_termination.py",  # random play up to each game's bound
    "tests/test_door_fuzz.py",  # the door fuzzer, 2,000 calls a game
    "tests/test_widget_leaks.py",  # whole games through every widget class
    "tests/test_binder.py",  # builds virtual environments from PyPI
    "tests/test_build_lite.py",  # the zero-install site's build
)
HYPOTHESIS_EXAMPLES = 25
# A mutant that makes a test loop is stopped after this many times its tests' CPU time
# (mutmut's default, 15, spends minutes on each such mutant).
TIMEOUT_MULTIPLIER = 3.0
# Seconds added to each mutant's tests' time before the multiplier: a worker imports the engine
# and collects its test modules afresh (the fork server holds no doublesept module), which the
# tests' time leaves out: up to half a minute for a mutant tried on the first test of every
# file on a loaded machine.
TIMEOUT_CONSTANT = 30.0
# Not copied into the temporary folder when the root is not a git checkout.
NOT_COPIED = {".git", ".venv", "mutants", "__pycache__", ".hypothesis", ".pytest_cache",
              ".ruff_cache", "build", "dist", ".ipynb_checkpoints"}

# A pytest plugin, written into the copy (see the docstring): caps the Hypothesis tests,
# without their database, and starts every test from the engine as it is just after import.
PLUGIN = '''
"""Written by benchmarks/mutation.py into the mutants' copy (its docstring says why)."""
import importlib
import os
import pkgutil
import sys

import hypothesis
import pytest

CAP = HYPOTHESIS_CAP
# A mutant needs only one failing example to be killed: shrinking it (replaying whole random
# matches hundreds of times) took a Sevens mutant over 40 minutes on a loaded machine.
_NO_SHRINK = (hypothesis.Phase.explicit, hypothesis.Phase.reuse, hypothesis.Phase.generate)
_MISSING = object()
_KINDS = (dict, list, set)


def pytest_collection_modifyitems(items):
    for item in items:
        test = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None:
            test._hypothesis_internal_use_settings = hypothesis.settings(
                chosen, max_examples=min(chosen.max_examples, CAP), derandomize=True,
                database=None, deadline=None, phases=_NO_SHRINK)


def _import_engine():
    """Import every doublesept module but the widgets. A mutant that breaks the import of the
    package (which the tests' conftest.py imports) is killed at once: pytest would stop
    with a usage error, which mutmut takes for a timeout."""
    try:
        import doublesept
        names = [found.name for found in pkgutil.walk_packages(doublesept.__path__, "doublesept.")
                 if not found.name.startswith("doublesept.widgets")]
    except Exception:
        if "__mutmut_" in _mode():
            os._exit(1)
        return
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:
            pass


def _containers(value, nested=False):
    if isinstance(value, _KINDS):
        yield value
    elif type(value) is tuple and not nested:  # a tuple of memos (Sevens' _SUIT_TEXTS)
        for item in value:
            yield from _containers(item, True)


def _snapshot():
    """Each engine module: its globals, and the contents of its containers, as imported."""
    saved = []
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "doublesept" or name.startswith("doublesept.")):
            continue
        values = dict(vars(module))
        owners = [values] + [vars(v) for v in values.values()
                             if isinstance(v, type) and v.__module__ == name]
        kept = {}
        for owner in owners:
            for value in owner.values():
                for found in _containers(value):
                    kept[id(found)] = (found, list(found.items()) if isinstance(found, dict)
                                       else list(found))
        saved.append((module, values, list(kept.values())))
    return saved


def _clears(module):
    found = []
    for owner in [vars(module)] + [vars(v) for v in vars(module).values()
                                   if isinstance(v, type) and v.__module__ == module.__name__]:
        for value in owner.values():
            value = getattr(value, "__func__", value)  # a staticmethod or classmethod
            if callable(getattr(value, "cache_clear", None)):
                found.append(value.cache_clear)
    return found


def _mode():
    return os.environ.get("MUTANT_UNDER_TEST", "")


_stats_before = set()
if _mode() == "stats":
    from mutmut.state import state as _mutmut_state
    _stats_before = set(_mutmut_state()._stats)
_import_engine()
SAVED = _snapshot()
IMPORT_HITS = set()  # the mutated functions called while the engine was imported
if _mode() == "stats":
    IMPORT_HITS = set(_mutmut_state()._stats) - _stats_before
CLEARS = {}


def restore():
    """Put the engine back as it was just after import (memos empty, lru caches cleared)."""
    for module, values, kept in SAVED:
        current = vars(module)
        for name, value in values.items():
            if current.get(name, _MISSING) is not value:
                current[name] = value
        for container, items in kept:
            if isinstance(container, dict):
                if len(container) != len(items) or any(
                        container.get(k, _MISSING) is not v for k, v in items):
                    container.clear()
                    container.update(items)
            elif isinstance(container, list):
                if len(container) != len(items) or any(
                        a is not b for a, b in zip(container, items)):
                    container[:] = items
            elif len(container) != len(items) or not container.issuperset(items):
                container.clear()
                container.update(items)
    for name, module in list(sys.modules.items()):
        if module is not None and (name == "doublesept" or name.startswith("doublesept.")):
            clears = CLEARS.get(name)
            if clears is None:
                clears = CLEARS[name] = _clears(module)
            for clear in clears:
                clear()


_FIRST_SEEN = set()  # the test files whose first test has run
CATALOG_TESTS = "test_catalog.py"  # reads the rule catalog the rules modules build at import


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    restore()
    if IMPORT_HITS and (item.path not in _FIRST_SEEN or item.path.name == CATALOG_TESTS):
        # the import's calls built the tables and the rule catalog the tests read: they
        # count for the first test of each file and for every catalog test (not for every
        # test: a surviving mutant would run them all)
        _FIRST_SEEN.add(item.path)
        _mutmut_state()._stats.update(IMPORT_HITS)


def pytest_collectreport(report):
    # a mutant that breaks a test module's import (or what it builds at import) is killed:
    # end the run as failed, not as pytest's "interrupted" or "usage error" (mutmut would
    # call those "interrupted by user" and "timeout")
    if report.failed and "__mutmut_" in _mode():
        pytest.exit(f"the mutant breaks the collection of {report.nodeid}", returncode=1)
'''
PLUGIN_NAME = "_mutation_plugin"
PRELOAD_FILE = "_mutation_preload.txt"  # the third-party modules the fork server imports


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


def preload_list(work: Path) -> list[str]:
    """The modules (not ``doublesept``'s, not the tests') that collecting the tests imports,
    for the fork server to import once (``forkserver_warmup = "import"``), parents first."""
    selection = ["tests", *(f"--ignore={path}" for path in EXCLUDED_TESTS)]
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "import pytest\n"
        "work = Path.cwd().resolve()\n"
        f"pytest.main(['--collect-only', '-qq', '-p', 'no:cacheprovider', *{selection!r}])\n"
        "names = []\n"
        "for name, module in list(sys.modules.items()):\n"
        "    path = getattr(module, '__file__', None)\n"
        "    if (module is None or getattr(module, '__name__', None) != name or not path\n"
        "            or name.split('.')[0] in ('doublesept', 'tests', '__main__')\n"
        "            or Path(path).resolve().is_relative_to(work)):\n"
        "        continue\n"
        "    names.append(name)\n"
        "print(json.dumps(sorted(names, key=lambda n: (n.count('.'), n))))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=work, capture_output=True, text=True,
                         check=False,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    try:
        return json.loads(run.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):  # the collection failed: mutmut's own run will say why
        return ["pytest"]


def configure(work: Path, modules: list[str]) -> None:
    """Append mutmut's config to the copy's pyproject.toml (mutmut reads it from there), and
    write the plugin and the fork server's list of modules to import."""
    (work / f"{PLUGIN_NAME}.py").write_text(
        PLUGIN.replace("HYPOTHESIS_CAP", str(HYPOTHESIS_EXAMPLES)), "utf-8")
    (work / PRELOAD_FILE).write_text("\n".join(preload_list(work)) + "\n", "utf-8")
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
timeout_constant = {TIMEOUT_CONSTANT}
process_isolation = "forkserver"
forkserver_warmup = "import"
preload_modules_file = {toml_list([work / PRELOAD_FILE])[1:-1]}
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
    # each worker imports the mutated modules afresh (a file of all its mutants, 18 MB for
    # Double Seven's state.py): their bytecode must be cached, or each import compiles them
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if args.verbose:
        run = subprocess.run(command, check=False, cwd=work, env=env)
    else:
        run = subprocess.run(command, check=False, cwd=work, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if run.returncode != 0:
        print((run.stdout or "")[-6000:], file=sys.stderr)
        print(f"error: mutmut run failed with exit code {run.returncode}", file=sys.stderr)
    return run.returncode == 0


KILLED = ("killed", "timeout")
SURVIVED = ("survived", "no tests")


def file_of(name: str) -> str:
    """``doublesept.flip7.state``: the module of a mutant's name."""
    return ".".join(name.split(".")[:3])


def by_file(names) -> dict[str, list[str]]:
    """The mutants' names by their module, each list sorted."""
    found: dict[str, list[str]] = {}
    for name in names:
        found.setdefault(file_of(name), []).append(name)
    return {module: sorted(found[module]) for module in sorted(found)}


def sample(population: dict[str, list[str]], size: int, seed: int) -> list[str]:
    """``size`` mutants drawn at random from each module (all of a smaller one), seeded by
    ``seed`` and the module's name, so a module's sample does not depend on the others."""
    chosen = []
    for module, names in population.items():
        if size < len(names):
            chosen += random.Random(f"{seed}:{module}").sample(names, size)
        else:
            chosen += names
    return sorted(chosen)


def interval(killed: float, tested: float) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``killed / tested`` (doublesept.stats; a stratified
    estimate comes with its effective sizes, rounded)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from doublesept.stats import binomtest

    n = max(1, round(tested))
    low, high = binomtest(min(n, max(0, round(killed))), n).proportion_ci(0.95, "wilson")
    return low, high


def score_lines(status: dict[str, str], population: dict[str, list[str]],
                seed: int | None) -> list[str]:
    """``mutation.<game>.<module>.score`` and ``mutation.<game>.score`` lines: the share of
    the tested mutants killed (timeouts count as killed; the mutants whose run failed for
    another reason are left out), with its 95% interval when it comes from a sample
    (``seed`` is then the sample's seed). A game weighs each module by its number of
    mutants (a stratified estimate)."""
    lines = []
    games: dict[str, list[tuple[int, int, int]]] = {}
    for module, names in population.items():
        game, stem = module.split(".")[1:3]
        counts = [status.get(n) for n in names]
        k = sum(s in KILLED for s in counts)
        n = k + sum(s in SURVIVED for s in counts)
        games.setdefault(game, []).append((len(names), k, n))
        lines.append(f"mutation.{game}.{stem}.score: " + score_text(k, n, len(names), seed))
    for game, files in games.items():
        total = sum(size for size, _, _ in files)
        tested = sum(n for _, _, n in files)
        if len(files) < 2 or not tested:
            continue
        if any(n == 0 for _, _, n in files):
            lines.append(f"mutation.{game}.score: unknown (a module has no mutant tested)")
            continue
        share = sum(size / total * k / n for size, k, n in files)
        variance = sum((size / total) ** 2 * (k / n) * (1 - k / n) / n
                       for size, k, n in files if n < size)
        census = all(n >= size for size, _, n in files)
        effective = share * (1 - share) / variance if variance else tested
        lines.append(f"mutation.{game}.score: " + score_text(
            share * effective, effective, total, None if census else seed, share, tested))
    return lines


def score_text(killed: float, tested: float, size: int, seed: int | None,
               share: float | None = None, shown: int | None = None) -> str:
    """``0.87 (95% CI 0.80-0.92, 150 of 2,345 mutants sampled, seed 2026)``, or for every
    mutant ``0.87 (every one of the 2,345 mutants)``."""
    if not tested:
        return f"unknown (no mutant of {size:,} tested)"
    share = killed / tested if share is None else share
    shown = round(tested) if shown is None else shown
    if shown >= size:  # no sampling: no interval
        return f"{share:.2f} (every one of the {size:,} mutants)"
    low, high = interval(killed, tested)
    where = f"sampled, seed {seed}" if seed is not None else "tested"
    return f"{share:.2f} (95% CI {low:.2f}-{high:.2f}, {shown:,} of {size:,} mutants {where})"


def _package(text: str) -> str:
    """The package folder of the game ``text`` names, in any spelling ``game_name`` reads
    ("doubleseven", "double-seven", "double_seven": "double_seven")."""
    return {"doubleseven": "double_seven"}.get(game_name(text), game_name(text))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", type=_package, choices=GAMES,
                        help="only this game's modules (repeatable; default: every game)")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="test N random mutants of each file (default: all)")
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
        population = by_file(names)
        sampled = args.sample is not None and any(args.sample < len(found)
                                                  for found in population.values())
        if args.sample is not None:
            chosen = sample(population, args.sample, args.seed)
        scope = set(chosen or names)
        if args.retest:  # the mutants left alive last time, and the ones never tested
            before = results(work, mutmut) if (work / "mutants").is_dir() else {}
            chosen = [n for n in (chosen or names) if before.get(n) not in ("killed", "timeout")]
            if not chosen:
                print("== nothing to retest: every mutant was killed last time")
        to_test = len(chosen) if chosen or args.retest else len(names)
        print(f"== mutmut over {', '.join(modules)}: {to_test} of {len(names)} mutants to test"
              + (f" ({args.sample} or all of each file, seed {args.seed})" if sampled else ""),
              flush=True)

        if not (args.retest and not chosen) and not run_mutmut(mutmut, work, args, chosen):
            return 1
        status = {n: s for n, s in results(work, mutmut).items() if n in scope}
        if args.retest:  # functions changed since the last run have new, untested mutants
            untested = sorted(n for n, s in status.items() if s == "not checked")
            if untested and not run_mutmut(mutmut, work, args, untested):
                return 1
            status = {n: s for n, s in results(work, mutmut).items() if n in scope}
        killed = sum(s in KILLED for s in status.values())
        survived = sum(s in SURVIVED for s in status.values())
        other = len(status) - killed - survived
        elapsed = time.perf_counter() - start
        if args.survivors:
            for name, s in sorted(status.items()):
                if s in SURVIVED:
                    print(f"  {s}: {name}")
        print(f"mutation.mutants: {len(status)} mutants")
        print(f"mutation.killed: {killed} mutants")
        print(f"mutation.timeouts: {sum(s == 'timeout' for s in status.values())} mutants "
              "(counted as killed)")
        print(f"mutation.survived: {survived} mutants")
        if other:
            counts = {}
            for s in status.values():
                if s not in KILLED + SURVIVED:
                    counts[s] = counts.get(s, 0) + 1
            print(f"mutation.other: {other} mutants ({', '.join(f'{v} {k}' for k, v in counts.items())})")
        tested = killed + survived
        print(f"mutation.killed_percent: {100 * killed / tested if tested else 0:.1f} %")
        for line in score_lines(status, population, args.seed if sampled else None):
            print(line)
        print(f"mutation.run_s: {elapsed:.0f} s")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
