"""The tallest widget of every lesson at 1280×720, printed one per line as ``name: value unit``.

    .venv/bin/python benchmarks/widget_heights.py                         # every lesson
    .venv/bin/python benchmarks/widget_heights.py doubleseven-4 sevens-3  # names starting so
    PYTHONPATH=/tmp/before .venv/bin/python benchmarks/widget_heights.py --root /tmp/before

Starts JupyterLab on 127.0.0.1 over ``--root`` (default: this checkout) with the browser
tests' settings (tests/browser/conftest.py: every cell in the DOM, no toasts), opens each
lesson in headless Chromium at 1280×720, runs all its cells (``open_and_run`` of
tests/browser/browser_harness.py) and measures every ``.ds-widget`` drawn (its bounding box,
in CSS pixels). For each lesson it prints

    widget_heights.<lesson>: <px> px (<kind>, widget <i> of <n>)
    widget_heights.<lesson>.try_moves: <px> px (<kind>)   # the tallest try-a-move table

where ``kind`` is the widget's game class (``ds-doubleseven``, ``ds-sevens``, ``ds-flip7``)
and what it is: ``try-a-move`` (a table with moves to try), ``play`` (a game against the
computer) or ``table`` (a position only). A lesson with no try-a-move table prints no
``.try_moves`` line; a lesson that fails to run prints ``failed`` and the reason on stderr.
The kernels import ``doublesept`` from ``PYTHONPATH`` when it is set, so a
``git worktree`` of an older commit can be measured with this script and this venv.

It is CPU heavy (a server, a kernel per lesson, a browser): about 20-60 s a lesson.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "tests" / "browser"))

from browser_harness import open_and_run
from conftest import CHROMIUM, CHROMIUM_FLAGS, LAB_OVERRIDES, _free_port, _stop

VIEWPORT = {"width": 1280, "height": 720}

# Every widget of the page: its height, its game class and what it is.
_MEASURE = """
() => Array.from(document.querySelectorAll(".ds-widget")).map((el) => ({
  height: el.getBoundingClientRect().height,
  game: Array.from(el.classList).find((c) => c !== "ds-widget") || "ds-widget",
  what: el.querySelector(".ds-play") ? "play"
    : el.querySelector(".ds-candidates") ? "try-a-move" : "table",
}))
"""


def start_server(root: Path, home: Path):
    """JupyterLab over ``root`` on a free port, as tests/browser/conftest.py starts it;
    returns (process, base URL)."""
    import subprocess

    settings = home / "app-settings"
    settings.mkdir()
    (settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=2))
    env = {
        **os.environ,
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_CONFIG_PATH": str(root / "jupyter"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "IPYTHONDIR": str(home / "ipython"),
    }
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", "--ServerApp.port_retries=0", "--allow-root",
        "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True",
        "--LabApp.expose_app_in_browser=True", f"--ServerApp.root_dir={root}",
        f"--LabApp.app_settings_dir={settings}",
        f"--LabApp.user_settings_dir={home / 'user-settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}", "--LabApp.news_url=",
        f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}",
    ]  # fmt: skip
    log = (home / "server.log").open("w")
    server = subprocess.Popen(command, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while True:
        if server.poll() is not None or time.monotonic() > deadline:
            _stop(server)
            raise SystemExit(f"JupyterLab did not start; its log:\n"
                             f"{(home / 'server.log').read_text()[-3000:]}")
        try:
            urllib.request.urlopen(f"{base}/lab", timeout=2).close()
            return server, base
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)


def measure(page, base: str, lesson: str) -> list[dict]:
    """Open and run ``notebooks/<lesson>.ipynb``; the widgets drawn, in page order."""
    open_and_run(page, base, f"notebooks/{lesson}.ipynb", timeout_s=300)
    # each widget drew once every cell ran (open_and_run waits for that); one frame more
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    return page.evaluate(_MEASURE)


def lines(lesson: str, widgets: list[dict]) -> list[str]:
    """The printed lines of one lesson."""
    if not widgets:
        return [f"widget_heights.{lesson}: 0 px (no widget)"]
    tallest = max(range(len(widgets)), key=lambda i: widgets[i]["height"])
    top = widgets[tallest]
    out = [(f"widget_heights.{lesson}: {top['height']:.0f} px ({top['game']} {top['what']}, "
            f"widget {tallest + 1} of {len(widgets)})")]
    tries = [w for w in widgets if w["what"] == "try-a-move"]
    if tries:
        best = max(tries, key=lambda w: w["height"])
        out.append(f"widget_heights.{lesson}.try_moves: {best['height']:.0f} px "
                   f"({best['game']}, {len(tries)} tables)")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson name prefixes (default: every lesson)")
    parser.add_argument("--root", type=Path, default=HERE,
                        help="the checkout whose notebooks/ are opened (default: this one)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    # each lesson once: not an old name kept as a symbolic link (index -> 0-index)
    lessons = sorted(p.stem for p in (root / "notebooks").glob("*.ipynb") if not p.is_symlink())
    if args.lessons:
        lessons = [name for name in lessons if name.startswith(tuple(args.lessons))]
    from playwright.sync_api import sync_playwright

    failed = 0
    with tempfile.TemporaryDirectory(prefix="widget-heights-") as tmp:
        server, base = start_server(root, Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                     args=CHROMIUM_FLAGS)
                for lesson in lessons:
                    context = browser.new_context(viewport=VIEWPORT)
                    page = context.new_page()
                    page.set_default_timeout(60_000)
                    try:
                        print(*lines(lesson, measure(page, base, lesson)), sep="\n", flush=True)
                    except Exception as err:  # noqa: BLE001 - one lesson failing is reported
                        failed += 1
                        print(f"widget_heights.{lesson}: failed", flush=True)
                        print(f"{lesson}: {str(err)[:500]}", file=sys.stderr, flush=True)
                    finally:
                        context.close()
                browser.close()
        finally:
            _stop(server)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
