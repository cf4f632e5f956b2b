"""binder/: what a Binder link builds, checked without Docker (issue 9, section 4).

repo2docker's no-build mode prints the Dockerfile it would build; a fresh virtual environment
resolves binder/requirements.txt. Both need PyPI, as CI's install does.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
REPO2DOCKER = "jupyter-repo2docker==2026.4.0"


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory):
    """A new virtual environment with repo2docker in it; returns its bin/ folder."""
    venv = tmp_path_factory.mktemp("binder") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", REPO2DOCKER],
                   check=True)
    return venv / "bin"


def test_repo2docker_builds_python_311_and_installs_the_classroom_extra(fresh_venv):
    run = subprocess.run(
        [str(fresh_venv / "repo2docker"), "--no-build", "--debug", "--no-run", str(REPO)],
        check=False, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PATH": f"{fresh_venv}{os.pathsep}{os.environ['PATH']}"})
    dockerfile = run.stdout + run.stderr
    assert run.returncode == 0, dockerfile[-3000:]
    assert "python=3.11" in dockerfile or "python 3.11" in dockerfile.lower(), dockerfile[-3000:]
    # the requirements name the repository itself, so they are installed after it is copied
    copied = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    installed = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    assert copied < installed
    assert 'COPY --chown=0:0 src/binder/start' in dockerfile or "binder/start" in dockerfile


def test_a_fresh_venv_resolves_binder_requirements(fresh_venv):
    run = subprocess.run(
        [str(fresh_venv / "python"), "-m", "pip", "install", "--dry-run", "-q",
         "--report", "-", "-r", "binder/requirements.txt"],
        check=False, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    for package in ("doublesept", "jupyterlab", "voila", "anywidget", "ipywidgets"):
        assert f'"name": "{package}"' in run.stdout, package


def test_binder_start_sets_the_tutorial_config_and_runs_the_command():
    run = subprocess.run(["binder/start", "sh", "-c", "echo $JUPYTER_CONFIG_PATH; echo $JUPYTER_PATH"],
                         cwd=REPO, capture_output=True, text=True, check=True)
    config_path, data_path = run.stdout.splitlines()
    assert config_path.split(os.pathsep)[0] == str(REPO / "jupyter")
    assert data_path.split(os.pathsep)[0] == str(REPO / "classroom")
