"""Jupyter server settings for the doublesept tutorial.

scripts/tutorial.sh and the browser tests (tests/browser/conftest.py) both put this folder on
JUPYTER_CONFIG_PATH, so what the tests check is what a learner gets. The JupyterLab settings
(no news pop-up, no autosave, the file browser's columns) live beside it, in
labconfig/default_setting_overrides.json. Nothing here ships in the wheel.
"""

import re
import warnings
from pathlib import Path, PurePosixPath

REPO = Path(__file__).resolve().parent.parent
LESSONS = REPO / "notebooks"

c = get_config()  # noqa: F821  (traitlets provides it to config files)

# The server root is the repository, so a lesson can link to ../docs/rulings.md and ../seeds/.
c.ServerApp.root_dir = str(REPO)

# Land on the index, also from the link the server prints (the one --no-browser users click),
# not on the Launcher. It is 0-index.ipynb, so the file browser lists it first (issue 21);
# its old name, index.ipynb, is a symbolic link to it, kept for the links people have.
_start = "notebooks/0-index.ipynb" if (LESSONS / "0-index.ipynb").exists() else "notebooks"
c.LabApp.default_url = f"/lab/tree/{_start}"

# Each lesson is a MyST .md (the source) paired by jupytext with its .ipynb: list it once, as
# the notebook. hide_globs matches bare file names, so it names each lesson's .md rather than
# "*.md" (docs/rulings.md must stay visible). Hidden files still open by path and by link.
# sanitize.cfg is nbval's, not a lesson. An old name kept as a symbolic link (index.ipynb ->
# 0-index.ipynb, double7-4-families.ipynb -> doubleseven-4-families.ipynb) is hidden too, so
# each lesson is listed once (tests/test_lesson_names.py).
c.ContentsManager.hide_globs = [
    "__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~",  # jupyter_server's defaults
    "sanitize.cfg",
    *sorted(md.name for md in LESSONS.glob("*.md") if md.with_suffix(".ipynb").exists()),
    *sorted(nb.name for nb in LESSONS.glob("*.ipynb") if nb.is_symlink()),
]  # fmt: skip


def _sorted_kernelspec(text: str) -> str:
    """A MyST file with the kernelspec keys of its front matter in sorted order."""
    if not text.startswith("---\n") or (end := text.find("\n---\n", 4)) < 0:
        return text
    header, body = text[: end + 1], text[end + 1 :]
    block = _KERNELSPEC_BLOCK.search(header)
    if block is None or header[block.end() :].startswith("   "):  # nested values: leave them
        return text
    lines = sorted(block.group(1).splitlines(keepends=True))
    return header[: block.start(1)] + "".join(lines) + header[block.end(1) :] + body


_KERNELSPEC_BLOCK = re.compile(r"^kernelspec:\n((?:  \S.*\n)+)", re.MULTILINE)


def save_lessons_as_built(model, path, contents_manager, **kwargs):
    """Save a lesson pair the way scripts/build_notebooks.py stores it, so an unchanged lesson
    saves as the very same bytes, whatever Python 3.11+ the learner runs:

    - the .ipynb without the kernel's Python patch version in language_info;
    - the .md with its kernelspec keys sorted. JupyterLab sends them as name, display_name,
      language and jupytext writes them in that order, while the .ipynb (nbformat sorts keys)
      reads back sorted. When the .ipynb is the newer file, jupytext compares the two as text
      and refuses to open a pair that differs, even by key order alone.
    """
    where = PurePosixPath(path.strip("/"))
    if where.parent != PurePosixPath("notebooks"):
        return
    if model.get("type") == "notebook":
        language_info = model.get("content", {}).get("metadata", {}).get("language_info")
        if isinstance(language_info, dict):
            language_info.pop("version", None)
    elif where.suffix == ".md" and isinstance(model.get("content"), str):
        model["content"] = _sorted_kernelspec(model["content"])


c.ContentsManager.pre_save_hook = save_lessons_as_built
# jupyter_server sets the hook again each time an extension updates the config, and warns that
# it overrides itself.
warnings.filterwarnings(
    "ignore", message=r"Overriding existing pre_save_hook \(save_lessons_as_built\)"
)
