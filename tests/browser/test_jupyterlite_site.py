"""The zero-install JupyterLite site (scripts/build_lite.py) in headless Chromium, offline.

The site is built once for this module into a temporary folder (downloads cached in
lite/_cache), served by a static server on 127.0.0.1, and opened in a browser context that
blocks and records every request to any other host. Every lesson (notebooks/*.md and its
.ipynb) opens there with the Pyodide kernel (no kernel dialog), runs to the end without an
error, and axe finds no serious or critical problem in its prose and outputs; in a Sevens, a
Flip 7 and a Double Seven lesson a move clicked in a try-a-move table gets the engine's reply.
The lessons open one after another in one page and share one kernel, its namespace cleared
between them (`%reset -f`): a kernel starts once, not once per lesson. The engine runs on
Pyodide's Python (3.14) and plays whole games of the three games there; the run prints the
site's size, the kernel's start, each lesson's run and how much slower the engine runs in
Pyodide (`browser timings` in the summary).
"""

import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import pytest
from browser_harness import LESSON_CONTENT, accessibility_findings, keep_screenshot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "scripts" / "build_lite.py"
# game -> a short lesson with a try-a-move table (by pattern: lessons get renamed)
LESSON_PATTERNS = {"sevens": "sevens-3-*.ipynb", "flip7": "flip7-4-*.ipynb",
                   "doubleseven": "doubleseven-4-*.ipynb"}


def _lesson(game: str) -> str:
    found = sorted(p for p in (REPO / "notebooks").glob(LESSON_PATTERNS[game])
                   if not p.is_symlink())
    assert found, f"no notebooks/{LESSON_PATTERNS[game]}: update LESSON_PATTERNS"
    return f"notebooks/{found[0].name}"


# Every lesson: the notebooks/*.md with their .ipynb twin, each once (an old name kept as a
# symbolic link, index.md -> 0-index.md, is not in the site). The Sevens lesson with a widget
# goes first: the time to its first working widget includes the kernel's start.
LESSONS = sorted((f"notebooks/{md.stem}.ipynb" for md in (REPO / "notebooks").glob("*.md")
                  if md.with_suffix(".ipynb").exists() and not md.is_symlink()),
                 key=lambda lesson: (lesson != _lesson("sevens"), lesson))
CLICKED = {_lesson(game): game for game in LESSON_PATTERNS}


PYODIDE_PYTHON = (3, 14)  # Pyodide 314.x, which jupyterlite-pyodide-kernel 0.8 is made for
KERNEL_START_MS = 240_000  # the first start loads Pyodide (10 MB of wasm) on a busy 2-core box
RUN_ALL_MS = 240_000
WAIT_MS = 20_000

# Settings only the tests add to the built site, as the JupyterLab harness does (conftest.py):
# window.jupyterapp for the helpers below, and every cell attached to the DOM.
TEST_CONFIG = {
    "exposeAppInBrowser": True,
    "settingsOverrides": {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}},
}

# The engine's probe: seeded games of the three games, random legal moves, to the end.
GAMES_PROBE = """
import random, sys, time
from doublesept import double_seven, flip7, sevens
def _play(module, seed):
    state, rng, steps = module.new_game(seed=seed), random.Random(seed), 0
    while state.to_move is not None and steps < 20000:
        state, steps = state.play(rng.choice(state.legal_moves())), steps + 1
    return state.to_move is None
_t = time.perf_counter()
_ended = {name: all(_play(m, seed) for seed in range(SEEDS)) for name, m in
          (("sevens", sevens), ("flip7", flip7), ("double_seven", double_seven))}
print(sys.version_info[:2], sys.platform, _ended, time.perf_counter() - _t)
"""
PROBE_SEEDS = 20


# ----------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="session")
def lite_site(tmp_path_factory, timings):
    """Build the site with scripts/build_lite.py; return its folder (with TEST_CONFIG).
    Built once for each pytest worker that asks (this module and test_referee_link.py share
    it when they run on one worker: the build is a minute of CI's 30)."""
    output = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    subprocess.run([sys.executable, str(BUILD), "--output-dir", str(output)], cwd=REPO,
                   check=True, stdout=subprocess.DEVNULL)
    timings["lite_build_s"] = f"{time.monotonic() - started:.0f}"
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    timings["lite_site_size_mib"] = f"{size / 2**20:.1f}"
    config_path = output / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    data["exposeAppInBrowser"] = TEST_CONFIG["exposeAppInBrowser"]
    data.setdefault("settingsOverrides", {}).update(TEST_CONFIG["settingsOverrides"])
    config_path.write_text(json.dumps(config))
    return output


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def lite_server(lite_site):
    """A static server of the site on 127.0.0.1 (Python's http.server, in a thread)."""
    handler = functools.partial(_QuietHandler, directory=str(lite_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _offline_context(browser, base_url: str):
    """A fresh browser context (JupyterLite keeps its workspace and files in the browser's
    storage: a context of its own opens each lesson alone). Requests to any host but the
    site's are blocked and recorded in `context.blocked`; local files not found in
    `context.missing`; the site's files asked for in `context.local`."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.blocked, context.local, context.missing = [], [], []

    def route(request_route):
        url = request_route.request.url
        if url.startswith(base_url + "/"):
            context.local.append(url)
            request_route.continue_()
        else:
            context.blocked.append(url)
            request_route.abort()

    context.route("**/*", route)
    context.on("response", lambda r: context.missing.append(r.url) if r.status >= 400 else None)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    return context, page


def _screenshot_if_failed(page, request):
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        artifacts = Path(__file__).resolve().parent / "artifacts"
        artifacts.mkdir(exist_ok=True)
        page.screenshot(path=str(artifacts / f"{request.node.name}.png"), full_page=True)


@pytest.fixture
def lite_page(_browser, lite_server, request):
    """A page of its own context, offline but for the site."""
    context, page = _offline_context(_browser, lite_server)
    yield page
    _screenshot_if_failed(page, request)
    context.close()  # ends the page's Pyodide workers, so the next lesson has the CPU


@pytest.fixture(scope="module")
def lite_lab(_browser, lite_server, timings):
    """One page of the site's JupyterLab, offline but for the site, with the first lesson
    open and its kernel started: the page, with `page.kernel_id` (the kernel every lesson
    shares) and `page.started` (when the page was opened)."""
    context, page = _offline_context(_browser, lite_server)
    try:
        page.started = time.monotonic()
        page.goto(f"{lite_server}/lab/index.html?path={LESSONS[0]}")
        kernel = page.wait_for_function(_KERNEL, arg=LESSONS[0],
                                        timeout=KERNEL_START_MS).json_value()
        timings["lite_kernel_start_s"] = f"{time.monotonic() - page.started:.0f}"
        assert kernel == "python"  # the Pyodide kernel, picked by language: no kernel dialog
        page.kernel_id = page.evaluate(_KERNEL_ID, LESSONS[0])
        page.lesson_s, page.left_busy_by = {}, None
        yield page
    finally:
        if page.lesson_s:
            slowest = max(page.lesson_s, key=page.lesson_s.get)
            timings["lite_lessons"] = (f"{len(page.lesson_s)} run in "
                                       f"{sum(page.lesson_s.values()):.0f} s, the slowest "
                                       f"{slowest.split('/')[-1]} in {page.lesson_s[slowest]:.0f} s")
        context.close()


# ----------------------------------------------------------------------------- helpers

_NOTEBOOK = """
const notebook = (path) => Array.from(window.jupyterapp.shell.widgets("main"))
  .find((w) => w.context && w.context.path === path && w.sessionContext);
"""


def _js(body: str) -> str:
    return f"(path) => {{ {_NOTEBOOK} {body} }}"


_KERNEL = _js("""
const nb = window.jupyterapp && notebook(path);
const kernel = nb && nb.context.isReady && nb.sessionContext.session?.kernel;
return kernel && kernel.status === "idle" ? kernel.name : null;
""")
_KERNEL_ID = _js("return notebook(path).sessionContext.session.kernel.id;")
# The next lesson opens on the kernel of the one before, which closes (the kernel stays: a
# notebook's kernel is not shut down when it closes); its namespace is cleared first.
_OPEN_ON_KERNEL = """
async ([path, kernelId]) => {
  const app = window.jupyterapp;
  for (const widget of Array.from(app.shell.widgets("main"))) {
    if (widget.context && widget.context.path !== path) {
      widget.context.model.dirty = false;  // closed unsaved: no "save your work?" dialog
      widget.dispose();
    }
  }
  await app.commands.execute("docmanager:open", {path, kernel: {id: kernelId}});
}
"""
_SHARED_KERNEL_IDLE = """() => {
  const open = Array.from(window.jupyterapp.shell.widgets("main"))
    .filter((w) => w.sessionContext && w.sessionContext.session?.kernel);
  return open.length === 0 || open.some((w) => w.sessionContext.session.kernel.status === "idle");
}"""
_RESET = _js("""
const kernel = notebook(path).sessionContext.session.kernel;
return kernel.requestExecute({ code: "%reset -f", silent: true, store_history: false })
  .done.then((reply) => reply.content.status);
""")
# JupyterLite 0.8's kernels cancel the cells queued after an error, even after a cell tagged
# raises-exception (the lessons' illegal moves shown on purpose): "Run All" stops there. So
# the test runs from the first cell not run yet, again, until every code cell has run.
_RUN_FROM_FIRST_NOT_RUN = _js("""
const nb = notebook(path);
window.jupyterapp.shell.activateById(nb.id);
const cells = Array.from(nb.model.cells);
const first = cells.findIndex((cell) => cell.type === "code" && cell.executionCount === null);
if (first < 0) return -1;
nb.content.activeCellIndex = first;
window.__runAll = "running";
window.jupyterapp.commands.execute("notebook:run-all-below").then(
  () => { window.__runAll = "done"; }, (error) => { window.__runAll = "error: " + error; });
return first;
""")
# The stored outputs' execution counts go first, so "not run yet" means not run here.
_CLEAR = _js("""
window.jupyterapp.shell.activateById(notebook(path).id);
return window.jupyterapp.commands.execute("notebook:clear-all-cell-outputs").then(
  () => Array.from(notebook(path).model.cells).every((cell) => cell.type !== "code"
                                                     || cell.executionCount === null));
""")
_RUN_FINISHED = _js("""
if (window.__runAll === "running") return false;
const nb = notebook(path);
return nb.sessionContext.session?.kernel?.status === "idle"
  && Array.from(nb.node.querySelectorAll(".jp-InputArea-prompt"))
    .every((p) => !p.textContent.includes("*"));
""")
_PROBLEMS = _js("""
const problems = [];
const expected = (cell) => (cell.getMetadata("tags") || []).includes("raises-exception");
Array.from(notebook(path).model.cells).forEach((cell, i) => {
  if (cell.type !== "code") return;
  if (cell.executionCount === null) problems.push(`cell ${i} did not run`);
  const errors = cell.outputs.toJSON().filter((out) => out.output_type === "error");
  if (expected(cell) && !errors.length) problems.push(`cell ${i} should have raised`);
  if (!expected(cell)) errors.forEach((e) => problems.push(`cell ${i}: ${e.ename}: ${e.evalue}`));
});
return problems;
""")
_KERNEL_EVAL = """
async ([code, timeoutMs]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let text = "", error = null;
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


def _kernel_eval(page, code: str, timeout_s: float = 60) -> str:
    return page.evaluate(_KERNEL_EVAL, [code, int(timeout_s * 1000)])


def _open_and_run(page, lesson: str) -> float:
    """Open `lesson` in the site's JupyterLab on the shared kernel (`page.kernel_id`), clear
    the kernel's namespace, run all the lesson's cells; return the seconds taken."""
    started = time.monotonic()
    if page.evaluate(_js("return !!(window.jupyterapp && notebook(path));"), lesson) is False:
        page.evaluate(_OPEN_ON_KERNEL, [lesson, page.kernel_id])
    page.wait_for_function(_KERNEL, arg=lesson, timeout=KERNEL_START_MS)
    assert page.evaluate(_KERNEL_ID, lesson) == page.kernel_id  # no new kernel started
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").inner_text()
    assert page.evaluate(_RESET, lesson) == "ok"
    assert page.evaluate(_CLEAR, lesson)
    last = -1
    while True:  # one round, then one more per cell that raises (on purpose or not)
        first = page.evaluate(_RUN_FROM_FIRST_NOT_RUN, lesson)
        if first <= last:  # all run (-1), or a cell that will not run: _PROBLEMS says which
            break
        page.wait_for_function(_RUN_FINISHED, arg=lesson, timeout=RUN_ALL_MS, polling=200)
        last = first
    problems = page.evaluate(_PROBLEMS, lesson)
    assert not problems, f"{lesson}: " + "; ".join(problems)
    return time.monotonic() - started


def _click_a_legal_move(page) -> str:
    """Click the first legal move of the lesson's last try-a-move table; return the reply."""
    table = page.get_by_role("table", name="moves to try").last
    expect(table).to_be_visible(timeout=WAIT_MS)
    # a move's own button (button.ds-move), not a row's unfold button: Double Seven folds a
    # rule's many multi-tile moves to their count, and unfolding gets no reply
    row = table.get_by_role("row").filter(has_text="✔ legal").filter(
        has=page.locator("button.ds-move")).first
    button = row.locator("button.ds-move").first
    move = button.get_attribute("aria-label")
    root = page.locator(".jp-OutputArea-output").filter(has=table).last
    message = root.get_by_role("alert", name="message")
    before = message.inner_text() if message.count() else ""
    button.click()
    expect(message).not_to_have_text(before or re.compile(r"^$"), timeout=WAIT_MS)
    expect(message).not_to_have_class(re.compile(r"\bds-message-error\b"))
    return f"{move} -> {message.inner_text()}"


def _offline(context):
    """Nothing asked of another host, and every file the site asked for found. Chromium's
    own request for ``/favicon.ico`` (a second tab of a context asks for it before the page
    names its icon) is the browser's, not the site's."""
    assert context.blocked == [], f"requests to other hosts: {context.blocked[:10]}"
    missing = [url for url in context.missing if not url.endswith("/favicon.ico")]
    assert missing == [], f"local files not found: {missing[:10]}"


# ----------------------------------------------------------------------------- tests

@pytest.fixture
def lesson_page(lite_lab, request):
    """The shared page for one lesson. A lesson that fails leaves a screenshot; if it also
    leaves the shared kernel busy (a cell that never ends), the lessons after it fail at once
    rather than each waiting for the kernel."""
    if lite_lab.left_busy_by:
        pytest.fail(f"the shared kernel is still busy with {lite_lab.left_busy_by}")
    yield lite_lab
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        _screenshot_if_failed(lite_lab, request)
        try:
            lite_lab.wait_for_function(_SHARED_KERNEL_IDLE, timeout=30_000)
        except Exception:  # noqa: BLE001  (a timeout, or a page that went away)
            lite_lab.left_busy_by = request.node.callspec.id


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.split("/")[-1])
def test_every_lesson_runs_in_the_site_offline_with_no_accessibility_finding(lesson, lesson_page,
                                                                             timings):
    page = lesson_page
    page.lesson_s[lesson] = _open_and_run(page, lesson)
    if lesson in CLICKED:  # a move clicked in its try-a-move table gets the engine's reply
        reply = _click_a_legal_move(page)
        game = CLICKED[lesson]
        timings[f"lite_{game}_click"] = reply.splitlines()[0]
        keep_screenshot(page, f"path-lite-{game}")
        if lesson == LESSONS[0]:
            timings[f"lite_{game}_first_working_widget_s"] = (
                f"{time.monotonic() - page.started:.0f}")
    assert page.dialogs == []
    # accessibility in the site too: axe on the lesson's prose and outputs, as in JupyterLab
    assert accessibility_findings(page, LESSON_CONTENT) == []
    _offline(page.context)
    # The kernel's packages came from the site, through the routes that would block any other
    # host (the Pyodide worker's requests included): so `blocked` above is complete.
    assert any(re.search(r"/static/pyodide/doublesept-[^/]+\.whl$", u)
               for u in page.context.local)


def test_the_engine_plays_on_pyodide_python_3_14(lite_lab, timings):
    """Pyodide's Python is 3.14; the pure-Python engine imports and plays whole games of
    the three games there, and the same games natively show how much slower it runs."""
    code = GAMES_PROBE.replace("SEEDS", str(PROBE_SEEDS))
    out = _kernel_eval(lite_lab, code, timeout_s=120).strip()
    version, platform, ended, seconds = _parse_probe(out)
    assert version == PYODIDE_PYTHON, out
    assert platform == "emscripten", out
    assert ended == {"sevens": True, "flip7": True, "double_seven": True}, out
    native = subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, text=True,
                            capture_output=True).stdout.strip()
    native_seconds = _parse_probe(native)[3]
    timings["lite_pyodide_python"] = ".".join(map(str, version))
    timings["lite_games_probe_s"] = (f"{3 * PROBE_SEEDS} random games: Pyodide {seconds:.2f}, "
                                     f"CPython {native_seconds:.2f} "
                                     f"(x{seconds / native_seconds:.1f})")
    _offline(lite_lab.context)


def _parse_probe(out: str):
    match = re.fullmatch(r"\((\d+), (\d+)\) (\S+) (\{.*\}) ([\d.e-]+)", out)
    assert match, out
    ended = json.loads(match[4].replace("'", '"').replace("True", "true").replace("False",
                                                                                  "false"))
    return (int(match[1]), int(match[2])), match[3], ended, float(match[5])


def test_the_front_page_opens_the_index_lesson_whose_links_open_lessons(lite_server, lite_page):
    page = lite_page
    page.goto(lite_server + "/")
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=notebooks/0-index\.ipynb$"))
    link = page.get_by_role("link", name="The bust", exact=True)
    expect(link).to_be_visible(timeout=KERNEL_START_MS)
    link.click()
    expect(page.get_by_role("tab", name=re.compile(r"flip7-4-bust\.ipynb"))).to_be_visible()
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    _offline(page.context)


def test_the_site_lists_each_lesson_once_and_opens_an_old_name(lite_site, lite_server,
                                                               lite_page):
    # the file browser's listing: each lesson once, no old name kept as a symbolic link
    listing = json.loads((lite_site / "api/contents/notebooks/all.json").read_text())
    listed = sorted(item["name"] for item in listing["content"])
    assert listed == sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb")
                            if not p.is_symlink())
    # a link to an old name (double7-4-families before issue 22) opens the lesson's name
    page = lite_page
    page.goto(f"{lite_server}/lab/index.html?path=notebooks/double7-4-families.ipynb")
    page.wait_for_url(re.compile(r"\?path=notebooks/doubleseven-4-families\.ipynb$"))
    tab = page.get_by_role("tab", name=re.compile(r"doubleseven-4-families\.ipynb"))
    expect(tab).to_be_visible(timeout=KERNEL_START_MS)
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    _offline(page.context)
