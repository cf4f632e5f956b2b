"""Voila settings for the classroom (scripts/classroom.sh and tests/browser/test_voila_classroom.py).

Voila shows each lesson as an app: the prose and the widgets, with no code cells. Closing a tab
frees its kernel at once; the kernels of idle tabs are culled after a few minutes, so a class of
30 does not fill the machine.

Preheated kernels (issue 21, a class on one machine), read from the environment that
scripts/classroom.sh sets:

- ``DOUBLESEPT_PREHEAT=N`` (N >= 1): when the server starts, every lesson gets N kernels that
  have already run it; a pupil's page is sent from one of them at once, and Voila starts the
  next one for the pool a second later. ``0`` or unset: every page starts its kernel and runs
  the lesson before it is sent (tens of seconds; minutes when a class arrives at once).
- ``DOUBLESEPT_POOL="lesson.ipynb=N other.ipynb=M"``: N kernels for that lesson instead (the
  lesson of the day, for a class that opens the same one).

Preheating cannot go with Voila's ``prelaunch_hook`` (Voila refuses to start), so the slides,
which need the hook to cut a lesson into one slide per section, always run without it; nor
with ``progressive_rendering`` (off here). A preheated page is the lesson as it was on disk when
its kernel ran it, and a query string (``?template=``, ``?theme=``) that differs from the
server's makes Voila start a fresh kernel for that page.
"""

import copy
import logging
import os
import re
import time
from pathlib import Path

from voila.notebook_renderer import NotebookRenderer

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
# JupyterLab extensions a lesson's page has no use for (each page of a class loads what is
# left): jupytext's menus, JupyterLite's in-browser kernel, Voila's JupyterLab preview.
c.VoilaConfiguration.extension_denylist = [
    "jupyterlab-jupytext", "@jupyterlite/pyodide-kernel-extension",
    "@voila-dashboards/jupyterlab-preview"]
# Cull: a kernel idle for 5 minutes is shut down, checked every minute, even if its tab is
# still open (a pupil who left it open); a closed tab's kernel goes the same way.
c.MappingKernelManager.cull_idle_timeout = 300
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True
# Kernels talk to the server over Unix sockets in Voila's connection folder, not loopback TCP
# ports: 40 kernels started at once (a pool warming up, a class arriving) raced for the same
# free port ("ZMQError: Address already in use" in a kernel's heartbeat thread).
c.KernelManager.transport = "ipc"


def _shutdown_without_xsrf(handler) -> None:
    """Closing a tab frees its kernel at once (issue 21). Voila's page asks for it with
    navigator.sendBeacon(POST /voila/api/shutdown/<kernel id>), which cannot send the _xsrf
    token, so Jupyter Server refused it with 403 and the kernel waited for the cull
    (voila-dashboards/voila#1458, open). The check is dropped for that one handler only: it
    shuts down the kernel its URL names, whose id only the page that started it knows."""

VoilaShutdownKernelHandler.check_xsrf_cookie = _shutdown_without_xsrf
# Only the lessons' notebooks in the list: their paired .md sources and nbval's file are hidden,
# and so is an old name kept as a symbolic link (index.ipynb -> 0-index.ipynb, double7-N-topic ->
# doubleseven-N-topic: its links work).
c.ContentsManager.hide_globs = [
    "__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "*.md", "sanitize.cfg",
    *sorted(nb.name for nb in (REPO / "notebooks").glob("*.ipynb") if nb.is_symlink()),
]

# The slides (scripts/classroom.sh --slides, template classroom/voila/templates/doublesept-slides):
# reveal.js's stylesheets from the copy the script fetched from the npm registry, not a CDN;
# the template's static/slides.js cuts a section taller than the screen into several slides.
c.VoilaConfiguration.resources = {
    "reveal": {
        "url_prefix": "/voila/templates/doublesept-slides/static/vendor/reveal.js",
        "theme": "white",
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



def pool_sizes(preheat: str, pool: str) -> dict:
    """The preheated kernel pools, from ``DOUBLESEPT_PREHEAT`` (kernels per lesson, a whole
    number, "" for 0) and ``DOUBLESEPT_POOL`` ("lesson.ipynb=N ...", space-separated): a
    mapping from lesson file name to pool size with a ``"default"`` entry, in the shape of
    ``VoilaKernelManager.kernel_pools_config``, or ``{}`` when no lesson is preheated.
    Raises ValueError naming the variable and the word it cannot read."""
    try:
        default = int(preheat or 0)
    except ValueError:
        raise ValueError(f"DOUBLESEPT_PREHEAT must be a number of kernels per lesson, "
                         f"not {preheat!r}") from None
    if default < 0:
        raise ValueError(f"DOUBLESEPT_PREHEAT must be 0 or more, not {default}")
    sizes = {"default": {"pool_size": default}}
    for word in pool.split():
        name, _, size = word.partition("=")
        name = name if name.endswith(".ipynb") else name + ".ipynb"
        if not size.isdigit() or not (REPO / "notebooks" / name).is_file():
            raise ValueError(f"DOUBLESEPT_POOL: {word!r} is not lesson=N with a lesson of "
                             f"notebooks/ and a number of kernels")
        sizes[name] = {"pool_size": int(size)}
    return sizes if any(v["pool_size"] for v in sizes.values()) else {}


POOLS = pool_sizes(os.environ.get("DOUBLESEPT_PREHEAT", ""), os.environ.get("DOUBLESEPT_POOL", ""))
if POOLS:
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.default_pool_size = POOLS["default"]["pool_size"]
    c.VoilaKernelManager.kernel_pools_config = POOLS
    # Once a pupil takes a pool's kernel, the next one starts after DOUBLESEPT_REFILL_DELAY
    # seconds (Voila's default: 1).
    c.VoilaKernelManager.fill_delay = float(os.environ.get("DOUBLESEPT_REFILL_DELAY") or 1)
    # an old name kept as a symbolic link gets no pool of its own (its page starts a kernel);
    # Voila matches these patterns against each notebook's absolute path
    c.VoilaKernelManager.preheat_denylist = [
        rf".*/{re.escape(nb.name)}$"
        for nb in (REPO / "notebooks").glob("*.ipynb") if nb.is_symlink()]
    # The cull: Voila's pool manager never culls a kernel waiting in a pool (its
    # cull_kernel_if_idle skips them), so the pool stays full however long the wait; a kernel
    # handed to a pupil is culled after 5 idle minutes like any other.
    _render_in_pool = NotebookRenderer.generate_content_hybrid

    async def _render_and_say_when_ready(self, kernel_id=None, kernel_future=None):
        """Voila's rendering of a lesson in a pool's kernel, plus one log line once the whole
        lesson has run there before any pupil took the kernel: ``Preheated: <lesson> in
        kernel <id> (<s> s)``. The teacher (and benchmarks/classroom.py) reads the warm-up
        from it; Voila itself logs only when a pool's kernels have started."""
        started = time.monotonic()
        rendered, rest = await _render_in_pool(self, kernel_id, kernel_future)
        if not self.stop_generator:
            logging.getLogger("Voila").info("Preheated: %s in kernel %s (%.1f s)",
                                            self.notebook_path, kernel_id,
                                            time.monotonic() - started)
        return rendered, rest

    NotebookRenderer.generate_content_hybrid = _render_and_say_when_ready
else:
    c.VoilaConfiguration.prelaunch_hook = one_slide_per_section
