"""scripts/tutorial.sh starts JupyterLab as a learner meets it, checked over HTTP.

The script runs as a learner would run it, with `--no-browser` on a free loopback port, and the
tests read the link it prints. The browser tests (tests/browser/test_tutorial_start.py) reuse
`run_tutorial` to open that link in Chromium.
"""

import json
import os
import queue
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
START_TIMEOUT_S = 120  # a minute of pip if pyproject.toml changed since .venv was made
STOP_TIMEOUT_S = 15
START_PATH = "/lab/tree/notebooks/0-index.ipynb"


@dataclass
class Tutorial:
    url: str  # the link the script printed
    base_url: str
    token: str
    log: list = field(default_factory=list)

    def get(self, path: str, timeout: float = 10) -> bytes:
        request = urllib.request.Request(
            self.base_url + path, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.read()

    def get_json(self, path: str):
        return json.loads(self.get(path))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(process: subprocess.Popen) -> None:
    # SIGTERM lets the server shut its kernels down; SIGKILL the group only if it hangs.
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=STOP_TIMEOUT_S)


@contextmanager
def run_tutorial(home: Path):
    """Run `bash scripts/tutorial.sh --no-browser` on a free port; yield a Tutorial.

    Jupyter's per-user folders go to `home`, so the learner's own settings and workspaces on
    this machine neither change the result nor get written; the repository's jupyter/ config
    comes from the script itself. Only the checkpoints are moved out of the repository.
    """
    port = _free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER")}
    env |= {
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
    }
    command = [
        "bash", str(REPO / "scripts" / "tutorial.sh"),
        "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, env=env, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL, text=True, start_new_session=True,
    )  # fmt: skip
    lines: queue.Queue = queue.Queue()
    log: list[str] = []

    def drain():  # keep reading, or the server blocks on a full pipe
        for line in process.stdout:
            log.append(line)
            lines.put(line)

    threading.Thread(target=drain, daemon=True).start()
    link = re.compile(rf"http://127\.0\.0\.1:{port}/\S+")
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        url = None
        while url is None:
            left = deadline - time.monotonic()
            if left <= 0 or process.poll() is not None:
                pytest.fail(
                    f"tutorial.sh printed no link within {START_TIMEOUT_S}s "
                    f"(exit code {process.poll()}); its output:\n{''.join(log)[-4000:]}",
                    pytrace=False,
                )
            try:
                match = link.search(lines.get(timeout=min(left, 1)))
            except queue.Empty:
                continue
            url = match and match.group()
        token = parse_qs(urlsplit(url).query).get("token", [""])[0]
        tutorial = Tutorial(url=url, base_url=f"http://127.0.0.1:{port}", token=token, log=log)
        while True:  # Jupyter prints the link a moment before it answers
            try:
                tutorial.get("/api/status", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline or process.poll() is not None:
                    pytest.fail(f"JupyterLab does not answer; its output:\n{''.join(log)[-4000:]}")
                time.sleep(0.2)
        yield tutorial
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    with run_tutorial(tmp_path_factory.mktemp("tutorial")) as tutorial:
        yield tutorial


def lessons_in_order() -> list[str]:
    """0-index.ipynb (the index, first in the file browser), then the lessons in the order
    0-index.md links to them."""
    index = (NOTEBOOKS / "0-index.md").read_text(encoding="utf-8")
    linked = re.findall(r"\]\(([\w-]+\.ipynb)\)", index)
    return ["0-index.ipynb", *dict.fromkeys(linked)]


def files_index_names() -> list[str]:
    """The repository files that notebooks/0-index.md points the reader to (rulings, seeds)."""
    index = (NOTEBOOKS / "0-index.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"(?:\.\./)?((?:docs|seeds)/[\w.-]+\.(?:md|txt))\b", index)))


def test_the_printed_link_is_the_index_notebook(tutorial):
    parts = urlsplit(tutorial.url)
    assert parts.path == START_PATH, f"tutorial.sh printed {tutorial.url}"
    assert tutorial.token, "the link carries the token, so a click logs the learner in"
    # JupyterLab opens the notebook that the page's treePath names (an empty one: the Launcher).
    with urllib.request.urlopen(tutorial.url, timeout=10) as response:
        page = response.read().decode()
    config = re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.DOTALL)
    assert config, "the link does not serve the JupyterLab page"
    assert json.loads(unescape(config.group(1)))["treePath"] == "notebooks/0-index.ipynb"


def test_the_server_root_is_the_repository(tutorial):
    # so the rulings and seeds that index.md names open from inside JupyterLab
    names = files_index_names()
    assert "docs/rulings.md" in names
    assert any(name.startswith("seeds/") for name in names)
    for name in names:
        model = tutorial.get_json(f"/api/contents/{name}?type=file&format=text")
        assert model["content"] == (REPO / name).read_text(encoding="utf-8"), name


def test_each_lesson_is_listed_once_as_its_notebook(tutorial):
    listed = [item["name"] for item in tutorial.get_json("/api/contents/notebooks")["content"]]
    assert sorted(listed) == sorted(lessons_in_order()), (
        "notebooks/ in JupyterLab should list each lesson once, as its .ipynb; "
        "the jupytext .md twins (and sanitize.cfg) are hidden by jupyter/jupyter_server_config.py"
    )
    # hidden from the listing only: a .md twin still opens, and other .md files still show
    assert tutorial.get_json("/api/contents/notebooks/0-index.md?content=0")["name"] == "0-index.md"
    # the index's old name, a symbolic link kept for old links, is not listed but still opens
    assert tutorial.get_json("/api/contents/notebooks/index.ipynb?content=0")["name"] == "index.ipynb"
    # and so do the Double Seven lessons' old names (double7-N-topic -> doubleseven-N-topic)
    old = tutorial.get_json("/api/contents/notebooks/double7-4-families.ipynb")
    lesson = json.loads((NOTEBOOKS / "doubleseven-4-families.ipynb").read_text("utf-8"))
    assert old["name"] == "double7-4-families.ipynb" and old["type"] == "notebook"
    assert [c["source"] for c in old["content"]["cells"]] == [
        "".join(c["source"]) for c in lesson["cells"]]
    docs = [item["name"] for item in tutorial.get_json("/api/contents/docs")["content"]]
    assert "rulings.md" in docs


def test_learner_settings(tutorial):
    def setting(plugin, key):  # what JupyterLab uses: the user's value, else the default
        answer = tutorial.get_json(f"/lab/api/settings/{plugin}")
        return answer["settings"].get(key, answer["schema"]["properties"][key]["default"])

    # no "get notified about official Jupyter news?" pop-up, and no calls to the news site
    assert setting("@jupyterlab/apputils-extension:notification", "fetchNews") == "false"
    assert setting("@jupyterlab/apputils-extension:notification", "checkForUpdates") is False
    # running a lesson writes nothing back into the repository unless the learner saves
    assert setting("@jupyterlab/docmanager-extension:plugin", "autosave") is False
