"""Helpers that drive JupyterLab in a Playwright page: `open_and_run` and `kernel_eval`.

Tests import them with `from browser_harness import open_and_run, kernel_eval`
(the fixtures they need live in conftest.py beside this file).
"""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def keep_screenshot(target, name: str) -> Path:
    """Save a picture of ``target`` (a Playwright page, or a locator for one widget) as
    tests/browser/artifacts/NAME.png, also when the test passes: one per classroom path
    (JupyterLab, Voila app and slides, handout, JupyterLite), for the closing notes and for a
    reader to look at. Returns the path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    target.screenshot(path=str(path))
    return path


def _http(method: str, url: str, timeout: float = 5):
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        body = response.read()
    return json.loads(body) if body else None


_NOTEBOOK = """
const notebook = (path) => Array.from(window.jupyterapp.shell.widgets("main"))
  .find((w) => w.context && w.context.path === path && w.sessionContext);
"""

# Run All is sent only once the notebook's file is read, its session is ready and its kernel is
# connected and idle: sent earlier, it can run nothing (issue 21: 3 lessons of 37 once did).
_READY = """
const nb = window.jupyterapp && notebook(path);
const kernel = nb && nb.context.isReady && nb.sessionContext.isReady
  && nb.sessionContext.session?.kernel;
return !!kernel && kernel.connectionStatus === "connected" && kernel.status === "idle";
"""

_START_RUN_ALL = """
window.jupyterapp.shell.activateById(notebook(path).id);
window.__runAll = "running";
window.jupyterapp.commands.execute("notebook:run-all-cells").then(
  () => { window.__runAll = "done"; },
  (error) => { window.__runAll = "error: " + error; });
"""

# Run-all settles early when a cell tagged raises-exception fails, while JupyterLab goes on
# with the cells after it: so wait until every code cell has run, not only for the promise.
_RUN_FINISHED = """
if (window.__runAll === "running") return false;
const nb = notebook(path);
const prompts = Array.from(nb.node.querySelectorAll(".jp-InputArea-prompt"));
const cells = Array.from(nb.model.cells).filter((cell) => cell.type === "code");
return nb.sessionContext.session?.kernel?.status === "idle"
  && prompts.every((p) => !p.textContent.includes("*"))
  && cells.every((cell) => cell.executionCount !== null);
"""

_PROBLEMS = """
const cells = Array.from(notebook(path).model.cells);
const expected = (cell) => (cell.getMetadata("tags") || []).includes("raises-exception");
const problems = window.__runAll === "done" || cells.some(expected)
  ? [] : ["run-all-cells: " + window.__runAll];
cells.forEach((cell, i) => {
  if (cell.type !== "code") return;
  if (cell.executionCount === null) problems.push(`cell ${i} did not run`);
  const errors = cell.outputs.toJSON().filter((out) => out.output_type === "error");
  if (expected(cell) && !errors.length) problems.push(`cell ${i} should have raised`);
  if (expected(cell)) return;
  for (const out of errors) problems.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
});
return problems;
"""


def _js(body: str) -> str:
    """A page function of the notebook path, with `notebook(path)` in scope."""
    return f"(path) => {{ {_NOTEBOOK} {body} }}"


# Every notebook open in the page closed, its kernel shut down first (no "save changes?"
# question: the run's outputs are not kept).
_CLOSE_NOTEBOOKS = """async () => {
  for (const w of Array.from(window.jupyterapp.shell.widgets("main"))) {
    if (!w.context || !w.sessionContext) continue;
    await w.sessionContext.shutdown();
    w.context.model.dirty = false;
    w.dispose();
  }
}"""


def open_and_run(page, base_url: str, notebook_path: str, timeout_s: float = 120,
                 reuse: bool = False) -> None:
    """Open a notebook (path relative to the repo root) in JupyterLab and run all its cells.

    Starts from a fresh kernel, waits until every cell has finished, and fails if a cell raised.
    With ``reuse``, a page where JupyterLab already runs (an earlier call's) keeps it: the
    notebooks open there are closed, their kernels shut down, and this one is opened beside
    nothing, which spares JupyterLab's start (seconds on a loaded machine) for every lesson.
    """
    path = Path(notebook_path).as_posix()
    # A kernel left by an earlier test of the same notebook would carry its state over.
    for session in _http("GET", f"{base_url}/api/sessions"):
        if session["path"] == path:
            _http("DELETE", f"{base_url}/api/sessions/{session['id']}")
    if reuse and page.url.startswith(f"{base_url}/lab") and page.evaluate(
            "() => !!window.jupyterapp"):
        page.evaluate(_CLOSE_NOTEBOOKS)
        page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', "
                      "{ path, factory: 'Notebook' }); }", path)
    else:
        # ?reset starts from an empty workspace, so notebooks opened by earlier tests are not
        # restored beside this one (their cells would match the tests' locators too)
        page.goto(f"{base_url}/lab/tree/{quote(path)}?reset")
    # the bound only ends a failure: a busy 2-core machine (a class of 30 on it) took over 60 s
    # to start a kernel, so it is the run's own bound, not a minute
    page.wait_for_function(_js(_READY), arg=path, timeout=timeout_s * 1000)
    page.evaluate(_js(_START_RUN_ALL), path)
    try:
        page.wait_for_function(_js(_RUN_FINISHED), arg=path, timeout=timeout_s * 1000,
                               polling=100)
    except PlaywrightTimeout:  # say which cells never ran (or still run), not only "timeout"
        problems = page.evaluate(_js(_PROBLEMS), path)
        raise AssertionError(f"{path}: Run All did not finish within {timeout_s:g} s: "
                             + "; ".join(problems or ["every cell ran, the kernel is busy"]))
    problems = page.evaluate(_js(_PROBLEMS), path)
    assert not problems, f"{path}: " + "; ".join(problems)


_KERNEL_EVAL = """
async ([code, timeoutMs]) => {
  const nb = window.jupyterapp.shell.currentWidget;
  const kernel = nb?.sessionContext?.session?.kernel;
  if (!kernel) throw new Error("the current JupyterLab widget has no kernel");
  const future = kernel.requestExecute({ code, store_history: false });
  let text = "";
  let error = null;
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (msg.header.msg_type === "execute_result") text += c.data["text/plain"];
    else if (msg.header.msg_type === "stream") text += c.text;
    else if (msg.header.msg_type === "error") error = `${c.ename}: ${c.evalue}`;
  };
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`no reply within ${timeoutMs} ms`)), timeoutMs));
  await Promise.race([future.done, timeout]);
  if (error) throw new Error(error);
  return text;
}
"""


def kernel_eval(page, expr: str, timeout_s: float = 30) -> str:
    """Run `expr` in the kernel of the notebook shown in `page`; return what it printed or its repr.

    It goes through JupyterLab's own kernel connection, so it sees the state the widgets changed.
    """
    return page.evaluate(_KERNEL_EVAL, [expr, int(timeout_s * 1000)])


# ---------------------------------------------------------------- accessibility (axe)

SERIOUS = ("serious", "critical")
# In JupyterLab the lesson is its rendered prose and its outputs (the widgets among them);
# JupyterLab's own editor, toolbars and panels are not the lesson's to fix.
LESSON_CONTENT = {"include": [[".jp-Notebook .jp-MarkdownOutput"],
                              [".jp-Notebook .jp-OutputArea-output"]]}


def accessibility_findings(page, context=None) -> list[str]:
    """The serious and critical findings of axe-core (axe-playwright-python's bundled copy)
    on the page, or on `context` (an axe context: a selector or include/exclude lists), one
    line each: rule id, impact, how many elements, the first element and axe's help text."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context,
                        options={"resultTypes": ["violations"]}).response["violations"]
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])}×): {v['nodes'][0]['target']} "
            f"{v['nodes'][0]['html'][:120]} — {v['help']}"
            for v in results if v["impact"] in SERIOUS]


def start_classroom(home: Path, arguments: list, timeout_s: float = 120):
    """``bash scripts/classroom.sh [arguments]`` (Voila, as a teacher starts it) on a free
    loopback port, with its own Jupyter folders under ``home`` and its log in
    ``home/voila.log``. Returns (process, base URL), once the server answers; raises
    RuntimeError with the log's end if it exits or does not answer within ``timeout_s``.
    Used by tests/browser/test_voila_classroom.py and benchmarks/classroom.py."""
    venv_bin = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": venv_bin + os.pathsep + os.environ.get("PATH", ""),
           "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_PLATFORM_DIRS": "1",
           "IPYTHONDIR": str(home / "ipython")}
    env.pop("JUPYTER_CONFIG_PATH", None)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log_path = home / "voila.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            ["bash", "scripts/classroom.sh", *arguments, "--no-browser", "--Voila.ip=127.0.0.1",
             f"--port={port}", "--Voila.port_retries=0"],
            env=env, cwd=Path(__file__).resolve().parents[2], stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    base_url = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    while True:
        if server.poll() is not None or time.monotonic() - started > timeout_s:
            server.kill()
            raise RuntimeError(f"Voila did not start; its log:\n{log_path.read_text()[-4000:]}")
        try:
            urllib.request.urlopen(base_url, timeout=2).close()
            return server, base_url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
