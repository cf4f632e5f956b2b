"""Build the zero-install JupyterLite site: every lesson, run by Pyodide in the browser, offline.

    .venv/bin/python scripts/build_lite.py               # -> lite/_output (about a minute)
    .venv/bin/python -m http.server -d lite/_output 8000 # then open http://127.0.0.1:8000/

The site is static: copy lite/_output to any static web host, or to a USB stick and serve it
from there with any static server (browsers refuse web workers from file://, so a server is
needed, even one on the pupil's own machine). It asks no other host for anything:

- the Pyodide runtime comes from the npm registry (the `pyodide` package, the version
  jupyterlite-pyodide-kernel was made for) and is served by the site (static/pyodide/);
- the pure-Python packages the kernel needs (micropip, IPython, jedi and their dependencies),
  normally on Pyodide's CDN, are downloaded from PyPI at the versions of Pyodide's lock file,
  and the site's copy of pyodide-lock.json names these files and their sha256;
- the doublesept wheel (built from this checkout), ipywidgets, anywidget and their pure
  dependencies are added to that lock file and preloaded when the kernel starts, so a lesson's
  `import doublesept` just works, with no `%pip install` cell;
- the lab extensions (JupyterLab widgets manager, anywidget, the Pyodide kernel) are copied
  from this environment, the same versions as the Python packages above;
- the kernel never falls back to PyPI (disablePyPIFallback).

matplotlib and SciPy are not in the site: Pyodide builds them for WebAssembly and publishes
them only on its CDN (PyPI has no Pyodide wheel of numpy, SciPy or matplotlib, and npm carries
only the Pyodide runtime). The lessons that use them fall back where they are missing:
`doublesept.stats` for the binomial test and its intervals, `doublesept.widgets.figures.
chart_table` for a chart's numbers (tests/test_build_lite.py checks that every other import
of a lesson is served here).

Downloads are cached in lite/_cache, so a rebuild needs no network (`--offline` checks it).
Flags: --output-dir, --cache-dir, --offline, --no-build-wheel (reuse the cached wheel).
Needs the `lite` extra (jupyterlite-core, jupyterlite-pyodide-kernel), `npm` and `pip`.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LITE = REPO / "lite"
DEFAULT_OUTPUT = LITE / "_output"
DEFAULT_CACHE = LITE / "_cache"

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Pyodide's own files the site serves (the npm package holds only the runtime, no packages).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                "python_stdlib.zip", "pyodide-lock.json")
# Packages of Pyodide's lock the kernel needs: micropip (the kernel's package manager),
# IPython and jedi (installed by the kernel at start), typing-extensions (anywidget).
# Their dependencies, as the lock file lists them, come too.
LOCK_ROOTS = ("micropip", "ipython", "jedi", "typing-extensions")
# Pure wheels from PyPI, pinned to this environment's versions, so that the Python side of
# the widgets matches the lab extensions copied from this environment.
PYPI_EXTRAS = ("ipywidgets", "anywidget", "comm", "psygnal", "tqdm")
# The lab extensions the site needs; the others in this environment stay out (jupytext,
# Voila's preview, ...): they expect a Jupyter server.
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget",
                  "@jupyterlite/pyodide-kernel-extension")
# Preloaded at kernel start, from the site's lock file. The kernel skips its own install of
# each one listed here (micropip, piplite, ipykernel, comm, pyodide-kernel, jedi, ipython).
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "ipywidgets", "anywidget", "doublesept")
# JupyterLab settings of the site (overrides.json): no news, no update check, no toasts.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True},
}


START = "lab/index.html?path=notebooks/0-index.ipynb"
# The site's front page, index.html, holds the configuration every page of the site reads
# (its element `jupyter-config-data`): it stays, only its script changes, to open the index
# lesson rather than an empty JupyterLab.
ROOT_SCRIPT = "await import('./config-utils.js');"
FRONT_SCRIPT = f"window.location.replace({START!r});"
# An old name of a lesson, kept in notebooks/ as a symbolic link (index.ipynb -> 0-index.ipynb,
# double7-4-families.ipynb -> doubleseven-4-families.ipynb), is not copied into the site: its
# file browser would list the lesson twice (JupyterLite opens only what its listing holds, so
# a hidden copy cannot be had). The JupyterLab page, lab/index.html, sends a link that opens
# an old name (?path=notebooks/double7-4-families.ipynb) on to the lesson's name instead: the
# script below goes first in the page's own script, after the line LAB_SCRIPT.
LAB_SCRIPT = "const { pathname, origin, search, hash } = window.location;"
LAB_OLD_NAMES = """
        const oldNames = {old_names};
        const opened = (new URLSearchParams(search).get('path') || '').replace(/^[/]+/, '');
        if (Object.hasOwn(oldNames, opened)) {{
          // the path changes, every other part of the link stays as it was
          const sent = search.replace(/([?&]path=)[^&]*/, (_, key) => key + oldNames[opened]);
          window.location.replace(`${{origin}}${{pathname}}${{sent}}${{hash}}`);
          return;
        }}"""


def log(message: str) -> None:
    print(f"[build_lite] {message}", flush=True)


def run(command: list, **kwargs) -> None:
    log(" ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, **kwargs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def normalize(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def fetch_pyodide(cache: Path, version: str, offline: bool) -> Path:
    """The npm package `pyodide@version`, unpacked; returns its folder."""
    folder = cache / f"pyodide-{version}"
    if (folder / "package" / "pyodide-lock.json").exists():
        return folder / "package"
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        if offline:
            sys.exit(f"--offline: {tarball} is not cached; build once with the network")
        if shutil.which("npm") is None:
            sys.exit("build_lite needs npm once, to fetch Pyodide from the npm registry "
                     "(Debian: apt-get install npm)")
        cache.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{version}", "--pack-destination", cache], cwd=cache)
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


def lock_closure(packages: dict, roots) -> list[str]:
    """The lock's names of `roots` and of everything they depend on, by the lock's `depends`."""
    by_normal = {normalize(name): name for name in packages}
    seen, todo = [], [by_normal[normalize(root)] for root in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(by_normal[normalize(dep)] for dep in packages[name]["depends"])
    return sorted(seen)


def pip_download(requirements: list[str], dest: Path, offline: bool) -> None:
    """Pure (py3-none-any) wheels of the pinned `requirements`, without their dependencies."""
    missing = [req for req in requirements if not find_wheel(dest, *req.split("=="))]
    if not missing:
        return
    if offline:
        sys.exit(f"--offline: wheels not cached in {dest}: {', '.join(missing)}")
    run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--python-version", "3.14", "--implementation", "py",
         "--abi", "none", "-q", "-d", dest, *missing])


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if normalize(parts[0]) == normalize(name) and parts[1] == version:
            return wheel
    return None


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str]]:
    """(name, version, top-level import names) of a wheel, read from its file list."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    dist_info = next(top for top in tops if top.endswith(".dist-info"))
    name, version = dist_info.removesuffix(".dist-info").rsplit("-", 1)
    # packages and modules; NAME.dist-info and NAME.data are not identifiers
    imports = sorted({top.removesuffix(".py") for top in tops} - {dist_info})
    return name, version, [top for top in imports if top.isidentifier()]


def build_wheel(cache: Path, rebuild: bool) -> Path:
    """The doublesept wheel of this checkout (offline: the build backend of this env)."""
    dist = cache / "dist"
    if rebuild and dist.exists():
        shutil.rmtree(dist)
    if not list(dist.glob("doublesept-*.whl")):
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
             "-w", dist, REPO])
    return next(dist.glob("doublesept-*.whl"))


def site_lock(core: Path, wheels: Path, extra_wheels: list[Path], pyodide_dir: Path,
              offline: bool = False) -> dict:
    """Write pyodide_dir: Pyodide's runtime (from `core`), the wheels of Pyodide's lock the
    kernel needs (downloaded into `wheels`), `extra_wheels`, and the lock file naming them
    all with their sha256. Returns that lock file's content."""
    lock = json.loads((core / "pyodide-lock.json").read_text())
    needed = lock_closure(lock["packages"], LOCK_ROOTS)
    for name in needed:
        entry = lock["packages"][name]
        if not entry["file_name"].endswith("-none-any.whl"):
            sys.exit(f"{name} is not a pure wheel in Pyodide's lock: cannot take it from PyPI")
    pip_download([f"{lock['packages'][n]['name']}=={lock['packages'][n]['version']}"
                  for n in needed], wheels, offline)
    if pyodide_dir.exists():
        shutil.rmtree(pyodide_dir)
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_CORE[:-1]:
        shutil.copy2(core / name, pyodide_dir / name)
    packages = {}
    for name in needed:
        entry = dict(lock["packages"][name])
        wheel = find_wheel(wheels, entry["name"], entry["version"])
        shutil.copy2(wheel, pyodide_dir / wheel.name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel))
        packages[name] = entry
    depends = {"anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
               "ipywidgets": ["comm", "ipython", "traitlets"]}
    for wheel in extra_wheels:
        name, version, imports = wheel_metadata(wheel)
        key = normalize(name)
        shutil.copy2(wheel, pyodide_dir / wheel.name)
        packages[key] = {
            "name": key, "version": version, "file_name": wheel.name,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
            "imports": imports, "depends": depends.get(key, []), "unvendored_tests": False,
        }
    missing = ({normalize(d) for entry in packages.values() for d in entry["depends"]}
               - {normalize(name) for name in packages})
    if missing:
        sys.exit(f"the site's lock file lacks {sorted(missing)}")
    lock["packages"] = dict(sorted(packages.items()))
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return lock


def site_lessons(notebooks: Path) -> tuple[list[Path], dict[str, str]]:
    """The lessons of `notebooks` the site serves, each once (the .ipynb files that are not
    symbolic links), and each old name kept as a symbolic link, as the site's path of the old
    name -> the site's path of its lesson ("notebooks/index.ipynb" -> "notebooks/0-index.ipynb")."""
    lessons, old_names = [], {}
    for path in sorted(notebooks.glob("*.ipynb")):
        if path.is_symlink():
            target = path.resolve()
            if target.parent != notebooks.resolve() or not target.is_file():
                sys.exit(f"{path}: an old name must link to a lesson beside it, not {target}")
            old_names[f"notebooks/{path.name}"] = f"notebooks/{target.name}"
        else:
            lessons.append(path)
    return lessons, old_names


def lab_page_with_old_names(page: str, old_names: dict[str, str]) -> str:
    """JupyterLite's lab/index.html, whose script first sends a link to an old name on to
    its lesson."""
    if page.count(LAB_SCRIPT) != 1:
        sys.exit("JupyterLite's lab/index.html changed; update LAB_SCRIPT")
    script = LAB_OLD_NAMES.format(old_names=json.dumps(old_names, sort_keys=True))
    return page.replace(LAB_SCRIPT, LAB_SCRIPT + script)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output-dir", type=Path, default=DEFAULT_OUTPUT,
                        help="where the site goes (default: lite/_output)")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE,
                        help="downloads and staging (default: lite/_cache)")
    parser.add_argument("--offline", action="store_true",
                        help="use only the cache; fail if something is not in it")
    parser.add_argument("--no-build-wheel", action="store_true",
                        help="reuse the cached doublesept wheel instead of building it again")
    args = parser.parse_args(argv)
    started = time.monotonic()
    cache, output = args.cache_dir.resolve(), args.output_dir.resolve()
    cache.mkdir(parents=True, exist_ok=True)

    version = pyodide_version()
    core = fetch_pyodide(cache / "npm", version, args.offline)
    wheels = cache / "wheels"
    pip_download([f"{name}=={importlib.metadata.version(name)}" for name in PYPI_EXTRAS],
                 wheels, args.offline)
    extras = [find_wheel(wheels, name, importlib.metadata.version(name)) for name in PYPI_EXTRAS]
    kernel_pypi = (Path(sys.prefix) / "share/jupyter/labextensions"
                   / "@jupyterlite/pyodide-kernel-extension/static/pypi")
    shims = [w for w in sorted(kernel_pypi.glob("*.whl"))
             if w.name.startswith(("piplite-", "pyodide_kernel-", "ipykernel-"))]
    extras += shims + [build_wheel(cache, rebuild=not args.no_build_wheel)]

    # the lite dir: the site's configuration, Pyodide at its well-known place, the lessons
    stage = cache / "lite-dir"
    if stage.exists():
        shutil.rmtree(stage)
    (stage / "contents").mkdir(parents=True)
    lock = site_lock(core, wheels, extras, stage / "static" / "pyodide", args.offline)
    # The lessons in notebooks/ and the rule texts in seeds/, as in the repository: a lesson
    # reads ../seeds/ and the index links there. Each lesson once: not its old names.
    (stage / "contents" / "notebooks").mkdir()
    lessons, old_names = site_lessons(REPO / "notebooks")
    for lesson in lessons:
        shutil.copy2(lesson, stage / "contents" / "notebooks" / lesson.name)
    shutil.copytree(REPO / "seeds", stage / "contents" / "seeds")
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "doublesept",
            "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": list(PRELOAD)},
            }},
        },
    }
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    (stage / "overrides.json").write_text(json.dumps(LAB_SETTINGS, indent=2) + "\n")
    extensions = stage / "labextensions"
    for name in LAB_EXTENSIONS:
        source = Path(sys.prefix) / "share/jupyter/labextensions" / name
        if not (source / "package.json").exists():
            sys.exit(f"lab extension {name} is not installed in {sys.prefix}: "
                     "install the project's `lite` extra")
        shutil.copytree(source, extensions / name)

    if output.exists():
        shutil.rmtree(output)
    run([sys.executable, "-m", "jupyter", "lite", "build",
         "--lite-dir", stage, "--contents", stage / "contents", "--output-dir", output,
         "--ignore-sys-prefix", "--no-sourcemaps",
         "--settings-overrides", stage / "overrides.json",
         f"--FederatedExtensionAddon.extra_labextensions_path={extensions}"],
        cwd=stage)
    front = output / "index.html"
    page = front.read_text(encoding="utf-8")
    if page.count(ROOT_SCRIPT) != 1:
        sys.exit(f"{front}: JupyterLite's front page changed; update ROOT_SCRIPT")
    front.write_text(page.replace(ROOT_SCRIPT, FRONT_SCRIPT), encoding="utf-8")
    lab = output / "lab" / "index.html"
    lab.write_text(lab_page_with_old_names(lab.read_text(encoding="utf-8"), old_names),
                   encoding="utf-8")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"site: {output} ({size / 2**20:.1f} MiB), Pyodide {version} "
        f"(Python {lock['info']['python']}), built in {time.monotonic() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
