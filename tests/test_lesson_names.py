"""Each lesson has one name, and its old names keep working (issue 21: index -> 0-index;
issue 22: double7-N-topic -> doubleseven-N-topic, the game's one spelling).

An old name is a relative symbolic link in notebooks/ to the lesson (its .md and its .ipynb
both), so old links, bookmarks and README links in the wild still open. Every list of lessons
shows each lesson once: JupyterLab's file browser and Voila's list hide the old names
(jupyter/jupyter_server_config.py, jupyter/voila.py), the zero-install site leaves them out
(scripts/build_lite.py), and nbval runs each lesson once (scripts/test.sh).
tests/test_tutorial_script.py asks a real Jupyter server for its listing;
tests/browser/test_lesson_order.py checks the lists the browser draws.
"""

import fnmatch
import importlib.util
import os
import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
LINKS = sorted(p for p in NOTEBOOKS.iterdir() if p.is_symlink())
LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not p.is_symlink())
# the old names kept, old prefix -> the lesson's prefix
RENAMED = {"index": "0-index", "double7-": "doubleseven-"}


def _load(path: Path, config: SimpleNamespace, **names) -> dict:
    """A Jupyter config file run as traitlets runs it, with a stand-in for its config."""
    scope = {"get_config": lambda: config, "__file__": str(path), **names}
    exec(compile(path.read_text("utf-8"), str(path), "exec"), scope)  # noqa: S102
    return scope


def _build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", REPO / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _each_lesson_shown_once(hide_globs):
    """A folder listing of notebooks/ that hides `hide_globs` shows each lesson once: its
    .ipynb, not its .md twin, nor an old name."""
    shown = [p for p in NOTEBOOKS.iterdir()
             if not any(fnmatch.fnmatchcase(p.name, glob) for glob in hide_globs)]
    assert [p.name for p in LESSONS if p not in shown] == [], "a lesson is hidden"
    assert [p.name for p in shown if p.is_symlink()] == [], "an old name is listed"
    assert [p.name for p in shown if p.suffix == ".md" and p.with_suffix(".ipynb") in shown] == []


def test_every_old_double_seven_name_links_to_its_doubleseven_lesson():
    old = sorted(p for p in NOTEBOOKS.iterdir() if p.name.startswith("double7-"))
    new = sorted(p for p in NOTEBOOKS.iterdir() if p.name.startswith("doubleseven-"))
    assert len(new) == 24, "12 Double Seven lessons, each a .md and its .ipynb"
    assert [p.name.removeprefix("double7-") for p in old] == [
        p.name.removeprefix("doubleseven-") for p in new], "each lesson keeps its old name"
    for path in old:
        assert path.is_symlink(), f"{path.name} must be a symbolic link, not a copy"
        assert os.readlink(path) == "doubleseven-" + path.name.removeprefix("double7-")
    for path in new:
        assert path.is_file() and not path.is_symlink(), f"{path.name} is the lesson itself"


@pytest.mark.parametrize("link", LINKS, ids=lambda p: p.name)
def test_an_old_name_is_a_relative_link_to_a_lesson_beside_it(link):
    target = os.readlink(link)
    assert "/" not in target, f"{link.name} -> {target}: relative, to a file of notebooks/"
    lesson = NOTEBOOKS / target
    assert lesson.is_file() and not lesson.is_symlink(), f"{link.name} -> {target}: no lesson"
    assert lesson.suffix == link.suffix
    assert any(link.stem.startswith(old) and lesson.stem == new + link.stem.removeprefix(old)
               for old, new in RENAMED.items()), f"{link.name} -> {target}: not a renaming"


def test_git_keeps_the_old_names_as_links():
    # a copy committed in place of a link (an editor or `sed -i` replaces the link with a
    # file) would drift from the lesson
    staged = subprocess.run(["git", "ls-files", "-s", "--", "notebooks"], cwd=REPO, check=True,
                            capture_output=True, text=True).stdout.splitlines()
    if not staged:
        pytest.skip("not a git checkout")
    modes = {Path(line.split("\t", 1)[1]).name: line.split()[0] for line in staged}
    for link in LINKS:
        if link.name in modes:
            assert modes[link.name] == "120000", f"{link.name} is committed as a file"


def test_jupyterlab_file_browser_hides_every_old_name():
    config = SimpleNamespace(ServerApp=SimpleNamespace(), LabApp=SimpleNamespace(),
                             ContentsManager=SimpleNamespace(), KernelManager=SimpleNamespace())
    _load(REPO / "jupyter" / "jupyter_server_config.py", config)
    _each_lesson_shown_once(config.ContentsManager.hide_globs)


def test_voila_lists_each_lesson_once():
    pytest.importorskip("voila")
    config = SimpleNamespace(
        Voila=SimpleNamespace(), VoilaConfiguration=SimpleNamespace(),
        MappingKernelManager=SimpleNamespace(), ContentsManager=SimpleNamespace(),
        KernelManager=SimpleNamespace(), VoilaKernelManager=SimpleNamespace())
    _load(REPO / "jupyter" / "voila.py", config)
    _each_lesson_shown_once(config.ContentsManager.hide_globs)


def test_the_zero_install_site_serves_each_lesson_once_and_sends_old_names_on():
    lessons, old_names = _build_lite().site_lessons(NOTEBOOKS)
    assert lessons == LESSONS
    assert len({p.resolve() for p in lessons}) == len(lessons)
    links = [p for p in LINKS if p.suffix == ".ipynb"]
    assert old_names == {f"notebooks/{p.name}": f"notebooks/{p.resolve().name}" for p in links}
    assert old_names["notebooks/double7-4-families.ipynb"] == (
        "notebooks/doubleseven-4-families.ipynb")
    assert old_names["notebooks/index.ipynb"] == "notebooks/0-index.ipynb"


def test_nbval_runs_each_lesson_once():
    """scripts/test.sh passes an --ignore for each old name (its own lines, run here)."""
    script = (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
    block = re.search(r"^if \[ \$\{#paths\[@\]\} -gt 0 \]; then\n.*?^fi\n", script,
                      re.MULTILINE | re.DOTALL)
    assert block, "scripts/test.sh no longer ignores the old names"
    shown = subprocess.run(
        ["bash", "-c", 'set -euo pipefail; paths=(tests notebooks)\n' + block.group(0)
         + 'printf "%s\\n" "${paths[@]}"'],
        cwd=REPO, check=True, capture_output=True, text=True).stdout.split()
    ignored = sorted(arg.removeprefix("--ignore=") for arg in shown if arg.startswith("--"))
    assert ignored == sorted(f"notebooks/{p.name}" for p in LINKS if p.suffix == ".ipynb")
