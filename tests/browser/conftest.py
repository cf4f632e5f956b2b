"""Real-browser harness: a throwaway JupyterLab server and headless Debian Chromium via Playwright.

Fixtures: `jupyter_server` (base URL), `page` (a fresh Playwright page), `timings` (figures
printed at the end of the run). The helpers `open_and_run` and `kernel_eval` live in
browser_harness.py beside this file.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_harness import kernel_eval, open_and_run  # noqa: F401  (re-exported)

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
# Without the networking flags Chromium keeps calling home, and this machine's network refuses it.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_TIMEOUT_S = 60
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

# The tutorial's own Jupyter config (scripts/tutorial.sh uses it too): server root, start page,
# hidden .md twins, and the JupyterLab settings in jupyter/labconfig/ (no news pop-up, no
# autosave). The test server adds only what the harness needs, below.
TUTORIAL_CONFIG = REPO / "jupyter"
# Settings only the tests add (JupyterLab "overrides.json" = new defaults).
LAB_OVERRIDES = {
    # Attach every cell to the DOM, so the page can be searched and waited on as a whole.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # No toasts over the widgets.
    "@jupyterlab/apputils-extension:notification": {"doNotDisturbMode": True},
}

_TIMINGS: dict[str, str] = {}

# Notebooks under fixtures/ are inputs for these tests, not subjects for `--nbval`
# (tests/test_notebook_tooling.py checks the counter one with nbval on purpose), and those
# under artifacts/ are written by a run (test_contrast.py's page): a second run must not
# collect them.
collect_ignore_glob = ["fixtures/*.ipynb", "artifacts/*"]


def _require_chromium():
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("DOUBLESEPT_SKIP_BROWSER") == "1":
        pytest.skip("DOUBLESEPT_SKIP_BROWSER=1 and no Chromium")
    pytest.fail(
        f"{CHROMIUM} is missing: run `apt-get install -y chromium` (scripts/test.sh does), "
        "or set DOUBLESEPT_SKIP_BROWSER=1 to skip the browser tests on purpose",
        pytrace=False,
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def timings():
    """A dict of name -> printed figure, shown in the run's terminal summary."""
    return _TIMINGS


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory, timings):
    """Start JupyterLab on a free port over the repo root; yield its base URL."""
    _require_chromium()
    home = tmp_path_factory.mktemp("jupyter")
    app_settings = home / "app-settings"
    app_settings.mkdir()
    (app_settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=2))
    venv_bin = str(Path(sys.executable).parent)
    env = {
        **os.environ,
        # The server and its kernels use this interpreter (the venv), whatever PATH says.
        "PATH": venv_bin + os.pathsep + os.environ.get("PATH", ""),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_CONFIG_PATH": str(TUTORIAL_CONFIG),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "IPYTHONDIR": str(home / "ipython"),
    }
    port = _free_port()
    base_url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable, "-m", "jupyter", "lab",
        "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        "--allow-root",
        # No token and no XSRF check: a loopback server the harness also drives over REST.
        "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True",
        "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.root_dir={REPO}",
        f"--LabApp.app_settings_dir={app_settings}",
        f"--LabApp.user_settings_dir={home / 'user-settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.news_url=",
        # Opening a notebook makes a checkpoint: keep it out of the repository.
        f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}",
    ]  # fmt: skip
    log_path = home / "server.log"
    log = log_path.open("w")
    started = time.monotonic()
    server = subprocess.Popen(
        command, env=env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip

    def fail(why):
        _stop(server)
        pytest.fail(f"JupyterLab {why}; its log:\n{log_path.read_text()[-4000:]}", pytrace=False)

    while True:
        if server.poll() is not None:
            fail(f"exited with code {server.returncode}")
        if time.monotonic() - started > SERVER_START_TIMEOUT_S:
            fail(f"did not answer within {SERVER_START_TIMEOUT_S}s")
        try:
            urllib.request.urlopen(f"{base_url}/lab", timeout=2).close()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    timings["jupyterlab_start_s"] = f"{time.monotonic() - started:.1f}"
    try:
        yield base_url
    finally:
        _stop(server)
        log.close()


def _stop(server: subprocess.Popen):
    # SIGTERM lets the server shut its kernels down; SIGKILL the group only if it hangs.
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()


@pytest.fixture(scope="session")
def _browser():
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    # timings new since the last report travel with it (tests/conftest.py prints them)
    for name, value in _TIMINGS.items():
        if _SENT.get(name, _SENT) != value:
            report.user_properties.append(("browser timing", name, value))
            _SENT[name] = value
    return report


_SENT: dict = {}


@pytest.fixture
def page(_browser, request):
    """A fresh page in its own browser context; a failing test leaves a screenshot in artifacts/."""
    context = _browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    console_errors = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
        if console_errors:
            print("browser console errors:", *console_errors, sep="\n  ")
    context.close()


@pytest.fixture
def offline_page(_browser, request):
    """A page whose every request outside the test module's ``ALLOWED_URL_PREFIX`` (for
    example "file://" or "http://127.0.0.1:") is blocked and recorded in ``page.blocked``;
    the local files it asked for and did not get are in ``page.missing``."""
    allowed = request.module.ALLOWED_URL_PREFIX
    context = _browser.new_context(viewport={"width": 1280, "height": 900})
    blocked = []

    def route(request_route):
        if request_route.request.url.startswith(allowed):
            request_route.continue_()
        else:
            blocked.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.blocked = blocked
    page.missing = []
    page.on("response", lambda r: page.missing.append(r.url) if r.status >= 400 else None)
    yield page
    context.close()
