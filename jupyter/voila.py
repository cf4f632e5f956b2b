"""Voila settings for the classroom (scripts/classroom.sh and tests/browser/test_voila_classroom.py).

Voila shows each lesson as an app: the prose and the widgets, with no code cells. Closing a tab
frees its kernel at once; the kernels of idle tabs are culled after a few minutes, so a class of
30 does not fill the machine.
"""

import copy
from pathlib import Path

from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

REPO = Path(__file__).resolve().parent.parent

c = get_config()  # noqa: F821  (traitlets provides it to config files)

c.Voila.root_dir = str(REPO / "notebooks")
c.VoilaConfiguration.strip_sources = True  # no code cells: the lesson as an app
# A lesson's illegal move on purpose (a cell tagged raises-exception, under %xmode Minimal)
# must show the engine's message with its rule id, not Voila's generic error box.
c.VoilaConfiguration.show_tracebacks = True
# classroom/voila/templates/doublesept-app: the lab template, with that message readable
# (--slides picks doublesept-slides instead; both are found through JUPYTER_PATH=classroom)
c.VoilaConfiguration.template = "doublesept-app"
c.VoilaConfiguration.file_allowlist = [r".*\.(png|jpg|gif|svg|css|js)"]
# Cull: a kernel idle for 5 minutes is shut down, checked every minute, even if its tab is
# still open (a pupil who left it open); a closed tab's kernel goes the same way.
c.MappingKernelManager.cull_idle_timeout = 300
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True


def _shutdown_without_xsrf(handler) -> None:
    """Closing a tab frees its kernel at once (issue 21). Voila's page asks for it with
    navigator.sendBeacon(POST /voila/api/shutdown/<kernel id>), which cannot send the _xsrf
    token, so Jupyter Server refused it with 403 and the kernel waited for the cull
    (voila-dashboards/voila#1458, open). The check is dropped for that one handler only: it
    shuts down the kernel its URL names, whose id only the page that started it knows."""

VoilaShutdownKernelHandler.check_xsrf_cookie = _shutdown_without_xsrf
# Only the lessons' notebooks in the list: their paired .md sources and nbval's file are hidden,
# and so is an old name kept as a symbolic link (index.ipynb -> 0-index.ipynb: its links work).
c.ContentsManager.hide_globs = [
    "__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "*.md", "sanitize.cfg",
    *sorted(nb.name for nb in (REPO / "notebooks").glob("*.ipynb") if nb.is_symlink()),
]

# The slides (scripts/classroom.sh --slides, template classroom/voila/templates/doublesept-slides):
# reveal.js's stylesheets from the copy the script fetched from the npm registry, not a CDN;
# long sections scroll inside their slide.
c.VoilaConfiguration.resources = {
    "reveal": {
        "url_prefix": "/voila/templates/doublesept-slides/static/vendor/reveal.js",
        "theme": "white",
        "scroll": True,
    },
}


def _sections(source: str) -> list:
    """A markdown cell's text cut before each heading line ("# " or "## ") outside a code
    fence: a section that starts inside a cell (after an exercise's solution, say) still
    gets its own slide."""
    parts, lines, fenced = [], [], False
    for line in source.splitlines(keepends=True):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith(("# ", "## ")) and "".join(lines).strip():
            parts.append("".join(lines).rstrip("\n"))
            lines = []
        lines.append(line)
    parts.append("".join(lines))
    return parts


def one_slide_per_section(request_handler, notebook, cwd):
    """Mark each heading ("# " or "## ") as the start of a slide, and every other cell as
    part of the slide before it; a markdown cell with a heading inside is cut in two there
    first. The lab view ignores these marks; the notebook on disk is not changed."""
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            cells.append(cell)
            continue
        for text in _sections(cell.source):
            part = copy.deepcopy(cell)
            part.source = text
            cells.append(part)
    notebook.cells = cells
    for cell in notebook.cells:
        heading = cell.cell_type == "markdown" and cell.source.lstrip().startswith(("# ", "## "))
        cell.metadata.setdefault("slideshow", {})["slide_type"] = "slide" if heading else "-"
    return notebook


c.VoilaConfiguration.prelaunch_hook = one_slide_per_section
